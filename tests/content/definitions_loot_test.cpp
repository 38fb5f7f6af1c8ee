// Monster loot in the definitions files: read in slot order, names checked with their place.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "content/definitions_reader.h"

namespace definitions_loot_test {

using namespace cairn;

namespace {

const std::string kHeader = "format = \"cairn-definitions\"\nversion = 1\n";
const std::string kMonster =
    "[[monster]]\nid = \"imp\"\nname = \"imp\"\nglyph = \"i\"\ncolour = \"red\"\nhealth = "
    "3\naccuracy = 1\n"
    "defense = 0\ndamage = \"1d2\"\nspeed = 10\nprofile = \"melee\"\nsight = 5\n"
    "depth = [1, 2]\nfrequency = 1\n";
const std::string kItem =
    "[[item]]\nid = \"pebble\"\nname = \"pebble\"\ncategory = \"thrown\"\nglyph = \"*\"\n"
    "colour = \"grey\"\ndamage = \"1d2\"\n"
    "depth = [1, 2]\nfrequency = 1\n";

}  // namespace

TEST_CASE("a monster's loot names items, even ones defined after it", "[content]") {
  DefinitionSet set;
  std::vector<TextProblem> problems;
  REQUIRE(ReadDefinitions(
      kHeader + kMonster + "loot = [{ item = \"pebble\", chance = 40 }, { item = \"pebble\" }]\n" +
          kItem,
      set, problems));
  REQUIRE(set.monsters.size() == 1);
  REQUIRE(set.monsters[0].loot.size() == 2);
  CHECK(set.monsters[0].loot[0].item == "pebble");
  CHECK(set.items[set.monsters[0].loot[0].index].id == "pebble");
  CHECK(set.monsters[0].loot[0].chance == 40);
  CHECK(set.monsters[0].loot[1].chance == 100);
}

TEST_CASE("loot naming no item, or badly written, is an error with its place", "[content]") {
  DefinitionSet set;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ReadDefinitions(
      kHeader + kMonster +
          "loot = [{ item = \"pebbel\", chance = 40 }, 3, { item = \"pebble\", chance = 0 }]\n" +
          kItem,
      set, problems));
  CHECK(set.monsters.empty());
  REQUIRE(problems.size() == 3);
  std::vector<std::string> said;
  for (const TextProblem& p : problems)
    said.push_back(std::to_string(p.position.line) + ":" + std::to_string(p.position.column) + " " +
                   p.message);
  CHECK(std::find(said.begin(), said.end(),
                  "17:43 monster 'imp': each loot entry is a table { item, chance }") !=
        said.end());
  CHECK(std::find(said.begin(), said.end(),
                  "17:18 monster 'imp': loot names 'pebbel', which is not an item") != said.end());
  CHECK(std::find(said.begin(), said.end(),
                  "17:74 monster 'imp' loot: 'chance' is 0, outside 1..100") != said.end());
}

TEST_CASE("a monster drops from at most kMaxLootEntries entries", "[content]") {
  std::string list;
  for (std::size_t n = 0; n <= kMaxLootEntries; ++n)
    list += std::string(n == 0 ? "" : ", ") + "{ item = \"pebble\" }";
  DefinitionSet set;
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      ReadDefinitions(kHeader + kMonster + "loot = [" + list + "]\n" + kItem, set, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "monster 'imp': loot lists " + std::to_string(kMaxLootEntries + 1) +
                                   " entries; a monster drops from at most " +
                                   std::to_string(kMaxLootEntries));
}

TEST_CASE("the built-in monsters drop built-in items", "[content]") {
  const auto defaults = DefaultDefinitions();
  REQUIRE(defaults != nullptr);
  const MonsterDefinition* goblin = defaults->FindMonster("goblin");
  REQUIRE(goblin != nullptr);
  REQUIRE(goblin->loot.size() == 1);
  CHECK(defaults->items[goblin->loot[0].index].id == "potion-healing");
  // Checked on its own, as `cairn check data/monsters.toml` does, against the built-in items.
  DefinitionSet alone;
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      ReadDefinitions(kHeader + kMonster + "loot = [{ item = \"ration\" }]\n", alone, problems));
  problems.clear();
  CHECK(ReadDefinitions(kHeader + kMonster + "loot = [{ item = \"ration\" }]\n", alone, problems,
                        nullptr, defaults.get()));
}

}  // namespace definitions_loot_test
