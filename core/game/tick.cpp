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
