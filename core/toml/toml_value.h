// TomlValue: cairn's own read-only tree of a parsed TOML document.
//
// Only core/toml/toml_reader.cpp includes toml++ (see that file for why). Every other part of the
// program works on this tree: plain values with the line and column each came from, tables in
// document order (toml++ keeps them sorted by key), so validators can report positions and keep
// authored order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/text_problem.h"  // TextPosition

namespace cairn {

enum class TomlKind : std::uint8_t { Table, Array, String, Integer, Float, Boolean, DateTime };
[[nodiscard]] const char* TomlKindName(TomlKind kind) noexcept;
// "a table", "an integer": for messages that read as sentences.
[[nodiscard]] const char* TomlKindWithArticle(TomlKind kind) noexcept;

struct TomlMember;

struct TomlValue {
  // (The small members first, together: a large save's tree holds a million values.)
  TomlKind kind = TomlKind::Table;
  bool inline_table = false;  // written as { ... } rather than a [header]
  bool boolean = false;
  TextPosition position;
  std::int64_t integer = 0;
  double floating = 0.0;
  std::string text;  // String values, and the text of a date or time
  std::vector<TomlValue> array;
  std::vector<TomlMember> members;  // Table members in document order

  // The member named `key`, or null (also null when this is not a table).
  [[nodiscard]] const TomlValue* Find(std::string_view key) const noexcept;
  [[nodiscard]] bool IsTable() const noexcept { return kind == TomlKind::Table; }
};

struct TomlMember {
  std::string key;
  TextPosition key_position;
  TomlValue value;
};

}  // namespace cairn
