#include "game/tick.h"

#include <chrono>
#include <iterator>

#include "game/ai.h"
#include "game/state_limits.h"

namespace cairn {
namespace {

class PhaseClock {
 public:
  explicit PhaseClock(PhaseTimings* timings) : timings_(timings) {
    if (timings_ != nullptr) timings_->nanoseconds.fill(0);
    last_ = std::chrono::steady_clock::now();
  }
  void Lap(TickPhase phase) {
    if (timings_ == nullptr) return;
    const auto now = std::chrono::steady_clock::now();
    timings_->nanoseconds[static_cast<std::size_t>(phase)] =
        std::chrono::duration_cast<std::chrono::nanoseconds>(now - last_).count();
    last_ = now;
  }

 private:
  PhaseTimings* timings_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace

const char* TickPhaseName(TickPhase phase) noexcept {
  switch (phase) {
    case TickPhase::BeginTick: return "BeginTick";
    case TickPhase::PlayerIntent: return "PlayerIntent";
    case TickPhase::Ai: return "AI";
    case TickPhase::Movement: return "Movement";
    case TickPhase::ResolveGameplay: return "ResolveGameplay";
    case TickPhase::Commit: return "Commit";
    case TickPhase::EndTick: return "EndTick";
  }
  return "unknown";
}

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
    case TraceEvent::Fault: return true;
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
    case TraceEvent::StaleRejected: return false;
  }
  return false;
}

const char* ActionKindName(ActionKind kind) noexcept {
  static constexpr const char* kNames[] = {"none",    "wait",    "move",  "attack", "pickup",
                                           "descend", "ascend",  "drop",  "use",    "throw",
                                           "equip",   "unequip", "shoot", "steal"};
  static_assert(std::size(kNames) == kActionKindCount);
  const auto index = static_cast<std::size_t>(kind);
  return index < std::size(kNames) ? kNames[index] : "unknown";
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

Status RunTick(GameWorld& world, TickScratch& scratch, const TickInput& input,
               PhaseTimings* timings, TickObserver* observer) {
  if (world.Fault().Active()) return world.Fault().status;
  if (world.InTick()) return Status::InvalidPhase;
  // A run stops at its caps rather than reach a state no save can hold (game/state_limits.h):
  // the clock before it would pass its cap, what grows in play once a tick took it past.
  if (world.Tick() >= kMaxTick) {
    world.SetFault(Status::CapacityExceeded, "the clock reached the last tick a save can hold");
    return world.Fault().status;
  }
  PhaseClock clock(timings);
  const auto ran = [&](TickPhase phase) {
    clock.Lap(phase);
    if (observer != nullptr) observer->AfterPhase(world);
  };
  BeginTickPhase(world);
  ran(TickPhase::BeginTick);
  PlayerIntentPhase(world, scratch, input);
  ran(TickPhase::PlayerIntent);
  AiDecisionPhase(world, scratch);
  ran(TickPhase::Ai);
  MovementPhase(world, scratch);
  ran(TickPhase::Movement);
  ResolveGameplayPhase(world, scratch);
  ran(TickPhase::ResolveGameplay);
  if (observer != nullptr) observer->BeforeCommit(world);
  const Status committed = world.Fault().Active() ? world.Fault().status : CommitPhase(world);
  ran(TickPhase::Commit);
  EndTickPhase(world, scratch);
  ran(TickPhase::EndTick);
  if (committed != Status::Ok) return committed;
  if (!GrowthWithinLimits(world)) {
    world.SetFault(Status::CapacityExceeded, FindGrowthBreach(world).what);
    return world.Fault().status;
  }
  return Status::Ok;
}

}  // namespace cairn
