// Recordings: a run recorded in a test verifies; a tampered one fails at the right tick.
#include <catch2/catch.hpp>

#include "replay/replay.h"
#include "support/test_content.h"
#include "sim/keys.h"

using namespace cairn;

namespace {

Recording RecordRun(std::uint64_t seed, std::string_view keys) {
  const SessionConfig config = cairn::test::Config(seed);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::TryCreate(config, session) == Status::Ok);
  Recorder recorder(*session, "test-build", "default");
  session->SetTickListener(&recorder);
  for (char key : keys) {
    PlayerCommand command;
    if (session->State() == SessionState::Playing && CommandForKey(key, command))
      (void)session->Submit(command);
  }
  return recorder.Result();
}

// The content to replay on: the recording brings its own seed.
SessionConfig Content() { return cairn::test::Config(); }

}  // namespace

TEST_CASE("a recording round-trips through its text form", "[replay]") {
  const Recording recording = RecordRun(5, "lllljjjjhh");
  REQUIRE(recording.ticks.size() > 50);
  const std::string text = WriteRecording(recording);
  Recording parsed;
  std::vector<RecordingProblem> problems;
  REQUIRE(ParseRecording(text, parsed, problems));
  CHECK(WriteRecording(parsed) == text);
  CHECK(parsed.seed == 5);
  CHECK(parsed.ticks.size() == recording.ticks.size());
}

TEST_CASE("a recording made in a test verifies", "[replay]") {
  const Recording recording = RecordRun(5, "lllllllljjjjjjhhhh..lll");
  const ReplayResult result = Replay(recording, Content(), true);
  CHECK(result.outcome == ReplayOutcome::Matched);
  CHECK(result.final_tick == recording.ticks.back().tick);
  CHECK(result.final_state == recording.ticks.back().state);
}

TEST_CASE("a tampered input fails at the right tick and names the pool and entity", "[replay]") {
  Recording recording = RecordRun(5, "lllllllljjjjjjhhhh");
  // Change the third recorded player command.
  int seen = 0;
  std::int64_t tampered_tick = 0;
  for (TickRecord& t : recording.ticks) {
    if (t.input.empty() || ++seen != 3) continue;
    t.input = t.input == "h" ? "l" : "h";
    tampered_tick = t.tick;
    break;
  }
  REQUIRE(tampered_tick > 0);
  const ReplayResult result = Replay(recording, Content(), true);
  REQUIRE(result.outcome == ReplayOutcome::Diverged);
  CHECK(result.divergence.tick == tampered_tick);
  CHECK(result.divergence.part == "position");
  REQUIRE(result.divergence.has_entity);
  CHECK(result.divergence.recorded_entity.slot == 0);  // the player
  CHECK(DescribeDivergence(result.divergence).find("diverged at tick " + std::to_string(tampered_tick)) == 0);
}

TEST_CASE("a tampered seed diverges before the first tick, in the random streams", "[replay]") {
  Recording recording = RecordRun(5, "llll");
  recording.seed = 6;
  const ReplayResult result = Replay(recording, Content(), true);
  REQUIRE(result.outcome == ReplayOutcome::Diverged);
  CHECK(result.divergence.tick == 0);
  CHECK(result.divergence.part == "random");
}

TEST_CASE("a recording of other content is refused", "[replay]") {
  Recording recording = RecordRun(5, "ll");
  recording.content ^= 1;
  CHECK(Replay(recording, Content(), true).outcome == ReplayOutcome::ContentMismatch);
}

TEST_CASE("malformed recordings report every problem with its position", "[replay]") {
  Recording parsed;
  std::vector<RecordingProblem> problems;
  CHECK_FALSE(ParseRecording("format = \"other\"\nversion = 9\nseed = -1\nbogus = 1\n"
                             "[[tick]]\nn = 2\nstate = \"xyz\"\n",
                             parsed, problems));
  std::vector<std::string> messages;
  for (const RecordingProblem& p : problems) messages.push_back(p.message);
  const auto has = [&](std::string_view text) {
    for (const std::string& m : messages)
      if (m.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has("not a cairn recording"));
  CHECK(has("recording version 9 is not supported"));
  CHECK(has("missing 'build'"));
  CHECK(has("seed must not be negative"));
  CHECK(has("unknown member 'bogus'"));
  CHECK(has("state must be 16 hexadecimal digits"));
  CHECK(has("tick 2 follows tick 0"));
  for (const RecordingProblem& p : problems)
    if (p.message.find("bogus") != std::string::npos) CHECK(p.position.line == 4);
}
