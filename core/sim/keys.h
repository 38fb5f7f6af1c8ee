// Commands as text: the default key map for headless input (`cairn sim` key strings, the bot,
// recordings and saves), which must not depend on a user's key file. The terminal reads its key
// map from data/keys.toml; these are the same default keys.
//
// Most commands are one key ("h", "." , "g"). Commands on an item take its inventory letter
// next ("da" drops item a, "qa" or "aa" uses it, "wa" wields or wears it, "Ta" takes it off,
// "ta" throws it at the nearest monster in view); an aimed throw or zap adds the target cell
// ("ta@12,5"). f fires what the quiver holds at the nearest monster in view ("f", or aimed
// "f@12,5"); "va" quivers item a; A turns autopickup on or off (the terminal's Ctrl-A). A few
// keys start a run of turns instead of one (explore, rest), and F fights the nearest monster
// (DCSS's auto-fight: one step or one blow per press).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "game/systems.h"

namespace cairn {

// What one token of a key string asks for.
enum class KeyTokenKind : std::uint8_t {
  Command,  // one player command
  Explore,  // o or X: explore until something happens
  Rest,     // Z: rest until healed or something happens
  Fight,    // F: one step toward, or one blow at, the nearest monster in view
  Unknown,  // a key that means nothing (skipped, costing no time)
};

struct KeyToken {
  KeyTokenKind kind = KeyTokenKind::Unknown;
  PlayerCommand command{};
  std::size_t length = 1;  // characters consumed (at least 1)
};

// The token at `at` in `keys` (at < keys.size()).
[[nodiscard]] KeyToken NextKeyToken(std::string_view keys, std::size_t at) noexcept;

// The command for one key (no item letter): false for keys that need more or mean nothing.
[[nodiscard]] bool CommandForKey(char c, PlayerCommand& out) noexcept;
// A command's canonical text ("h", "da", "ta@12,5"); empty for None. Parsing it with
// NextKeyToken gives the same command back.
[[nodiscard]] std::string CommandText(const PlayerCommand& command);
// Parses exactly one command from `text` (all of it); false otherwise.
[[nodiscard]] bool ParseCommandText(std::string_view text, PlayerCommand& out) noexcept;

}  // namespace cairn
