// The deep edition's members in the definitions files: what each profile needs, and what a staff
// and heavy armour may say, refused with the place and the reason when wrong.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "content/definitions_reader.h"

namespace definitions_profiles_test {

using namespace cairn;

namespace {

const std::string kHeader = "format = \"cairn-definitions\"\nversion = 1\n";

std::string Monster(const std::string& id, const std::string& profile, const std::string& more) {
  return "[[monster]]\nid = \"" + id + "\"\nname = \"" + id +
         "\"\nglyph = \"i\"\ncolour = \"red\"\nhealth = 3\naccuracy = 1\ndefense = 0\n"
         "damage = \"1d2\"\nspeed = 10\nprofile = \"" +
         profile + "\"\nsight = 5\ndepth = [1, 2]\nfrequency = 1\n" + more;
}

// Every problem of reading `text`, "LINE:COLUMN message" each; empty when it read.
std::vector<std::string> Problems(const std::string& text, DefinitionSet* out = nullptr) {
  DefinitionSet set;
  std::vector<TextProblem> problems;
  if (ReadDefinitions(kHeader + text, set, problems) && out != nullptr) *out = set;
  std::vector<std::string> said;
  for (const TextProblem& p : problems)
    said.push_back(std::to_string(p.position.line) + ":" + std::to_string(p.position.column) + " " +
                   p.message);
  return said;
}

bool Says(const std::vector<std::string>& said, const std::string& text) {
  return std::any_of(said.begin(), said.end(),
                     [&](const std::string& s) { return s.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("a summoner names the kind it calls, defined before or after it", "[content]") {
  DefinitionSet set;
  REQUIRE(Problems(Monster("caller", "summoner",
                           "summons = \"bone\"\nsummon_count = 2\ncooldown = 5\n") +
                       Monster("bone", "melee", ""),
                   &set)
              .empty());
  REQUIRE(set.monsters.size() == 2);
  CHECK(set.monsters[set.monsters[0].summons_index].id == "bone");
}

TEST_CASE("a summoner without a call, calling itself, another summoner or nothing is refused",
          "[content]") {
  CHECK(Says(Problems(Monster("caller", "summoner", "")),
             "a summoner needs summons, summon_count and cooldown"));
  CHECK(Says(Problems(Monster("caller", "summoner", "summons = \"bone\"\nsummon_count = 2\n") +
                      Monster("bone", "melee", "")),
             "a summoner needs summons, summon_count and cooldown"));  // no cooldown
  CHECK(Says(Problems(Monster("caller", "summoner",
                              "summons = \"caller\"\nsummon_count = 2\ncooldown = 5\n")),
             "17:11 monster 'caller': a summoner cannot call its own kind"));
  CHECK(Says(
      Problems(
          Monster("caller", "summoner", "summons = \"other\"\nsummon_count = 2\ncooldown = 5\n") +
          Monster("other", "summoner", "summons = \"caller\"\nsummon_count = 1\ncooldown = 5\n")),
      "a summoner itself"));
  CHECK(Says(Problems(Monster("caller", "summoner",
                              "summons = \"bnoe\"\nsummon_count = 2\ncooldown = 5\n")),
             "summons 'bnoe', which is not a monster"));
  CHECK(Says(Problems(Monster("imp", "melee", "summons = \"imp\"\n")), "only a summoner summons"));
}

TEST_CASE("a blinker needs its range, a breather its breath", "[content]") {
  CHECK(Says(Problems(Monster("spider", "blinker", "")), "a blinker needs the range"));
  CHECK(Says(Problems(Monster("drake", "breather", "")), "a breather needs a ranged attack"));
  CHECK(Problems(Monster("drake", "breather",
                         "ranged = \"2d6\"\nrange = 5\nranged_verb = \"breathes fire at\"\n"))
            .empty());
}

TEST_CASE("a staff needs charges and recharge; only armour is loud or heavy", "[content]") {
  const std::string staff =
      "[[item]]\nid = \"rod\"\nname = \"rod\"\ncategory = \"staff\"\nglyph = \"_\"\n"
      "colour = \"red\"\neffect = \"fire\"\ndamage = \"1d4\"\ndepth = [1, 2]\nfrequency = 1\n";
  CHECK(Says(Problems(staff), "a staff needs charges and recharge"));
  CHECK(Problems(staff + "charges = [2, 2]\nrecharge = 30\n").empty());
  const std::string mail =
      "[[item]]\nid = \"mail\"\nname = \"mail\"\ncategory = \"armour\"\nglyph = \"[\"\n"
      "colour = \"grey\"\ndefense = 5\ndepth = [1, 2]\nfrequency = 1\n";
  CHECK(Problems(mail + "noise = 3\nmove_speed = 12\n").empty());
  CHECK(Says(Problems(staff + "charges = [2, 2]\nrecharge = 30\nnoise = 3\n"),
             "only armour has noise and move_speed"));
  CHECK(Says(Problems(mail + "recharge = 30\n"), "only a staff recharges"));
}

}  // namespace definitions_profiles_test
