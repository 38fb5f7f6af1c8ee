#include "toml/source_text.h"

namespace cairn {

std::string SourceText::ValueAt(TextPosition at) const {
  const std::string_view text = text_;
  if (!lines_) lines_.emplace(text_);
  const std::size_t start = lines_->OffsetOf(at);
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
