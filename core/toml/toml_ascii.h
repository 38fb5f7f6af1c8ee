// AsciiTomlText: the text toml++ is given, with every non-ASCII character removed.
//
// toml++ 3.3 classifies characters with tables that reach __builtin_unreachable for many
// non-ASCII code points, and it classifies whatever it meets while scanning a token, which in
// malformed text can cross what the grammar calls a string. Rather than guess how toml++ will
// tokenize, cairn gives it text that cannot reach those tables: pure ASCII with the same meaning.
//  - Outside strings and comments a non-ASCII byte is an error (TOML allows none there).
//  - Inside a basic string each non-ASCII character becomes a \u or \U escape.
//  - A literal string holding non-ASCII text becomes the equivalent basic string.
//  - Inside a comment each non-ASCII character becomes '?' (comments carry no value).
// Invalid UTF-8 is an error. Lines are never added or removed, and `origin` maps every byte of
// the ASCII text back to the byte of the original it came from, so positions stay the author's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toml/line_index.h"
#include "toml/toml_reader.h"
#include "toml/toml_value.h"

namespace cairn {

struct AsciiTomlText {
  std::string text;
  std::vector<std::uint32_t> origin;  // empty when the original was ASCII already (identity)
};

// Builds the ASCII text; false with a positioned error (in the original's terms) otherwise.
[[nodiscard]] bool MakeAsciiTomlText(std::string_view original, AsciiTomlText& out,
                                     TextProblem& error);

// Maps positions in the ASCII text (line, 1-based byte column) to the original's (line, 1-based
// character column). Built once per document; each lookup costs a bounded walk (LineIndex),
// however long the line.
class AsciiPositionMap {
 public:
  AsciiPositionMap(std::string_view original, const AsciiTomlText& ascii);
  [[nodiscard]] TextPosition Map(TextPosition position) const;

 private:
  const AsciiTomlText& ascii_;
  std::vector<std::size_t> ascii_line_starts_;
  LineIndex original_;
};

}  // namespace cairn
