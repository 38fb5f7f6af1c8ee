#include "toml/toml_reader.h"

#include <catch2/catch.hpp>
#include <string>

#include "toml/table_reader.h"

namespace toml_reader_test {

using namespace cairn;

namespace {

TextProblem MustFail(std::string_view text) {
  TomlValue root;
  root.members.push_back({"sentinel", {}, {}});
  TextProblem error;
  REQUIRE_FALSE(ParseToml(text, root, error));
  CHECK(root.members.size() == 1);  // output unchanged on failure
  CHECK(!error.message.empty());
  return error;
}

}  // namespace

TEST_CASE("a document becomes a tree of values with positions, in document order", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml("zeta = 1\nalpha = \"two\"\n[table]\nflag = true\nlist = [1.5, 2.5]\n", root,
                    error));
  REQUIRE(root.members.size() == 3);
  CHECK(root.members[0].key == "zeta");  // document order, not toml++'s sorted order
  CHECK(root.members[1].key == "alpha");
  CHECK(root.members[2].key == "table");
  CHECK(root.Find("zeta")->integer == 1);
  CHECK(root.Find("alpha")->text == "two");
  CHECK(root.Find("alpha")->position.line == 2);
  CHECK(root.Find("alpha")->position.column == 9);
  const TomlValue* table = root.Find("table");
  REQUIRE(table != nullptr);
  CHECK_FALSE(table->inline_table);
  CHECK(table->Find("flag")->boolean);
  REQUIRE(table->Find("list")->array.size() == 2);
  CHECK(table->Find("list")->array[1].floating == 2.5);
  CHECK(root.Find("missing") == nullptr);
}

TEST_CASE("inline tables are marked, and dates are kept as text", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml("a = { x = 1 }\nd = 2026-11-30\nt = 07:32:00\ndt = 1979-05-27T07:32:00\n", root,
                    error));
  CHECK(root.Find("a")->inline_table);
  CHECK(root.Find("d")->kind == TomlKind::DateTime);
  CHECK(root.Find("d")->text == "2026-11-30");
  CHECK(root.Find("t")->text == "07:32:00");
  CHECK(root.Find("dt")->text == "1979-05-27T07:32:00");
}

// Each of these aborted inside toml++ 3.3.0 with assertions on (measured for issue 2 and 4).
TEST_CASE("malformed text that aborted toml++ is a positioned error", "[toml]") {
  CHECK(MustFail("[@]").position.line == 1);
  CHECK(MustFail("[[[a]]]").position.line == 1);
  CHECK(MustFail("a = [1, }").position.line == 1);
  CHECK(MustFail("body = {a = [1, }").position.line == 1);
}

// These reached __builtin_unreachable in toml++ 3.3.0: undefined behaviour in every build type.
TEST_CASE("a non-ASCII character outside strings and comments is refused before toml++ sees it",
          "[toml]") {
  const TextProblem e1 = MustFail("\xC3\xA9 = 1");
  CHECK(e1.position.line == 1);
  CHECK(e1.position.column == 1);
  CHECK(e1.message.find("non-ASCII") != std::string::npos);
  const TextProblem e2 = MustFail(
      "a = 1\n  \xC9\x8E"
      "at = 2");
  CHECK(e2.position.line == 2);
  CHECK(e2.position.column == 3);
  const TextProblem e3 = MustFail("x = { \xC3\xA9 = 1 }");
  CHECK(e3.position.column == 7);
}

TEST_CASE("non-ASCII text inside strings and comments is fine", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(
      ParseToml("# caf\xC3\xA9\n"
                "a = \"caf\xC3\xA9\" # \xC3\xA9\n"
                "b = 'caf\xC3\xA9'\n"
                "c = \"\"\"multi\n\xC3\xA9 line\"\"\"\n"
                "d = '''lit\n\xC3\xA9'''\n"
                "e = \"esc \\\" \xC3\xA9\"\n"
                "f = \"\"\"ends with quotes\"\"\"\"\"\n"
                "\"\xC3\xA9key\" = 1\n",
                root, error));
  CHECK(root.Find("a")->text == "caf\xC3\xA9");
  CHECK(root.Find("c")->text == "multi\n\xC3\xA9 line");
  CHECK(root.Find("e")->text == "esc \" \xC3\xA9");
  CHECK(root.Find("f")->text == "ends with quotes\"\"");
  CHECK(root.Find("\xC3\xA9key") != nullptr);
}

