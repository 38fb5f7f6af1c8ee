// The guarded TOML entry point: the only translation unit that includes toml++.
//
// Debian's toml++ 3.3.0 fails on some text (measured for this project):
//  - with assertions on, `[@]`, `[[[a]]]` and `a = [1, }` abort inside toml++;
//  - its character classification tables reach __builtin_unreachable for many non-ASCII code
//    points (undefined behaviour in every build type). It classifies the characters it meets
//    outside strings, after a line-ending backslash in a multi-line string, and while scanning a
//    malformed token, which can run across what the grammar would call a string (fuzzing found
//    `s = 2""multi'''<C3 A9>'''`, `a = +<NUL>...='<EF B9 BF>'` and valid text that crashed:
//    `s = """a \<newline>  <C3 A9>"""`).
// So this file is compiled without NDEBUG and defines TOML_ASSERT to nothing before the include:
// toml++'s TOML_ASSERT_ASSUME then expands to that no-op instead of an assertion (debug) or a
// compiler assumption (release, where clang would optimise on it). And toml++ is only ever given
// pure ASCII text with the same meaning (toml_ascii.h), so no non-ASCII code point can reach its
// tables; positions are mapped back to the author's text. The reproducers stay in tests/toml and
// in the fuzz corpus.
#undef NDEBUG
#define TOML_ASSERT(expr) static_assert(true)
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include <algorithm>
#include <cstdio>

#include "toml/toml_ascii.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

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

class Converter {
 public:
  explicit Converter(const AsciiPositionMap& map) : map_(map) {}

  TextPosition Position(const toml::source_position& p) const {
    return map_.Map(TextPosition{static_cast<std::uint32_t>(p.line),
                                 static_cast<std::uint32_t>(p.column)});
  }

  void Table(const toml::table& table, TomlValue& out) const {
    out.kind = TomlKind::Table;
    out.inline_table = table.is_inline();
    out.members.reserve(table.size());
    for (auto&& [key, value] : table) {
      TomlMember member;
      member.key = std::string(key.str());
      member.key_position = Position(key.source().begin);
      Node(value, member.value);
      out.members.push_back(std::move(member));
    }
    // toml++ keeps members sorted by key; authors and error reports want document order.
    std::stable_sort(out.members.begin(), out.members.end(),
                     [](const TomlMember& a, const TomlMember& b) {
                       return Before(a.key_position, b.key_position);
                     });
  }

  void Node(const toml::node& node, TomlValue& out) const {
    out.position = Position(node.source().begin);
    switch (node.type()) {
      case toml::node_type::table: Table(*node.as_table(), out); break;
      case toml::node_type::array: {
        const toml::array& array = *node.as_array();
        out.kind = TomlKind::Array;
        out.array.resize(array.size());
        for (std::size_t i = 0; i < array.size(); ++i) Node(*array.get(i), out.array[i]);
        break;
      }
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

 private:
  const AsciiPositionMap& map_;
};

// Everything but running out of memory is reported through `error`; std::bad_alloc may escape.
bool ParseTomlOrThrowBadAlloc(std::string_view text, TomlValue& root, TomlError& error) {
  AsciiTomlText ascii;
  if (!MakeAsciiTomlText(text, ascii, error)) return false;
  const AsciiPositionMap map(text, ascii);
  const Converter convert(map);
  toml::parse_result result = toml::parse(ascii.text);
  if (!result) {
    const toml::parse_error& failure = result.error();
    error = TomlError{convert.Position(failure.source().begin), std::string(failure.description())};
    return false;
  }
  TomlValue converted;
  convert.Table(result.table(), converted);
  converted.position = TextPosition{1, 1};
  root = std::move(converted);
  return true;
}

}  // namespace

bool ParseToml(std::string_view text, TomlValue& root, TomlError& error) noexcept {
  try {
    return ParseTomlOrThrowBadAlloc(text, root, error);
  } catch (const std::bad_alloc&) {
    error = TomlError{TextPosition{}, "out of memory while reading"};
    return false;
  }
}

}  // namespace cairn
