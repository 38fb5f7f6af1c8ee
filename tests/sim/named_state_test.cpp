// The state hash names its parts (decision 0037): a pool with no component is no part, recordings
// list the parts they cover, and the hashes saves up to version 6 and recordings up to version 4
// hold are still made, in their positional form, to check them.
#include <catch2/catch.hpp>
#include <string>

#include "console/console.h"
#include "game/state_hash.h"
#include "replay/replay.h"
#include "support/source_files.h"
#include "support/test_content.h"

namespace named_state_test {

using namespace cairn;
using cairn::test::Dungeon;

namespace {

std::string Say(Console& console, const std::string& line) {
  bool has_reply = false;
  return console.Execute(line, has_reply);
}

constexpr std::size_t PartOf(ComponentKind kind) {
  return 3 + static_cast<std::size_t>(kind);
}

bool Covers(const std::vector<PartHash>& parts, std::size_t part) {
  for (const PartHash& p : parts)
    if (p.part == part) return true;
  return false;
}

Recording Parsed(const std::string& text) {
  Recording recording;
  std::vector<TextProblem> problems;
  const bool ok = ParseRecording(text, recording, problems);
  for (const TextProblem& p : problems) UNSCOPED_INFO(p.message);
  REQUIRE(ok);
  return recording;
}

std::vector<std::string> ProblemsOf(const std::string& text) {
  Recording recording;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ParseRecording(text, recording, problems));
  std::vector<std::string> messages;
  for (const TextProblem& p : problems) messages.push_back(p.message);
  return messages;
}

}  // namespace

TEST_CASE("a pool with no component is no part of the named state hash", "[hash]") {
  auto session = Dungeon(3);
  Console console(*session);
  const std::string player = Say(console, "QUERY player");
  REQUIRE(!player.empty());
  const StateDigest before = DigestState(session->World());
  REQUIRE(session->World().Conditions().Size() == 0);
  CHECK(before.pools[static_cast<std::size_t>(ComponentKind::Condition)] == 0);
  CHECK_FALSE(Covers(CoveredParts(before, DigestForm::Named()), PartOf(ComponentKind::Condition)));
  CHECK(Covers(CoveredParts(before, DigestForm::Named()), PartOf(ComponentKind::Position)));

  // A condition makes the part, and the total moves; taking it away again is the state before.
  REQUIRE(Say(console, "SET " + player + " condition { haste_until = 40 }") == "ok");
  const StateDigest hasted = DigestState(session->World());
  CHECK(hasted.pools[static_cast<std::size_t>(ComponentKind::Condition)] != 0);
  CHECK(Covers(CoveredParts(hasted, DigestForm::Named()), PartOf(ComponentKind::Condition)));
  CHECK(hasted.total != before.total);
  REQUIRE(Say(console, "REMOVE " + player + " condition") == "ok");
  CHECK(DigestState(session->World()).total == before.total);

  // The positional form feeds every pool it knew, empty or not, and is another number.
  const DigestForm v6 = DigestForm::PositionalAt(kLastPositionalSaveVersion);
  const StateDigest positional = DigestState(session->World(), v6);
  CHECK(positional.pools[static_cast<std::size_t>(ComponentKind::Condition)] != 0);
  CHECK(CoveredParts(positional, v6).size() == 3 + ComponentsArrivedBy(6));
  CHECK(positional.total != before.total);
  // A part is seeded by its name in the named form, by its place in the positional one.
  CHECK(positional.pools[static_cast<std::size_t>(ComponentKind::Position)] !=
        before.pools[static_cast<std::size_t>(ComponentKind::Position)]);
  CHECK(positional.registry == before.registry);
}

TEST_CASE("the components a save version knew are read from the list", "[hash]") {
  CHECK(ComponentsArrivedBy(1) == static_cast<std::size_t>(ComponentKind::Quiver));
  CHECK(ComponentsArrivedBy(2) == static_cast<std::size_t>(ComponentKind::AutoPickup));
  CHECK(ComponentsArrivedBy(kLastPositionalSaveVersion) <= kComponentKindCount);
  CHECK(ComponentsArrivedIn(2) == "quiver");
  CHECK(ComponentsArrivedIn(3) == "autopickup");
  CHECK(DigestForm::PositionalAt(2).positional_pools == ComponentsArrivedBy(2));
  // The name order is the names' own, whatever the list's.
  for (std::size_t k = 1; k < kComponentsByName.size(); ++k)
    CHECK(kComponentKindNames[static_cast<std::size_t>(kComponentsByName[k - 1])] <
          kComponentKindNames[static_cast<std::size_t>(kComponentsByName[k])]);
}

