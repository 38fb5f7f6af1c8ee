// What the monster machine and the ally machine share (ai.cpp, ai_ally.cpp): intents issued under
// the machine's revision, one bounded path step, and the trace of a step. Internal to the AI.
#pragma once

#include <cstdint>

#include "game/ai.h"
#include "game/rules.h"

namespace cairn {

inline constexpr std::int32_t kRecheckTicks = kNormalActionTicks;
inline constexpr std::uint32_t kApproachSearchLimit = 2000;
inline constexpr std::uint32_t kWanderSearchLimit = 400;

// What one phase's step did, and why the machine moves on (when it does). `acted`: the step
// issued this resumption's intent (a strike, a shot), so the machine moves on but the resumption
// ends there.
struct PhaseOutcome {
  StepResult result = StepResult::Running;
  AiReason reason = AiReason::None;
  bool acted = false;
};

void SetIntent(GameWorld& world, EntityId self, const EnemyAi& ai, Intent intent) noexcept;
void IntendWait(GameWorld& world, EntityId self, const EnemyAi& ai) noexcept;
void IntendStep(GameWorld& world, EntityId self, const EnemyAi& ai, Position from, Position to);
void IntendAttack(GameWorld& world, EntityId self, const EnemyAi& ai, EntityId target) noexcept;
void Intend(GameWorld& world, EntityId self, const EnemyAi& ai, ActionKind kind,
            EntityId target) noexcept;
[[nodiscard]] bool Carrying(const GameWorld& world, EntityId self) noexcept;
// The free cell beside `target` nearest to `self` (a pack's flank), or `target` when none is.
[[nodiscard]] Position SurroundCell(const GameWorld& world, Position self, Position target);
// One A* step toward `goal` within `limit` expansions; false when there is no route (or its first
// step is taken).
[[nodiscard]] bool StepToward(AiContext& ctx, EntityId self, const EnemyAi& ai, Position from,
                              Position goal, std::uint32_t limit);
// An ai-step entry: the phase, its result, and for a failed or cancelled step why.
void RecordStep(GameWorld& world, EntityId self, AiPhase phase, StepResult result,
                AiReason reason = AiReason::None) noexcept;

}  // namespace cairn
