// Levels: the format in docs/formats/level.md, read, validated, built and written back.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/fault_injection.h"
#include "content/level_loader.h"
#include "game/state_hash.h"
#include "keymap/keymap.h"
#include "sim/session.h"
#include "support/test_content.h"

namespace level_test {

using namespace cairn;

namespace {

std::string ReadSource(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

const std::string kHeader =
    "format = \"cairn-level\"\nversion = 1\nname = \"t\"\n\n[map]\n"
    "legend = { \"#\" = \"wall\", \".\" = \"floor\" }\nrows = [\n  \"#####\",\n  \"#...#\",\n  "
    "\"#####\",\n]\n";

// Loads `text`; returns the problems ("LINE:COLUMN message" each).
std::vector<std::string> Problems(const std::string& text,
                                  WorldLimits limits = WorldLimits::Uniform(64)) {
  LevelDefinition level;
  std::vector<TextProblem> problems;
  (void)LoadLevelText(text, *cairn::test::Definitions(), limits, level, problems);
  std::vector<std::string> out;
  for (const TextProblem& p : problems)
    out.push_back(std::to_string(p.position.line) + ":" + std::to_string(p.position.column) + " " +
                  p.message +
                  (p.first.line == 0 ? std::string()
                                     : " (first at " + std::to_string(p.first.line) + ":" +
                                           std::to_string(p.first.column) + ")"));
  return out;
}

bool Has(const std::vector<std::string>& problems, const std::string& expected) {
  for (const std::string& p : problems)
    if (p == expected) return true;
  UNSCOPED_INFO("expected: " << expected);
  for (const std::string& p : problems) UNSCOPED_INFO("     got: " << p);
  return false;
}

std::string Entity(const std::string& body) {
  return "\n[[entity]]\n" + body;
}

}  // namespace

TEST_CASE("every data file reads, and every level writes back byte for byte", "[content]") {
  int levels = 0;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(CAIRN_SOURCE_DIR "/data")) {
    if (entry.path().extension() != ".toml") continue;
    const std::string text = ReadSource(entry.path());
    INFO(entry.path().string());
    if (text.find("format = \"cairn-level\"") == std::string::npos) continue;
    LevelDocument document;
    std::vector<TextProblem> problems;
    REQUIRE(ReadLevelDocument(text, document, problems));
    LevelDefinition level;
    REQUIRE(LoadLevelDocument(document, *cairn::test::Definitions(), WorldLimits::Uniform(4096),
                              level, problems));
    CHECK(WriteLevelDocument(document) == text);
    ++levels;
  }
  CHECK(levels >= 3);
}

TEST_CASE("the hand-made levels use references, a Many component and an unknown component",
          "[content]") {
  bool reference = false, many = false, unknown = false;
  for (const char* name : {"cellar", "warren", "vault"}) {
    LevelDefinition level;
    std::vector<TextProblem> problems;
    REQUIRE(
        LoadLevelText(ReadSource(std::string(CAIRN_SOURCE_DIR "/data/levels/") + name + ".toml"),
                      *cairn::test::Definitions(), WorldLimits::Uniform(4096), level, problems));
    for (const LevelEntity& e : level.entities) {
      reference = reference || IsLevelReference(e.components.item.holder) ||
                  IsLevelReference(e.components.ai.target);
      many = many || (e.components.Has<Loot>() && e.components.loot.entries.size() >= 2);
      unknown = unknown || !e.preserved.empty();
    }
  }
  CHECK(reference);
  CHECK(many);
  CHECK(unknown);
}

TEST_CASE("references are resolved to handles when the world is built", "[content]") {
  LevelDefinition level;
  std::vector<TextProblem> problems;
  REQUIRE(LoadLevelText(ReadSource(CAIRN_SOURCE_DIR "/data/levels/vault.toml"),
                        *cairn::test::Definitions(), WorldLimits::Uniform(4096), level, problems));
  std::unique_ptr<GameWorld> world;
  std::vector<EntityId> created;
  REQUIRE(BuildWorld(level, WorldLimits::Uniform(4096), cairn::test::Definitions(), 1, world,
                     &created) == Status::Ok);
  // key-stone is held by the ogre: a forward reference would work as well (pass 2 sets it).
  std::size_t ogre = 0, stone = 0;
  for (std::size_t i = 0; i < level.entities.size(); ++i) {
    if (level.entities[i].authored_id == "ogre") ogre = i;
    if (level.entities[i].authored_id == "key-stone") stone = i;
  }
  CHECK(world->Items().Find(created[stone])->holder == created[ogre]);
  CHECK_FALSE(world->Positions().Contains(created[stone]));  // carried: no place of its own
}

TEST_CASE("an unknown component is kept exactly as written", "[content]") {
  const std::string text =
      kHeader +
      Entity(
          "id = \"a\"\ncomponents = [\n"
          "  { type = \"position\", version = 1, slot = 0, body = { x = 1, y = 1 } },\n"
          "  { type = \"not_a_component\", version = 7, slot = 3, body = {hue=200 ,  tags=[\"a\", "
          "\"}\"], "
          "inner={ x = 1 }} },\n"
          "]\n") +
      Entity(
          "id = \"player\"\nkind = \"player\"\ncomponents = [\n"
          "  { type = \"position\", version = 1, slot = 0, body = { x = 3, y = 1 } },\n]\n");
  LevelDocument document;
  std::vector<TextProblem> problems;
  REQUIRE(ReadLevelDocument(text, document, problems));
  LevelDefinition level;
  REQUIRE(LoadLevelDocument(document, *cairn::test::Definitions(), WorldLimits::Uniform(64), level,
                            problems));
  REQUIRE(level.entities[0].preserved.size() == 1);
  const PreservedComponent& glow = level.entities[0].preserved[0];
  CHECK(glow.type == "not_a_component");
  CHECK(glow.version == 7);
  CHECK(glow.slot == 3);
  CHECK(glow.body == "{hue=200 ,  tags=[\"a\", \"}\"], inner={ x = 1 }}");
  CHECK(WriteLevelDocument(document).find(
            "body = {hue=200 ,  tags=[\"a\", \"}\"], inner={ x = 1 }} }") != std::string::npos);
  // Only its text is kept: its tree (which can be most of the file) is not copied.
  CHECK(document.entities[0].components[1].body.members.empty());
  CHECK(document.entities[0].components[0].body.members.size() == 2);
}

// A name is shown on the terminal (status line, message log): issue 13 found ESC sequences from
// files reaching it. Such a name is refused where it is written, quoted escaped.
TEST_CASE("a level or entity name holding a control character is refused", "[content]") {
  std::string text =
      kHeader + Entity(
                    "id = \"player\"\nkind = \"player\"\nname = \"you\\u001b[2J\"\n"
                    "components = [\n  { type = \"position\", version = 1, slot = 0, "
                    "body = { x = 1, y = 1 } },\n]\n");
  text.replace(text.find("name = \"t\""), 10, "name = \"t\\u009b\"");
  const std::vector<std::string> found = Problems(text);
  CHECK(Has(found,
            "3:8 the level: 'name' holds a control character (\"t\\u{9b}\"); it is shown on the "
            "terminal"));
  CHECK(Has(found,
            "16:8 entity 'player': 'name' holds a control character (\"you\\x1b[2J\"); it is "
            "shown on the terminal"));
}

TEST_CASE("each class of error is reported at its line and column", "[content]") {
  SECTION("TOML syntax") {
    CHECK(Has(Problems("format = \"cairn-level\"\nversion = \n"),
              "2:11 Error while parsing key-value pair: expected value, saw '\\n'"));
  }
  SECTION("unknown and duplicate members, wrong kinds") {
    const auto p = Problems(kHeader + "colour = 3\n" +
                            Entity("id = \"a\"\nshape = \"round\"\ncomponents = 7\n"));
    CHECK(Has(p, "12:1 [map]: unknown member 'colour'"));  // after [map], a key belongs to it
    CHECK(Has(p, "16:1 entity 'a': unknown member 'shape'"));
    CHECK(Has(p, "17:14 entity 'a': 'components' must be an array, not an integer"));
  }
  SECTION("duplicate members inside a table") {
    CHECK(Has(Problems(kHeader + Entity("id = \"a\"\nid = \"b\"\ncomponents = []\n")),
              "15:6 Error while parsing key-value pair: cannot redefine existing string 'id'"));
  }
  SECTION("wrong kinds and values out of range") {
    const auto p =
        Problems(kHeader + Entity("id = \"a\"\ncomponents = [\n  { type = \"position\", version = "
                                  "1, slot = 0, body = { x = \"one\", y = 9999999 } },\n]\n"));
    CHECK(Has(p, "16:60 entity 'a': position.x must be an integer, found a string"));
    CHECK(Has(p, "16:71 entity 'a': position.y is 9999999, outside -1000000..1000000"));
  }
  SECTION("duplicate ids") {
    const auto p = Problems(kHeader + Entity("id = \"a\"\ncomponents = []\n") +
                            Entity("id = \"a\"\ncomponents = []\n"));
    CHECK(Has(p, "18:6 duplicate entity id 'a' (first at 14:6)"));
  }
  SECTION("duplicate uuids name both entities and both places") {
    std::string v2 = kHeader;
    v2.replace(v2.find("version = 1\n"), 12, "version = 2\n");
    v2.replace(v2.find("[map]"), 0, "uuid = \"0b7e8c1d-2f43-4a96-9d51-6c2e4f8a1b3d\"\n");
    const std::string uuid = "uuid = \"5d1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a69\"\n";
    const auto p = Problems(v2 + Entity("id = \"a\"\n" + uuid + "components = []\n") +
                            Entity("id = \"b\"\n" + uuid + "components = []\n"));
    CHECK(Has(p,
              "21:8 duplicate entity uuid 5d1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a69: entity 'b' has the "
              "uuid of entity 'a' (first at 16:8)"));
    // Printed, both places are PATH:LINE:COLUMN.
    LevelDefinition level;
    std::vector<TextProblem> problems;
    (void)LoadLevelText(v2 + Entity("id = \"a\"\n" + uuid + "components = []\n") +
                            Entity("id = \"b\"\n" + uuid + "components = []\n"),
                        *cairn::test::Definitions(), WorldLimits::Uniform(64), level, problems);
    REQUIRE(problems.size() == 1);
    CHECK(FormatProblem("v2.toml", problems[0]) ==
          "v2.toml:21:8: error: duplicate entity uuid 5d1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a69: "
          "entity 'b' has the uuid of entity 'a' (first at v2.toml:16:8)");
  }
  SECTION("references that resolve to nothing") {
    const auto p = Problems(
        kHeader + Entity("id = \"d\"\nkind = \"item:dagger\"\ncomponents = [\n  { type = \"item\", "
                         "version = 1, slot = 0, body = { holder = \"nobody\" } },\n]\n"));
    CHECK(Has(p, "17:61 entity 'd': item.holder: 'nobody' names no entity in this level"));
  }
  SECTION("map glyphs missing from the legend") {
    const std::string text =
        "format = \"cairn-level\"\nversion = 1\nname = \"t\"\n[map]\nlegend = { \"#\" = \"wall\" "
        "}\nrows = [\"#?#\", \"##\"]\n";
    const auto p = Problems(text);
    CHECK(Has(p, "6:11 map character '?' is not in the legend"));
    CHECK(Has(p, "6:16 map row 1 is 2 characters wide; the first row is 3"));
  }
  SECTION("entities outside the map or inside walls") {
    const auto p =
        Problems(kHeader +
                 Entity("id = \"out\"\nkind = \"item:dagger\"\ncomponents = [\n  { type = "
                        "\"position\", version = 1, slot = 0, body = { x = 9, y = 1 } },\n]\n") +
                 Entity("id = \"in\"\nkind = \"item:dagger\"\ncomponents = [\n  { type = "
                        "\"position\", version = 1, slot = 0, body = { x = 0, y = 0 } },\n]\n"));
    CHECK(Has(p, "17:3 entity 'out' at (9,1) is outside the map (5x3)"));
    CHECK(Has(p, "24:3 entity 'in' at (0,0) is inside a wall"));
  }
  SECTION("multiplicity") {
    const auto p = Problems(
        kHeader +
        Entity("id = \"m\"\nkind = \"monster:rat\"\ncomponents = [\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 1, y = 1 } },\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 2, y = 1 } },\n"
               "  { type = \"health\", version = 1, slot = 1, body = {} },\n"
               "  { type = \"loot\", version = 1, slot = 2, body = { item = \"ration\" } },\n"
               "  { type = \"loot\", version = 1, slot = 2, body = { item = \"ration\" } },\n"
               "]\n"));
    CHECK(Has(p,
              "18:3 entity 'm' component position: a second position (a single component) (first "
              "at 17:3)"));
    CHECK(Has(p, "19:3 entity 'm' component health: health is a single component: its slot is 0"));
    CHECK(Has(p, "21:3 entity 'm' component loot: duplicate slot 2 (first at 20:3)"));
  }
  SECTION("requires and rejects") {
    const auto p =
        Problems(kHeader + Entity("id = \"x\"\ncomponents = [\n"
                                  "  { type = \"blocker\", version = 1, slot = 0, body = {} },\n"
                                  "  { type = \"item\", version = 1, slot = 0, body = {} },\n"
                                  "]\n"));
    CHECK(Has(p, "16:3 entity 'x': blocker requires position"));
    CHECK(Has(p, "17:3 entity 'x': item cannot be with blocker"));
  }
  SECTION("capacity exceeded") {
    const auto p = Problems(
        kHeader + Entity("id = \"a\"\ncomponents = []\n") + Entity("id = \"b\"\ncomponents = []\n"),
        WorldLimits::Uniform(1));
    CHECK(Has(p, "17:1 the level has 2 entities; the world holds at most 1"));
  }
  SECTION("kinds, versions and formats") {
    const auto p = Problems(
        kHeader +
        Entity("id = \"k\"\nkind = \"monster:dragon\"\ncomponents = [\n"
               "  { type = \"position\", version = 9, slot = 0, body = { x = 1, y = 1 } },\n]\n"));
    CHECK(Has(p, "15:8 entity 'k': there is no monster kind 'dragon'"));
    CHECK(
        Has(p, "17:3 entity 'k' component position: version 9 is newer than this build reads (1)"));
    CHECK(Has(Problems("format = \"cairn-level\"\nversion = 3\n"),
              "2:11 level version 3 is not supported (this build reads 1 and 2)"));
  }
}

TEST_CASE("what the rules need of a level is checked, at the entity or component at fault",
          "[content]") {
  // game/level_invariants.h: the same checks a save's floors pass (tests/save).
  const std::string player = Entity(
      "id = \"p\"\nkind = \"player\"\ncomponents = [\n"
      "  { type = \"position\", version = 1, slot = 0, body = { x = 1, y = 1 } },\n"
      "  { type = \"inventory\", version = 1, slot = 0, body = { capacity = 26, count = 2 } "
      "},\n]\n");  // lines 12-19
  const auto carried = [](const std::string& id, const std::string& item) {
    return Entity("id = \"" + id +
                  "\"\nkind = \"item:dagger\"\ncomponents = [\n"
                  "  { type = \"item\", version = 1, slot = 0, body = { " +
                  item + " } },\n]\n");
  };
  SECTION("exactly one player") {
    CHECK(Has(
        Problems(
            kHeader +
            Entity(
                "id = \"d\"\nkind = \"item:dagger\"\ncomponents = [\n"
                "  { type = \"position\", version = 1, slot = 0, body = { x = 1, y = 1 } },\n]\n")),
        "13:1 the level has no player"));
    const auto two = Problems(
        kHeader + player +
        Entity("id = \"q\"\nkind = \"player\"\ncomponents = [\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 3, y = 1 } },\n]\n"));
    CHECK(Has(two, "21:1 entity 'q' is a second player (a run has one)"));
  }
  SECTION("two that block one cell") {
    const auto p = Problems(
        kHeader + player +
        Entity("id = \"r\"\nkind = \"monster:rat\"\ncomponents = [\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 1, y = 1 } },\n]\n"));
    CHECK(Has(
        p, "25:3 entity 'r' at (1,1) stands where 'p' already stands (two that block one cell)"));
  }
  SECTION("health within range; a dead monster is refused") {
    const auto p = Problems(
        kHeader + player +
        Entity("id = \"r\"\nkind = \"monster:rat\"\ncomponents = [\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 2, y = 1 } },\n"
               "  { type = \"health\", version = 1, slot = 0, body = { current = 0, max = 4 } "
               "},\n]\n") +
        Entity("id = \"s\"\nkind = \"monster:rat\"\ncomponents = [\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 3, y = 1 } },\n"
               "  { type = \"health\", version = 1, slot = 0, body = { current = 9, max = 4 } "
               "},\n]\n"));
    CHECK(Has(
        p, "26:3 entity 'r' has no health left (0): a dead entity is removed in the tick it dies"));
    CHECK(Has(p, "34:3 entity 's' has more health (9) than its max (4)"));
  }
  SECTION("holders: never itself, never an item, never a cycle") {
    const auto p = Problems(kHeader + player + carried("a", "holder = \"a\", letter = 97") +
                            carried("b", "holder = \"c\", letter = 98") +
                            carried("c", "holder = \"b\", letter = 99"));
    CHECK(Has(p, "25:3 entity 'a' is held by itself"));
    CHECK(Has(p, "32:3 entity 'b' is in a cycle of holders (items holding each other)"));
    CHECK(Has(p, "39:3 entity 'c' is in a cycle of holders (items holding each other)"));
    CHECK(Has(p, "18:3 entity 'p' counts 2 items but carries 0"));
  }
  SECTION("letters and equipment") {
    const auto p =
        Problems(kHeader + player + carried("a", "holder = \"p\", letter = 97, equipped = 1") +
                 carried("b", "holder = \"p\", letter = 97, equipped = 1"));
    CHECK(Has(p, "32:3 entity 'b' has the letter 'a' of 'a', carried by the same holder"));
    CHECK(Has(p, "32:3 entity 'b' is a second weapon wielded by its holder, after 'a'"));
    const auto unlettered = Problems(kHeader + player + carried("a", "holder = \"p\"") +
                                     carried("b", "holder = \"p\", letter = 98"));
    CHECK(Has(unlettered, "25:3 entity 'a' is carried by the player under no letter"));
  }
  SECTION("stacks and placement of carried items") {
    const auto p = Problems(
        kHeader + player + carried("a", "holder = \"p\", letter = 97, quantity = 0") +
        Entity("id = \"b\"\nkind = \"item:dagger\"\ncomponents = [\n"
               "  { type = \"position\", version = 1, slot = 0, body = { x = 2, y = 1 } },\n"
               "  { type = \"item\", version = 1, slot = 0, body = { holder = \"p\", letter = 98 } "
               "},\n]\n"));
    CHECK(Has(p, "25:3 entity 'a' is a stack of 0 (at least 1)"));
    CHECK(Has(p, "32:3 entity 'b' is carried (it has a holder), so it has no position"));
  }
}

TEST_CASE("a bad level or a failed reserve leaves the running world exactly as it was",
          "[content]") {
  SessionConfig config = cairn::test::Config();
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  REQUIRE(session->RunTicks(20) == Status::Ok);
  const std::uint64_t world_id = session->World().WorldId();
  const std::uint64_t hash = DigestState(session->World()).total;

  LevelDefinition next;
  std::vector<TextProblem> problems;
  REQUIRE(LoadLevelText(ReadSource(CAIRN_SOURCE_DIR "/data/levels/warren.toml"),
                        *config.definitions, config.limits, next, problems));
  auto level = std::make_shared<LevelDefinition>(next);
  // Count the reserves a successful build makes, then fail each one in turn.
  std::unique_ptr<GameWorld> probe;
  fault_injection::FailAllocationAt(-1);
  REQUIRE(BuildWorld(*level, config.limits, config.definitions, 1, probe) == Status::Ok);
  const std::int64_t reserves = fault_injection::AllocationsSeen();
  REQUIRE(reserves > 10);
  for (std::int64_t at = 0; at < reserves; ++at) {
    INFO("failing reserve " << at);
    fault_injection::FailAllocationAt(at);
    CHECK(session->ReplaceLevel(level) == Status::AllocationFailed);
    fault_injection::Disarm();
    CHECK(session->World().WorldId() == world_id);
    CHECK(DigestState(session->World()).total == hash);
  }
  REQUIRE(session->ReplaceLevel(level) == Status::Ok);
  CHECK(session->World().WorldId() != world_id);
}

}  // namespace level_test

