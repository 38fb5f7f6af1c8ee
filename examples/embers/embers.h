// Embers: a second, tiny game on cairn's engine alone (core/base, identity, world, engine), to
// show what the engine is and to prove it reads none of the roguelike's rules (docs/ENGINE.md).
//
// A line of 64 cells holds embers. Each tick runs the game's own three phases: Spread (an ember
// hot enough lights the next cell to its right, as a queued spawn), Cool (every ember loses one
// heat, and one with none left is queued to go out), then Commit (the queued spawns and destroys
// are published, all or none). Two components, two systems, its own phases, its own trace; its
// state digests the same for the same start on every run and build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "engine/command_buffer.h"
#include "engine/phase_cursor.h"
#include "engine/snapshot.h"
#include "engine/trace_ring.h"
#include "identity/handle.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"

namespace embers {

using cairn::EntityId;
using cairn::Status;

struct Spot {  // where an ember lies on the line
  std::int32_t x = 0;
};
struct Heat {  // how hot it is; at 0 it goes out
  std::int32_t value = 0;
};

// The game's components, named for its command buffer, and one ember's values as a spawn carries
// them.
enum class Component : std::uint8_t { Spot, Heat };
struct Ember {
  Spot spot;
  Heat heat;
};

enum class Phase : std::uint8_t { Spread, Cool, Commit };
inline constexpr std::size_t kPhaseCount = 3;
[[nodiscard]] const char* PhaseName(Phase phase) noexcept;

// One entry of the game's trace: what happened, to whom, in which tick and phase.
struct TraceEntry {
  enum class Event : std::uint8_t { Lit, Queued, Cooled, WentOut };
  std::uint64_t sequence = 0;  // numbered by the engine's ring
  std::int64_t tick = 0;
  Phase phase = Phase::Spread;
  Event event = Event::Lit;
  EntityId who{};
  std::int32_t x = 0;
  std::int32_t heat = 0;
};
[[nodiscard]] const char* EventName(TraceEntry::Event event) noexcept;

// Made in place and never moved: its pools hold the address of its registry.
class World : private cairn::WorldOwner {
 public:
  World() = default;
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  static constexpr std::int32_t kWidth = 64;
  static constexpr std::int32_t kSpreadHeat = 3;  // at least this hot to light the next cell

  // Reserves room for `embers` embers, `commands` queued commands a tick and `trace` entries.
  [[nodiscard]] Status Initialize(std::uint32_t embers, std::uint32_t commands,
                                  std::uint32_t trace) noexcept;

  // Between ticks: lights an ember at `x` with `heat`. InvalidArgument off the line or on an
  // ember, InvalidPhase inside a tick; CapacityExceeded when full. Unchanged on failure.
  [[nodiscard]] Status Light(std::int32_t x, std::int32_t heat, EntityId& out) noexcept;

  // Runs the whole tick, or what is left of one a step began.
  [[nodiscard]] Status Tick() noexcept;
  // Runs the next phase only (beginning a tick if none is under way).
  [[nodiscard]] Status Step() noexcept;
  [[nodiscard]] bool MidTick() const noexcept { return !phases_.Finished(); }
  [[nodiscard]] Phase NextPhase() const noexcept { return phases_.Next(); }

  // The state's digest: the tick and the count of embers, then each component as a named part
  // (engine/hasher.h), its embers in creation order.
  [[nodiscard]] std::uint64_t Digest() const;

  // The whole state between ticks, to step back to (the engine's snapshots, engine/snapshot.h).
  struct Snapshot {
    cairn::SnapshotBlocks blocks;
    cairn::TraceRingRunsOf<TraceEntry> trace;
    std::size_t copied = 0;  // bytes not shared with the snapshot taken before it
  };
  // Between ticks only (InvalidPhase); AllocationFailed when memory runs out. With `earlier`, a
  // snapshot of this world taken before, what is unchanged is shared with it.
  [[nodiscard]] Status Take(Snapshot& out, const Snapshot* earlier = nullptr) const noexcept;
  // Puts the world back as `snapshot` holds it: the same handles, free slots reused in the same
  // order, the same trace. Between ticks only; InvalidArgument for an empty snapshot.
  [[nodiscard]] Status Restore(const Snapshot& snapshot) noexcept;

  [[nodiscard]] std::int64_t TickCount() const noexcept { return tick_; }
  [[nodiscard]] const cairn::EntityRegistry& Registry() const noexcept { return registry_; }
  [[nodiscard]] const cairn::ComponentPool<Spot>& Spots() const noexcept { return spots_; }
  [[nodiscard]] const cairn::ComponentPool<Heat>& Heats() const noexcept { return heats_; }
  using Commands = cairn::CommandBuffer<Ember, Component>;
  [[nodiscard]] std::span<const Commands::Command> Queued() const noexcept {
    return commands_.Commands();
  }
  [[nodiscard]] const cairn::TraceRingOf<TraceEntry>& Trace() const noexcept { return trace_; }
  // The ember on cell `x`, or null.
  [[nodiscard]] EntityId At(std::int32_t x) const noexcept;

 private:
  void Begin() noexcept;
  void Run(Phase phase) noexcept;
  void Spread() noexcept;  // system 1: reads spot and heat, queues spawns
  void Cool() noexcept;    // system 2: writes heat, queues destroys
  [[nodiscard]] Status Commit() noexcept;
  void Record(TraceEntry::Event event, EntityId who, std::int32_t x, std::int32_t heat) noexcept;

  cairn::EntityRegistry registry_;
  cairn::ComponentPool<Spot> spots_;
  cairn::ComponentPool<Heat> heats_;
  Commands commands_;
  cairn::PhaseCursor<Phase, kPhaseCount> phases_;
  cairn::TraceRingOf<TraceEntry> trace_;
  std::int64_t tick_ = 0;
  Phase phase_ = Phase::Commit;
  Status committed_ = Status::Ok;
};

}  // namespace embers
