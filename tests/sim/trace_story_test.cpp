// The story the trace tells (SIMULATION.md, "The trace"): what a monster perceived before it
// noticed, a move that lost its cell or became a blow, the watched entity's value writes with
// their phase, console edits as edits, and capture that can be switched off.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "console/console.h"
#include "content/default_content.h"
#include "sim/trace_text.h"
#include "support/test_content.h"

namespace trace_story_test {

using namespace cairn;

namespace {

std::unique_ptr<GameSession> Room(std::initializer_list<std::string_view> rows,
                                  std::uint64_t seed = 1) {
  SessionConfig config;
  config.seed = seed;
  config.definitions = DefaultDefinitions();
  config.level = std::make_shared<LevelDefinition>(
      LevelFromAscii("room", std::vector<std::string_view>(rows), *config.definitions, false));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

// Every trace line recorded so far, oldest first.
std::vector<std::string> Lines(const GameWorld& world) {
  std::vector<std::string> lines;
  TraceEntry e;
  for (std::uint64_t n = world.Trace().Recorded(); n-- > 0;)
    if (world.Trace().Recent(n, e)) lines.push_back(TraceText(e, world.Definitions()));
  return lines;
}

bool Has(const std::vector<std::string>& lines, const std::string& piece) {
  for (const std::string& line : lines)
    if (line.find(piece) != std::string::npos) return true;
  return false;
}

std::string Say(Console& console, const std::string& line) {
  bool has_reply = false;
  return console.Execute(line, has_reply);
}

}  // namespace

TEST_CASE("a monster's noticing is traced with what it saw, before the transition",
          "[trace][story]") {
  auto session = Room({"#########", "#@.....r#", "#########"});
  for (int i = 0; i < 40 && !Has(Lines(session->World()), "reason=noticed"); ++i)
    REQUIRE(session->StepTick() == Status::Ok);
  const std::vector<std::string> lines = Lines(session->World());
  std::size_t perceived = lines.size(), noticed = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("event=perceived a=1:1 kind=rat b=0:1 b-kind=player how=sight ") !=
            std::string::npos &&
        lines[i].find(" noticed=yes") != std::string::npos)
      perceived = i;
    if (lines[i].find("event=ai-phase a=1:1") != std::string::npos &&
        lines[i].find("reason=noticed") != std::string::npos)
      noticed = i;
  }
  REQUIRE(noticed < lines.size());
  REQUIRE(perceived < noticed);
  CHECK(lines[perceived].find(" distance=") != std::string::npos);
  CHECK(lines[perceived].find(" alertness=") != std::string::npos);
  // Every line's phase= is the tick's; the AI's own phase has its own word.
  for (const std::string& line : lines) {
    INFO(line);
    const std::size_t first = line.find(" phase=");
    REQUIRE(first != std::string::npos);
    CHECK(line.find(" phase=", first + 1) == std::string::npos);
  }
  CHECK(Has(lines, "event=ai-step a=1:1 kind=rat ai-phase="));
}

