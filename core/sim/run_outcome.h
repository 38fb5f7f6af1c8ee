// What a run shows of itself that outlives its worlds: the session's state, how a finished run
// ended, and what a death leaves on screen. Plain values, apart from GameSession so that what
// draws them (core/view's RenderFrame, the presenter) needs neither the session nor a world.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/components.h"

namespace cairn {

// How remains are drawn: as nothing else is. No item or monster in data/ uses this glyph, its
// ASCII stand-in or this colour (tests/view/effects_test.cpp checks): the '%' it was read as food
// or a corpse to pick up.
inline constexpr std::uint32_t kRemainsGlyph = 0x2020;  // †
inline constexpr char kRemainsAscii = '&';
inline constexpr Colour kRemainsColour = Colour::Default;

// What a death leaves on screen for a while. A plain value: it borrows nothing from the world
// (it keeps its own copy of the dead one's name, for look mode's "the remains of a kobold") and
// outlives the dead entity's slot being reused.
struct DeathEffect {
  Position where{};
  std::uint32_t glyph = kRemainsGlyph;
  char ascii = kRemainsAscii;
  Colour colour = kRemainsColour;
  std::int32_t remaining = 0;  // ticks left
  FixedString<31> name{};      // who died there ("kobold"), empty when it had no name
};

enum class SessionState : std::uint8_t { Playing, Dead, Won, Faulted };
[[nodiscard]] const char* SessionStateName(SessionState state) noexcept;

// How a run ended, for the summary screen and the summary file. Filled when the player dies or
// escapes; `ended` is false while the run goes on.
struct RunSummary {
  bool ended = false;
  bool won = false;
  std::string cause;  // "killed by a goblin on depth 4", "escaped the dungeon with the Cairnstone"
  std::string how;    // the cause without the place: "killed by a goblin" (empty for a win)
  bool starved = false;  // the kind of the end, for code (the bot): never read from the words
  std::int32_t depth = 0;
  std::int32_t deepest = 0;
  std::int32_t level = 1;
  std::int32_t turns = 0;
  std::int32_t kills = 0;
  std::int64_t tick = 0;
  std::int32_t health = 0;
  std::int32_t max_health = 0;
  std::vector<std::string> items;  // what was carried at the end
  std::vector<std::string>
      discoveries;  // item kinds identified: "potion of healing (murky potion)"
  // How the player died, newest first, in the words of the console's WHY (sim/why.h): the blow
  // that killed, who struck before it, what the killer was doing. Empty for a win.
  std::vector<std::string> why;
  std::size_t why_left_out = 0;  // older links the story held beyond `why`
};

}  // namespace cairn
