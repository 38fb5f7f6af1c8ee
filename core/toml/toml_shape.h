// CheckTomlShape: bounds the tree a TOML text would make, before any parser builds it.
//
// toml++ limits the nesting of arrays and inline tables (256), but not of table headers or dotted
// keys: `a.b.c.(30,000 parts) = 1` or `[a.b.c....]` makes a chain of 30,000 tables, and both
// toml++ (destroying its tree) and cairn's converter (building TomlValue) recurse once per level,
// so the stack overflows. And a dense array (`[1,1,1,...]`, two bytes a value) costs hundreds of
// bytes a value once parsed, hundreds of times the file's size. So this pass runs first, over the
// text, and refuses a text whose tree would be deeper than `max_depth` or hold more than
// `max_values` values, with the position where the limit was passed.
//
// Depth counts every level a value sits below the root: each key segment of a table header (an
// array of tables `[[a]]` one more, for the array and its element), each segment of a dotted key,
// each array or inline table around it. Values are counted from above: each key (every segment of
// a dotted one), header segment, array, inline table and array element at least once, so the
// count is never below what the parser will make. The scanner knows TOML's strings and comments
// (brackets, dots and commas inside them mean nothing), and that a dot in a value (`1.5`, a
// date) is not a key separator. It needs no valid text: whatever it cannot place it still counts,
// and the parser reports the syntax.
#pragma once

#include <cstdint>
#include <string_view>

#include "toml/toml_reader.h"

namespace cairn {

struct TomlShapeLimits {
  std::uint32_t max_depth = 0;
  std::uint64_t max_values = 0;
};

// True when `text` (ASCII, as the parser gets it) is within the limits; otherwise false with the
// position (line, byte column, in `text`) and "nesting deeper than 64 levels ..." or "too dense:
// more than N values in M bytes ...".
[[nodiscard]] bool CheckTomlShape(std::string_view text, const TomlShapeLimits& limits,
                                  TextProblem& error);

}  // namespace cairn
