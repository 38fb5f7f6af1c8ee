// From a player command (keys, a replay, the bot) to the player's intent: the one place that
// decides whether a command can be carried out now. The session asks it before a turn passes
// (a refused command costs no time and says why); PlayerIntentPhase asks it again in the tick.
#pragma once

#include <string>

#include "game/fov.h"
#include "game/game_world.h"
#include "game/systems.h"

namespace cairn {

// Fills `intent` and returns true when the player can do `command` now; otherwise returns
// false with `why` set to a sentence for the message log, and leaves `intent` unchanged.
[[nodiscard]] bool TranslatePlayerCommand(const GameWorld& world, const FieldOfView& view,
                                          const PlayerCommand& command, Intent& intent,
                                          std::string& why);

// The monster in view nearest to `from` (ties: the oldest), or null.
[[nodiscard]] EntityId NearestVisibleHostile(const GameWorld& world, const FieldOfView& view,
                                             Position from) noexcept;

// Whether an item of this category is used by Use (potions, scrolls, food, wands).
[[nodiscard]] bool Usable(ItemCategory category) noexcept;

}  // namespace cairn