namespace level_test {

TEST_CASE("a machine's wiring is refused where it is written when it names the wrong thing",
          "[content][machine]") {
  const std::string player = Entity(
      "id = \"player\"\nkind = \"player\"\ncomponents = [{ type = \"position\", version = 1, "
      "slot = 0, body = { x = 1, y = 1 } }]\n");
  const auto trigger = [](const std::string& id, const std::string& how,
                          const std::string& target) {
    return Entity(
        "id = \"" + id +
        "\"\ncomponents = [\n  { type = \"position\", version = 1, slot = 0, body = { x = "
        "2, y = 1 } },\n  { type = \"trigger\", version = 1, slot = 0, body = { how = \"" +
        how + "\", target = \"" + target + "\" } },\n]\n");
  };
  const std::string gate = Entity(
      "id = \"gate\"\ncomponents = [{ type = \"position\", version = 1, slot = 0, body = { x = 3, "
      "y = 1 } }, { type = \"gate\", version = 1, slot = 0, body = { open = 1 } }]\n");
  // Wired to a gate: it loads.
  CHECK(Problems(kHeader + player + gate + trigger("lever", "bump", "gate")).empty());
  // Wired to nothing there, to something no trigger can set off, or a take trigger to a gate.
  CHECK(Has(Problems(kHeader + player + trigger("lever", "bump", "nowhere")),
            "22:78 entity 'lever': trigger.target: 'nowhere' names no entity in this level"));
  CHECK(Has(Problems(kHeader + player + trigger("lever", "bump", "player")),
            "22:3 entity 'lever' has a trigger wired to 'player', which is no gate, trap or vault "
            "(nothing a trigger can set off)"));
  CHECK(Has(Problems(kHeader + player + gate + trigger("altar", "take", "gate")),
            "26:3 entity 'altar' has a take trigger wired to 'gate', which is no vault (taking a "
            "treasure closes a vault)"));
}

}  // namespace level_test
