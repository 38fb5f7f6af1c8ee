// The autopickup file: data/autopickup.toml is exactly the rule the game starts with, a user's
// file lays its classes over it, and every problem is told at its line and column.
#include "content/autopickup_reader.h"

#include <catch2/catch.hpp>

#include "data/embedded_data.h"
#include "game/items.h"

namespace autopickup_reader_test {

using namespace cairn;

namespace {

constexpr std::string_view kHeader = "format = \"cairn-autopickup\"\nversion = 1\n";

// The problems of reading `text` over the default (which must be left as it was).
std::vector<TextProblem> Problems(const std::string& text) {
  AutoPickup rule;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ReadAutoPickup(text, rule, problems));
  CHECK(rule == AutoPickup{});
  return problems;
}

}  // namespace

TEST_CASE("data/autopickup.toml is the default rule, written out", "[autopickup]") {
  const std::string_view text = EmbeddedFile("autopickup.toml");
  REQUIRE_FALSE(text.empty());
  AutoPickup rule;
  rule.enabled = 0;  // everything below comes from the file
  rule.always = 0;
  rule.new_kinds = 0;
  std::vector<TextProblem> problems;
  REQUIRE(ReadAutoPickup(text, rule, problems));
  // The rule a new run has with no file: the fixed default, and staffs.
  CHECK(rule == kNewRunAutoPickup);
  CHECK(RuleOf(rule, ItemCategory::Staff) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Potion) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Scroll) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Wand) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Food) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Thrown) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Artifact) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Weapon) == PickupRule::New);
  CHECK(RuleOf(rule, ItemCategory::Armour) == PickupRule::New);
}

TEST_CASE("a user's file changes the classes it names and keeps the rest", "[autopickup]") {
  AutoPickup rule;
  std::vector<TextProblem> problems;
  REQUIRE(
      ReadAutoPickup(std::string(kHeader) +
                         "enabled = false\n[classes]\npotion = \"never\"\nweapon = \"always\"\n",
                     rule, problems));
  CHECK(rule.enabled == 0);
  CHECK(RuleOf(rule, ItemCategory::Potion) == PickupRule::Never);
  CHECK(RuleOf(rule, ItemCategory::Weapon) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Scroll) == PickupRule::Always);  // not named: the default's
  CHECK(RuleOf(rule, ItemCategory::Armour) == PickupRule::New);
  // The header alone is the default.
  AutoPickup plain;
  REQUIRE(ReadAutoPickup(kHeader, plain, problems));
  CHECK(plain == AutoPickup{});
}

TEST_CASE("a bad autopickup file is refused at each problem's line and column", "[autopickup]") {
  // Not TOML at all.
  auto problems = Problems(std::string(kHeader) + "[classes]\npotion = \n");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].position.line == 4);

  // Another kind of file.
  problems = Problems("format = \"cairn-keys\"\nversion = 1\n");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "not a cairn autopickup file (format is \"cairn-keys\")");
  CHECK(problems[0].position.line == 1);

  problems = Problems("format = \"cairn-autopickup\"\nversion = 2\n");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "autopickup version 2 is not supported (this build reads 1)");
  CHECK(problems[0].position.line == 2);

  // Every problem of the body at once, each where it is.
  problems = Problems(std::string(kHeader) +
                      "enabled = \"yes\"\n"       // line 3
                      "colour = 1\n"              // line 4
                      "[classes]\n"               // line 5
                      "potion = \"sometimes\"\n"  // line 6
                      "missiles = \"always\"\n"   // line 7
                      "wand = 3\n");              // line 8
  REQUIRE(problems.size() == 5);
  const auto at = [&](std::size_t line) -> std::string {
    for (const TextProblem& p : problems)
      if (p.position.line == line) return p.message;
    return "";
  };
  CHECK(at(3) == "the autopickup file: 'enabled' must be a boolean, not a string");
  CHECK(at(4).rfind("the autopickup file: unknown member 'colour'", 0) == 0);
  CHECK(at(6).rfind("[classes]: 'potion' is \"sometimes\", not one of: never, always, new", 0) ==
        0);
  CHECK(at(7) ==
        "[classes]: 'missiles' is not an item class (they are potion, scroll, weapon, armour, "
        "food, wand, thrown, artifact, staff; darts and javelins are thrown)");
  CHECK(at(8) == "[classes]: 'wand' must be a string, not an integer");
  for (const TextProblem& p : problems) CHECK(p.position.column >= 1);

  problems = Problems(std::string(kHeader) + "classes = [\"potion\"]\n");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "the autopickup file: 'classes' must be a table, not an array");
  CHECK(problems[0].position.line == 3);
}

}  // namespace autopickup_reader_test
