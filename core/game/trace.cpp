// The trace's words and its one rule of what the story keeps. Apart from the tick driver: the
// world stamps every entry it keeps with TellsTheStory, and the tick driver calls the world, so
// each stands on its own unit rather than the two calling into each other.
#include "game/trace.h"

#include <iterator>

#include "game/ai.h"

namespace cairn {

const char* TraceEventName(TraceEvent event) noexcept {
  switch (event) {
    case TraceEvent::TickStarted: return "tick";
    case TraceEvent::PlayerActed: return "player-acted";
    case TraceEvent::AiPhase: return "ai-phase";
    case TraceEvent::AiStep: return "ai-step";
    case TraceEvent::Moved: return "moved";
    case TraceEvent::Attacked: return "attacked";
    case TraceEvent::Died: return "died";
    case TraceEvent::SpawnQueued: return "spawn-queued";
    case TraceEvent::DestroyQueued: return "destroy-queued";
    case TraceEvent::ComponentQueued: return "component-queued";
    case TraceEvent::Spawned: return "spawned";
    case TraceEvent::Destroyed: return "destroyed";
    case TraceEvent::ComponentChanged: return "component-changed";
    case TraceEvent::StaleRejected: return "stale-rejected";
    case TraceEvent::Fault: return "fault";
    case TraceEvent::RequestRevoked: return "request-revoked";
    case TraceEvent::TimerSet: return "timer-set";
    case TraceEvent::Perceived: return "perceived";
    case TraceEvent::LostCell: return "lost-cell";
    case TraceEvent::MoveBecameBlow: return "move-became-blow";
    case TraceEvent::ValueWritten: return "value-written";
    case TraceEvent::SwapMoved: return "swap-moved";
    case TraceEvent::Triggered: return "triggered";
  }
  return "unknown";
}

const char* EditCommandName(EditCommand command) noexcept {
  switch (command) {
    case EditCommand::None: return "none";
    case EditCommand::Spawn: return "SPAWN";
    case EditCommand::Despawn: return "DESPAWN";
    case EditCommand::Set: return "SET";
    case EditCommand::Add: return "ADD";
    case EditCommand::Remove: return "REMOVE";
    case EditCommand::Dup: return "DUP";
  }
  return "unknown";
}

bool TellsTheStory(const TraceEntry& e) noexcept {
  switch (e.event) {
    case TraceEvent::AiPhase:
    case TraceEvent::Attacked:
    case TraceEvent::Died:
    case TraceEvent::Spawned:
    case TraceEvent::Destroyed:
    case TraceEvent::RequestRevoked:
    case TraceEvent::TimerSet:
    case TraceEvent::Fault:
    case TraceEvent::Triggered: return true;
    case TraceEvent::Perceived: return e.detail[2] != 0;  // the perception that began a hunt
    case TraceEvent::AiStep: {
      // A wanderer's blocked step only picks another goal: it decides nothing.
      const auto result = static_cast<StepResult>(e.detail[1]);
      const auto phase = static_cast<AiPhase>(e.detail[0]);
      return (result == StepResult::Failed || result == StepResult::Cancelled) &&
             phase != AiPhase::Wander && phase != AiPhase::Asleep;
    }
    case TraceEvent::TickStarted:
    case TraceEvent::PlayerActed:
    case TraceEvent::Moved:
    case TraceEvent::SpawnQueued:
    case TraceEvent::DestroyQueued:
    case TraceEvent::ComponentQueued:
    case TraceEvent::ComponentChanged:
    case TraceEvent::LostCell:
    case TraceEvent::MoveBecameBlow:
    case TraceEvent::ValueWritten:
    case TraceEvent::SwapMoved:
    case TraceEvent::StaleRejected: return false;
  }
  return false;
}

const char* ActionKindName(ActionKind kind) noexcept {
  static constexpr const char* kNames[] = {"none",    "wait",    "move",   "attack", "pickup",
                                           "descend", "ascend",  "drop",   "use",    "throw",
                                           "equip",   "unequip", "shoot",  "steal",  "free",
                                           "order",   "operate", "summon", "blink",  "breathe"};
  static_assert(std::size(kNames) == kActionKindCount);
  const auto index = static_cast<std::size_t>(kind);
  return index < std::size(kNames) ? kNames[index] : "unknown";
}

const char* MachinePartName(std::uint16_t index) noexcept {
  static constexpr const char* kParts[] = {"trigger", "gate", "trap", "vault", "secret-door"};
  return index < std::size(kParts) ? kParts[index] : "machine";
}

const char* TriggerHowName(std::int64_t how) noexcept {
  static constexpr const char* kHows[] = {"bump", "step", "take", "search"};
  return how >= 0 && how < static_cast<std::int64_t>(std::size(kHows)) ? kHows[how] : "unknown";
}

const char* AiReasonName(AiReason reason) noexcept {
  switch (reason) {
    case AiReason::None: return "none";
    case AiReason::Noticed: return "noticed";
    case AiReason::TargetChosen: return "target-chosen";
    case AiReason::NoTarget: return "no-target";
    case AiReason::InReach: return "in-reach";
    case AiReason::Struck: return "struck";
    case AiReason::Recovered: return "recovered";
    case AiReason::LostTrail: return "lost-trail";
    case AiReason::Spotted: return "spotted";
    case AiReason::GaveUp: return "gave-up";
    case AiReason::TargetGone: return "target-gone";
    case AiReason::Hurt: return "hurt";
    case AiReason::Blocked: return "blocked";
    case AiReason::Calmed: return "calmed";
    case AiReason::Stole: return "stole";
    case AiReason::Freed: return "freed";
    case AiReason::TooFar: return "too-far";
    case AiReason::Back: return "back";
    case AiReason::Ordered: return "ordered";
    case AiReason::Dominated: return "dominated";
  }
  return "unknown";
}

const char* TimerKindName(TimerKind kind) noexcept {
  switch (kind) {
    case TimerKind::Recover: return "recover";
    case TimerKind::Search: return "search";
    case TimerKind::Special: return "special";
    case TimerKind::Haste: return "haste";
    case TimerKind::Slow: return "slow";
  }
  return "unknown";
}

}  // namespace cairn
