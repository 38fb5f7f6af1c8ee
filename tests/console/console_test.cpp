// The debug console protocol, command by command, as SPEC states it.
#include "console/console.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "console/authored_ids.h"
#include "content/definitions_reader.h"

namespace console_test {

using namespace cairn;

namespace {

struct Session {
  std::unique_ptr<Console> console;
  explicit Session(std::uint32_t capacity = 64) {
    ConsoleOptions options;
    options.capacity = capacity;
    REQUIRE(Console::Create(options, console) == Status::Ok);
  }
  std::string Run(const std::string& line) {
    bool has_reply = false;
    std::string reply = console->Execute(line, has_reply);
    REQUIRE(has_reply);
    return reply;
  }
  bool StartsWithError(const std::string& line) { return Run(line).rfind("error: ", 0) == 0; }
};

// A new entity of `s` with the authored id `id` and a health of `hp`; its handle.
std::string NamedEntity(Session& s, const std::string& id, int hp) {
  const std::string h = s.Run("SPAWN");
  REQUIRE(s.Run("SET " + h + " named { id = \"" + id + "\" }") == "ok");
  REQUIRE(s.Run("SET " + h + " health { current = " + std::to_string(hp) + ", max = 10 }") == "ok");
  return h;
}

}  // namespace

TEST_CASE("the first SPAWN on an empty world answers 0:1", "[console]") {
  Session s;
  CHECK(s.Run("SPAWN") == "0:1");
  CHECK(s.Run("SPAWN") == "1:1");
  CHECK(s.Run("SPAWN") == "2:1");
}

TEST_CASE("the lesson's example: LIFO reuse with an advanced generation, old handle stale",
          "[console]") {
  Session s;
  CHECK(s.Run("SPAWN") == "0:1");
  CHECK(s.Run("SPAWN") == "1:1");
  CHECK(s.Run("DESPAWN 0:1") == "ok");
  CHECK(s.Run("SPAWN") == "0:2");
  CHECK(s.Run("GET 0:1 health") == "stale");
  CHECK(s.Run("DESPAWN 0:1") == "stale");
  CHECK(s.Run("DESPAWN 1:1") == "ok");
  CHECK(s.Run("DESPAWN 0:2") == "ok");
  CHECK(s.Run("SPAWN") == "0:3");  // most recently freed first
  CHECK(s.Run("SPAWN") == "1:2");
}

TEST_CASE("SET adds or replaces, GET answers the canonical body, none or stale", "[console]") {
  Session s;
  s.Run("SPAWN");
  CHECK(s.Run("GET 0:1 health") == "none");
  CHECK(s.Run("SET 0:1 health { current = 5, max = 10 }") == "ok");
  CHECK(s.Run("GET 0:1 health") == "{ current = 5, max = 10 }");
  CHECK(s.Run("SET 0:1 health {max=12,current=7}") == "ok");
  CHECK(s.Run("GET 0:1 health") == "{ current = 7, max = 12 }");
  CHECK(s.Run("SET 0:1 position { x = -3, y = 4 }") == "ok");
  CHECK(s.Run("GET 0:1 position") == "{ x = -3, y = 4 }");
  CHECK(s.Run("SET 7:1 health { current = 1, max = 1 }") == "stale");
  CHECK(s.Run("GET 7:1 health") == "stale");
}

TEST_CASE("a recycled slot starts with no components", "[console]") {
  Session s;
  s.Run("SPAWN");
  s.Run("SET 0:1 health { current = 5, max = 10 }");
  s.Run("SET 0:1 position { x = 1, y = 1 }");
  CHECK(s.Run("DESPAWN 0:1") == "ok");
  CHECK(s.Run("SPAWN") == "0:2");
  CHECK(s.Run("GET 0:2 health") == "none");
  CHECK(s.Run("GET 0:2 position") == "none");
  CHECK(s.Run("QUERY health") == "");
}

TEST_CASE("REMOVE answers ok, none or stale", "[console]") {
  Session s;
  s.Run("SPAWN");
  CHECK(s.Run("REMOVE 0:1 health") == "none");
  s.Run("SET 0:1 health { current = 1, max = 1 }");
  CHECK(s.Run("REMOVE 0:1 health") == "ok");
  CHECK(s.Run("GET 0:1 health") == "none");
  CHECK(s.Run("REMOVE 0:1 health") == "none");
  CHECK(s.Run("REMOVE 3:1 health") == "stale");
}

TEST_CASE("QUERY lists live entities with every type, ascending by slot as numbers", "[console]") {
  Session s;
  for (int i = 0; i < 12; ++i) s.Run("SPAWN");
  for (int slot : {11, 2, 10, 0}) {
    s.Run("SET " + std::to_string(slot) + ":1 health { current = 1, max = 1 }");
    s.Run("SET " + std::to_string(slot) + ":1 position { x = 0, y = 0 }");
  }
  s.Run("SET 3:1 health { current = 1, max = 1 }");
  CHECK(s.Run("QUERY health position") == "0:1 2:1 10:1 11:1");  // 10 after 2: numbers, not text
  CHECK(s.Run("QUERY position health") == "0:1 2:1 10:1 11:1");
  CHECK(s.Run("QUERY health") == "0:1 2:1 3:1 10:1 11:1");
  s.Run("DESPAWN 2:1");
  CHECK(s.Run("QUERY position") == "0:1 10:1 11:1");
  CHECK(s.Run("QUERY health health") == "0:1 3:1 10:1 11:1");
}

TEST_CASE("QUERY with no match answers an empty line", "[console]") {
  Session s;
  CHECK(s.Run("QUERY health") == "");
}

TEST_CASE("RESTART replaces the world: every earlier handle is stale", "[console]") {
  Session s;
  s.Run("SPAWN");
  s.Run("SET 0:1 health { current = 3, max = 3 }");
  const std::uint64_t old_world = s.console->World().WorldId();
  CHECK(s.Run("RESTART") == "ok");
  CHECK(s.console->World().WorldId() != old_world);
  CHECK(s.Run("GET 0:1 health") == "stale");
  CHECK(s.Run("GET " + std::to_string(old_world) + ":0:1 health") == "stale");
  CHECK(s.Run("SPAWN") == "0:1");  // same slot and generation, new world
  CHECK(s.Run("GET 0:1 health") == "none");
  CHECK(s.Run("GET " + std::to_string(old_world) + ":0:1 health") == "stale");
  CHECK(s.Run("GET " + std::to_string(s.console->World().WorldId()) + ":0:1 health") == "none");
}

TEST_CASE("blank lines and comments get no reply", "[console]") {
  Session s;
  bool has_reply = true;
  (void)s.console->Execute("", has_reply);
  CHECK_FALSE(has_reply);
  (void)s.console->Execute("   \t", has_reply);
  CHECK_FALSE(has_reply);
  (void)s.console->Execute("# SPAWN", has_reply);
  CHECK_FALSE(has_reply);
  (void)s.console->Execute("  # indented comment", has_reply);
  CHECK_FALSE(has_reply);
  CHECK(s.Run("SPAWN") == "0:1");  // the comment did not spawn
}

TEST_CASE("bad commands answer error: and leave the world unchanged", "[console]") {
  Session s;
  s.Run("SPAWN");
  s.Run("SET 0:1 health { current = 5, max = 10 }");
  const std::vector<std::string> bad = {
      "FLY",
      "spawn",
      "SPAWN 3",
      "DESPAWN",
      "DESPAWN x",
      "DESPAWN 0:1 1:1",
      "GET 0:1",
      "GET 0:1 healthy",
      "GET 0:1 Health",
      "GET 0 health",
      "SET 0:1 health",
      "SET 0:1 health { current = 5, max = 10",
      "SET 0:1 health { current = \"five\" }",
      "SET 0:1 health { current = 5.5 }",
      "SET 0:1 health { max = 0 }",
      "SET 0:1 health { max = 99999999999999999999 }",
      "SET 0:1 health { mana = 3 }",
      "SET 0:1 health current = 5",
      "SET 0:1 health [1, 2]",
      "SET 0:1 health { current = 1 } extra",
      "SET 0:1 health {a = [1, }",
      "SET 0:1 health [@]",
      "SET 0:1 health { \xC3\xA9 = 1 }",
      "SET 0:1 health \xC9\x8E"
      "at",
      "SET 0:1 unknown { }",
      "REMOVE 0:1",
      "REMOVE 0:1 nothing",
      "QUERY",
      "QUERY health nothing",
      "RESTART now",
      "INSPECT",
      "TICK 0",
      "TICK x",
      "TICK 1 2",
      "TRACE 0",
      "HASH now",
      "SET 0:1 blocker {}",
      "SET 0:1 enemy_ai { target = \"9:9\" }",
      "SET 0:1 appearance { colour = \"mauve\" }",
  };
  const std::string registry_before = s.Run("REGISTRY");
  const std::string pools_before = s.Run("POOLS");
  const std::string hash_before = s.Run("HASH");
  for (const std::string& line : bad) {
    INFO(line);
    CHECK(s.StartsWithError(line));
  }
  CHECK(s.Run("GET 0:1 health") == "{ current = 5, max = 10 }");
  CHECK(s.Run("QUERY health") == "0:1");
  CHECK(s.Run("REGISTRY") == registry_before);
  CHECK(s.Run("POOLS") == pools_before);
  CHECK(s.Run("HASH") == hash_before);
  CHECK(s.Run("SPAWN") == "1:1");
}

TEST_CASE("a syntactically bad command is an error even when its handle is stale", "[console]") {
  Session s;
  CHECK(s.StartsWithError("GET 5:1 nosuchtype"));
  CHECK(s.StartsWithError("SET 5:1 health { nosuchfield = 1 }"));
  CHECK(s.Run("SET 5:1 health { current = 1, max = 1 }") == "stale");
}

TEST_CASE("error messages say where and why", "[console]") {
  Session s;
  s.Run("SPAWN");
  CHECK(s.Run("GET 0:1 Health") ==
        "error: unknown component type 'Health' (did you mean health?); TYPES lists the known "
        "ones");
  CHECK(s.Run("GET 0:1 ambiance") ==
        "error: unknown component type 'ambiance'; TYPES lists the known ones");
  // TYPES: every registered type, in list order, with its category, arrival and fields.
  const std::string types = s.Run("TYPES");
  CHECK(types.rfind("position category=spatial since=1 fields=x,y | ", 0) == 0);
  CHECK(types.find(" | loot category=item many since=1 fields=item,chance | ") !=
        std::string::npos);
  std::size_t entries = 1;
  for (std::size_t at = types.find(" | "); at != std::string::npos; at = types.find(" | ", at + 1))
    ++entries;
  CHECK(entries == kComponentKindCount);
  CHECK(s.Run("TYPES x") == "error: TYPES takes no arguments");
  CHECK(s.Run("SET 0:1 health { max = 0 }") ==
        "error: bad body: health.max is 0, outside 1..1000000");
  CHECK(s.Run("spawn") == "error: unknown command 'spawn' (commands are upper case: SPAWN)");
  CHECK(s.Run("SET 0:1 health { \xC3\xA9 = 1 }") ==
        "error: bad body at column 3: non-ASCII character outside a string or comment");
}

TEST_CASE("a full world and a full pool are errors, not crashes", "[console]") {
  Session s(2);
  CHECK(s.Run("SPAWN") == "0:1");
  CHECK(s.Run("SPAWN") == "1:1");
  CHECK(s.Run("SPAWN").rfind("error: the world is full", 0) == 0);
  CHECK(s.Run("DESPAWN 0:1") == "ok");
  CHECK(s.Run("SPAWN") == "0:2");
}

TEST_CASE("INSPECT, POOLS and REGISTRY describe the machine", "[console]") {
  Session s;
  s.Run("SPAWN");
  s.Run("SET 0:1 health { current = 2, max = 4 }");
  const std::string world = std::to_string(s.console->World().WorldId());
  CHECK(s.Run("INSPECT 0:1") == "Entity{World=" + world +
                                    ", Slot=0, Generation=1} active sequence=1 components: "
                                    "health { current = 2, max = 4 }");
  CHECK(s.Run("INSPECT 0:9") ==
        "stale: Entity{World=" + world + ", Slot=0, Generation=9} stale generation");
  const std::string pools = s.Run("POOLS");
  CHECK(pools.rfind("position size=0 capacity=64 high-water=0; intent size=0", 0) == 0);
  CHECK(pools.find("; health size=1 capacity=64 high-water=1;") != std::string::npos);
  CHECK(s.Run("REGISTRY") ==
        "world=" + world + " live=1 pending=0 free=63 retired=0 capacity=64 revision=2");
}

TEST_CASE("RunConsole answers one line per command from a stream", "[console]") {
  Session s;
  std::istringstream in(
      "SPAWN\n\n# note\nSET 0:1 health { current = 1, max = 2 }\r\nGET 0:1 health\n");
  std::ostringstream out;
  CHECK(RunConsole(*s.console, in, out));
  CHECK(out.str() == "0:1\nok\n{ current = 1, max = 2 }\n");
}

TEST_CASE("replies are one line even when the command echoes control characters", "[console]") {
  Session s;
  s.Run("SPAWN");
  const std::string reply = s.Run("GET 0:1 he\ralth");
  CHECK(reply.find('\r') == std::string::npos);
  CHECK(reply.find("he\\x0dalth") != std::string::npos);
}

TEST_CASE("requires and rejects come from the type registry", "[console]") {
  Session s;
  s.Run("SPAWN");
  CHECK(s.Run("SET 0:1 blocker {}") == "error: InvalidOperation: blocker requires position first");
  CHECK(s.Run("SET 0:1 position { x = 1, y = 1 }") == "ok");
  CHECK(s.Run("SET 0:1 blocker {}") == "ok");
  CHECK(s.Run("REMOVE 0:1 position") ==
        "error: InvalidOperation: cannot remove position: blocker requires it");
  CHECK(s.Run("REMOVE 0:1 blocker") == "ok");
  CHECK(s.Run("REMOVE 0:1 position") == "ok");
  CHECK(s.Run("SET 0:1 item {}") == "ok");
  CHECK(s.Run("SET 0:1 position { x = 1, y = 1 }") == "ok");
  CHECK(s.Run("SET 0:1 blocker {}") == "error: InvalidOperation: item rejects blocker");
}

TEST_CASE("every game component is available to the console", "[console]") {
  Session s;
  s.Run("SPAWN");
  s.Run("SPAWN");
  for (const char* line :
       {"SET 0:1 position { x = 2, y = 3 }", "SET 0:1 intent { kind = \"wait\" }",
        "SET 0:1 health { current = 3, max = 9 }",
        "SET 0:1 enemy_ai { target = \"1:1\", phase = \"approach\" }",
        "SET 0:1 appearance { glyph = \"g\" }", "SET 0:1 combat { speed = 5 }",
        "SET 0:1 named { name = \"goblin\" }", "SET 1:1 inventory {}",
        "SET 1:1 position { x = 0, y = 0 }", "SET 1:1 stairs { direction = -1 }"}) {
    INFO(line);
    CHECK(s.Run(line) == "ok");
  }
  CHECK(s.Run("GET 0:1 enemy_ai").find("target = \"1:1\"") != std::string::npos);
  CHECK(s.Run("DESPAWN 1:1") == "ok");
  // A reference to an entity that is gone reads as its old handle; the AI revalidates it.
  CHECK(s.Run("GET 0:1 enemy_ai").find("target = \"1:1\"") != std::string::npos);
  CHECK(s.Run("QUERY enemy_ai named") == "0:1");
}

TEST_CASE("TICK runs ticks; HASH and TRACE show the machine", "[console]") {
  Session s;
  CHECK(s.Run("TICK") == "tick 1");
  CHECK(s.Run("TICK 9") == "tick 10");
  CHECK(s.Run("HASH").rfind("tick 10 state ", 0) == 0);
  CHECK(s.Run("TRACE 2") ==
        "tick=9 phase=BeginTick seq=9 event=tick | tick=10 phase=BeginTick seq=10 event=tick");
  CHECK(s.Run("COUNTERS").rfind("tick=10 commands=0", 0) == 0);
}

// `id:NAME` names an entity by its authored id wherever a handle goes (docs/CONSOLE.md, "Naming
// entities by their authored id"): exactly one live match is used; none or several is an error
// listing the candidates.
TEST_CASE("id:NAME stands for the one live entity with that authored id", "[console][identity]") {
  Session s;
  NamedEntity(s, "rat", 3);
  const std::string ogre = NamedEntity(s, "ogre", 9);
  CHECK(s.Run("GET id:ogre health") == "{ current = 9, max = 10 }");
  CHECK(s.Run("INSPECT id:ogre").rfind("Entity{", 0) == 0);
  CHECK(s.Run("INSPECT id:ogre").find("Slot=1") != std::string::npos);
  CHECK(s.Run("KEY id:ogre") == "none");
  CHECK(s.Run("WHY id:ogre").rfind("why ", 0) == 0);
  CHECK(s.Run("SET id:ogre health { current = 4, max = 10 }") == "ok");
  CHECK(s.Run("GET " + ogre + " health") == "{ current = 4, max = 10 }");
  CHECK(s.Run("REMOVE id:ogre health") == "ok");
  CHECK(s.Run("GET id:ogre health") == "none");
  // The in-game pane follows the entity INSPECT described.
  (void)s.Run("INSPECT id:rat");
  CHECK(s.console->TakeInspected() == EntityId{s.console->World().WorldId(), 0, 1});
  CHECK(s.console->TakeInspected().IsNull());
  CHECK(s.Run("DESPAWN id:ogre") == "ok");
  CHECK(s.Run("GET id:ogre health") == "error: no live entity has the authored id 'ogre'");
}

TEST_CASE("id:NAME with several matches lists their handles and changes nothing",
          "[console][identity]") {
  Session s;
  NamedEntity(s, "rat", 3);
  NamedEntity(s, "kobold", 5);
  NamedEntity(s, "rat", 4);
  const std::string before = s.Run("HASH");
  CHECK(s.Run("SET id:rat health { current = 1, max = 10 }") ==
        "error: 2 live entities have the authored id 'rat': 0:1 2:1; name one by its handle");
  CHECK(s.Run("HASH") == before);
  // A DUP copy keeps its original's authored id: naming it is now ambiguous, never a guess.
  CHECK(s.Run("DUP id:kobold") == "3:1");
  CHECK(s.Run("INSPECT id:kobold") ==
        "error: 2 live entities have the authored id 'kobold': 1:1 3:1; name one by its handle");
  CHECK(s.Run("INSPECT id:") == "error: no live entity has the authored id ''");
}

TEST_CASE("id: inside a component body is text, not a reference", "[console][identity]") {
  Session s;
  NamedEntity(s, "rat", 3);
  CHECK(s.Run("SET 0:1 named { id = \"id:rat\" }") == "ok");
  CHECK(s.Run("GET 0:1 named").find("\"id:rat\"") != std::string::npos);
  std::string out, error;
  CHECK(ExpandAuthoredIds("id:id:rat named", s.console->World(), out, error));
  CHECK(out == "0:1 named");
}

TEST_CASE("membership: Many past four, max + 1, explicit slots only as an undo", "[console]") {
  Session s;
  s.Run("SPAWN");
  for (const char* line : {"SET 0:1 position { x = 0, y = 0 }", "SET 0:1 intent {}",
                           "SET 0:1 health { current = 3, max = 3 }", "SET 0:1 enemy_ai {}"})
    REQUIRE(s.Run(line) == "ok");
  for (int slot = 0; slot < 10; ++slot)
    CHECK(s.Run("ADD 0:1 loot { chance = " + std::to_string(slot + 1) + " }") ==
          "ok slot " + std::to_string(slot));
  CHECK(s.Run("GET 0:1 loot:9") == "{ item = \"potion-healing\", chance = 10 }");
  CHECK(s.Run("REMOVE 0:1 loot:1") == "ok");
  CHECK(s.Run("REMOVE 0:1 loot:1") == "none");
  CHECK(s.Run("GET 0:1 loot:1") == "none");
  CHECK(s.Run("GET 0:1 loot:2") == "{ item = \"potion-healing\", chance = 3 }");  // not renumbered
  CHECK(s.Run("SET 0:1 loot:1 { chance = 5 }") ==
        "error: NotFound: loot slot 1 does not exist (ADD restores a removed slot)");
  CHECK(s.Run("REMOVE 0:1 loot:9") == "ok");
  // Past every slot ever held: the removed top slot 9 is not handed out again (design 002).
  CHECK(s.Run("SET 0:1 loot { chance = 50 }") == "ok slot 10");
  CHECK(s.Run("ADD 0:1 loot:12 { chance = 5 }") ==
        "error: InvalidOperation: loot slot 12 was never removed: a new entry takes the next slot "
        "(11); only a removed slot may be restored");
  CHECK(s.Run("ADD 0:1 loot:2 { chance = 5 }") == "error: InvalidOperation: loot slot 2 is taken");
  CHECK(s.Run("ADD 0:1 loot:1 { chance = 2 }") == "ok slot 1");  // the undo of the removal
  CHECK(s.Run("GET 0:1 loot:1") == "{ item = \"potion-healing\", chance = 2 }");
  CHECK(s.Run("REMOVE 0:1 loot") ==
        "error: loot has 10 entries: name one, as in REMOVE 0:1 loot:0");
  CHECK(s.Run("ADD 0:1 loot:4294967295 {}").rfind("error: 'loot:4294967295' is not TYPE or", 0) ==
        0);
}

TEST_CASE("membership: a One type has only slot 0", "[console]") {
  Session s;
  s.Run("SPAWN");
  CHECK(s.Run("SET 0:1 health { current = 3, max = 3 }") == "ok");
  const std::string only_zero =
      "error: InvalidOperation: health is a single component: it has only slot 0";
  CHECK(s.Run("GET 0:1 health:1") == only_zero);
  CHECK(s.Run("SET 0:1 health:1 { current = 1, max = 3 }") == only_zero);
  CHECK(s.Run("ADD 0:1 health:1 { current = 1, max = 3 }") == only_zero);
  CHECK(s.Run("REMOVE 0:1 health:1") == only_zero);
  CHECK(s.Run("GET 0:1 health:0") == "{ current = 3, max = 3 }");
  CHECK(s.Run("ADD 0:1 health { current = 1, max = 3 }") ==
        "error: InvalidOperation: the entity already has health (a single component)");
  CHECK(s.Run("GET 0:1 health") == "{ current = 3, max = 3 }");
  CHECK(s.Run("ADD 0:1 combat {}") == "ok");
}

TEST_CASE("membership: an unknown component is shown, not settable, and removable alone",
          "[console]") {
  // A rat (1:1) keeping two components of types this build does not know.
  const std::string_view rows[] = {"#####", "#@r.#", "#####"};
  auto level =
      std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *DefaultDefinitions(), false));
  for (LevelEntity& e : level->entities)
    if (e.components.Has<EnemyAi>()) {
      e.preserved.push_back(PreservedComponent{"ambience", 2, 0, "{ sound = \"squeak\" }"});
      e.preserved.push_back(PreservedComponent{"ambience", 2, 1, "{ sound = \"hiss\" }"});
      e.preserved.push_back(PreservedComponent{"scent", 1, 0, "{ strength = 3 }"});
    }
  level->digest = DigestLevel(*level);
  ConsoleOptions options;
  options.level = level;
  Session s;
  REQUIRE(Console::Create(options, s.console) == Status::Ok);
  REQUIRE(s.Run("QUERY enemy_ai") == "1:1");
  const std::string inspected = s.Run("INSPECT 1:1");
  CHECK(inspected.find("ambience:0 v2 (not loaded) { sound = \"squeak\" }; ambience:1 v2 (not "
                       "loaded) { sound = \"hiss\" }; scent:0 v1 (not loaded) { strength = 3 }") !=
        std::string::npos);
  CHECK(s.Run("GET 1:1 scent") == "{ strength = 3 } (not loaded)");
  CHECK(s.Run("GET 1:1 ambience") ==
        "slot 0 { sound = \"squeak\" }; slot 1 { sound = \"hiss\" } (not loaded)");
  CHECK(s.Run("GET 0:1 scent") == "none");
  CHECK(s.Run("SET 1:1 scent { strength = 4 }") ==
        "error: Unsupported: scent is not loaded in this build: it is kept as written and cannot "
        "be set");
  CHECK(s.Run("ADD 1:1 scent { strength = 4 }").rfind("error: Unsupported: ", 0) == 0);
  CHECK(s.Run("REMOVE 1:1 ambience") ==
        "error: ambience has 2 entries: name one, as in REMOVE 1:1 ambience:0");
  CHECK(s.Run("TICK 2") == "tick 2");
  const std::string before = s.Run("HASH");
  CHECK(s.Run("REMOVE 1:1 ambience:1") == "ok");
  CHECK(s.Run("REMOVE 1:1 ambience:1") == "none");
  CHECK(s.Run("GET 1:1 ambience") == "{ sound = \"squeak\" } (not loaded)");
  CHECK(s.Run("HASH") == before);  // unknown components are not simulation state
  CHECK(s.Run("REMOVE 1:1 scent") == "ok");
  CHECK(s.Run("GET 1:1 scent") == "none");
  CHECK(s.Run("GET 1:1 health") == "{ current = 4, max = 4 }");  // the rat stays, whole
  CHECK(s.Run("REMOVE 1:1 scnet").rfind("error: unknown component type 'scnet'", 0) == 0);
  // A duplicate copies what is left; a step back to before the removal brings it all back.
  CHECK(s.Run("DUP 1:1") == "2:1");
  CHECK(s.Run("GET 2:1 ambience") == "{ sound = \"squeak\" } (not loaded)");
  CHECK(s.Run("GET 2:1 scent") == "none");
  CHECK(s.Run("TICK 2") == "tick 4");
  CHECK(s.Run("BACK 3") == "tick 1");
  CHECK(s.Run("GET 1:1 scent") == "{ strength = 3 } (not loaded)");
  CHECK(s.Run("GET 1:1 ambience:1") == "{ sound = \"hiss\" } (not loaded)");
  CHECK(s.Run("GET 2:1 scent") == "stale");
}

// The game protects its one player from duplication: the seed's ProtectedEntity, named in the
// reply, and nothing changes.
TEST_CASE("DUP of the player is ProtectedEntity and changes nothing", "[console][membership]") {
  Session s;
  const std::string h = s.Run("SPAWN");
  for (const std::string& line :
       {"SET " + h + " position { x = 1, y = 1 }", "SET " + h + " intent {}",
        "SET " + h + " health { current = 5, max = 5 }", "SET " + h + " player {}"})
    REQUIRE(s.Run(line) == "ok");
  const std::string before = s.Run("HASH");
  CHECK(s.Run("DUP " + h) ==
        "error: nothing duplicated: ProtectedEntity: the player cannot be duplicated (there is one "
        "player)");
  CHECK(s.Run("HASH") == before);
  CHECK(s.Run("REGISTRY").find("live=1 ") != std::string::npos);
}

}  // namespace console_test
