// Content duplicates are refused with both places: `PATH:LINE:COLUMN: error: duplicate ... (first
// at PATH:LINE:COLUMN)` (docs/decisions/0015). Level ids and uuids are in level_test.cpp, the
// manifest's entries in identity_test.cpp, saves in save_test.cpp, key maps in keymap_test.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "content/definitions_reader.h"
#include "content/dungeon_reader.h"
#include "support/test_content.h"

namespace duplicates_test {

using namespace cairn;

namespace {

const std::string kRat =
    "[[monster]]\nid = \"rat\"\nname = \"rat\"\nglyph = \"r\"\ncolour = \"brown\"\nhealth = "
    "4\naccuracy = 2\ndefense = 0\ndamage = \"1d3\"\nspeed = 10\nprofile = \"melee\"\nsight = "
    "6\ndepth = [1, 3]\nfrequency = 12\n";
const std::string kHead = "format = \"cairn-definitions\"\nversion = 1\n";

std::vector<std::string> Lines(const std::vector<TextProblem>& problems, const std::string& path) {
  std::vector<std::string> out;
  for (const TextProblem& p : problems) out.push_back(FormatProblem(path, p));
  return out;
}

}  // namespace

TEST_CASE("a definition id defined twice in one file names both places", "[content]") {
  DefinitionSet set;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ReadDefinitions(kHead + "\n" + kRat + "\n" + kRat, set, problems));
  CHECK(set.monsters.empty());  // unchanged on failure
  // The first [[monster]] opens on line 4 (its id on 5), the second on line 19 (its id on 20).
  CHECK(
      Lines(problems, "monsters.toml") ==
      std::vector<std::string>{"monsters.toml:20:6: error: duplicate definition id 'rat' (first at "
                               "monsters.toml:5:6)"});
}

TEST_CASE("a definition id defined in two files names the other file", "[content]") {
  DefinitionSet set;
  DefinitionPlaces places;
  std::vector<TextProblem> problems;
  places.file = "data/monsters.toml";
  REQUIRE(ReadDefinitions(kHead + "\n" + kRat, set, problems, &places));
  places.file = "mod/more.toml";
  CHECK_FALSE(ReadDefinitions(kHead + "\n" + kRat, set, problems, &places));
  CHECK(
      Lines(problems, "mod/more.toml") ==
      std::vector<std::string>{"mod/more.toml:5:6: error: duplicate definition id 'rat' (first at "
                               "data/monsters.toml:5:6)"});
}

TEST_CASE("the built-in definitions have no duplicates", "[content]") {
  std::vector<TextProblem> problems;
  CHECK(DefaultDefinitions(&problems) != nullptr);
  CHECK(problems.empty());
}

TEST_CASE("two set piece files with one level uuid are refused at both places", "[content]") {
  const auto level = [](const std::string& name) {
    return "format = \"cairn-level\"\nversion = 2\nname = \"" + name +
           "\"\nuuid = \"0b7e8c1d-2f43-4a96-9d51-6c2e4f8a1b3d\"\n[map]\nlegend = { \"#\" = "
           "\"wall\", \".\" = \"floor\" }\nrows = [\"#####\", \"#...#\", \"#####\"]\n"
           "[[entity]]\nid = \"player\"\nuuid = \"5d1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a69\"\nkind = "
           "\"player\"\ncomponents = [{ type = \"position\", version = 1, slot = 0, body = { x = "
           "1, y "
           "= 1 } }]\n";
  };
  const LevelSource levels = [&](const std::string& path, std::string& text, std::string&) {
    text = level(path);
    return true;
  };
  const std::string plan =
      "format = \"cairn-dungeon\"\nversion = 1\nfloors = 10\n"
      "[[set_piece]]\nlevel = \"a.toml\"\ndepth = [1, 2]\n"
      "[[set_piece]]\nlevel = \"a.toml\"\ndepth = [3, 4]\n"  // one asset placed twice: fine
      "[[set_piece]]\nlevel = \"b.toml\"\ndepth = [5, 6]\n";
  DungeonPlan out;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ReadDungeonPlan(plan, *cairn::test::Definitions(), WorldLimits::Uniform(4096), levels,
                              out, problems));
  CHECK(Lines(problems, "dungeon.toml") ==
        std::vector<std::string>{
            "dungeon.toml:11:9: error: duplicate level uuid 0b7e8c1d-2f43-4a96-9d51-6c2e4f8a1b3d: "
            "set piece 'b.toml' has the uuid of set piece 'a.toml' (first at dungeon.toml:5:9)"});
}

}  // namespace duplicates_test
