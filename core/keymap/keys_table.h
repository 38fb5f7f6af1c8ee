// The keys table README.md shows, generated from the key map so the two cannot drift.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "keymap/keymap.h"

namespace cairn {

// The table in Markdown (`cairn keys` prints it; tests/tools/docs_test.sh keeps README's equal to
// it): a header, then one row per line of kKeyRows (keys_table.cpp), which puts related actions
// on one line ("take the stairs" for descend and ascend) with their keys from `keys`. An action
// no line names gets a line of its own, with its help description, after the line of the action
// before it in AllActions(): a new action is in the table without anyone writing it there.
[[nodiscard]] std::string KeysMarkdown(const KeyMap& keys);

// One line of the table: the actions on it (names as key files write them, separated by spaces;
// " / " between actions whose keys are shown apart, as in "wield or wear / take off") and what
// it says.
struct KeyLine {
  std::string_view actions;
  std::string_view text;
};
// The table made from other lines than README's (for tests).
[[nodiscard]] std::string KeysMarkdown(const KeyMap& keys, std::span<const KeyLine> lines);

// How a key name reads in the docs: "`h`", "`` ` ``", "`\|`", "Tab", "Ctrl-P", "keypad 5".
[[nodiscard]] std::string KeyNameForDocs(std::string_view key);

}  // namespace cairn
