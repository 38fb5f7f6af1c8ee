// RunTick: one tick, every phase in its fixed order:
//   BeginTick -> PlayerIntent -> AI -> Movement -> ResolveGameplay -> Commit -> EndTick
// A session calls it; so do the headless runner, the replayer and the tests, which is what
// makes a headless run the same game as a played one.
#pragma once

#include <array>
#include <cstdint>

#include "base/status.h"
#include "game/systems.h"

namespace cairn {

// How long each phase of the last tick took, in nanoseconds (observability only: timing never
// feeds back into the simulation).
struct PhaseTimings {
  std::array<std::int64_t, kTickPhaseCount> nanoseconds{};
};

// Called between ResolveGameplay and Commit, while the tick's dead are still readable (pending
// destroy): the message log is written here.
class TickObserver {
 public:
  virtual ~TickObserver() = default;
  virtual void BeforeCommit(const GameWorld& world) = 0;
  // Called after each phase's system returned, with the world still in the phase it ran in
  // (world.Phase()): what shows the phase order as it runs, not only through its results.
  virtual void AfterPhase(const GameWorld& world) { (void)world; }
};

// Runs one tick. Refuses (returning the fault's status) while the world has a fault; a record or
// preflight failure during the tick sets the fault and stops at the end of that phase.
[[nodiscard]] Status RunTick(GameWorld& world, TickScratch& scratch, const TickInput& input,
                             PhaseTimings* timings = nullptr, TickObserver* observer = nullptr);

}  // namespace cairn