TEST_CASE("ordinary syntax errors carry toml++'s position", "[toml]") {
  const TextProblem e = MustFail("a = 1\nb = \n");
  CHECK(e.position.line == 2);
  const TextProblem dup = MustFail("a = 1\na = 2\n");
  CHECK(dup.position.line == 2);
}

TEST_CASE("arbitrary bytes never crash the reader", "[toml]") {
  std::uint64_t state = 12345;
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    const int length = static_cast<int>(state % 40);
    for (int j = 0; j < length; ++j) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      static const char alphabet[] = "[]{}=,.\"'#\n ab1\xC3\xA9\\-:";
      text.push_back(alphabet[(state >> 33) % (sizeof alphabet - 1)]);
    }
    TomlValue root;
    TextProblem error;
    (void)ParseToml(text, root, error);
  }
  SUCCEED("no crash, abort or sanitizer report");
}

TEST_CASE("positions after rewritten strings are the author's, in characters", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml("a = '\xC3\xA9\xC3\xA9' # \xC3\xA9\nb = \"\xC3\xA9\" ; c = 1\n", root, error) ==
          false);
  CHECK(error.position.line == 2);
  CHECK(error.position.column == 9);  // the ";" after a 3-character string, in characters
  REQUIRE(ParseToml("a = '\xC3\xA9\xC3\xA9'\nk = { x = '\xC3\xA9', y = 2 }\n", root, error));
  CHECK(root.Find("a")->text == "\xC3\xA9\xC3\xA9");
  const TomlValue* y = root.Find("k")->Find("y");
  REQUIRE(y != nullptr);
  CHECK(y->position.line == 2);
  CHECK(y->position.column == 20);
}

TEST_CASE("literal strings keep their meaning when rewritten", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(
      ParseToml("a = 'C:\\path \"q\" \xC3\xA9'\n"
                "b = '''\nline \\n \"\"\" \xC3\xA9\nend'''\n"
                "c = '''x\xC3\xA9'''''\n"
                "d = \"\\u00E9\\U0001F600 \xF0\x9F\x98\x80\"\n",
                root, error));
  CHECK(root.Find("a")->text == "C:\\path \"q\" \xC3\xA9");
  CHECK(root.Find("b")->text == "line \\n \"\"\" \xC3\xA9\nend");
  CHECK(root.Find("c")->text == "x\xC3\xA9''");
  CHECK(root.Find("d")->text == "\xC3\xA9\xF0\x9F\x98\x80 \xF0\x9F\x98\x80");
}

TEST_CASE("invalid UTF-8 is an error wherever it is", "[toml]") {
  CHECK(MustFail("a = \"\xC3\"").message == "invalid UTF-8");
  CHECK(MustFail("# \xFF\n").message == "invalid UTF-8");
  CHECK(MustFail("a = '\xED\xA0\x80'").message == "invalid UTF-8");  // a surrogate
  CHECK(MustFail("a = '\xC0\xAF'").message == "invalid UTF-8");      // overlong
}

// Found by fuzz_toml. Each reached toml++'s unreachable character tables before the guard gave
// toml++ only ASCII; the last one is valid TOML.
TEST_CASE("the inputs fuzzing found are handled without reaching toml++'s tables", "[toml]") {
  MustFail("s = 2\"\"multi`'''lit\xC3\xA9'''\n# caf\x17\\b*f<\xB9\x82\xC3\xA9\n");
  MustFail(std::string("a = +\0\0\0\0\0;\x02\0it6\0\x01\0='\xEF\xB9\xBF@@@*[]'", 30));
  CHECK(MustFail("s = \"\"\"a \\\xC3\xA9\"\"\"\n")
            .message.find("backslash followed by a non-ASCII") != std::string::npos);
  CHECK(MustFail("s = \"a \\\xC3\xA9\"\n").message.find("backslash followed by a non-ASCII") !=
        std::string::npos);
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml("s = \"\"\"a \\\n   \xC3\xA9\"\"\"\n", root, error));
  CHECK(root.Find("s")->text == "a \xC3\xA9");
}

