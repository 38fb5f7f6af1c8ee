// What the interactive game and `cairn frame` share: the key map (default plus the user's
// override) and the session they start.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/text_problem.h"
#include "keymap/keymap.h"
#include "sim/session.h"

namespace cairn {

// The default key map, then $XDG_CONFIG_HOME/cairn/keys.toml (or ~/.config/cairn/keys.toml) if
// anything is there (a dangling link or a FIFO there is an error, not a missing file). Problems
// are printed as PATH:LINE:COLUMN: error: ... lines; false if any.
[[nodiscard]] bool LoadKeyMap(KeyMap& keys);

// The one validation of key maps, for the game and `cairn check`: the built-in defaults
// (data/keys.toml), then `user_text` (null: none) read from `origin` on top, so a key the user's
// file binds while a default still holds it is refused by both with the same message. Every
// problem is positioned, with its file set. `out` is set only when there were none.
[[nodiscard]] bool BuildKeyMap(const std::string* user_text, const std::string& origin, KeyMap& out,
                               std::vector<TextProblem>& problems);

// The autopickup rule a new run starts with: the default (data/autopickup.toml), then `path`
// laid over it when `path` is not empty, or else $XDG_CONFIG_HOME/cairn/autopickup.toml (or
// ~/.config/cairn/autopickup.toml) if anything is there. Problems are printed as
// PATH:LINE:COLUMN: error: ... lines; false if any (`rule` is then unchanged).
[[nodiscard]] bool LoadAutoPickup(AutoPickup& rule, const std::string& path = "");
// The one reading of autopickup files, for the game, `cairn sim --autopickup` and `cairn check`:
// the default with `text` (from `origin`) laid over it; every problem positioned, its file set.
[[nodiscard]] bool BuildAutoPickup(const std::string& text, const std::string& origin,
                                   AutoPickup& out, std::vector<TextProblem>& problems);

// Fills the session's content with the built-in defaults (definitions and the default level),
// keeping a level already chosen. Prints why and returns false if the built-in content does not
// read (which the tests keep from ever shipping).
[[nodiscard]] bool UseDefaultContent(SessionConfig& config);
// Switches `config`, which holds the built-in content, to the edition a run made under dungeon
// `rules` was made with (content/default_content.h): its definitions, and its dungeon when the
// run is on the dungeon (a chosen level stays). So a save or a recording of an older edition
// resumes and replays on the content it was made with.
void UseEditionOf(std::int32_t rules, SessionConfig& config);

// The entropy every minted identity comes from: the system's, or (the test hook
// CAIRN_TEST_NO_ENTROPY=1) a source that never has any, to exercise exit status 3.
[[nodiscard]] EntropySource& ProgramEntropy();

// A fresh seed from the system's entropy (the time if there is none: a game seed is not an
// identity, so a weaker seed is acceptable here).
[[nodiscard]] std::uint64_t FreshSeed();

}  // namespace cairn
