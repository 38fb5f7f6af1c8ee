// TomlHead (toml_head.h): the head of a document holds all its top-level keys; where the cut falls
// inside a multi-line string or array the head does not parse, so a caller never takes a wrong
// answer from it.
#include "toml/toml_head.h"

#include <catch2/catch.hpp>
#include <string>

#include "support/toml_tree_equal.h"
#include "toml/toml_reader.h"

namespace cairn::toml_head_test {
namespace {

// When the head of `text` parses, its members are the whole document's first members, the same
// values at the same positions, and they are every top-level key the document has (whatever
// follows them is a table made by a header). Returns whether the head parsed.
bool HeadAgreesWithWhole(const std::string& text) {
  INFO(text);
  TomlValue whole;
  TextProblem error;
  REQUIRE(ParseToml(text, whole, error));
  TomlValue head;
  if (!ParseToml(TomlHead(text), head, error)) return false;
  REQUIRE(head.members.size() <= whole.members.size());
  for (std::size_t i = 0; i < head.members.size(); ++i) {
    CHECK(head.members[i].key == whole.members[i].key);
    const std::string difference = test::TomlTreeDifference(
        head.members[i].value, whole.members[i].value, head.members[i].key);
    INFO(difference);
    CHECK(difference.empty());
  }
  for (std::size_t i = head.members.size(); i < whole.members.size(); ++i) {
    INFO(whole.members[i].key);
    CHECK(whole.members[i].value.kind != TomlKind::String);
    CHECK(whole.members[i].value.kind != TomlKind::Integer);
  }
  return true;
}

TEST_CASE("the head ends where the first table header's line begins", "[toml]") {
  CHECK(TomlHead("format = \"x\"\n[map]\nrows = 1\n") == "format = \"x\"\n");
  CHECK(TomlHead("a = 1\n\n[[entity]]\nid = \"p\"\n") == "a = 1\n\n");
  CHECK(TomlHead("a = 1\r\n  \t[t]\r\nb = 2\r\n") == "a = 1\r\n");  // blanks, then the header
  CHECK(TomlHead("[t]\na = 1\n").empty());
  CHECK(TomlHead("").empty());
  // No header: the whole text, with or without a last line end.
  CHECK(TomlHead("a = 1\nb = [1, 2]\n") == "a = 1\nb = [1, 2]\n");
  CHECK(TomlHead("a = 1\nb = 2") == "a = 1\nb = 2");
  // A `[` later in a line (a value, a comment) does not end the head.
  CHECK(TomlHead("a = [1]\n# [not]\nb = 2\n[t]\n") == "a = [1]\n# [not]\nb = 2\n");
}

TEST_CASE("a head that parses holds every top-level key of the document", "[toml]") {
  CHECK(HeadAgreesWithWhole("format = \"cairn-save\"\nversion = 6\n[[floor]]\ndepth = 1\n"));
  CHECK(HeadAgreesWithWhole(
      "# comment\nformat = \"cairn-level\"\nname = \"x\"\nmessages = [\n  { tick = 0 },\n]\n\n"
      "[map]\nrows = [\n\"#\",\n]\n[[entity]]\nid = \"a\"\n"));
  CHECK(HeadAgreesWithWhole("a = 1\r\nb = \"two\"\r\n[t]\r\nc = 3\r\n"));
  CHECK(HeadAgreesWithWhole("a.b = 1\nformat = \"k\"\n  [t]\nc = 2\n"));
  CHECK(HeadAgreesWithWhole("format = \"k\"\n"));  // no header: the head is the whole text
}

TEST_CASE("a head cut inside a multi-line string or array does not parse", "[toml]") {
  // Each document is valid and its `format` comes after the line that looks like a header: a
  // caller that reads the head must fail there and read the whole text.
  CHECK_FALSE(HeadAgreesWithWhole("note = \"\"\"\n[not a header]\n\"\"\"\nformat = \"k\"\n"));
  CHECK_FALSE(HeadAgreesWithWhole("note = '''\n  [not]\n'''\nformat = \"k\"\n"));
  CHECK_FALSE(HeadAgreesWithWhole("grid = [\n[1, 2],\n[3, 4],\n]\nformat = \"k\"\n"));
  CHECK_FALSE(HeadAgreesWithWhole("note = \"\"\"a \\\n[b]\"\"\"\nformat = \"k\"\n"));
}

}  // namespace
}  // namespace cairn::toml_head_test
