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

// Rewrites a TOML text with non-ASCII characters into ASCII only, one character at a time, in the
// lexical mode the character is read in (code, comment, or one of the four kinds of string). Each
// step consumes the character at `i` and leaves `i` on the last byte it used (a step that reads an
// escape or a closing triple quote uses more than one); `origin` maps every output byte back.
class AsciiRewriter {
 public:
  AsciiRewriter(std::string_view original, AsciiTomlText& out, TextProblem& error)
      : original_(original), out_(out), error_(error) {
    // The rewrite never grows a text more than three times (a two-byte character becomes a
    // six-byte \u escape; everything else grows less), so reserving that much means the text and
    // its origin map are never reallocated: growing them by doubling once held both copies, twice
    // the memory of the map at its largest. Pages reserved and never written are never resident.
    out_.text.reserve(3 * original.size());
    out_.origin.reserve(3 * original.size());
  }

  [[nodiscard]] bool Run() {
    std::size_t i = 0;
    if (Starts(0, "\xEF\xBB\xBF")) i = 3;  // a UTF-8 byte order mark, which toml++ would skip too
    for (; i < original_.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(original_[i]);
      std::uint32_t code = 0;
      std::size_t length = 1;
      if (c >= 0x80) {
        if (mode_ == Mode::Code) return Fail(i, "non-ASCII character outside a string or comment");
        if (!DecodeUtf8(original_, i, code, length)) return Fail(i, "invalid UTF-8");
      }
      if (!Step(i, c, code)) return false;
      i += length - 1;  // skip a multi-byte character's tail (steps that move `i` read ASCII)
    }
    return true;
  }

 private:
  enum class Mode { Code, Comment, Basic, Literal, MultiBasic, MultiLiteral };

  [[nodiscard]] bool Step(std::size_t& i, unsigned char c, std::uint32_t code) {
    switch (mode_) {
      case Mode::Code: StepCode(i, c); return true;
      case Mode::Comment: StepComment(i, c); return true;
      case Mode::Basic:
      case Mode::MultiBasic: return StepBasic(i, c, code);
      case Mode::Literal:
      case Mode::MultiLiteral: StepLiteral(i, c, code); return true;
    }
    return true;
  }

  // Outside strings: notes where a comment or a string opens; literal strings become basic ones.
  void StepCode(std::size_t& i, unsigned char c) {
    if (c == '#') {
      mode_ = Mode::Comment;
    } else if (Starts(i, "\"\"\"")) {
      mode_ = Mode::MultiBasic;
      Append("\"\"\"", i);
      i += 2;
      return;
    } else if (Starts(i, "'''")) {
      mode_ = Mode::MultiLiteral;
      Append("\"\"\"", i);  // rewritten as a multi-line basic string
      i += 2;
      return;
    } else if (c == '"') {
      mode_ = Mode::Basic;
    } else if (c == '\'') {
      mode_ = Mode::Literal;
      Append("\"", i);  // rewritten as a basic string
      return;
    }
    Copy(i);
  }

  // A comment's non-ASCII characters mean nothing to the parser: each becomes one '?'.
  void StepComment(std::size_t i, unsigned char c) {
    if (c == '\n') mode_ = Mode::Code;
    if (c >= 0x80)
      Append("?", i);
    else
      Copy(i);
  }

  // A basic string keeps its escapes; a non-ASCII character becomes its \u or \U escape.
  [[nodiscard]] bool StepBasic(std::size_t& i, unsigned char c, std::uint32_t code) {
    const bool multi = mode_ == Mode::MultiBasic;
    if (c >= 0x80) {
      Append(Escape(code), i);
    } else if (c == '\\' && i + 1 < original_.size() &&
               static_cast<unsigned char>(original_[i + 1]) >= 0x80) {
      return Fail(i, "a backslash followed by a non-ASCII character is not a TOML escape");
    } else if (c == '\\' && i + 1 < original_.size()) {
      Copy(i);  // an escape: its second character cannot end the string
      Copy(++i);
      if (original_[i] == '\n' && !multi) mode_ = Mode::Code;
    } else if (multi && Starts(i, "\"\"\"")) {
      std::size_t end = i + 3;  // up to two more quotes belong to the string
      while (end < original_.size() && end < i + 5 && original_[end] == '"') ++end;
      for (std::size_t k = i; k < end; ++k) Copy(k);
      i = end - 1;
      mode_ = Mode::Code;
    } else {
      if ((c == '"' && !multi) || (c == '\n' && !multi)) mode_ = Mode::Code;
      Copy(i);
    }
    return true;
  }

  // A literal string has no escapes, so it is rewritten as a basic string: backslashes and double
  // quotes are escaped, non-ASCII characters become \u or \U escapes.
  void StepLiteral(std::size_t& i, unsigned char c, std::uint32_t code) {
    const bool multi = mode_ == Mode::MultiLiteral;
    if (!multi && (c == '\'' || c == '\n')) {
      Append(c == '\'' ? "\"" : "\n", i);
      mode_ = Mode::Code;
      return;
    }
    if (multi && Starts(i, "'''")) {
      std::size_t end = i + 3;
      while (end < original_.size() && end < i + 5 && original_[end] == '\'') ++end;
      for (std::size_t k = i + 3; k < end; ++k) Append("'", k - 3);  // content quotes
      Append("\"\"\"", i);
      i = end - 1;
      mode_ = Mode::Code;
      return;
    }
    if (c >= 0x80)
      Append(Escape(code), i);
    else if (c == '\\')
      Append("\\\\", i);
    else if (c == '"')
      Append("\\\"", i);
    else
      Copy(i);
  }

  [[nodiscard]] bool Starts(std::size_t i, std::string_view token) const {
    return original_.substr(i, token.size()) == token;
  }
  void Append(std::string_view ascii, std::size_t from) {
    out_.text.append(ascii);
    out_.origin.insert(out_.origin.end(), ascii.size(), static_cast<std::uint32_t>(from));
  }
  void Copy(std::size_t i) { Append(original_.substr(i, 1), i); }
  [[nodiscard]] bool Fail(std::size_t at, const char* message) {
    error_ = TextProblem{PositionOfByte(original_, at), message};
    return false;
  }

  std::string_view original_;
  AsciiTomlText& out_;
  TextProblem& error_;
  Mode mode_ = Mode::Code;
};

}  // namespace

bool MakeAsciiTomlText(std::string_view original, AsciiTomlText& out, TextProblem& error) {
  if (IsAscii(original)) {
    out.text.assign(original);
    out.origin.clear();
    return true;
  }
  AsciiTomlText built;
  if (!AsciiRewriter(original, built, error).Run()) return false;
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
