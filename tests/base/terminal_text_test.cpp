// EscapeForTerminal: text quoted from files and users reaches the terminal as text, never as
// commands (issue 13: `cairn check` echoed ESC sequences from a file).
#include "base/terminal_text.h"

#include <catch2/catch.hpp>
#include <string>

namespace terminal_text_test {

using namespace cairn;

TEST_CASE("ordinary text is kept as it is, backslashes and non-ASCII letters included", "[base]") {
  CHECK(EscapeForTerminal("key 'rat-1' is bound twice") == "key 'rat-1' is bound twice");
  CHECK(EscapeForTerminal("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x80 a\\b") ==
        "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x80 a\\b");
  CHECK_FALSE(NeedsTerminalEscape("plain"));
  CHECK(EscapeForTerminal("").empty());
}

TEST_CASE("C0 controls and DEL are written as \\xNN, newline and tab included", "[base]") {
  CHECK(EscapeForTerminal("\x1b[2Jgone") == "\\x1b[2Jgone");
  CHECK(EscapeForTerminal("a\nb\tc\rd") == "a\\x0ab\\x09c\\x0dd");
  CHECK(EscapeForTerminal(std::string("nul\0", 4)) == "nul\\x00");
  CHECK(EscapeForTerminal("\x7f") == "\\x7f");
  CHECK(NeedsTerminalEscape("\x1b"));
}

TEST_CASE("C1 controls (U+0080-U+009F) are written as \\u{NN}", "[base]") {
  CHECK(EscapeForTerminal("\xC2\x9B"
                          "2J") == "\\u{9b}2J");  // CSI, a one-character ESC [
  CHECK(EscapeForTerminal("\xC2\x80\xC2\x9F") == "\\u{80}\\u{9f}");
  CHECK(EscapeForTerminal("\xC2\xA0") == "\xC2\xA0");  // U+00A0 is not a control
}

TEST_CASE("invalid UTF-8 is written byte by byte as \\xNN", "[base]") {
  CHECK(EscapeForTerminal("\x9b"
                          "2J") == "\\x9b2J");  // a raw C1 byte: an 8-bit CSI
  CHECK(EscapeForTerminal("\xff\xfe") == "\\xff\\xfe");
  CHECK(EscapeForTerminal("a\xE2\x82") == "a\\xe2\\x82");         // cut short
  CHECK(EscapeForTerminal("\xC0\x80") == "\\xc0\\x80");           // overlong
  CHECK(EscapeForTerminal("\xED\xA0\x80") == "\\xed\\xa0\\x80");  // a surrogate
  CHECK(EscapeForTerminal("\xE2\x82"
                          "A") == "\\xe2\\x82A");  // the next valid byte is kept
}

}  // namespace terminal_text_test
