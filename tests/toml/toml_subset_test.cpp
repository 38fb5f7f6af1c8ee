// The subset reader (toml_subset.h) makes exactly the general reader's tree, positions included,
// on every text it accepts, and declines every text outside its subset (then the general reader,
// which reports errors, decides).
#include "toml/toml_subset.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <string>

#include "support/toml_tree_equal.h"
#include "toml/toml_reader.h"

namespace cairn::toml_subset_test {
namespace {

// The subset reader accepts `text` and makes the general reader's tree.
void RequireSameTree(const std::string& text) {
  INFO(text);
  TomlValue general;
  TextProblem error;
  REQUIRE(ParseToml(text, general, error));
  TomlValue subset;
  REQUIRE(ParseTomlSubset(text, subset));
  const std::string difference = test::TomlTreeDifference(general, subset);
  INFO(difference);
  CHECK(difference.empty());
}

// The subset reader declines `text`, leaving the root as it was.
void RequireDeclined(const std::string& text) {
  INFO(text);
  TomlValue root;
  root.members.push_back(TomlMember{"kept", {}, {}});
  CHECK_FALSE(ParseTomlSubset(text, root));
  REQUIRE(root.members.size() == 1);
  CHECK(root.members[0].key == "kept");
}

TEST_CASE("the subset reader makes the general reader's tree, positions included", "[toml]") {
  RequireSameTree("");
  RequireSameTree("# only a comment\n\n");
  RequireSameTree("a = 1\nb = -42\nc = 0\nd = \"text\"\n");
  RequireSameTree("a = 9223372036854775\nb = -123456789012345678\n");
  RequireSameTree("  indented = 1   # a comment after\n\tx\t=\t\"tab\"\n");
  RequireSameTree("e = \"quote \\\" backslash \\\\ \\n \\t \\b \\f \\r \\u0001 \\u00e9\"\n");
  RequireSameTree(
      "s = \"caf\xC3\xA9 \xE2\x80\xA2 \xF0\x9F\x90\x80\"\nafter = \"\xC3\xA9\" # \xC3\xA9\nt = { k "
      "= \"\xC3\xA9\", j = 2 }\n");
  RequireSameTree("a = [1, 2, 3]\nb = []\nc = [ \"x\", \"y\", ]\n");
  RequireSameTree("rows = [\n  \"ab\",\n  \"cd\", # why\n\n  \"ef\"\n]\n");
  RequireSameTree("t = { x = 1, y = { z = \"w\" }, e = {} }\nu = {}\n");
  RequireSameTree("list = [ { a = 1 }, { b = [1, [2, 3]] } ]\n");
  RequireSameTree(
      "top = 1\n\n[[floor]]\ndepth = 1\n\n[[floor.entity]]\nuuid = \"a\"\n\n"
      "[[floor.entity]]\nuuid = \"b\"\n\n[[floor]]\ndepth = 2\n\n[[floor.entity]]\n"
      "uuid = \"c\"\n[[other]]\n");
  RequireSameTree("[[a]]\n[[a.b]]\n[[a.b.c]]\nx = 1\n[[a.b]]\n[[a]]\n");
  RequireSameTree("k = 1 # caf\xC3\xA9\n");
  RequireSameTree("x = [\"\xC3\xA9\xC3\xA9\", { z = 1 }]\n");
  RequireSameTree("no_newline_at_end = 5");
  // Root tables and quoted keys, as a level cairn writes has them.
  RequireSameTree("\"quoted\" = 1\n\"a b-c.d\" = 2\n");
  RequireSameTree("[table]\na = 1\n");
  RequireSameTree("[empty]\n[[after]]\nx = 1\n");
  RequireSameTree(
      "format = \"cairn-level\"\nversion = 1\nname = \"x\"\n\n[map]\n"
      "legend = { \"#\" = \"wall\", \".\" = \"floor\", \"+\" = \"door\", \"~\" = "
      "\"water\" }\nrows = [\n  \"#.\",\n  \".#\",\n]\n\n[[entity]]\nid = \"player\"\n"
      "kind = \"player\"\ncomponents = [\n  { type = \"position\", version = 1, slot = 0, body = "
      "{ x = 1, y = 1 } },\n]\n");
  RequireSameTree("[a]\nk = 1\n[b]\nk = 2\n[[c]]\n[[c.d]]\n");
  RequireSameTree("t = true\nf = false\nl = [true, false]\ni = { on = true }\nc = false # no\n");
}

TEST_CASE("the subset reader reads the built-in levels as the general reader does", "[toml]") {
  for (const char* name : {"cellar.toml", "vault.toml", "warren.toml"}) {
    INFO(name);
    std::ifstream file(std::string(CAIRN_SOURCE_DIR) + "/data/levels/" + name, std::ios::binary);
    REQUIRE(file);
    RequireSameTree({std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()});
  }
}

// tools/crowd_level.py's output, which the crowd test keeps equal to this file: a large generated
// level is read by the subset reader, not left to the general one (which would take several times
// as long and as much memory for the 100,000-rat floor).
TEST_CASE("the subset reader reads crowd_level.py's levels as the general reader does", "[toml]") {
  std::ifstream file(std::string(CAIRN_SOURCE_DIR) + "/tests/levels/crowd-12.toml",
                     std::ios::binary);
  REQUIRE(file);
  RequireSameTree({std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()});
}

TEST_CASE("the subset reader declines what it does not know, for the general reader", "[toml]") {
  RequireDeclined("a = 1\r\n");                // CRLF
  RequireDeclined("a = 'literal'\n");          // literal string
  RequireDeclined("a = \"\"\"multi\"\"\"\n");  // multi-line string
  RequireDeclined("a = 1.5\n");
  RequireDeclined("a = 1e3\n");
  RequireDeclined("a = truer\n");
  RequireDeclined("a = True\n");
  RequireDeclined("a = fals\n");
  RequireDeclined("a = 1_000\n");
  RequireDeclined("a = 0x1F\n");
  RequireDeclined("a = +1\n");
  RequireDeclined("a = 01\n");
  RequireDeclined("a = 2026-12-02\n");
  RequireDeclined("a = 9223372036854775807\n");  // 19 digits: toml++ judges the range
  RequireDeclined("a.b = 1\n");
  RequireDeclined("\"\" = 1\n");             // the empty key
  RequireDeclined("\"tab\\tkey\" = 1\n");    // an escape in a key
  RequireDeclined("\"caf\xC3\xA9\" = 1\n");  // UTF-8 in a key
  RequireDeclined("'literal' = 1\n");        // a literal key
  RequireDeclined("t = { \"\" = 1 }\n");     // the empty key in an inline table
  RequireDeclined("[a.b]\nk = 1\n");         // a dotted table header
  RequireDeclined("[ a ]\n");                // a spaced one
  RequireDeclined("[\"a\"]\n");              // a quoted one
  RequireDeclined("[a]\n[a]\n");             // a table twice: the general reader refuses
  RequireDeclined("a = 1\n[a]\n");           // a table over a value
  RequireDeclined("[[a]]\n[a]\n");           // a table over a header array
  RequireDeclined("[a]\n[[a]]\n");           // a header array over a table
  RequireDeclined("[a]\n[[a.b]]\n");         // an array in a header table: not in the subset
  RequireDeclined("[a]\nk = 1\nk = 2\n");    // a duplicate in a header table
  RequireDeclined("[[ spaced ]]\n");
  RequireDeclined("a = 1\na = 2\n");            // duplicate key
  RequireDeclined("t = { a = 1, a = 2 }\n");    // duplicate in an inline table
  RequireDeclined("t = { a = 1, }\n");          // trailing comma in an inline table
  RequireDeclined("t = { a = 1,\n b = 2 }\n");  // an inline table across lines
  RequireDeclined("a = []\n[[a]]\n");           // a static array then a header
  RequireDeclined("[[a.b]]\n");                 // a prefix no header made
  RequireDeclined("a = { b = 1 }\n[[a.c]]\n");  // a prefix that is an inline table
  RequireDeclined("a = \"\\x41\"\n");           // no such escape
  RequireDeclined("a = \"\\u0000\"\n");         // NUL: the general reader's call
  RequireDeclined("a = \"\\ud800\"\n");         // a surrogate
  RequireDeclined("a = \"bad \xC3\"\n");        // invalid UTF-8
  RequireDeclined("a = \"\xE0\x80\x80\"\n");    // overlong
  RequireDeclined("a = \"ctl \x01\"\n");        // a raw control character
  RequireDeclined("# ctl \x01\n");              // in a comment
  RequireDeclined("a = \"open\n");              // unterminated
  RequireDeclined("a = [1, 2\n");               // unterminated array
  RequireDeclined("a = 1 b = 2\n");             // two pairs on one line
  RequireDeclined("a =\n");
  RequireDeclined("= 1\n");
  RequireDeclined(
      "\xEF\xBB\xBF"
      "a = 1\n");  // a byte-order mark
}

// Whether the general reader accepts `text`.
bool GeneralAccepts(const std::string& text) {
  TomlValue root;
  TextProblem error;
  return ParseToml(text, root, error);
}

TEST_CASE("the subset reader never accepts past the general reader's bounds", "[toml]") {
  // Values: a dense array around the limit (4,096 plus one per 4 bytes). Here the subset
  // reader's quick count is exact, so the two answer alike on both sides of it.
  int accepted = 0, refused = 0;
  for (int n = 8150; n < 8250; ++n) {
    std::string text = "a = [1";
    for (int i = 1; i < n; ++i) text += ",1";
    text += "]\n";
    INFO(n);
    TomlValue root;
    const bool subset = ParseTomlSubset(text, root);
    CHECK(subset == GeneralAccepts(text));
    (subset ? accepted : refused) += 1;
  }
  CHECK(accepted > 0);
  CHECK(refused > 0);
  // Depth: nested arrays, nested inline tables, arrays of tables under headers, each around 64.
  // (Headers reach the converter's limit first, at 32 segments: two levels each.)
  for (int k : {28, 29, 30, 31, 32, 33, 34, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67}) {
    INFO(k);
    std::string arrays = "a = " + std::string(static_cast<std::size_t>(k), '[') +
                         std::string(static_cast<std::size_t>(k), ']') + "\n";
    std::string tables = "a = ";
    for (int i = 0; i < k; ++i) tables += "{ b = ";
    tables += "1";
    for (int i = 0; i < k; ++i) tables += " }";
    tables += "\n";
    std::string headers, path;
    for (int i = 0; i < k; ++i) {
      path += (i ? ".t" : "t");
      headers += "[[" + path + "]]\n";
    }
    headers += "x = [{ y = [1] }]\n";
    for (const std::string& text : {arrays, tables, headers}) {
      TomlValue root;
      CHECK(ParseTomlSubset(text, root) == GeneralAccepts(text));
    }
  }
}

TEST_CASE("the subset reader declines a table too wide to look keys up in, at once", "[toml]") {
  const auto keys = [](int n, const char* separator) {
    std::string text;
    for (int i = 0; i < n; ++i) text += (i ? separator : "") + ("k" + std::to_string(i)) + " = 1";
    return text;
  };
  RequireSameTree(keys(64, "\n") + "\n");
  RequireDeclined(keys(65, "\n") + "\n");
  RequireSameTree("t = { " + keys(64, ", ") + " }\n");
  RequireDeclined("t = { " + keys(65, ", ") + " }\n");
  RequireDeclined("t = { " + keys(200000, ", ") + " }\n");  // once quadratic: minutes
}

TEST_CASE("the subset reader keeps the general reader's bounds on depth and density", "[toml]") {
  std::string deep = "a = ";
  for (int i = 0; i < 70; ++i) deep += '[';
  for (int i = 0; i < 70; ++i) deep += ']';
  RequireDeclined(deep + "\n");
  std::string dense = "a = [";
  for (int i = 0; i < 20000; ++i) dense += "1,";
  RequireDeclined(dense + "]\n");
  TomlValue root;
  TextProblem error;
  CHECK_FALSE(ParseToml(dense + "]\n", root, error));  // the general reader refuses it too
}

}  // namespace
}  // namespace cairn::toml_subset_test
