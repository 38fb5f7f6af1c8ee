#include "toml/toml_head.h"

namespace cairn {

std::string_view TomlHead(std::string_view text) noexcept {
  std::size_t line = 0;  // where the line being looked at begins
  while (line < text.size()) {
    std::size_t at = line;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    if (at < text.size() && text[at] == '[') return text.substr(0, line);
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) break;
    line = end + 1;
  }
  return text;
}

}  // namespace cairn
