// LineIndex answers what counting from the start of the line answers, in bounded time however
// long the line: a 5 MB line of a million non-ASCII strings took hours to check before (every
// position lookup walked the line from its start).
#include "toml/line_index.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "toml/toml_reader.h"

namespace line_index_test {

using namespace cairn;

namespace {

bool Starts(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

// What the index must agree with: a walk from the text's start.
TextPosition NaivePosition(const std::string& text, std::size_t offset) {
  TextPosition p{1, 1};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else if (Starts(text[i])) {
      ++p.column;
    }
  }
  return p;
}

// A text of short and long lines (longer than the index's stride), ASCII and multi-byte.
std::string MixedText() {
  std::string text;
  for (int line = 0; line < 40; ++line) {
    const int length = (line * 97) % 1300;
    for (int i = 0; i < length; ++i)
      text += (i + line) % 5 == 0 ? "\xC3\xA9" : (i % 7 == 0 ? "\xF0\x9F\x90\x80" : "x");
    text += '\n';
  }
  return text + "last line, no newline \xE2\x82\xAC";
}

}  // namespace

TEST_CASE("every character's position is what counting from the start gives", "[toml]") {
  const std::string text = MixedText();
  const LineIndex index(text);
  for (std::size_t offset = 0; offset <= text.size(); ++offset) {
    if (offset < text.size() && !Starts(text[offset])) continue;
    const TextPosition naive = NaivePosition(text, offset);
    const TextPosition got = index.PositionOf(offset);
    INFO("offset " << offset);
    REQUIRE(got.line == naive.line);
    REQUIRE(got.column == naive.column);
    REQUIRE(index.OffsetOf(naive) == offset);  // and back
  }
}

TEST_CASE("an offset past the end or a position that names no line is the text's end", "[toml]") {
  const std::string text = "ab\ncd";
  const LineIndex index(text);
  CHECK(index.OffsetOf({9, 1}) == text.size());
  CHECK(index.OffsetOf({0, 1}) == text.size());
  CHECK(index.OffsetOf({1, 3}) == 2);  // the newline
  CHECK(index.OffsetOf({1, 4}) == 3);  // past the line's end: on into the next
  CHECK(index.PositionOf(99).line == 2);
  CHECK(index.PositionOf(99).column == 3);
}

TEST_CASE("a long line of non-ASCII values is read in linear time", "[toml]") {
  std::string text = "a = [";
  for (int i = 0; i < 200000; ++i) text += i == 0 ? "\"\xC3\xA9\"" : ", \"\xC3\xA9\"";
  text += "]\n";
  const auto start = std::chrono::steady_clock::now();
  TomlValue root;
  TextProblem error;
  REQUIRE(ParseToml(text, root, error));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  const TomlValue& last = root.Find("a")->array.back();
  CHECK(last.text == "\xC3\xA9");
  CHECK(last.position.column == 6 + 5 * 199999);
}

}  // namespace line_index_test
