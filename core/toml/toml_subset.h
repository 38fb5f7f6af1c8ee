// ParseTomlSubset: a reader for the plain TOML cairn's own writers produce, without toml++.
//
// The general reader (toml_reader.h) reads any TOML, but a large machine-written file (a save of
// 10,000 entities, a level of 100,000) spends most of its time there: ASCII rewriting, toml++'s
// tree, then the conversion into cairn's tree. This reader builds the same TomlValue tree
// directly, for a subset (what the save writer, `cairn format` and tools/crowd_level.py write):
//  - `key = value` lines with bare keys or quoted keys of printable ASCII without escapes
//    (`"#" = "wall"`), blank lines and `#` comments, `\n` line ends;
//  - table headers `[a]` at the root (one bare key, not used before), and array-of-tables headers
//    `[[a]]`, `[[a.b]]` (bare keys, no spaces), each prefix an array of tables already made by a
//    header;
//  - basic strings (escapes \" \\ \b \t \n \f \r, and \u with four hex digits; any valid
//    UTF-8), decimal integers, `true` and `false`, arrays (across lines, comments between values,
//    a trailing comma), one-line inline tables.
// Anything else (a literal string, a float, a dotted key, a dotted `[a.b]` header, CRLF, a
// duplicate key, text the shape check refuses, invalid UTF-8) is outside the subset: the answer is
// then false and `root` unchanged, and the caller reads the text with the general reader, which
// accepts it or reports the error. On text within the subset both readers make the same tree,
// positions included (tests/toml/toml_subset_test.cpp), so a file reads the same either way.
#pragma once

#include <string_view>

#include "toml/toml_value.h"

namespace cairn {

// True with `root` set when `text` is within the subset; false (`root` unchanged) otherwise,
// never an error of its own. A text past the general reader's bounds on depth and values
// (toml_reader.h), counted as its shape check counts them (toml_shape.h), is outside the subset,
// so recursion is bounded. Never crashes, whatever the bytes; running out of memory is a false.
[[nodiscard]] bool ParseTomlSubset(std::string_view text, TomlValue& root) noexcept;

}  // namespace cairn
