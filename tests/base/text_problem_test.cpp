// TextProblem: every reader's problems print one way, PATH:LINE:COLUMN: error: WHY.
#include "base/text_problem.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace text_problem_test {

using namespace cairn;

TEST_CASE("a problem prints as PATH:LINE:COLUMN: error: WHY, or PATH: error: WHY without a place",
          "[base]") {
  CHECK(FormatProblem("data/keys.toml", {{4, 9}, "unknown action 'fly'"}) ==
        "data/keys.toml:4:9: error: unknown action 'fly'");
  CHECK(FormatProblem("save.toml", {{}, "is a FIFO, not a regular file"}) ==
        "save.toml: error: is a FIFO, not a regular file");
  CHECK(FormatProblem("level.toml", {{18, 86}, "no component type 'helth'"}, "warning") ==
        "level.toml:18:86: warning: no component type 'helth'");
}

TEST_CASE("a problem's own file is printed instead of the path read", "[base]") {
  CHECK(FormatProblem("dungeon.toml", {{3, 8}, "bad", "levels/bad.toml"}) ==
        "levels/bad.toml:3:8: error: bad");
}

TEST_CASE("the file's name and the message are escaped for the terminal", "[base]") {
  CHECK(FormatProblem("a\x1b[2J.toml", {{1, 1}, "name \x1b[31mred"}) ==
        "a\\x1b[2J.toml:1:1: error: name \\x1b[31mred");
}

TEST_CASE("problems gathered from another file are named after it, and only those", "[base]") {
  std::vector<TextProblem> problems = {
      {{1, 1}, "mine"}, {{2, 1}, "theirs"}, {{3, 1}, "named", "x"}};
  SetProblemFile(problems, 1, "set-piece.toml");
  CHECK(problems[0].file.empty());
  CHECK(problems[1].file == "set-piece.toml");
  CHECK(problems[2].file == "x");
}

}  // namespace text_problem_test
