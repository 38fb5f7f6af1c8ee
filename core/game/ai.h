// Monster AI as small named state machines.
//
// Each monster's EnemyAi holds its action (Idle, Wander, Hunt, Flee) and the phase within it
// (Asleep; Wander; SelectTarget -> Approach -> Attack -> Recover for a hunt; Flee), the full
// handle of its target, the tick it next wakes, a pending request id and an action revision.
// StepAi does a bounded amount of work for one monster and returns: it never loops waiting, never
// keeps a pointer into the world, and revalidates its target every time it resumes. Its only
// outputs are value writes to the monster's own EnemyAi and Intent; Movement and
// ResolveGameplay carry the intent out.
#pragma once

#include <cstdint>

#include "game/components.h"
#include "game/game_world.h"
#include "game/tick_scratch.h"

namespace cairn {

enum class StepResult : std::uint8_t { Running, Succeeded, Failed, Cancelled };

[[nodiscard]] const char* AiActionName(AiAction action) noexcept;
[[nodiscard]] const char* AiPhaseName(AiPhase phase) noexcept;
[[nodiscard]] const char* AiProfileName(AiProfile profile) noexcept;
[[nodiscard]] const char* CancelReasonName(CancelReason reason) noexcept;
[[nodiscard]] const char* StepResultName(StepResult result) noexcept;

struct AiContext {
  GameWorld& world;
  TickScratch& scratch;
  EntityId player{};            // null when there is no player
  Position player_position{};
};

// One resumption of one monster's state machine.
[[nodiscard]] StepResult StepAi(AiContext& context, EntityId self, EnemyAi& ai);

// Cancels the current action: clears the intent it issued (once: only an intent issued under the
// current revision), advances the revision and records why. Safe to call more than once.
void CancelAction(GameWorld& world, EntityId self, EnemyAi& ai, CancelReason reason) noexcept;

// Starts a new action in its first phase (advances the revision).
void BeginAction(GameWorld& world, EntityId self, EnemyAi& ai, AiAction action, AiPhase phase,
                 EntityId target) noexcept;

}  // namespace cairn