TEST_CASE("a byte order mark is accepted at the start", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(
      ParseToml("\xEF\xBB\xBF"
                "a = '\xC3\xA9'\n",
                root, error));
  CHECK(root.Find("a")->text == "\xC3\xA9");
}

TEST_CASE("every cairn file opens with a format and a version, checked in one place", "[toml]") {
  constexpr std::int64_t kVersions[] = {1, 2, 4};
  const auto header = [&](std::string_view text, std::int64_t& version, std::string& said) {
    std::vector<TextProblem> problems;
    TomlValue root;
    REQUIRE(ParseTomlFile(text, root, problems));
    TableReader file(root, "the thing", problems);
    const bool right = ReadFileHeader(file, "cairn-thing", "thing", kVersions, version);
    said.clear();
    for (const TextProblem& p : problems)
      said += std::to_string(p.position.line) + ":" + std::to_string(p.position.column) + " " +
              p.message + "\n";
    return right;
  };
  std::int64_t version = 0;
  std::string said;
  CHECK(header("format = \"cairn-thing\"\nversion = 4\n", version, said));
  CHECK(version == 4);
  CHECK(said.empty());
  CHECK_FALSE(header("format = \"cairn-level\"\nversion = 1\n", version, said));
  CHECK(said == "1:10 not a cairn thing file (format is \"cairn-level\")\n");
  CHECK_FALSE(header("format = \"cairn-level\"\nversion = 7\n", version, said));
  CHECK(said == "1:10 not a cairn thing file (format is \"cairn-level\")\n");  // only that
  CHECK_FALSE(header("format = \"cairn-thing\"\nversion = 3\n", version, said));
  CHECK(version == 3);  // readable, so set: a reader may still say what version 3 would mean
  CHECK(said == "2:11 thing version 3 is not supported (this build reads 1, 2 and 4)\n");
  CHECK_FALSE(header("version = 1\n", version, said));
  CHECK(said == "1:1 a cairn thing file starts with format = \"cairn-thing\"\n");
  // A version this build once read says why it no longer does.
  constexpr RetiredVersion kRetired[] = {{3, "it had no quiver; make it again"}};
  std::vector<TextProblem> retired_problems;
  TomlValue retired_root;
  REQUIRE(ParseTomlFile("format = \"cairn-thing\"\nversion = 3\n", retired_root, retired_problems));
  TableReader retired_file(retired_root, "the thing", retired_problems);
  CHECK_FALSE(ReadFileHeader(retired_file, "cairn-thing", "thing", kVersions, version, kRetired));
  REQUIRE(retired_problems.size() == 1);
  CHECK(retired_problems[0].message ==
        "thing version 3 is not supported: it had no quiver; make it again (this build reads 1, 2 "
        "and 4)");
  std::vector<TextProblem> problems;
  TomlValue root;
  CHECK_FALSE(ParseTomlFile("format = = 1", root, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].position.line == 1);
}

// Issue 13: names from files reached the terminal with their ESC sequences.
TEST_CASE("a string shown to players is refused when it holds a control character", "[toml]") {
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml("a = \"rat\"\nb = \"r\\u001b[2Jat\"\nc = \"\\u009b\"\nd = \"caf\xC3\xA9\"\n",
                    root, error));
  std::vector<TextProblem> problems;
  TableReader r(root, "monster 'x'", problems);
  std::string out = "kept";
  CHECK(r.ShownString("a", out));
  CHECK(out == "rat");
  out = "kept";
  CHECK_FALSE(r.ShownString("b", out));
  CHECK(out == "kept");  // unchanged on failure
  CHECK_FALSE(r.ShownString("c", out));
  CHECK(r.ShownString("d", out));               // non-ASCII letters are not controls
  CHECK_FALSE(r.ShownString("e", out, false));  // absent and optional: no problem
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].position.line == 2);
  CHECK(
      problems[0].message ==
      "monster 'x': 'b' holds a control character (\"r\\x1b[2Jat\"); it is shown on the terminal");
  CHECK(problems[1].message.find("(\"\\u{9b}\")") != std::string::npos);
}

}  // namespace toml_reader_test