// The version-4 fixtures were recorded by the build before save version 7 (their commands are in
// tests/cli/run_cli_tests.sh). A version-4 recorder of this build writes them byte for byte: the
// positional form is the hash those builds made, part by part and entity by entity.
TEST_CASE("a version-4 recording is made again byte for byte, and verifies", "[hash][replay]") {
  struct Fixture {
    const char* file;
    std::uint64_t seed;
    const char* keys;
  };
  for (const Fixture& f : {Fixture{"version-4-items.toml", 3, "oooootcTbwbdcgoFFFFFaaZ"},
                           Fixture{"version-4-stairs.toml", 9, "oFoFoFoFoFoFoFZoFoFoF>>"}}) {
    INFO(f.file);
    const std::string text = test::SourceFile(std::string("tests/sim/recordings/") + f.file);
    const Recording recording = Parsed(text);
    CHECK(recording.version == 4);
    const ReplayResult result =
        Replay(recording, test::DungeonConfig(1, recording.dungeon_rules), true);
    INFO(DescribeDivergence(result.divergence) << result.detail);
    CHECK(result.outcome == ReplayOutcome::Matched);

    auto session = Dungeon(f.seed, 1);  // as the build that recorded them made it
    Recorder recorder(*session, recording.build, "default", kLastPositionalReplayVersion);
    session->SetTickListener(&recorder);
    test::PlayKeys(*session, f.keys);
    CHECK(WriteRecording(recorder.Result()) == text);
  }
}

TEST_CASE("a recording lists the parts present, and a pool that empties as 16 zeros",
          "[hash][replay]") {
  auto session = Dungeon(3);
  Console console(*session);
  const std::string player = Say(console, "QUERY player");
  Recorder recorder(*session, "b", "default");
  session->SetTickListener(&recorder);
  // Hasted for a few turns: the condition pool fills, then empties when the condition goes.
  const Recording before = recorder.Result();
  REQUIRE(Say(console, "SET " + player + " condition { haste_until = 300 }") == "ok");
  test::PlayKeys(*session, "...");
  REQUIRE(Say(console, "REMOVE " + player + " condition") == "ok");
  test::PlayKeys(*session, "...");
  const Recording& r = recorder.Result();
  CHECK(r.version == kReplayVersion);
  // Before the first tick (the recorder began before the edit): no condition part.
  CHECK_FALSE(Covers(before.initial, PartOf(ComponentKind::Condition)));
  for (std::size_t p = 0; p < 3; ++p) CHECK(Covers(r.initial, p));
  bool emptied = false;
  for (const TickRecord& t : r.ticks)
    for (const PartHash& p : t.parts)
      emptied = emptied || (p.part == PartOf(ComponentKind::Condition) && p.hash == 0);
  CHECK(emptied);
  const std::string text = WriteRecording(r);
  CHECK(text.find("condition = \"0000000000000000\"") != std::string::npos);
  CHECK(WriteRecording(Parsed(text)) == text);
}

TEST_CASE("a recording's parts are checked against what its version covers", "[hash][replay]") {
  auto session = Dungeon(2);
  Recorder recorder(*session, "b", "default");
  session->SetTickListener(&recorder);
  test::PlayKeys(*session, "ll");
  const std::string text = WriteRecording(recorder.Result());
  const auto edited = [&](const std::string& from, const std::string& to) {
    std::string copy = text;
    const std::size_t at = copy.find(from);
    REQUIRE(at != std::string::npos);
    return copy.replace(at, from.size(), to);
  };
  // A component this build does not know, named as such.
  CHECK(ProblemsOf(edited("initial = { registry",
                          "initial = { not_a_component = \"0123456789abcdef\", registry")) ==
        std::vector<std::string>{"unknown state part 'not_a_component': not registry, map, random "
                                 "or a component this build knows "
                                 "(a build with other components made the recording)"});
  // Registry, map and random are always there; a part present is never 16 zeros at the start.
  const std::size_t from = text.find("map = \"");
  CHECK(ProblemsOf(text.substr(0, from) + text.substr(from + 26)).at(0).find("missing: map") !=
        std::string::npos);
  CHECK(ProblemsOf(edited("position = \"", "position = \"0000000000000000\", x = \"")).size() >= 1);
  // A version-4 recording covers every part its day knew, and no part that came later.
  const Recording four = Parsed(test::SourceFile("tests/sim/recordings/version-4-items.toml"));
  CHECK(four.initial.size() == 3 + ComponentsArrivedBy(kLastPositionalSaveVersion));
}

}  // namespace named_state_test
