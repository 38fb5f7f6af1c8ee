#include "toml/line_index.h"

#include <algorithm>

namespace cairn {
namespace {

// A byte that starts a character (not a UTF-8 continuation byte).
bool Starts(char c) noexcept {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  line_starts_.push_back(0);
  marks_.reserve(text.size() / kStride + 1);
  std::uint32_t column = 0;  // characters since the current line's start
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i % kStride == 0) marks_.push_back(column);
    if (text[i] == '\n') {
      line_starts_.push_back(i + 1);
      column = 0;
    } else if (Starts(text[i])) {
      ++column;
    }
  }
  if (text.size() % kStride == 0) marks_.push_back(column);  // a mark at the very end
}

TextPosition LineIndex::PositionOf(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  const auto line = static_cast<std::size_t>(
      std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin());
  const std::size_t line_start = line_starts_[line - 1];
  // From the last mark in this line before `offset`, or from the line's start.
  const std::size_t mark = offset / kStride;
  std::size_t from = line_start;
  std::uint32_t column = 0;
  if (mark * kStride > line_start) {
    from = mark * kStride;
    column = marks_[mark];
  }
  for (std::size_t i = from; i < offset; ++i)
    if (Starts(text_[i])) ++column;
  return TextPosition{static_cast<std::uint32_t>(line), column + 1};
}

std::size_t LineIndex::OffsetOf(TextPosition at) const {
  if (at.line == 0 || at.line > line_starts_.size()) return text_.size();
  const std::size_t line_start = line_starts_[at.line - 1];
  const std::uint32_t wanted = at.column > 0 ? at.column - 1 : 0;  // characters to step over
  // The last mark inside this line that has not passed the wanted column.
  const std::size_t line_end = at.line < line_starts_.size() ? line_starts_[at.line] : text_.size();
  // The marks at bytes in [line_start, line_end): [low, high).
  const std::size_t low = (line_start + kStride - 1) / kStride;
  const std::size_t high = std::min(marks_.size(), (line_end + kStride - 1) / kStride);
  std::size_t from = line_start;
  std::uint32_t column = 0;
  if (low < high && marks_[low] <= wanted) {
    // Binary search: marks grow along a line.
    std::size_t lo = low, hi = high;
    while (hi - lo > 1) {
      const std::size_t mid = lo + (hi - lo) / 2;
      (marks_[mid] <= wanted ? lo : hi) = mid;
    }
    from = lo * kStride;
    column = marks_[lo];
  }
  for (std::size_t i = from; i < text_.size(); ++i) {
    if (!Starts(text_[i])) continue;
    if (column == wanted) return i;
    ++column;
  }
  return text_.size();
}

}  // namespace cairn
