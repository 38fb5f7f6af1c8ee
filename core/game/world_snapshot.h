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
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/status.h"

namespace cairn {

class GameWorld;

class WorldSnapshot {
 public:
  [[nodiscard]] bool Empty() const noexcept { return world_ == 0; }
  // The world it was taken from, and that world's tick then.
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return world_; }
  [[nodiscard]] std::int64_t Tick() const noexcept { return tick_; }
  // The memory it holds.
  [[nodiscard]] std::size_t Bytes() const noexcept { return bytes_.capacity(); }

 private:
  friend struct RewindAccess;
  std::vector<unsigned char> bytes_;
  std::uint64_t world_ = 0;
  std::int64_t tick_ = 0;
};

// Copies `world`'s state into `out`, reusing `out`'s storage. Between ticks only (InvalidPhase
// while a tick runs); AllocationFailed when memory runs out, and `out` is then empty.
[[nodiscard]] Status TakeSnapshot(const GameWorld& world, WorldSnapshot& out) noexcept;

// Puts the state `snapshot` holds back into `world`, which must be the world it was taken from
// (InvalidArgument for another world's snapshot or an empty one). Between ticks only
// (InvalidPhase). Nothing is allocated; on failure `world` is unchanged.
[[nodiscard]] Status RestoreSnapshot(GameWorld& world, const WorldSnapshot& snapshot) noexcept;

}  // namespace cairn
