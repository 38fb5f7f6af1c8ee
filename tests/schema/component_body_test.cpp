#include "schema/component_body.h"

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>

#include "schema/component_types.h"
#include "support/test_content.h"
#include "toml/toml_reader.h"

namespace component_body_test {

using namespace cairn;

namespace {

TomlValue Body(const std::string& text) {
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml("body = " + text, root, error));
  return *root.Find("body");
}

const ComponentTypeInfo& HealthType() {
  return *FindComponentType("health");
}

// References written as "slot:generation" of world 9; "" is null; anything else names nothing.
class TestReferences final : public DefinitionSetReferences {
 public:
  TestReferences() : DefinitionSetReferences(*cairn::test::Definitions()) {}
  bool Parse(std::string_view text, EntityId& out, std::string& error) const override {
    if (text.empty()) {
      out = EntityId{};
      return true;
    }
    unsigned slot = 0, generation = 0;
    if (std::sscanf(std::string(text).c_str(), "%u:%u", &slot, &generation) != 2) {
      error = "no such entity '" + std::string(text) + "'";
      return false;
    }
    out = EntityId{9, slot, generation};
    return true;
  }
  std::string Format(EntityId id) const override {
    return id.IsNull() ? "" : std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
  }
};
// Made at first use: the definitions are loaded by a helper that may fail a test, so not before
// Catch2 runs.
const TestReferences& Refs() {
  static const TestReferences references;
  return references;
}

}  // namespace

TEST_CASE("a body decodes into fields and formats canonically", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<TextProblem> problems;
  REQUIRE(
      DecodeComponentBody(HealthType(), Body("{max=10, current = 5}"), Refs(), fields, problems));
  CHECK(fields[0].integer == 5);
  CHECK(fields[1].integer == 10);
  CHECK(FormatComponentBody(HealthType(), fields, Refs()) == "{ current = 5, max = 10 }");
}

TEST_CASE("fields left out take their declared defaults", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<TextProblem> problems;
  REQUIRE(DecodeComponentBody(*FindComponentType("position"), Body("{ y = 3 }"), Refs(), fields,
                              problems));
  CHECK(fields[0].integer == 0);
  CHECK(fields[1].integer == 3);
}

TEST_CASE("every problem in a body is reported with its position, and nothing is written",
          "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  fields[0].integer = 77;
  std::vector<TextProblem> problems;
  CHECK_FALSE(DecodeComponentBody(HealthType(), Body("{ current = \"x\", max = 0, speed = 2 }"),
                                  Refs(), fields, problems));
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].message == "health.current must be an integer, found a string");
  CHECK(problems[0].position.column == 20);
  CHECK(problems[1].message == "health.max is 0, outside 1..1000000");
  CHECK(problems[2].message.find("unknown field 'speed' in health (its fields: current, max)") ==
        0);
  CHECK(fields[0].integer == 77);
}

TEST_CASE("a body that is not a table is refused", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<TextProblem> problems;
  CHECK_FALSE(DecodeComponentBody(HealthType(), Body("5"), Refs(), fields, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "the body of health must be a table, found an integer");
}

TEST_CASE("enum, glyph, text and entity fields read and write their own forms", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<TextProblem> problems;
  const ComponentTypeInfo& look = *FindComponentType("appearance");
  REQUIRE(DecodeComponentBody(
      look, Body("{ glyph = \"\xE2\x99\xA6\", ascii = \"*\", colour = \"cyan\" }"), Refs(), fields,
      problems));
  CHECK(fields[0].integer == 0x2666);
  CHECK(FormatComponentBody(look, fields, Refs()) ==
        "{ glyph = \"\xE2\x99\xA6\", ascii = \"*\", colour = \"cyan\", layer = 0 }");
  CHECK_FALSE(DecodeComponentBody(
      look, Body("{ colour = \"mauve\", ascii = \"\xC3\xA9\", glyph = \"ab\" }"), Refs(), fields,
      problems));
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].message.find("appearance.colour is \"mauve\", not one of: default, white") ==
        0);
  CHECK(problems[1].message == "appearance.ascii must be exactly one character of printable ASCII");
  CHECK(problems[2].message == "appearance.glyph must be exactly one character");

  problems.clear();
  const ComponentTypeInfo& ai = *FindComponentType("enemy_ai");
  REQUIRE(DecodeComponentBody(ai, Body("{ target = \"3:2\", phase = \"approach\" }"), Refs(),
                              fields, problems));
  CHECK(fields[4].entity == EntityId{9, 3, 2});
  CHECK(fields[1].integer == 3);
  CHECK_FALSE(DecodeComponentBody(ai, Body("{ target = \"nobody\" }"), Refs(), fields, problems));
  CHECK(problems.back().message == "enemy_ai.target: no such entity 'nobody'");

  problems.clear();
  const ComponentTypeInfo& named = *FindComponentType("named");
  CHECK_FALSE(DecodeComponentBody(named, Body("{ name = \"" + std::string(40, 'x') + "\" }"),
                                  Refs(), fields, problems));
  CHECK(problems.back().message == "named.name is 40 bytes long; at most 31 fit");
}

}  // namespace component_body_test
