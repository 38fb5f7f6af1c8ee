// The shape check (toml_shape.h) refuses, before toml++ or the converter recurse, a text nested
// deeper than kMaxTomlDepth or holding more values than its size allows; and what cairn's own
// files look like passes. Before it, 30,000 dotted parts overflowed the stack (issue 13).
#include "toml/toml_shape.h"

#include <catch2/catch.hpp>
#include <string>

#include "toml/toml_reader.h"

namespace toml_shape_test {

using namespace cairn;

namespace {

std::string Repeat(const std::string& part, std::size_t n, const std::string& glue) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += (i == 0 ? "" : glue) + part;
  return out;
}

// Parses `text` and expects the nesting refusal at `line`:`column`.
void ExpectTooDeep(const std::string& text, std::uint32_t line, std::uint32_t column) {
  TomlValue root;
  TextProblem error;
  REQUIRE_FALSE(ParseToml(text, root, error));
  INFO(error.message);
  CHECK(error.message.find("nesting deeper than 64 levels") == 0);
  CHECK(error.position.line == line);
  CHECK(error.position.column == column);
}

bool Parses(const std::string& text) {
  TomlValue root;
  TextProblem error;
  const bool ok = ParseToml(text, root, error);
  INFO(error.message);
  return ok;
}

}  // namespace

TEST_CASE("30,000 dotted key parts are refused before anything recurses", "[toml]") {
  ExpectTooDeep("x = 1\n" + Repeat("a", 30000, ".") + " = 1\n", 2, 1);
  ExpectTooDeep("t = { " + Repeat("a", 30000, ".") + " = 1 }\n", 1, 7);
}

TEST_CASE("30,000 parts in a table header are refused, [table] and [[array]] alike", "[toml]") {
  ExpectTooDeep("[" + Repeat("a", 30000, ".") + "]\nx = 1\n", 1, 1);
  ExpectTooDeep("x = 1\n[[" + Repeat("a", 30000, ".") + "]]\n", 2, 1);
}

TEST_CASE("nesting is counted across headers, dotted keys, arrays and inline tables", "[toml]") {
  // 64 levels pass and 65 do not, however they are made.
  CHECK(Parses(Repeat("a", 64, ".") + " = 1\n"));
  ExpectTooDeep(Repeat("a", 65, ".") + " = 1\n", 1, 1);
  CHECK(Parses("[" + Repeat("a", 63, ".") + "]\nx = 1\n"));
  ExpectTooDeep("[" + Repeat("a", 64, ".") + "]\nx = 1\n", 2, 1);
  CHECK(Parses("[[" + Repeat("a", 62, ".") + "]]\nx = 1\n"));  // the array and its element
  ExpectTooDeep("[[" + Repeat("a", 63, ".") + "]]\nx = 1\n", 2, 1);
  CHECK(Parses("x = " + std::string(63, '[') + std::string(63, ']') + "\n"));
  ExpectTooDeep("x = " + std::string(64, '[') + std::string(64, ']') + "\n", 1, 68);
  // 30 header parts, 30 dotted parts, then inline tables and arrays: 64 in all, then 65.
  const std::string header = "[" + Repeat("h", 30, ".") + "]\n" + Repeat("k", 30, ".");
  CHECK(Parses(header + " = { a = [[[1]]] }\n"));
  ExpectTooDeep(header + " = { a = [[[[1]]]] }\n", 2, 72);
  CHECK(Parses(header + " = { a = { b.c.d = 1 } }\n"));
  ExpectTooDeep(header + " = { a = { b.c.d.e = 1 } }\n", 2, 71);
  // After a deep table, a shallow header starts again from its own depth.
  CHECK(Parses("[" + Repeat("a", 60, ".") + "]\nx = 1\n[b]\n" + Repeat("c", 60, ".") + " = 1\n"));
}

TEST_CASE("dots in values, strings and comments are not key separators", "[toml]") {
  const std::string many_floats = "x = [" + Repeat("1.5", 100, ", ") + "]\n";
  CHECK(Parses(many_floats));
  CHECK(Parses("d = 1979-05-27T07:32:00.999\nv = 1.0e10\n"));
  CHECK(Parses("\"" + Repeat("a", 100, ".") + "\" = 1\n"));  // one quoted key
  CHECK(Parses("'" + Repeat("a", 100, ".") + "' = 1\n"));
  CHECK(Parses("a.\"b.c.d\".e = 1\n"));
  CHECK(Parses("# " + Repeat("a", 100, ".") + "\nx = 1\n"));
  CHECK(Parses("s = \"" + std::string(100, '[') + Repeat("a", 100, ".") + "\"\n"));
  CHECK(Parses("s = '''\n" + std::string(100, '{') + "\n'''\n"));
  CHECK(Parses("s = \"\"\"\n" + std::string(100, '[') + "\\\"\"\"\n\"\"\"\n"));
  CHECK(Parses("[\"" + Repeat("a", 100, ".") + "\"]\nx = 1\n"));
}

TEST_CASE("a text of mostly tiny values is refused before it is parsed", "[toml]") {
  // [1,1,1,...]: two bytes a value, hundreds of bytes each once parsed.
  const std::string dense = "a = [" + Repeat("1", 50000, ",") + "]\n";
  TomlValue root;
  TextProblem error;
  REQUIRE_FALSE(ParseToml(dense, root, error));
  CHECK(error.message.find("too dense: more than") != std::string::npos);
  CHECK(error.position.line == 1);
  CHECK_FALSE(ParseToml("a = [" + Repeat("{}", 30000, ",") + "]\n", root, error));
  CHECK_FALSE(ParseToml("a = [" + Repeat("[]", 30000, ",") + "]\n", root, error));
  // The same bytes as one string, or a file under the floor, are fine.
  CHECK(Parses("a = \"" + std::string(100000, '1') + "\"\n"));
  CHECK(Parses("a = [" + Repeat("1", 2000, ",") + "]\n"));
}

TEST_CASE("the shape check's count never falls below what the parser makes", "[toml]") {
  TextProblem error;
  // 3 keys, 2 header tables, the array (+1), its 3 elements: 9 or more.
  const std::string text = "[a.b]\nx = 1\ny = [1, 2, 3]\nz.w = 2\n";
  CHECK(CheckTomlShape(text, {64, 100}, error));
  CHECK_FALSE(CheckTomlShape(text, {64, 8}, error));
}

TEST_CASE("the converter refuses depth on its own when the shape check is skipped", "[toml]") {
  // toml++ allows 256 nested arrays; the converter stops at 64 without the shape check's help.
  toml_seam::SkipShapeCheck(true);
  TomlValue root;
  TextProblem error;
  const bool parsed =
      ParseToml("x = " + std::string(100, '[') + std::string(100, ']') + "\n", root, error);
  toml_seam::SkipShapeCheck(false);
  CHECK_FALSE(parsed);
  CHECK(error.message == "nesting deeper than 64 levels");
}

}  // namespace toml_shape_test
