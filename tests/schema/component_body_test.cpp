#include <catch2/catch.hpp>

#include <array>

#include "schema/component_body.h"
#include "schema/component_types.h"
#include "toml/toml_reader.h"

using namespace cairn;

namespace {

TomlValue Body(const std::string& text) {
  TomlValue root;
  TomlError error;
  REQUIRE(ParseToml("body = " + text, root, error));
  return *root.Find("body");
}

const ComponentTypeInfo& Health() { return *FindComponentType("health"); }

}  // namespace

TEST_CASE("a body decodes into fields and formats canonically", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<BodyProblem> problems;
  REQUIRE(DecodeComponentBody(Health(), Body("{max=10, current = 5}"), fields, problems));
  CHECK(fields[0].integer == 5);
  CHECK(fields[1].integer == 10);
  CHECK(FormatComponentBody(Health(), fields) == "{ current = 5, max = 10 }");
}

TEST_CASE("fields left out take their declared defaults", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<BodyProblem> problems;
  REQUIRE(DecodeComponentBody(*FindComponentType("position"), Body("{ y = 3 }"), fields, problems));
  CHECK(fields[0].integer == 0);
  CHECK(fields[1].integer == 3);
}

TEST_CASE("every problem in a body is reported with its position, and nothing is written",
          "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  fields[0].integer = 77;
  std::vector<BodyProblem> problems;
  CHECK_FALSE(DecodeComponentBody(Health(), Body("{ current = \"x\", max = 0, speed = 2 }"),
                                  fields, problems));
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].message == "health.current must be an integer, found a string");
  CHECK(problems[0].position.column == 20);
  CHECK(problems[1].message == "health.max is 0, outside 1..1000000");
  CHECK(problems[2].message.find("unknown field 'speed' in health (its fields: current, max)") == 0);
  CHECK(fields[0].integer == 77);
}

TEST_CASE("a body that is not a table is refused", "[schema]") {
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<BodyProblem> problems;
  CHECK_FALSE(DecodeComponentBody(Health(), Body("5"), fields, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "the body of health must be a table, found an integer");
}
