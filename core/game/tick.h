// RunTick: one tick, every phase in its fixed order:
//   BeginTick -> PlayerIntent -> AI -> Movement -> ResolveGameplay -> Commit -> EndTick
// A session calls it; so do the headless runner, the replayer and the tests, which is what
// makes a headless run the same game as a played one.
#pragma once

#include <array>
#include <cstdint>

#include "base/status.h"
#include "engine/phase_cursor.h"
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

// A tick run one phase at a time (the console's PHASE, the debug pane's phase key): Start, then
// RunNext once a phase until it reports the last one ran. RunTick is Start and every phase, so a
// tick stepped phase by phase is the tick run whole, to the bit. Between phases the world is
// inside the tick (world.InTick(), world.Phase() the phase just run): it may be read, and nothing
// but the next phase may change it.
class TickRunner {
 public:
  TickRunner(GameWorld& world, TickScratch& scratch, const TickInput& input,
             PhaseTimings* timings = nullptr, TickObserver* observer = nullptr) noexcept
      : world_(world), scratch_(scratch), input_(input), timings_(timings), observer_(observer) {}
  // Whether a tick may begin: not while the world has a fault (its status), nor inside a tick
  // (InvalidPhase), nor at the last tick a save can hold (which sets the fault).
  [[nodiscard]] Status Start() noexcept;
  // Runs the next phase. Ok while phases remain and after the last one on success; the tick's
  // failure otherwise (a commit refused, a growth past a cap), once the last phase ran.
  [[nodiscard]] Status RunNext();
  // Runs every phase left (all of them after Start): RunNext until finished, in one call.
  [[nodiscard]] Status RunRest();
  [[nodiscard]] bool Finished() const noexcept { return phases_.Finished(); }
  // The phase RunNext runs next (EndTick once finished: the last that ran).
  [[nodiscard]] TickPhase Next() const noexcept { return phases_.Next(); }

 private:
  void RunPhase(TickPhase phase);
  void RunSystem(TickPhase phase);
  void Lap(TickPhase phase);
  // The tick's status once its last phase ran: the commit's, then the caps'.
  [[nodiscard]] Status Conclude();
  GameWorld& world_;
  TickScratch& scratch_;
  TickInput input_;  // a copy: phases may run long after the caller's input is gone
  PhaseTimings* timings_;
  TickObserver* observer_;
  // Not started until Start: Finished, so RunNext and RunRest refuse.
  PhaseCursor<TickPhase, kTickPhaseCount> phases_;
  Status committed_ = Status::Ok;
  std::int64_t last_lap_ = 0;  // steady clock, nanoseconds
};

}  // namespace cairn
