// TomlHead: the top of a TOML document, where all its top-level keys are.
//
// A table header opens a table, and no later line of a TOML document can go back to the root:
// every top-level key comes before the first header. So a reader that wants one top-level key
// (what kind of file this is, its `format`) can parse the head alone instead of the whole text,
// which for a large save is tens of megabytes parsed once more than needed.
//
// The head ends where the first line whose first character other than blanks is `[` begins. If
// that line lies inside a multi-line string or array it is not a header, and the head, which then
// ends inside that string or array, does not parse on its own: a caller reads the whole text
// instead. When the head does parse, its tree is exactly the document's top-level key/value pairs
// (its root's members other than the tables its headers make), as the whole text's parse would
// give them (same positions: the head is a prefix).
#pragma once

#include <string_view>

namespace cairn {

// The head of `text` (the whole text when no line opens with `[`). Never reads past the end.
[[nodiscard]] std::string_view TomlHead(std::string_view text) noexcept;

}  // namespace cairn
