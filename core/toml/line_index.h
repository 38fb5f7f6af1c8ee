// LineIndex: byte offsets in a text to (line, column) positions and back, columns counting UTF-8
// characters, each lookup in time bounded by a constant however long the line.
//
// Counting a column from the start of its line costs the line's length, and a hostile file puts
// everything on one line: a million values on a 5 MB line made every position lookup walk
// megabytes, hours in all. So the index keeps, every kStride bytes, the column reached there;
// a lookup walks at most kStride bytes from the nearest such mark.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "toml/toml_value.h"

namespace cairn {

class LineIndex {
 public:
  // `text` must outlive the index.
  explicit LineIndex(std::string_view text);

  // The 1-based line and column of the character holding byte `offset` (the text's end is on
  // its last line, after its last character).
  [[nodiscard]] TextPosition PositionOf(std::size_t offset) const;
  // The byte where the character at `at` starts: the text's size when `at` names no line, and
  // the next line's start or the text's end when the column is past the line's end.
  [[nodiscard]] std::size_t OffsetOf(TextPosition at) const;
  [[nodiscard]] std::size_t LineCount() const noexcept { return line_starts_.size(); }

 private:
  static constexpr std::size_t kStride = 256;
  std::string_view text_;
  std::vector<std::size_t> line_starts_;  // the byte offset where each line starts
  // marks_[k]: characters from the start of the line holding byte k * kStride up to that byte.
  std::vector<std::uint32_t> marks_;
};

}  // namespace cairn
