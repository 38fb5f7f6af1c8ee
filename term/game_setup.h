// What the interactive game and `cairn frame` share: the key map (default plus the user's
// override) and the session they start.
#pragma once

#include <memory>
#include <string>

#include "keymap/keymap.h"
#include "sim/session.h"

namespace cairn {

// The default key map, then $XDG_CONFIG_HOME/cairn/keys.toml (or ~/.config/cairn/keys.toml) if
// it exists. Problems are printed as PATH:LINE:COLUMN: error: ... lines; false if any.
[[nodiscard]] bool LoadKeyMap(KeyMap& keys);

// Fills the session's content with the built-in defaults (definitions and the default level),
// keeping a level already chosen. Prints why and returns false if the built-in content does not
// read (which the tests keep from ever shipping).
[[nodiscard]] bool UseDefaultContent(SessionConfig& config);

// The entropy every minted identity comes from: the system's, or (the test hook
// CAIRN_TEST_NO_ENTROPY=1) a source that never has any, to exercise exit status 3.
[[nodiscard]] EntropySource& ProgramEntropy();

// A fresh seed from the system's entropy (the time if there is none: a game seed is not an
// identity, so a weaker seed is acceptable here).
[[nodiscard]] std::uint64_t FreshSeed();

}  // namespace cairn
