#include "toml/source_text.h"

#include <cstdint>

namespace cairn {

SourceText::SourceText(std::string_view text) : text_(text) {
  lines_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') lines_.push_back(i + 1);
}

// The byte offset of a (line, column-in-characters) position.
std::size_t SourceText::OffsetOf(TextPosition at) const {
  if (at.line == 0 || at.line > lines_.size()) return text_.size();
  std::size_t offset = lines_[at.line - 1];
  for (std::uint32_t column = 1; column < at.column && offset < text_.size(); ++offset) {
    ++column;
    while (offset + 1 < text_.size() && (static_cast<unsigned char>(text_[offset + 1]) & 0xC0) == 0x80)
      ++offset;
  }
  return offset;
}

std::string SourceText::ValueAt(TextPosition at) const {
  const std::string_view text = text_;
  const std::size_t start = OffsetOf(at);
  if (start >= text.size()) return "";
  if (text[start] != '{' && text[start] != '[') {
    std::size_t end = start;
    while (end < text.size() && text[end] != ',' && text[end] != '}' && text[end] != '\n') ++end;
    std::string_view v = text.substr(start, end - start);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    return std::string(v);
  }
  int depth = 0;
  for (std::size_t i = start; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      const bool triple = text.substr(i, 3) == std::string(3, c);
      const std::string close = triple ? std::string(3, c) : std::string(1, c);
      std::size_t j = i + close.size();
      while (j < text.size() && text.substr(j, close.size()) != close) {
        if (c == '"' && text[j] == '\\') ++j;
        ++j;
      }
      i = j + close.size() - 1;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') {
      if (--depth == 0) return std::string(text.substr(start, i - start + 1));
    }
  }
  return std::string(text.substr(start));
}

}  // namespace cairn
