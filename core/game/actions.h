// Carrying out intents: one function per action kind, called by ResolveGameplayPhase for each
// actor in creation order. Each clears the intent, spends the actor's time, makes its value
// writes, emits its events and queues the structural changes that follow (a death, an item that
// changes hands or lands on the floor). Nothing here is called from outside the tick.
#pragma once

#include <cstdint>

#include "game/game_world.h"
#include "game/tick_scratch.h"

namespace cairn {

inline void ClearIntent(Intent& intent) noexcept {
  intent = Intent{};
}

// Ticks an action takes this actor now: its speed, halved while hasted, doubled while slowed.
[[nodiscard]] std::int32_t ActorTicks(const GameWorld& world, EntityId actor) noexcept;
// The same for one step (a fast runner's move_speed).
[[nodiscard]] std::int32_t StepTicks(const GameWorld& world, EntityId actor) noexcept;

// --- fighting (actions_combat.cpp) --------------------------------------------------------------
void ResolveAttack(GameWorld& world, TickScratch& scratch, EntityId attacker, Intent& intent);
void ResolveShoot(GameWorld& world, TickScratch& scratch, EntityId shooter, Intent& intent);
void ResolveSteal(GameWorld& world, TickScratch& scratch, EntityId thief, Intent& intent);

// --- allies (actions_allies.cpp) ----------------------------------------------------------------
// The player frees the captive beside them: it becomes an ally that follows (game/ai.h).
void ResolveFree(GameWorld& world, EntityId actor, Intent& intent);
// The player tells every ally on the floor to wait where it stands, or, when all wait already,
// to follow.
void ResolveOrder(GameWorld& world, EntityId actor, Intent& intent);
// Whether any freed ally on the floor follows the player (what an order turns to waiting).
[[nodiscard]] bool AnyAllyFollows(const GameWorld& world) noexcept;
// One blow that has been decided: applies the damage, emits the attack (and the noise), and on a
// kill the death with everything that follows. `event` carries attacker, target, kind and item.
void StrikeBlow(GameWorld& world, TickScratch& scratch, AttackEvent event, bool hit,
                std::int32_t damage);
// The cells a missile flies through from `from` toward `to` (Bresenham), at most `range`
// cells, stopping after the first cell that holds a blocker or before one that stops it.
// Returns the number of cells written to `path` (which holds at least `range`).
std::int32_t MissilePath(const GameWorld& world, Position from, Position to, std::int32_t range,
                         Position* path) noexcept;
// A missile from `from` would reach `to` (within `range`, at most kMaxMissileRange) with
// nothing in between: the same flight MissilePath gives a throw, a shot or a spell.
[[nodiscard]] bool ClearShot(const GameWorld& world, Position from, Position to,
                             std::int32_t range) noexcept;
// A death: the event, the killer's tally, the destroy, and what the dead one leaves behind.
void Kill(GameWorld& world, EntityId victim, EntityId killer, DeathCause cause, AttackKind blow);

// --- items (actions_items.cpp) ------------------------------------------------------------------
void ResolvePickUp(GameWorld& world, EntityId actor, Intent& intent);
void ResolveDrop(GameWorld& world, EntityId actor, Intent& intent);
void ResolveEquip(GameWorld& world, EntityId actor, Intent& intent, bool equip);
void ResolveUse(GameWorld& world, TickScratch& scratch, EntityId actor, Intent& intent);
void ResolveThrow(GameWorld& world, TickScratch& scratch, EntityId actor, Intent& intent);
void ResolveStairs(GameWorld& world, EntityId actor, Intent& intent);
// After the player stepped onto a cell: picks up, oldest first, every item lying there that the
// autopickup rule wants (game/items.h: AutoPickupWants), while autopickup is on. Part of the
// step: no time of its own. A full pack says so and leaves the rest.
void AutoPickUpHere(GameWorld& world, TickScratch& scratch, EntityId player);

// --- the player's settings (PlayerIntentPhase; no turn, no intent) -------------------------------
// What Fire throws from now on: the kind of carried `item`.
void FillQuiver(GameWorld& world, EntityId player, EntityId item);
// Autopickup on if it was off, off if it was on.
void ToggleAutoPickup(GameWorld& world, EntityId player);

// --- the passing of time (upkeep.cpp)
// ------------------------------------------------------------- Hunger, starvation, regeneration
// and the end of timed conditions, once per tick.
void Upkeep(GameWorld& world, TickScratch& scratch);

}  // namespace cairn
