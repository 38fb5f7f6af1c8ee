// WorldSnapshot: one world's whole state as plain bytes, taken between ticks and put back into the
// same world exactly, so that rewinding (sim/rewind.h) is an exact return and not a rebuild.
//
// It keeps everything a tick reads or an inspector shows: the registry (every slot ever used, with
// its generation, state and creation sequence, the pending flags, the free stack in its order, the
// counts and the structural revision), every pool (owners and values in dense order, high-water
// marks), the binding table, the map's terrain and memory, occupancy, the random streams, the
// clock, the counters, the command and spawn-request sequences, the spawn outcomes, every event
// queue, the trace ring and the fault. So after a restore a handle names what it named then
// (`3:1` is the same entity again), free slots are reused in the same order, and the state hash,
// REGISTRY, COUNTERS and TRACE answer what they answered.
//
// Two numbers are deliberately not put back: a pool's membership revision and the map's
// passability revision key caches (PoolJoin, the path finder's copy of the walls), so a restore
// advances them instead; a cache can then never take the restored state for one it saw later.
//
// A snapshot is compact: it holds the slots ever used, the pool entries in use and the map, not
// the reserved capacity, so it is as large as the world is full (docs/decisions/0011-rewind.md
// has the figures). Taking one never changes the world and never mints an identity.
//
// A large floor's snapshot is mostly what did not change since the moment before: names, kinds,
// health and the map of 100,000 resting rats, or the remembered cells of a 4096x4096 map, and the
// trace and story rings (two rings of 1,024 entries of 96 bytes against a few kilobytes of
// entities and map), which between two snapshots only gain entries. So both share what the earlier
// snapshot of the same world holds (engine/snapshot.h says how).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/status.h"
#include "engine/snapshot.h"
#include "game/trace.h"

namespace cairn {

class GameWorld;

using TraceRun = TraceRunOf<TraceEntry>;
using TraceRingRuns = TraceRingRunsOf<TraceEntry>;

class WorldSnapshot {
 public:
  [[nodiscard]] bool Empty() const noexcept { return world_ == 0; }
  // The world it was taken from, and that world's tick then.
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return world_; }
  [[nodiscard]] std::int64_t Tick() const noexcept { return tick_; }
  // The memory it holds that it did not share with the earlier snapshot it was taken after: the
  // blocks and trace entries it copied itself.
  [[nodiscard]] std::size_t Bytes() const noexcept { return copied_bytes_ + run_bytes_; }
  // The memory it holds that `earlier` (the snapshot before it in a chain, or null) does not:
  // each block and run of trace entries, unless `earlier` holds that same one. A snapshot shares
  // only with the one it was taken after, so summed along a chain of snapshots, each against the
  // one before, this counts everything the chain holds once.
  [[nodiscard]] std::size_t BytesBeyond(const WorldSnapshot* earlier) const noexcept;

 private:
  friend struct RewindAccess;
  SnapshotBlocks blocks_;
  TraceRingRuns trace_;
  TraceRingRuns story_;
  std::size_t copied_bytes_ = 0;
  std::size_t run_bytes_ = 0;
  std::uint64_t world_ = 0;
  std::int64_t tick_ = 0;
};

// Copies `world`'s state into `out`. Between ticks only (InvalidPhase while a tick runs);
// AllocationFailed when memory runs out, and `out` is then empty. With `earlier`, a snapshot of
// the same world taken before, the blocks whose bytes are unchanged and the trace entries both
// hold are shared with it rather than copied again.
[[nodiscard]] Status TakeSnapshot(const GameWorld& world, WorldSnapshot& out,
                                  const WorldSnapshot* earlier = nullptr) noexcept;

// Puts the state `snapshot` holds back into `world`, which must be the world it was taken from
// (InvalidArgument for another world's snapshot or an empty one). Between ticks only
// (InvalidPhase). Nothing is allocated; on failure `world` is unchanged.
[[nodiscard]] Status RestoreSnapshot(GameWorld& world, const WorldSnapshot& snapshot) noexcept;

}  // namespace cairn
