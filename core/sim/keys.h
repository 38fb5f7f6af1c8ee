// The default key map for headless input: one character, one player command.
// (The terminal reads its key map from data/keys.toml; this is the same default, for `cairn sim`
// key strings and recordings, which must not depend on a user's key file.)
#pragma once

#include <string_view>

#include "game/systems.h"

namespace cairn {

// The command for key `c`; false for a key that means nothing (it is skipped, costing no time).
[[nodiscard]] bool CommandForKey(char c, PlayerCommand& out) noexcept;
// The key that writes `command` in a key string (the inverse of CommandForKey), or '\0'.
[[nodiscard]] char KeyForCommand(const PlayerCommand& command) noexcept;

}  // namespace cairn
