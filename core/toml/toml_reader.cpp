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
#include "toml/toml_reader.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "toml/toml_ascii.h"
#include "toml/toml_shape.h"

namespace cairn {
namespace {

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
    return map_.Map(
        TextPosition{static_cast<std::uint32_t>(p.line), static_cast<std::uint32_t>(p.column)});
  }

  // Moves `table` into `out`, emptying toml++'s tree as it goes: each member is erased once
  // converted, so the two trees are never both whole in memory. toml++ keeps members sorted by
  // key; authors and error reports want document order, so the members are taken in that order
  // (sorting iterators, not converted members, which would need a buffer as big as them all).
  // `depth` is the tree depth of `out` (the root is 0). CheckTomlShape has bounded the depth
  // already; this guard keeps the recursion bounded on its own, whatever reaches it.
  [[nodiscard]] bool Table(toml::table& table, TomlValue& out, std::uint32_t depth) const {
    out.kind = TomlKind::Table;
    out.inline_table = table.is_inline();
    std::vector<toml::table::iterator> order;
    order.reserve(table.size());
    for (auto it = table.begin(); it != table.end(); ++it) order.push_back(it);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
      const toml::source_position& pa = a->first.source().begin;
      const toml::source_position& pb = b->first.source().begin;
      if (pa.line != pb.line) return pa.line < pb.line;
      if (pa.column != pb.column) return pa.column < pb.column;
      return a->first.str() < b->first.str();  // never two keys at one place; but be total
    });
    out.members.reserve(order.size());
    for (const toml::table::iterator& it : order) {
      TomlMember member;
      member.key = std::string(it->first.str());
      member.key_position = Position(it->first.source().begin);
      if (!Node(it->second, member.value, depth + 1)) return false;
      out.members.push_back(std::move(member));
      table.erase(it);
    }
    return true;
  }

  [[nodiscard]] bool Node(toml::node& node, TomlValue& out, std::uint32_t depth) const {
    if (depth > kMaxTomlDepth) return false;
    out.position = Position(node.source().begin);
    switch (node.type()) {
      case toml::node_type::table: return Table(*node.as_table(), out, depth);
      case toml::node_type::array: {
        // From the back, so each converted element can be dropped at once (pop_back).
        toml::array& array = *node.as_array();
        out.kind = TomlKind::Array;
        out.array.resize(array.size());
        for (std::size_t i = array.size(); i-- > 0; array.pop_back())
          if (!Node(*array.get(i), out.array[i], depth + 1)) return false;
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
    return true;
  }

 private:
  const AsciiPositionMap& map_;
};

thread_local bool g_skip_shape_check = false;  // the test seam (toml_reader.h)

// Everything but running out of memory is reported through `error`; std::bad_alloc may escape.
bool ParseTomlOrThrowBadAlloc(std::string_view text, TomlValue& root, TextProblem& error) {
  AsciiTomlText ascii;
  if (!MakeAsciiTomlText(text, ascii, error)) return false;
  const AsciiPositionMap map(text, ascii);
  const TomlShapeLimits limits{kMaxTomlDepth, kTomlValuesFloor + text.size() / kTomlBytesPerValue};
  if (!g_skip_shape_check && !CheckTomlShape(ascii.text, limits, error)) {
    error.position = map.Map(error.position);
    return false;
  }
  const Converter convert(map);
  toml::parse_result result = toml::parse(ascii.text);
  if (!result) {
    const toml::parse_error& failure = result.error();
    error =
        TextProblem{convert.Position(failure.source().begin), std::string(failure.description())};
    return false;
  }
  TomlValue converted;
  if (!convert.Table(result.table(), converted, 0)) {
    error = TextProblem{TextPosition{1, 1},
                        "nesting deeper than " + std::to_string(kMaxTomlDepth) + " levels"};
    return false;
  }
  converted.position = TextPosition{1, 1};
  root = std::move(converted);
  return true;
}

}  // namespace

bool ParseToml(std::string_view text, TomlValue& root, TextProblem& error) noexcept {
  try {
    return ParseTomlOrThrowBadAlloc(text, root, error);
  } catch (const std::bad_alloc&) {
    // Building the message allocates too; if even that fails, `error` keeps what it had.
    try {
      error = TextProblem{TextPosition{}, "out of memory while reading"};
    } catch (...) {
    }
    return false;
  }
}

namespace toml_seam {
void SkipShapeCheck(bool skip) noexcept {
  g_skip_shape_check = skip;
}
}  // namespace toml_seam

}  // namespace cairn