TEST_CASE("a move into a hostile becomes a blow, a move into a taken cell is lost",
          "[trace][story]") {
  // A crowded room: rats wander into each other's way; an older one moves first and a younger
  // one that wanted the same cell loses it.
  auto crowd = Room({"######", "#@rrr#", "#rrrr#", "#rrr.#", "#r...#", "######"});
  for (int i = 0; i < 300 && !Has(Lines(crowd->World()), "event=lost-cell"); ++i)
    REQUIRE(crowd->StepTick() == Status::Ok);
  bool lost = false;
  for (const std::string& line : Lines(crowd->World()))
    lost = lost || (line.find(" phase=Movement ") != std::string::npos &&
                    line.find("event=lost-cell a=") != std::string::npos &&
                    line.find(" kind=rat b=") != std::string::npos &&
                    line.find(" at=") != std::string::npos);
  CHECK(lost);
  // The player walks into a rat beside it: the move became a blow.
  auto room = Room({"######", "#@r..#", "######"});
  REQUIRE(room->Submit(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  CHECK(Has(Lines(room->World()), "event=move-became-blow a=0:1 kind=player b=1:1 b-kind=rat"));
}

TEST_CASE("the watched entity's value writes are traced with the phase that wrote them",
          "[trace][story]") {
  auto session = Room({"######", "#@...#", "######"});
  Console console(*session);
  REQUIRE(Say(console, "INSPECT 0:1").rfind("Entity{", 0) == 0);  // watches the player
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  const std::vector<std::string> lines = Lines(session->World());
  CHECK(Has(lines, "phase=PlayerIntent seq="));
  CHECK(Has(lines, "event=value-written a=0:1 kind=player component=intent"));
  bool moved = false;
  for (const std::string& line : lines)
    moved = moved || (line.find(" phase=Movement ") != std::string::npos &&
                      line.find("event=value-written a=0:1 kind=player component=position") !=
                          std::string::npos);
  CHECK(moved);
}

TEST_CASE("console edits are traced as edits, by command", "[trace][story]") {
  ConsoleOptions options;
  options.capacity = 8;
  std::unique_ptr<Console> console;
  REQUIRE(Console::Create(options, console) == Status::Ok);
  REQUIRE(Say(*console, "SPAWN") == "0:1");
  REQUIRE(Say(*console, "SET 0:1 health { current = 3, max = 3 }") == "ok");
  REQUIRE(Say(*console, "SET 0:1 health { current = 2 }") == "ok");
  REQUIRE(Say(*console, "REMOVE 0:1 health") == "ok");
  REQUIRE(Say(*console, "DESPAWN 0:1") == "ok");
  const std::string trace = Say(*console, "TRACE 5");
  INFO(trace);
  CHECK(
      trace ==
      "tick=0 phase=edit seq=1 event=spawned a=0:1 by=SPAWN | "
      "tick=0 phase=edit seq=2 event=component-changed a=0:1 by=SET component=health change=set | "
      "tick=0 phase=edit seq=3 event=component-changed a=0:1 by=SET component=health change=set | "
      "tick=0 phase=edit seq=4 event=component-changed a=0:1 by=REMOVE component=health "
      "change=remove | "
      "tick=0 phase=edit seq=5 event=destroyed a=0:1 by=DESPAWN");
}

TEST_CASE("trace capture switched off records nothing, and the run hashes the same",
          "[trace][story]") {
  for (std::uint64_t seed : {1u, 5u, 9u}) {
    INFO("seed " << seed);
    auto traced = test::Dungeon(seed);
    auto quiet = test::Dungeon(seed);
    quiet->SetTraceCapture(false);
    const std::uint64_t recorded = quiet->World().Trace().Recorded();
    test::PlayKeys(*traced, "oooooFFFFFoooooFFFFF>>ooooo");
    test::PlayKeys(*quiet, "oooooFFFFFoooooFFFFF>>ooooo");
    CHECK(quiet->StateHash() == traced->StateHash());
    CHECK(quiet->World().Trace().Recorded() <= recorded);  // the floor's own ring: nothing new
    CHECK(traced->World().Trace().Recorded() > 0);
  }
  ConsoleOptions options;
  std::unique_ptr<Console> console;
  REQUIRE(Console::Create(options, console) == Status::Ok);
  CHECK(Say(*console, "TRACE OFF") == "trace off");
  REQUIRE(Say(*console, "SPAWN") == "0:1");
  CHECK(Say(*console, "TRACE 5").empty());
  CHECK(Say(*console, "TRACE ON") == "trace on");
  REQUIRE(Say(*console, "SPAWN") == "1:1");
  CHECK(Say(*console, "TRACE 5") == "tick=0 phase=edit seq=1 event=spawned a=1:1 by=SPAWN");
}

}  // namespace trace_story_test
