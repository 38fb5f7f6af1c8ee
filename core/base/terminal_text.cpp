#include "base/terminal_text.h"

#include <cstdint>
#include <cstdio>

#include "base/utf8.h"

namespace cairn {
namespace {

// How the character at `at` is written: `length` bytes of it, kept when `escape` is empty.
struct Piece {
  std::size_t length = 1;
  char escape[12] = {};
};

Piece Classify(std::string_view text, std::size_t at) noexcept {
  Piece piece;
  const unsigned char c = static_cast<unsigned char>(text[at]);
  if (c < 0x20 || c == 0x7F) {
    std::snprintf(piece.escape, sizeof piece.escape, "\\x%02x", static_cast<unsigned>(c));
    return piece;
  }
  if (c < 0x80) return piece;
  std::uint32_t code = 0;
  std::size_t length = 0;
  if (!DecodeUtf8(text, at, code, length)) {
    std::snprintf(piece.escape, sizeof piece.escape, "\\x%02x", static_cast<unsigned>(c));
    return piece;  // one byte at a time: the next byte may start a valid character
  }
  piece.length = length;
  if (code >= 0x80 && code <= 0x9F)
    std::snprintf(piece.escape, sizeof piece.escape, "\\u{%x}", static_cast<unsigned>(code));
  return piece;
}

}  // namespace

bool NeedsTerminalEscape(std::string_view text) noexcept {
  for (std::size_t at = 0; at < text.size();) {
    const Piece piece = Classify(text, at);
    if (piece.escape[0] != '\0') return true;
    at += piece.length;
  }
  return false;
}

std::string EscapeForTerminal(std::string_view text) {
  if (!NeedsTerminalEscape(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t at = 0; at < text.size();) {
    const Piece piece = Classify(text, at);
    if (piece.escape[0] != '\0')
      out += piece.escape;
    else
      out.append(text.substr(at, piece.length));
    at += piece.length;
  }
  return out;
}

}  // namespace cairn
