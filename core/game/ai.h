// Monster AI as small named state machines.
//
// Each monster's EnemyAi holds its action (Idle, Wander, Hunt, Flee) and the phase within it, the
// full handle of its target, the tick it next wakes, when its recovery ends, a pending request id
// and an action revision. The machine (docs/GAME.md, "How monsters think"):
//
//   Asleep --noticed--> SelectTarget --target-chosen--> Approach --in-reach--> Attack
//   Wander --noticed--> SelectTarget                    Approach --lost-trail--> Recover (search)
//   Attack --struck--> Recover --recovered--> Approach  Recover --spotted--> Approach
//   SelectTarget --no-target--> Wander                  Recover (search) --gave-up--> Wander
//   Attack/Recover --hurt--> Flee --recovered--> SelectTarget; anything --target-gone--> Wander
//
// Each phase's step returns Running (it acted; the resumption ends), Succeeded or Failed (the
// machine moves on along the arrow its reason names) or Cancelled (the action is cancelled: its
// intent cleared and its request revoked, once). Every step is traced as ai-step with its phase
// and result, every move as ai-phase with both phases and the reason. StepAi does a bounded amount
// of work for one monster and returns: it never loops waiting, never keeps a pointer into the
// world, and revalidates its target every time it resumes. Its only outputs are value writes to
// the monster's own EnemyAi and Intent; Movement and ResolveGameplay carry the intent out.
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
  EntityId player{};  // null when there is no player
  Position player_position{};
};

// One resumption of one monster's state machine.
[[nodiscard]] StepResult StepAi(AiContext& context, EntityId self, EnemyAi& ai);
// One resumption of an ally's (ai_ally.cpp): a captive waits in its chains; a freed one keeps to
// the player (Follow, Return) and fights the player's enemies (SelectTarget, Approach, Attack,
// Recover).
[[nodiscard]] StepResult StepAlly(AiContext& context, EntityId self, EnemyAi& ai, const Ally& ally);

// Cancels the current action: clears the intent it issued (once: only an intent issued under the
// current revision), revokes its pending request (once: a spawn still queued is dropped, and the
// monster waits on it no more; traced as request-revoked), advances the revision and records why.
// Safe to call more than once.
void CancelAction(GameWorld& world, EntityId self, EnemyAi& ai, CancelReason reason) noexcept;

// Moves the machine to phase `to` for `reason`, aiming at `target`: traced as ai-phase with both
// phases and the reason. Entering another action (a phase of Idle, Wander, Hunt or Flee other
// than the current one's) advances the revision, so intents of the old action are not its own.
void EnterPhase(GameWorld& world, EntityId self, EnemyAi& ai, AiPhase to, AiReason reason,
                EntityId target) noexcept;

// The action a phase belongs to: Asleep is Idle; SelectTarget, Approach, Attack and Recover are
// Hunt; Wander and Flee their own.
[[nodiscard]] AiAction ActionOfPhase(AiPhase phase) noexcept;

}  // namespace cairn
