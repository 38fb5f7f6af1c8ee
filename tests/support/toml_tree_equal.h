// Compares two TOML trees member by member, positions and flags included: the subset reader
// (toml/toml_subset.h) must make exactly the general reader's tree.
#pragma once

#include <string>

#include "toml/toml_value.h"

namespace cairn::test {

inline std::string PositionText(TextPosition p) {
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// The first difference between `a` and `b` as a sentence ("" when they are the same), `path`
// naming where it is.
inline std::string TomlTreeDifference(const TomlValue& a, const TomlValue& b,
                                      const std::string& path = "root") {
  if (a.kind != b.kind)
    return path + ": kind " + TomlKindName(a.kind) + " / " + TomlKindName(b.kind);
  if (a.position.line != b.position.line || a.position.column != b.position.column)
    return path + ": position " + PositionText(a.position) + " / " + PositionText(b.position);
  if (a.inline_table != b.inline_table) return path + ": inline flag differs";
  if (a.integer != b.integer) return path + ": integer differs";
  if (a.boolean != b.boolean) return path + ": boolean differs";
  if (a.text != b.text) return path + ": text \"" + a.text + "\" / \"" + b.text + "\"";
  if (a.array.size() != b.array.size()) return path + ": array size differs";
  for (std::size_t i = 0; i < a.array.size(); ++i) {
    std::string d =
        TomlTreeDifference(a.array[i], b.array[i], path + "[" + std::to_string(i) + "]");
    if (!d.empty()) return d;
  }
  if (a.members.size() != b.members.size()) return path + ": member count differs";
  for (std::size_t i = 0; i < a.members.size(); ++i) {
    const TomlMember& ma = a.members[i];
    const TomlMember& mb = b.members[i];
    if (ma.key != mb.key) return path + ": member " + ma.key + " / " + mb.key;
    if (ma.key_position.line != mb.key_position.line ||
        ma.key_position.column != mb.key_position.column)
      return path + "." + ma.key + ": key position " + PositionText(ma.key_position) + " / " +
             PositionText(mb.key_position);
    std::string d = TomlTreeDifference(ma.value, mb.value, path + "." + ma.key);
    if (!d.empty()) return d;
  }
  return "";
}

}  // namespace cairn::test
