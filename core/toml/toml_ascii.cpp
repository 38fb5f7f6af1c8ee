#include "toml/toml_ascii.h"

#include <cstdio>

#include "base/utf8.h"

namespace cairn {
namespace {

std::string Escape(std::uint32_t code) {
  char buffer[16];
  if (code <= 0xFFFF)
    std::snprintf(buffer, sizeof buffer, "\\u%04X", static_cast<unsigned>(code));
  else
    std::snprintf(buffer, sizeof buffer, "\\U%08X", static_cast<unsigned>(code));
  return buffer;
}

class Builder {
 public:
  Builder(std::string_view original, AsciiTomlText& out) : original_(original), out_(out) {}

  void Append(std::string_view ascii, std::size_t from) {
    out_.text.append(ascii);
    out_.origin.insert(out_.origin.end(), ascii.size(), static_cast<std::uint32_t>(from));
  }
  void Copy(std::size_t i) { Append(original_.substr(i, 1), i); }

 private:
  std::string_view original_;
  AsciiTomlText& out_;
};

TextPosition PositionOfByte(std::string_view text, std::size_t offset) {
  TextPosition p{1, 1};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++p.line;
      p.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++p.column;
    }
  }
  return p;
}

bool IsAscii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

}  // namespace

bool MakeAsciiTomlText(std::string_view original, AsciiTomlText& out, TextProblem& error) {
  if (IsAscii(original)) {
    out.text.assign(original);
    out.origin.clear();
    return true;
  }
  enum class Mode { Code, Comment, Basic, Literal, MultiBasic, MultiLiteral };
  Mode mode = Mode::Code;
  AsciiTomlText built;
  // The rewrite never grows a text more than three times (a two-byte character becomes a six-byte
  // \u escape; everything else grows less), so reserving that much means the text and its origin
  // map are never reallocated: growing them by doubling once held both copies, twice the memory
  // of the map at its largest. Pages reserved and never written are never resident.
  built.text.reserve(3 * original.size());
  built.origin.reserve(3 * original.size());
  Builder b(original, built);
  auto fail = [&](std::size_t at, const char* message) {
    error = TextProblem{PositionOfByte(original, at), message};
    return false;
  };
  auto starts = [&](std::size_t i, std::string_view token) {
    return original.substr(i, token.size()) == token;
  };
  std::size_t i = 0;
  if (starts(0, "\xEF\xBB\xBF")) i = 3;  // a UTF-8 byte order mark, which toml++ would skip too
  for (; i < original.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(original[i]);
    std::uint32_t code = 0;
    std::size_t length = 1;
    if (c >= 0x80) {
      if (mode == Mode::Code) return fail(i, "non-ASCII character outside a string or comment");
      if (!DecodeUtf8(original, i, code, length)) return fail(i, "invalid UTF-8");
    }
    switch (mode) {
      case Mode::Code:
        if (c == '#') {
          mode = Mode::Comment;
        } else if (starts(i, "\"\"\"")) {
          mode = Mode::MultiBasic;
          b.Append("\"\"\"", i);
          i += 2;
          continue;
        } else if (starts(i, "'''")) {
          mode = Mode::MultiLiteral;
          b.Append("\"\"\"", i);  // rewritten as a multi-line basic string
          i += 2;
          continue;
        } else if (c == '"') {
          mode = Mode::Basic;
        } else if (c == '\'') {
          mode = Mode::Literal;
          b.Append("\"", i);  // rewritten as a basic string
          continue;
        }
        b.Copy(i);
        break;
      case Mode::Comment:
        if (c == '\n') mode = Mode::Code;
        if (c >= 0x80)
          b.Append("?", i);
        else
          b.Copy(i);
        break;
      case Mode::Basic:
      case Mode::MultiBasic: {
        const bool multi = mode == Mode::MultiBasic;
        if (c >= 0x80) {
          b.Append(Escape(code), i);
        } else if (c == '\\' && i + 1 < original.size() &&
                   static_cast<unsigned char>(original[i + 1]) >= 0x80) {
          return fail(i, "a backslash followed by a non-ASCII character is not a TOML escape");
        } else if (c == '\\' && i + 1 < original.size()) {
          b.Copy(i);  // an escape: its second character cannot end the string
          b.Copy(++i);
          if (original[i] == '\n' && !multi) mode = Mode::Code;
          continue;
        } else if (multi && starts(i, "\"\"\"")) {
          std::size_t end = i + 3;  // up to two more quotes belong to the string
          while (end < original.size() && end < i + 5 && original[end] == '"') ++end;
          for (std::size_t k = i; k < end; ++k) b.Copy(k);
          i = end - 1;
          mode = Mode::Code;
          continue;
        } else {
          if ((c == '"' && !multi) || (c == '\n' && !multi)) mode = Mode::Code;
          b.Copy(i);
        }
        break;
      }
      case Mode::Literal:
      case Mode::MultiLiteral: {
        const bool multi = mode == Mode::MultiLiteral;
        if (!multi && (c == '\'' || c == '\n')) {
          b.Append(c == '\'' ? "\"" : "\n", i);
          mode = Mode::Code;
          continue;
        }
        if (multi && starts(i, "'''")) {
          std::size_t end = i + 3;
          while (end < original.size() && end < i + 5 && original[end] == '\'') ++end;
          for (std::size_t k = i + 3; k < end; ++k) b.Append("'", k - 3);  // content quotes
          b.Append("\"\"\"", i);
          i = end - 1;
          mode = Mode::Code;
          continue;
        }
        if (c >= 0x80)
          b.Append(Escape(code), i);
        else if (c == '\\')
          b.Append("\\\\", i);
        else if (c == '"')
          b.Append("\\\"", i);
        else
          b.Copy(i);
        break;
      }
    }
    for (std::size_t k = 1; k < length; ++k) ++i;  // skip a multi-byte character's tail
  }
  out = std::move(built);
  return true;
}

namespace {
std::vector<std::size_t> LineStarts(std::string_view text) {
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  return starts;
}
}  // namespace

AsciiPositionMap::AsciiPositionMap(std::string_view original, const AsciiTomlText& ascii)
    : ascii_(ascii), original_(ascii.origin.empty() ? std::string_view() : original) {
  if (ascii.origin.empty()) return;
  ascii_line_starts_ = LineStarts(ascii.text);
}

TextPosition AsciiPositionMap::Map(TextPosition position) const {
  if (ascii_.origin.empty() || position.line == 0 || position.line > ascii_line_starts_.size())
    return position;
  const std::size_t offset =
      ascii_line_starts_[position.line - 1] + (position.column > 0 ? position.column - 1 : 0);
  // Lines are the same in both texts, so the original byte is on the same line.
  return original_.PositionOf(offset < ascii_.origin.size() ? ascii_.origin[offset]
                                                            : static_cast<std::size_t>(-1));
}

}  // namespace cairn
