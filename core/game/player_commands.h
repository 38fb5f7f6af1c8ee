// From a player command (keys, a replay, the bot) to the player's intent: the one place that
// decides whether a command can be carried out now. The session asks it before a turn passes
// (a refused command costs no time and says why); PlayerIntentPhase asks it again in the tick.
#pragma once

#include <cstdint>
#include <string>

#include "game/fov.h"
#include "game/game_world.h"
#include "game/systems.h"

namespace cairn {

// Why a command was refused, as a kind code branches on (the controller, the bot) and as words
// for the message log. Code never reads the words.
enum class RefusalKind : std::uint8_t {
  None,
  Dead,
  NoCommand,
  NotADirection,
  Blocked,      // a wall, a closed door's frame, water: "There is a wall in the way."
  CannotSee,    // aiming at a cell out of view
  NoTarget,     // aiming with no one there, or nothing in view
  NoSuchItem,   // no item under that letter
  NotEquipped,  // taking off what is not worn
  CannotEquip,  // wielding what is no weapon or armour
  AlreadyEquipped,
  ThrowInstead,       // using a missile
  KeepTheCairnstone,  // using the Cairnstone
  CannotUse,
  NothingHere,              // picking up where nothing lies
  NoStairsHere,             // taking stairs away from them (the controller then travels there)
  NotWithoutTheCairnstone,  // leaving the dungeon empty-handed
  InUse,                    // throwing or dropping what is worn
  NothingToFire,
  NotAMissile,
  AlreadyQuivered,
  AlreadyEscaped,  // a command after the run was won (the session's)
  NoDeeper,        // stairs down on the last floor (the session's)
  NoAllies,        // commanding allies with none on the floor
};

struct Refusal {
  RefusalKind kind = RefusalKind::None;
  std::string words;  // a sentence for the message log
};

// Fills `intent` and returns true when the player can do `command` now; otherwise returns
// false with `why` set (its kind, and a sentence for the message log), and leaves `intent`
// unchanged.
[[nodiscard]] bool TranslatePlayerCommand(const GameWorld& world, const FieldOfView& view,
                                          const PlayerCommand& command, Intent& intent,
                                          Refusal& why);
// The same, for a caller that only says why.
[[nodiscard]] inline bool TranslatePlayerCommand(const GameWorld& world, const FieldOfView& view,
                                                 const PlayerCommand& command, Intent& intent,
                                                 std::string& why) {
  Refusal refusal;
  const bool ok = TranslatePlayerCommand(world, view, command, intent, refusal);
  if (!ok) why = std::move(refusal.words);
  return ok;
}

// The monster in view nearest to `from` (ties: the oldest), or null.
[[nodiscard]] EntityId NearestVisibleHostile(const GameWorld& world, const FieldOfView& view,
                                             Position from) noexcept;

// Whether an item of this category is used by Use (potions, scrolls, food, wands).
[[nodiscard]] bool Usable(ItemCategory category) noexcept;

}  // namespace cairn
