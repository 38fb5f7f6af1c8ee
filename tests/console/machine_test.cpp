// Inside a tick and inside the pools (SPEC): PHASE, COMMANDS, POOL, SLOTS and SYSTEMS.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "console/console.h"
#include "content/default_content.h"
#include "game/state_hash.h"
#include "game/systems.h"
#include "sim/machine_text.h"

namespace machine_test {

using namespace cairn;

namespace {

struct Empty {
  std::unique_ptr<Console> console;
  Empty() {
    ConsoleOptions options;
    options.capacity = 8;
    REQUIRE(Console::Create(options, console) == Status::Ok);
  }
  std::string Run(const std::string& line) {
    bool has_reply = false;
    return console->Execute(line, has_reply);
  }
};

// A session on a small room: the player, and a rat east of it.
std::unique_ptr<GameSession> RatRoom(std::uint64_t seed) {
  const std::string_view rows[] = {"######", "#@r..#", "#....#", "######"};
  SessionConfig config;
  config.seed = seed;
  config.definitions = DefaultDefinitions();
  config.level = std::make_shared<LevelDefinition>(
      LevelFromAscii("rat room", rows, *config.definitions, false));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

std::string Say(Console& console, const std::string& line) {
  bool has_reply = false;
  return console.Execute(line, has_reply);
}

}  // namespace

TEST_CASE("POOL shows a removal's swap: the last owner moves into the hole", "[console][machine]") {
  Empty s;
  for (int i = 0; i < 3; ++i) REQUIRE(s.Run("SPAWN") == std::to_string(i) + ":1");
  for (int i = 0; i < 3; ++i)
    REQUIRE(s.Run("SET " + std::to_string(i) + ":1 health { current = 1, max = 1 }") == "ok");
  CHECK(s.Run("POOL health") == "health size=3 capacity=8 dense=0:1,1:1,2:1 sparse=0>0,1>1,2>2");
  REQUIRE(s.Run("REMOVE 0:1 health") == "ok");
  CHECK(s.Run("POOL health") == "health size=2 capacity=8 dense=2:1,1:1 sparse=1>1,2>0");
  CHECK(s.Run("POOL position") == "position size=0 capacity=8 dense= sparse=");
  CHECK(s.Run("POOL helth") ==
        "error: unknown component type 'helth' (did you mean health?); TYPES lists the known ones");
  CHECK(s.Run("POOL") == "error: POOL takes one component type: POOL health");
}

TEST_CASE("a removal that moves the watched entity into a hole is traced as swap-moved",
          "[console][machine]") {
  Empty s;
  for (int i = 0; i < 3; ++i) REQUIRE(s.Run("SPAWN") == std::to_string(i) + ":1");
  for (int i = 0; i < 3; ++i)
    REQUIRE(s.Run("SET " + std::to_string(i) + ":1 health { current = 1, max = 1 }") == "ok");
  // Unwatched, a removal traces no swap.
  REQUIRE(s.Run("REMOVE 1:1 health") == "ok");  // 2:1 moves into 1:1's hole
  CHECK(s.Run("TRACE").find("swap-moved") == std::string::npos);
  REQUIRE(s.Run("INSPECT 2:1").rfind("Entity{", 0) == 0);  // the console watches what it inspects
  REQUIRE(s.Run("REMOVE 0:1 health") == "ok");
  CHECK(s.Run("TRACE").find(
            "phase=edit seq=8 event=swap-moved a=2:1 b=0:1 component=health dense=1>0") !=
        std::string::npos);
  CHECK(s.Run("POOL health") == "health size=1 capacity=8 dense=2:1 sparse=2>0");
  // The last owner's own removal moves nobody.
  REQUIRE(s.Run("REMOVE 2:1 health") == "ok");
  const std::string trace = s.Run("TRACE");
  CHECK(trace.find("swap-moved") == trace.rfind("swap-moved"));
}

TEST_CASE("SLOTS shows the free list in reuse order and each slot's generation",
          "[console][machine]") {
  Empty s;
  CHECK(s.Run("SLOTS") == "free=0,... retired=0 gen=");
  for (int i = 0; i < 3; ++i) REQUIRE(s.Run("SPAWN") == std::to_string(i) + ":1");
  CHECK(s.Run("SLOTS") == "free=3,... retired=0 gen=0:1,1:1,2:1");
  REQUIRE(s.Run("DESPAWN 0:1") == "ok");
  REQUIRE(s.Run("DESPAWN 2:1") == "ok");
  // Most recently freed first, then the slots never used.
  CHECK(s.Run("SLOTS") == "free=2,0,3,... retired=0 gen=0:1,1:1,2:1");
  CHECK(s.Run("SPAWN") == "2:2");
  CHECK(s.Run("SLOTS") == "free=0,3,... retired=0 gen=0:1,1:1,2:2");
  CHECK(s.Run("SPAWN") == "0:2");
  // A full registry has nothing to give.
  for (int i = 3; i < 8; ++i) REQUIRE(s.Run("SPAWN") == std::to_string(i) + ":1");
  CHECK(s.Run("SLOTS").rfind("free= retired=0 gen=0:2,1:1,2:2,3:1,", 0) == 0);
  CHECK(s.Run("SLOTS x") == "error: SLOTS takes no arguments");
}

TEST_CASE("SYSTEMS says what each phase declares, in phase order", "[console][machine]") {
  Empty s;
  const std::string reply = s.Run("SYSTEMS");
  std::vector<std::string> entries;
  for (std::size_t at = 0; at <= reply.size();) {
    const std::size_t end = std::min(reply.find(" | ", at), reply.size());
    entries.push_back(reply.substr(at, end - at));
    at = end + 3;
  }
  REQUIRE(entries.size() == static_cast<std::size_t>(kTickPhaseCount));
  for (int p = 0; p < kTickPhaseCount; ++p) {
    const std::string name = TickPhaseName(static_cast<TickPhase>(p));
    INFO(entries[p]);
    CHECK(entries[p].rfind(name + " reads=", 0) == 0);
    CHECK(entries[p].find(" writes=") != std::string::npos);
  }
  CHECK(entries[1] ==
        "PlayerIntent reads=position,intent,player,enemy_ai,stairs,item,quiver,autopickup,ally "
        "writes=intent,player,quiver,autopickup");
  CHECK(entries[6] == "EndTick reads=position,player,item,autopickup writes=");
}

TEST_CASE("PHASE runs a tick phase by phase, in order, to the hash TICK reaches",
          "[console][machine]") {
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    INFO("seed " << seed);
    auto whole = RatRoom(seed);
    auto phased = RatRoom(seed);
    Console by_tick(*whole);
    Console by_phase(*phased);
    for (int tick = 1; tick <= 12; ++tick) {
      REQUIRE(Say(by_tick, "TICK") == "tick " + std::to_string(tick));
      for (int p = 0; p < kTickPhaseCount; ++p)
        REQUIRE(Say(by_phase, "PHASE") == "tick " + std::to_string(tick) + " phase " +
                                              TickPhaseName(static_cast<TickPhase>(p)));
      CHECK_FALSE(phased->InsideTick());
      CHECK(Say(by_phase, "HASH") == Say(by_tick, "HASH"));
    }
    // TICK from inside a tick completes it, and it counts as one.
    REQUIRE(Say(by_phase, "PHASE") == "tick 13 phase BeginTick");
    REQUIRE(Say(by_phase, "PHASE") == "tick 13 phase PlayerIntent");
    CHECK(Say(by_phase, "TICK 2") == "tick 14");
    CHECK(Say(by_tick, "TICK 2") == "tick 14");
    CHECK(Say(by_phase, "HASH") == Say(by_tick, "HASH"));
    // BACK from inside a tick: the tick under way counts as one.
    REQUIRE(Say(by_phase, "PHASE") == "tick 15 phase BeginTick");
    CHECK(Say(by_phase, "BACK 2") == "tick 13");
    REQUIRE(Say(by_tick, "BACK 1") == "tick 13");
    CHECK(Say(by_phase, "HASH") == Say(by_tick, "HASH"));
  }
}

TEST_CASE("inside a tick: edits wait, a blow's destroy is queued and pending until Commit",
          "[console][machine]") {
  auto session = RatRoom(7);
  Console console(*session);
  const std::string rat = Say(console, "QUERY enemy_ai");
  const std::string player = Say(console, "QUERY player");
  REQUIRE(rat == "1:1");
  REQUIRE(Say(console, "SET " + rat + " health { current = 1 }") == "ok");
  REQUIRE(Say(console, "SET " + player + " combat { accuracy = 100 }") == "ok");
  REQUIRE(Say(console, "COMMANDS").empty());  // between ticks the buffer is always empty

  PlayerCommand east{PlayerCommandKind::Move, 1, 0};
  TickPhase ran{};
  std::vector<std::string> commands_after;
  for (int p = 0; p < kTickPhaseCount; ++p) {
    REQUIRE(session->StepPhase(TickInput{east}, ran) == Status::Ok);
    CHECK(static_cast<int>(ran) == p);
    commands_after.push_back(Say(console, "COMMANDS"));
    if (ran == TickPhase::Movement) {
      // The move into the rat became a blow.
      CHECK(Say(console, "GET " + player + " intent").rfind("{ kind = \"attack\"", 0) == 0);
      CHECK(Say(console, "SPAWN")
                .rfind("error: inside tick 1 after its Movement phase: SPAWN "
                       "waits for the tick to end",
                       0) == 0);
    }
    if (ran == TickPhase::ResolveGameplay) {
      CHECK(Say(console, "INSPECT " + rat).find(" pending destroy ") != std::string::npos);
      CHECK(Say(console, "HASH").rfind("tick 1 state ", 0) == 0);
    }
  }
  CHECK(commands_after[static_cast<int>(TickPhase::Movement)].empty());
  const std::string queued = commands_after[static_cast<int>(TickPhase::ResolveGameplay)];
  INFO(queued);
  CHECK(queued.find(" destroy a=" + rat) != std::string::npos);
  CHECK(queued.rfind("cmd=", 0) == 0);
  // Commit published it: the buffer is empty and the rat is gone.
  CHECK(commands_after[static_cast<int>(TickPhase::Commit)].empty());
  CHECK(Say(console, "INSPECT " + rat).rfind("stale: ", 0) == 0);
  CHECK_FALSE(session->InsideTick());
}

TEST_CASE("CommandText names each kind of command", "[console][machine]") {
  GameWorld::Command c;
  c.sequence = 9;
  c.kind = GameWorld::Command::Kind::Spawn;
  c.request = 4;
  CHECK(CommandText(c) == "cmd=9 spawn request=4");
  c.kind = GameWorld::Command::Kind::Destroy;
  c.target = EntityId{1, 3, 2};
  CHECK(CommandText(c) == "cmd=9 destroy a=3:2");
  c.kind = GameWorld::Command::Kind::SetComponent;
  c.component = ComponentKind::Condition;
  CHECK(CommandText(c) == "cmd=9 add a=3:2 type=condition");
  c.kind = GameWorld::Command::Kind::RemoveComponent;
  CHECK(CommandText(c) == "cmd=9 remove a=3:2 type=condition");
}

}  // namespace machine_test
