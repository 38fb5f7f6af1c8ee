#include "game/tick.h"

#include <chrono>
#include <iterator>
#include <string>

#include "base/assert.h"
#include "game/ai.h"
#include "game/declared_writes.h"
#include "game/state_limits.h"

namespace cairn {
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
    case TraceEvent::Perceived: return "perceived";
    case TraceEvent::LostCell: return "lost-cell";
    case TraceEvent::MoveBecameBlow: return "move-became-blow";
    case TraceEvent::ValueWritten: return "value-written";
    case TraceEvent::SwapMoved: return "swap-moved";
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
    case TraceEvent::Fault: return true;
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

namespace {

std::int64_t SteadyNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Status TickRunner::Start() noexcept {
  if (world_.Fault().Active()) return world_.Fault().status;
  if (world_.InTick()) return Status::InvalidPhase;
  // A run stops at its caps rather than reach a state no save can hold (game/state_limits.h):
  // the clock before it would pass its cap, what grows in play once a tick took it past.
  if (world_.Tick() >= kMaxTick) {
    world_.SetFault(Status::CapacityExceeded, "the clock reached the last tick a save can hold");
    return world_.Fault().status;
  }
  if (timings_ != nullptr) timings_->nanoseconds.fill(0);
  last_lap_ = timings_ != nullptr ? SteadyNanoseconds() : 0;
  phases_.Restart();
  committed_ = Status::Ok;
  return Status::Ok;
}

inline void TickRunner::Lap(TickPhase phase) {
  if (timings_ != nullptr) {
    const std::int64_t now = SteadyNanoseconds();
    timings_->nanoseconds[static_cast<std::size_t>(phase)] = now - last_lap_;
    last_lap_ = now;
  }
  if (observer_ != nullptr) observer_->AfterPhase(world_);
}

inline void TickRunner::RunPhase(TickPhase phase) {
  if (world_.Watched().IsNull()) {
    RunSystem(phase);
  } else {
    // The watched entity's values, to trace what this phase writes to them.
    const WatchedValues before = DigestWatched(world_);
    RunSystem(phase);
    TraceValueWrites(world_, before);
  }
  Lap(phase);
}

inline void TickRunner::RunSystem(TickPhase phase) {
#ifdef CAIRN_ASSERTIONS
  // The declared writes, checked (declared_writes.h), on worlds small enough to fingerprint.
  const bool check = world_.Registry().LiveCount() <= kDeclaredWritesCheckLimit;
  const std::uint32_t undeclared = ~kPhaseAccess[static_cast<std::size_t>(phase)].writes;
  const PoolFingerprints before = check ? FingerprintPools(world_, undeclared) : PoolFingerprints{};
  const std::size_t queued_before = world_.QueuedCommands().size();
#endif
  switch (phase) {
    case TickPhase::BeginTick: BeginTickPhase(world_); break;
    case TickPhase::PlayerIntent: PlayerIntentPhase(world_, scratch_, input_); break;
    case TickPhase::Ai: AiDecisionPhase(world_, scratch_); break;
    case TickPhase::Movement: MovementPhase(world_, scratch_); break;
    case TickPhase::ResolveGameplay: ResolveGameplayPhase(world_, scratch_); break;
    case TickPhase::Commit:
      if (observer_ != nullptr) observer_->BeforeCommit(world_);
      committed_ = world_.Fault().Active() ? world_.Fault().status : CommitPhase(world_);
      break;
    case TickPhase::EndTick: EndTickPhase(world_, scratch_); break;
  }
#ifdef CAIRN_ASSERTIONS
  if (check) {
    static std::string why;  // outlives the abort that prints it
    why = UndeclaredWrite(world_, phase, before, queued_before);
    CAIRN_ASSERT(why.empty(), why.c_str());
  }
#endif
}

Status TickRunner::RunNext() {
  if (Finished()) return Status::InvalidPhase;
  phases_.RunNext([this](TickPhase phase) { RunPhase(phase); });
  return Finished() ? Conclude() : Status::Ok;
}

Status TickRunner::RunRest() {
  if (Finished()) return Status::InvalidPhase;
  // Straight through from the next phase to the last, each phase a constant the compiler folds
  // to that phase's call (a whole tick costs what the plain sequence did).
  phases_.RunRest([this](TickPhase phase) { RunPhase(phase); });
  return Conclude();
}

Status TickRunner::Conclude() {
  if (committed_ != Status::Ok) return committed_;
  if (!GrowthWithinLimits(world_)) {
    world_.SetFault(Status::CapacityExceeded, FindGrowthBreach(world_).what);
    return world_.Fault().status;
  }
  return Status::Ok;
}

Status RunTick(GameWorld& world, TickScratch& scratch, const TickInput& input,
               PhaseTimings* timings, TickObserver* observer) {
  TickRunner tick(world, scratch, input, timings, observer);
  if (Status s = tick.Start(); s != Status::Ok) return s;
  return tick.RunRest();
}

}  // namespace cairn
