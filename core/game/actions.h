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

// --- monsters' specials (actions_specials.cpp) -------------------------------------------------
// The kind of monster `id` is, or null (no AI, or a kind past the definitions).
[[nodiscard]] const MonsterDefinition* MonsterKindOf(const GameWorld& world, EntityId id) noexcept;
// What a monster's action at a target starts from: its kind and both ends.
struct AimedAction {
  const MonsterDefinition* kind = nullptr;
  Position from{};
  Position to{};
  EntityId target{};
};
// The start every aimed action (a shot, a blink, a breath) shares: the intent cleared, the
// actor's time spent, its kind and both ends found. False, with the stale target counted, when
// one of them is gone.
[[nodiscard]] bool BeginAimed(GameWorld& world, EntityId actor, Intent& intent, AimedAction& out);
// Its special is spent: the next waits its kind's `cooldown` turns.
void StartCooldown(GameWorld& world, EntityId self, const MonsterDefinition& kind);
// A summoner calls its kin beside it (at most kMaxSummoned of the kind on the floor).
void ResolveSummon(GameWorld& world, TickScratch& scratch, EntityId summoner, Intent& intent);
// A blinker leaps to the free cell beside its target nearest it, along a clear line.
void ResolveBlink(GameWorld& world, TickScratch& scratch, EntityId blinker, Intent& intent);
// A breather breathes along the line to its target: everyone on it is struck.
void ResolveBreathe(GameWorld& world, TickScratch& scratch, EntityId breather, Intent& intent);
// The first free cell beside `around` (clockwise from north-west) that no closed door fills and
// no spawn this phase has reserved; false when there is none.
[[nodiscard]] bool OpenCellBeside(const GameWorld& world, const TickScratch& scratch,
                                  Position around, Position& out);
// The free cell beside `target` nearest `from` (first in direction order) that a clear line
// within `range` reaches and no spawn this phase has reserved: where a blinker lands.
[[nodiscard]] bool BlinkCell(const GameWorld& world, const TickScratch& scratch, Position from,
                             Position target, std::int32_t range, Position& out);
// How many monsters of `kind` the floor holds.
[[nodiscard]] std::int32_t CountKind(const GameWorld& world, std::uint16_t kind) noexcept;
// Up to `count` monsters of `kind` in the open cells beside `around`, hunting; how many came.
std::int32_t CallMonsters(GameWorld& world, TickScratch& scratch, Position around,
                          const MonsterDefinition& kind, std::int32_t count);
// Every monster on the floor but the player's allies hears something and comes hunting (an
// alarm, a scroll of aggravate monsters).
void WakeFloor(GameWorld& world);
// Moves `id` to `to` at once (a blink, a teleport), keeping the occupancy grid.
void Relocate(GameWorld& world, EntityId id, Position to) noexcept;

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
// The same line; with `through` it passes everyone standing on it (a breath), stopping only
// where the terrain does.
std::int32_t LinePath(const GameWorld& world, Position from, Position to, std::int32_t range,
                      Position* path, bool through) noexcept;
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
