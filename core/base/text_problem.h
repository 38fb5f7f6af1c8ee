// TextProblem: the one way every reader of text (levels, definitions, dungeon plans, autopickup
// rules, key maps, recordings, saves, component bodies, identity manifests, the console's input)
// says what is wrong with it and where, and the one way that is printed.
//
// A problem is a place in a file (the file's name, when the reader gathered problems from more
// than one file, and a 1-based line and column) and a sentence saying why. Printed, it is the
// line every cairn command writes: `PATH:LINE:COLUMN: error: WHY`, or `PATH: error: WHY` when
// there is no position (an unreadable file, running out of memory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn {

// 1-based line and column (columns count characters, not bytes). Zero means "no position".
struct TextPosition {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct TextProblem {
  TextProblem() = default;
  TextProblem(TextPosition at, std::string why, std::string in_file = {})
      : position(at), message(std::move(why)), file(std::move(in_file)) {}

  TextPosition position;  // {0, 0}: the problem is with the file as a whole
  std::string message;    // why, as a sentence without the place: "unknown action 'fly'"
  std::string file;       // the file it is in, where a reader gathers several ("": the one read)
  // For a duplicate: where the first of the two is ({0, 0}: not a duplicate), and its file
  // ("": the same file as the problem's own).
  TextPosition first;
  std::string first_file;
};

// A duplicate at `at` of something first defined at `first` (in `first_file`, "" for the same
// file), printed `PATH:LINE:COLUMN: error: WHY (first at PATH:LINE:COLUMN)`.
[[nodiscard]] TextProblem DuplicateProblem(TextPosition at, std::string why, TextPosition first,
                                           std::string first_file = {});

// The problem as one line: `FILE:LINE:COLUMN: SEVERITY: MESSAGE` (`FILE: SEVERITY: MESSAGE`
// without a position), then ` (first at FILE:LINE:COLUMN)` for a duplicate, FILE being the
// problem's own file or else `path`. The file's name and the message quote what a file or a user
// wrote, so both are escaped (base/terminal_text.h): a control sequence in them is shown, never
// obeyed by the terminal. `severity` is "error", or "warning" for what is only mentioned.
[[nodiscard]] std::string FormatProblem(std::string_view path, const TextProblem& problem,
                                        std::string_view severity = "error");

// Names the file of every problem from `first` on that names none yet (a reader that read one
// file among several: the key maps, a dungeon plan's set pieces).
void SetProblemFile(std::vector<TextProblem>& problems, std::size_t first, std::string_view file);

}  // namespace cairn
