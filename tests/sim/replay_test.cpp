// Recordings: a run recorded in a test verifies; a tampered one fails at the right tick.
#include "replay/replay.h"

#include <catch2/catch.hpp>

#include "game/state_hash.h"
#include "sim/keys.h"
#include "support/test_content.h"

namespace replay_test {

using namespace cairn;

namespace {

Recording RecordRun(std::uint64_t seed, std::string_view keys) {
  const SessionConfig config = cairn::test::Config(seed);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
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
SessionConfig Content() {
  return cairn::test::Config();
}

}  // namespace

TEST_CASE("a recording round-trips through its text form", "[replay]") {
  const Recording recording = RecordRun(5, "lllljjjjhh");
  REQUIRE(recording.ticks.size() > 50);
  const std::string text = WriteRecording(recording);
  Recording parsed;
  std::vector<TextProblem> problems;
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
  CHECK(result.divergence.recorded_entity.place == 0);  // the player, the first made
  CHECK(DescribeDivergence(result.divergence)
            .find("diverged at tick " + std::to_string(tampered_tick)) == 0);
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
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      ParseRecording("format = \"cairn-replay\"\nversion = 3\nseed = -1\nbogus = 1\n"
                     "[[tick]]\nn = 2\nstate = \"xyz\"\n",
                     parsed, problems));
  std::vector<std::string> messages;
  for (const TextProblem& p : problems) messages.push_back(p.message);
  const auto has = [&](std::string_view text) {
    for (const std::string& m : messages)
      if (m.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has("missing 'build'"));
  CHECK(has("seed must not be negative"));
  CHECK(has("unknown member 'bogus'"));
  CHECK(has("state must be 16 hexadecimal digits"));
  CHECK(has("tick 2 follows tick 0"));
  for (const TextProblem& p : problems)
    if (p.message.find("bogus") != std::string::npos) CHECK(p.position.line == 4);
}

TEST_CASE("a recording opens as every cairn file does: format and version, then nothing else",
          "[replay]") {
  const auto said = [](std::string_view text) {
    Recording parsed;
    std::vector<TextProblem> problems;
    CHECK_FALSE(ParseRecording(text, parsed, problems));
    std::vector<std::string> lines;
    for (const TextProblem& p : problems) lines.push_back(FormatProblem("run.toml", p));
    return lines;
  };
  // A foreign file or another version: that alone, since its other members mean nothing here.
  CHECK(said("format = \"other\"\nversion = 9\nseed = -1\n") ==
        std::vector<std::string>{
            "run.toml:1:10: error: not a cairn recording file (format is \"other\")"});
  CHECK(said("format = \"cairn-replay\"\nversion = 9\nseed = -1\n") ==
        std::vector<std::string>{
            "run.toml:2:11: error: recording version 9 is not supported (this build reads " +
            std::to_string(kReplayHandleVersion) + ", " +
            std::to_string(kLastPositionalReplayVersion) + ", " +
            std::to_string(kFirstReplayWithRules - 1) + " and " + std::to_string(kReplayVersion) +
            ")"});
  // A version this build once read says why it no longer does.
  const std::vector<std::string> old = said("format = \"cairn-replay\"\nversion = 1\n");
  REQUIRE(old.size() == 1);
  CHECK(old[0].find("run.toml:2:11: error: recording version 1 is not supported: it has no "
                    "[end]") == 0);
  // Malformed TOML is a problem at its place, from the same reader every file goes through.
  const std::vector<std::string> broken = said("format = \"cairn-replay\"\nversion = = 3\n");
  REQUIRE(broken.size() == 1);
  CHECK(broken[0].find("run.toml:2:") == 0);
  CHECK(broken[0].find(": error: ") != std::string::npos);
  CHECK(said("version = 3\n").front() ==
        "run.toml:1:1: error: a cairn recording file starts with format = \"cairn-replay\"");
}

namespace {

std::vector<std::string> ParseProblems(const std::string& text) {
  Recording parsed;
  std::vector<TextProblem> problems;
  (void)ParseRecording(text, parsed, problems);
  std::vector<std::string> out;
  for (const TextProblem& p : problems)
    out.push_back(std::to_string(p.position.line) + ":" + std::to_string(p.position.column) + " " +
                  p.message);
  return out;
}

bool Mentions(const std::vector<std::string>& problems, std::string_view text) {
  for (const std::string& p : problems)
    if (p.find(text) != std::string::npos) return true;
  for (const std::string& p : problems) UNSCOPED_INFO("got: " << p);
  return false;
}

// The recording's text with its last `drop` ticks and the closing [end] cut off, at a tick
// boundary: what a recorder killed mid-write (or a hand) would leave.
std::string CutAtTick(const std::string& text, int drop) {
  std::size_t at = text.find("\n[end]");
  for (int i = 0; i < drop; ++i) at = text.rfind("\n[[tick]]", at - 1);
  return text.substr(0, at + 1);
}

}  // namespace

TEST_CASE("a recording ends with [end]; one cut at a tick boundary is refused as cut short",
          "[replay]") {
  const Recording recording = RecordRun(5, "lllljjjjhh");
  const std::string text = WriteRecording(recording);
  const std::string n = std::to_string(recording.ticks.size());
  CHECK(text.find("\n[end]\nticks = " + n + "\nstate = \"") != std::string::npos);
  CHECK(text.substr(text.size() - 19, 1) == "\"");  // the last line is the final state
  // Cut after the last tick (only [end] lost), and three ticks earlier.
  CHECK(Mentions(ParseProblems(CutAtTick(text, 0)),
                 "has no [end]: it was cut short after tick " + n));
  CHECK(Mentions(
      ParseProblems(CutAtTick(text, 3)),
      "has no [end]: it was cut short after tick " + std::to_string(recording.ticks.size() - 3)));
  // Cut inside [end].
  CHECK(Mentions(ParseProblems(text.substr(0, text.rfind("state = "))), "[end] needs state"));
}

TEST_CASE("[end] must agree with the ticks, and nothing may follow it", "[replay]") {
  const Recording recording = RecordRun(5, "llll");
  const std::string text = WriteRecording(recording);
  const std::string n = std::to_string(recording.ticks.size());
  const auto replace = [&](std::string what, std::string with) {
    std::string copy = text;
    const std::size_t at = copy.rfind(what);
    REQUIRE(at != std::string::npos);
    return copy.replace(at, what.size(), with);
  };
  CHECK(Mentions(ParseProblems(replace("ticks = " + n, "ticks = 999")),
                 "[end] says 999 ticks, but the recording has " + n));
  const std::size_t last = text.rfind("\nstate = \"") + 10;
  CHECK(Mentions(ParseProblems(text.substr(0, last) + "0123456789abcdef" + text.substr(last + 16)),
                 "[end] state \"0123456789abcdef\" is not the last tick's state"));
  // A tick after the end: the count disagrees too, and the tick is named.
  const std::string more = text + "\n[[tick]]\nn = " + std::to_string(recording.ticks.size() + 1) +
                           "\nstate = \"0123456789abcdef\"\n";
  CHECK(Mentions(ParseProblems(more), "comes after [end]"));
  // Ticks repeated or out of order.
  const std::string first =
      text.substr(text.find("\n[[tick]]"),
                  text.find("\n[[tick]]", text.find("\n[[tick]]") + 1) - text.find("\n[[tick]]"));
  std::string twice = text;
  twice.insert(twice.find("\n[[tick]]"), first);
  CHECK(Mentions(ParseProblems(twice), "tick 1 follows tick 1"));
}

TEST_CASE("a version 1 recording is refused, saying why", "[replay]") {
  std::string text = WriteRecording(RecordRun(5, "ll"));
  const std::string current = "version = " + std::to_string(kReplayVersion);
  text.replace(text.find(current), current.size(), "version = 1");
  CHECK(Mentions(ParseProblems(text), "recording version 1 is not supported: it has no [end]"));
}

TEST_CASE(
    "verify checks every entity digest: a zeroed, missing or extra line fails, naming real values",
    "[replay]") {
  const Recording good = RecordRun(5, "lllllllljjjjjjhhhh");
  std::size_t at = 0;
  while (at < good.ticks.size() && good.ticks[at].entities.empty()) ++at;
  REQUIRE(at < good.ticks.size());
  const EntityDigest original = good.ticks[at].entities.front();
  REQUIRE(original.digest != 0);
  SECTION("zeroed") {
    Recording r = good;
    r.ticks[at].entities.front().digest = 0;
    const ReplayResult result = Replay(r, Content(), true);
    REQUIRE(result.outcome == ReplayOutcome::Diverged);
    CHECK(result.divergence.kind == DivergenceKind::Entities);
    CHECK(result.divergence.tick == good.ticks[at].tick);
    const std::string said = DescribeDivergence(result.divergence);
    char real[17];
    FormatHash(original.digest, real);
    CHECK(said.find(std::string("replayed #") + std::to_string(original.place) + " " + real) !=
          std::string::npos);
  }
  SECTION("missing") {
    Recording r = good;
    r.ticks[at].entities.erase(r.ticks[at].entities.begin());
    const ReplayResult result = Replay(r, Content(), true);
    REQUIRE(result.outcome == ReplayOutcome::Diverged);
    CHECK(DescribeDivergence(result.divergence).find("recorded no line") != std::string::npos);
  }
  SECTION("one too many") {
    Recording r = good;
    r.ticks[at].entities.push_back(EntityDigest{ComponentKind::Health, 40, 1, 0x1234});
    CHECK(Replay(r, Content(), true).outcome == ReplayOutcome::Diverged);
  }
}

TEST_CASE("a corrupt state line names the recorded and the replayed state, never zeros",
          "[replay]") {
  Recording r = RecordRun(5, "lllllllljjjj");
  REQUIRE(r.ticks.size() > 10);
  TickRecord& tick = r.ticks[r.ticks.size() / 2];
  const std::uint64_t real = tick.state;
  tick.state ^= 0xFF;
  const ReplayResult result = Replay(r, Content(), true);
  REQUIRE(result.outcome == ReplayOutcome::Diverged);
  CHECK(result.divergence.kind == DivergenceKind::State);
  CHECK(result.divergence.recorded == (real ^ 0xFF));
  CHECK(result.divergence.replayed == real);
  const std::string said = DescribeDivergence(result.divergence);
  char a[17], b[17];
  FormatHash(real ^ 0xFF, a);
  FormatHash(real, b);
  CHECK(said == "diverged at tick " + std::to_string(tick.tick) +
                    ": the state line differs (recorded " + a + ", replayed " + b +
                    ") while every part agrees");
  // A part's hash zeroed is named as that part, with both values.
  Recording p = RecordRun(5, "lllllllljjjj");
  for (TickRecord& t : p.ticks)
    if (!t.parts.empty()) {
      t.parts.front().hash = 0;
      break;
    }
  const ReplayResult part = Replay(p, Content(), true);
  REQUIRE(part.outcome == ReplayOutcome::Diverged);
  CHECK(part.divergence.kind == DivergenceKind::Part);
  CHECK(part.divergence.recorded == 0);
  CHECK(part.divergence.replayed != 0);
}

}  // namespace replay_test
