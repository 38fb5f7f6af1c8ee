// The guarded TOML entry point: the only translation unit that includes toml++.
//
// Debian's toml++ 3.3.0 fails on some malformed text (measured for this project):
//  - with assertions on, `[@]`, `[[[a]]]` and `a = [1, }` abort inside toml++;
//  - a non-ASCII character outside strings and comments (bytes C3 A9, or C9 8E 61 74, where a key
//    starts) reaches __builtin_unreachable: undefined behaviour in every build type.
// So this file is compiled without NDEBUG and defines TOML_ASSERT to nothing before the include:
// toml++'s TOML_ASSERT_ASSUME then expands to that no-op instead of an assertion (debug) or a
// compiler assumption (release, where clang would optimise on it). And before toml++ sees a byte,
// FindNonAsciiOutsideStrings rejects every non-ASCII byte outside strings and comments with our
// own positioned error; TOML 1.0 allows such bytes nowhere else, so no valid document is refused.
// The reproducers stay in tests/toml and in the fuzz corpus.
#undef NDEBUG
#define TOML_ASSERT(expr) static_assert(true)
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include <algorithm>
#include <cstdio>

#include "toml/toml_reader.h"

namespace cairn {
namespace {

TextPosition PositionOf(const toml::source_position& p) {
  return TextPosition{static_cast<std::uint32_t>(p.line), static_cast<std::uint32_t>(p.column)};
}

bool Before(const TextPosition& a, const TextPosition& b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

std::string TwoDigits(unsigned v) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "%02u", v % 100u);
  return buffer;
}

std::string DateText(const toml::date& d) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%04u-%02u-%02u", static_cast<unsigned>(d.year),
                static_cast<unsigned>(d.month), static_cast<unsigned>(d.day));
  return buffer;
}

std::string TimeText(const toml::time& t) {
  return TwoDigits(t.hour) + ":" + TwoDigits(t.minute) + ":" + TwoDigits(t.second);
}

void Convert(const toml::node& node, TomlValue& out);

void ConvertTable(const toml::table& table, TomlValue& out) {
  out.kind = TomlKind::Table;
  out.inline_table = table.is_inline();
  out.members.reserve(table.size());
  for (auto&& [key, value] : table) {
    TomlMember member;
    member.key = std::string(key.str());
    member.key_position = PositionOf(key.source().begin);
    Convert(value, member.value);
    out.members.push_back(std::move(member));
  }
  // toml++ keeps members sorted by key; authors and error reports want document order.
  std::stable_sort(out.members.begin(), out.members.end(),
                   [](const TomlMember& a, const TomlMember& b) {
                     return Before(a.key_position, b.key_position);
                   });
}

void Convert(const toml::node& node, TomlValue& out) {
  out.position = PositionOf(node.source().begin);
  switch (node.type()) {
    case toml::node_type::table: ConvertTable(*node.as_table(), out); break;
    case toml::node_type::array:
      out.kind = TomlKind::Array;
      out.array.resize(node.as_array()->size());
      for (std::size_t i = 0; i < out.array.size(); ++i) Convert(*node.as_array()->get(i), out.array[i]);
      break;
    case toml::node_type::string:
      out.kind = TomlKind::String;
      out.text = std::string(node.as_string()->get());
      break;
    case toml::node_type::integer:
      out.kind = TomlKind::Integer;
      out.integer = node.as_integer()->get();
      break;
    case toml::node_type::floating_point:
      out.kind = TomlKind::Float;
      out.floating = node.as_floating_point()->get();
      break;
    case toml::node_type::boolean:
      out.kind = TomlKind::Boolean;
      out.boolean = node.as_boolean()->get();
      break;
    case toml::node_type::date:
      out.kind = TomlKind::DateTime;
      out.text = DateText(node.as_date()->get());
      break;
    case toml::node_type::time:
      out.kind = TomlKind::DateTime;
      out.text = TimeText(node.as_time()->get());
      break;
    case toml::node_type::date_time: {
      const toml::date_time& dt = node.as_date_time()->get();
      out.kind = TomlKind::DateTime;
      out.text = DateText(dt.date) + "T" + TimeText(dt.time);
      break;
    }
    case toml::node_type::none: out.kind = TomlKind::Table; break;
  }
}

// Advances over a UTF-8 sequence's continuation bytes so columns count characters.
bool IsContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

bool FindNonAsciiOutsideStrings(std::string_view text, TextPosition& where) noexcept {
  enum class Mode { Code, Comment, Basic, Literal, MultiBasic, MultiLiteral };
  Mode mode = Mode::Code;
  std::uint32_t line = 1;
  std::uint32_t column = 0;
  auto starts = [&](std::size_t i, std::string_view token) {
    return text.substr(i, token.size()) == token;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (!IsContinuationByte(c)) ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      // A newline ends a comment and, in malformed text, a single-line string: toml++ will
      // report the unterminated string; for scanning, code resumes on the next line.
      if (mode == Mode::Comment || mode == Mode::Basic || mode == Mode::Literal) mode = Mode::Code;
      continue;
    }
    switch (mode) {
      case Mode::Code:
        if (c >= 0x80) {
          where = TextPosition{line, column};
          return true;
        }
        if (c == '#') {
          mode = Mode::Comment;
        } else if (starts(i, "\"\"\"")) {
          mode = Mode::MultiBasic;
          i += 2;
          column += 2;
        } else if (starts(i, "'''")) {
          mode = Mode::MultiLiteral;
          i += 2;
          column += 2;
        } else if (c == '"') {
          mode = Mode::Basic;
        } else if (c == '\'') {
          mode = Mode::Literal;
        }
        break;
      case Mode::Comment: break;
      case Mode::Basic:
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') {
          ++i;  // an escaped character (ASCII when it matters: \" and \\) cannot end the string
          ++column;
        } else if (c == '"') {
          mode = Mode::Code;
        }
        break;
      case Mode::Literal:
        if (c == '\'') mode = Mode::Code;
        break;
      case Mode::MultiBasic:
        if (c == '\\' && i + 1 < text.size()) {
          if (text[i + 1] != '\n') {
            ++i;
            ++column;
          }
        } else if (starts(i, "\"\"\"")) {
          // Up to two more quotes may belong to the string ("""a""""" ends with a"").
          std::size_t end = i + 3;
          while (end < text.size() && end < i + 5 && text[end] == '"') ++end;
          column += static_cast<std::uint32_t>(end - i - 1);
          i = end - 1;
          mode = Mode::Code;
        }
        break;
      case Mode::MultiLiteral:
        if (starts(i, "'''")) {
          std::size_t end = i + 3;
          while (end < text.size() && end < i + 5 && text[end] == '\'') ++end;
          column += static_cast<std::uint32_t>(end - i - 1);
          i = end - 1;
          mode = Mode::Code;
        }
        break;
    }
  }
  return false;
}

bool ParseToml(std::string_view text, TomlValue& root, TomlError& error) {
  TextPosition where;
  if (FindNonAsciiOutsideStrings(text, where)) {
    error = TomlError{where, "non-ASCII character outside a string or comment"};
    return false;
  }
  toml::parse_result result = toml::parse(text);
  if (!result) {
    const toml::parse_error& failure = result.error();
    error = TomlError{PositionOf(failure.source().begin), std::string(failure.description())};
    return false;
  }
  TomlValue converted;
  ConvertTable(result.table(), converted);
  converted.position = TextPosition{1, 1};
  root = std::move(converted);
  return true;
}

}  // namespace cairn
