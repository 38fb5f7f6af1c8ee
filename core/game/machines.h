// Machines (components.h: Trigger, Gate, Trap, Vault; docs/GAME.md, "Machines"): setting off a
// trigger does what its target is. Movement notes who bumped a lever (the move becomes an Operate
// intent) and who stepped on a plate (TickScratch::stepped); ResolveGameplay sets them off, and
// a pick-up sets off an altar's take trigger. Every firing is traced as `triggered` (a = the
// trigger, b = its target) and told as a notice.
#pragma once

#include "game/game_world.h"
#include "game/tick_scratch.h"

namespace cairn {

// Sets off `trigger` (by `by`, who bumped, stepped or took): its target's effect, once for a
// once-only trigger. False when it did nothing (used up, or wired to nothing it can set off).
bool FireTrigger(GameWorld& world, EntityId trigger, EntityId by);

// The step trigger lying at `at`, or null: a plate someone stepped onto.
[[nodiscard]] EntityId StepTriggerAt(const GameWorld& world, Position at) noexcept;

// Whether `item` sits in a vault whose cages have closed: it cannot be taken.
[[nodiscard]] bool Caged(const GameWorld& world, EntityId item) noexcept;

// ResolveGameplay: the plates stepped on this tick, in the order they were stepped on.
void FireSteppedTriggers(GameWorld& world, TickScratch& scratch);

// A `triggered` entry's how for a secret door found by searching (the others are TriggerHow).
inline constexpr std::int64_t kSearchHow = 3;

// The player waited beside a secret door (components.h: Secret): a turn of searching; the
// kSearchTurns-th finds it, and its wall becomes a closed door.
void Search(GameWorld& world, EntityId searcher);

// An Operate intent: the player pulls the lever `intent.target` beside them.
void ResolveOperate(GameWorld& world, EntityId actor, Intent& intent);

}  // namespace cairn
