// Taking and restoring world snapshots (world_snapshot.h). The engine's parts (registry, pools,
// binding table, trace rings) go through its SnapshotAccess (engine/snapshot.h); RewindAccess is
// the one friend of the game's own storage (GameWorld, the event queues) that copies their private
// state; each of them names it beside its members, so a member added there is added here too
// (tests/sim/rewind_test.cpp compares everything the world shows after a restore, and fails when
// something is left behind).
//
// The bytes are written and read in one fixed order by the same code, for the same world, within
// one process: they are never a file format (saves are; see sim/session_image.h).
#include "game/world_snapshot.h"

#include <algorithm>
#include <array>
#include <new>

#include "base/assert.h"
#include "game/game_world.h"

namespace cairn {
namespace {

// What must agree between a snapshot and the world it goes back into: the shape of every
// reserved container. Written first, so a restore can refuse before it changes anything.
struct Shape {
  std::uint32_t capacity = 0;
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::uint32_t outcomes = 0;
  std::uint32_t events = 0;
  std::uint64_t trace = 0;
  std::uint64_t story = 0;
  std::array<std::uint32_t, kComponentKindCount> pools{};
  friend bool operator==(const Shape&, const Shape&) = default;
};

}  // namespace

struct RewindAccess {
  static Shape ShapeOf(const GameWorld& world) noexcept {
    Shape shape;
    shape.capacity = world.registry_.Capacity();
    shape.width = world.map_.Width();
    shape.height = world.map_.Height();
    shape.outcomes = static_cast<std::uint32_t>(world.pending_outcomes_.size());
    shape.events = world.attacks_.capacity_;
    shape.trace = world.trace_.Capacity();
    shape.story = world.story_.Capacity();
    world.ForEachPool([&](const auto& pool, ComponentKind kind) {
      shape.pools[static_cast<std::size_t>(kind)] = pool.Capacity();
    });
    return shape;
  }

  // --- saving ------------------------------------------------------------------------------------

  template <class T>
  static void Save(const EventQueue<T>& queue, SnapshotWriter& out) {
    out.Array(queue.storage_.data(), queue.size_);
    out.Value(queue.high_water_);
    out.Value(queue.dropped_);
  }

  static void Save(const GameWorld& world, SnapshotWriter& out) {
    out.Value(ShapeOf(world));
    SnapshotAccess::Save(world.registry_, out);
    world.ForEachPool([&](const auto& pool, ComponentKind) { SnapshotAccess::Save(pool, out); });
    SnapshotAccess::Save(world.bindings_, world.registry_.SlotsTouched(), out);
    out.Array(world.map_.Cells().data(), world.map_.Cells().size());
    out.Array(world.map_.RememberedCells().data(), world.map_.RememberedCells().size());
    out.Array(world.map_.RememberedTerrainCells().data(),
              world.map_.RememberedTerrainCells().size());
    out.Array(world.seen_items_.All().data(), world.seen_items_.All().size());
    // Occupancy is derived, but between ticks it can lag a console edit until the next tick
    // rebuilds it, and refusals read it: kept as it is, cell by cell where someone stands.
    std::uint64_t occupied = 0;
    world.ForEachOccupiedCell([&](std::size_t) { ++occupied; });
    out.Value(occupied);
    world.ForEachOccupiedCell([&](std::size_t cell) {
      out.Value(static_cast<std::uint64_t>(cell));
      out.Value(world.occupancy_[cell]);
    });
    out.Value(world.random_);
    CAIRN_ASSERT(world.commands_.Count() == 0, "a snapshot between ticks has no queued command");
    out.Value(world.commands_.Sequence());
    out.Value(world.commands_.LastRequest());
    out.Array(world.pending_outcomes_.data(), world.pending_outcome_count_);
    out.Array(world.visible_outcomes_.data(), world.visible_outcome_count_);
    Save(world.attacks_, out);
    Save(world.deaths_, out);
    Save(world.noises_, out);
    Save(world.notices_, out);
    out.Value(world.counters_);
    out.Value(world.fault_);
    out.Value(world.tick_);
    out.Value(world.phase_);
  }

  // --- restoring (the shape was checked: nothing below can fail) --------------------------------

  template <class T>
  static void Restore(EventQueue<T>& queue, SnapshotReader& in) noexcept {
    queue.size_ = static_cast<std::uint32_t>(in.Array(queue.storage_.data(), queue.capacity_));
    queue.high_water_ = in.Value<std::uint32_t>();
    queue.dropped_ = in.Value<std::uint64_t>();
  }

  // Through the map's own setters, so its passability revision changes exactly when passability
  // does (the path finder's cache follows it).
  static void RestoreMap(TileMap& map, SnapshotReader& in) noexcept {
    const std::size_t cells = map.Cells().size();
    const auto width = static_cast<std::size_t>(map.Width());
    const std::size_t count = in.Count<Terrain>();
    CAIRN_ASSERT(count == cells, "a snapshot's map is another size");
    // In pieces read at once: the reader's bookkeeping is per read, not per cell.
    constexpr std::size_t kPiece = 256;
    std::array<Terrain, kPiece> terrain{};
    for (std::size_t i = 0; i < count; i += kPiece) {
      const std::size_t n = std::min(kPiece, count - i);
      in.Raw(terrain.data(), n * sizeof(Terrain));
      for (std::size_t k = 0; k < n; ++k) {
        const auto x = static_cast<std::int32_t>((i + k) % width);
        const auto y = static_cast<std::int32_t>((i + k) / width);
        if (map.At(x, y) != terrain[k]) map.Set(x, y, terrain[k]);
      }
    }
    // The memory as it was, bits and kept terrain, each cell set as it was (after the terrain,
    // whose changes mark the memory too).
    const std::size_t remembered = in.Count<std::uint8_t>();
    std::array<std::uint8_t, kPiece> bits{};
    for (std::size_t i = 0; i < remembered; i += kPiece) {
      const std::size_t n = std::min(kPiece, remembered - i);
      in.Raw(bits.data(), n);
      for (std::size_t k = 0; k < n; ++k)
        if (map.RememberedCells()[i + k] != bits[k]) map.RestoreMemoryBits(i + k, bits[k]);
    }
    const std::size_t kept = in.Count<Terrain>();
    for (std::size_t i = 0; i < kept; i += kPiece) {
      const std::size_t n = std::min(kPiece, kept - i);
      in.Raw(terrain.data(), n * sizeof(Terrain));
      for (std::size_t k = 0; k < n; ++k)
        if (map.RememberedTerrainCells()[i + k] != terrain[k])
          map.RestoreKeptTerrain(i + k, terrain[k]);
    }
  }

  // Each remembered item's handle names this world (a duplicate's world has another id).
  static void RestoreSeenItems(GameWorld& world, SnapshotReader& in) noexcept {
    const std::size_t count = in.Count<SeenItem>();
    world.seen_items_.Clear();
    for (std::size_t i = 0; i < count; ++i) {
      SeenItem seen;
      in.Raw(&seen, sizeof seen);
      if (!seen.item.IsNull()) seen.item.Owner = world.registry_.WorldId();
      world.seen_items_.Remember(seen.cell, seen.item, seen.look);
    }
  }

  static void Restore(GameWorld& world, SnapshotReader& in) noexcept {
    (void)in.Value<Shape>();
    const std::uint32_t touched_now = world.registry_.SlotsTouched();
    SnapshotAccess::Restore(world.registry_, in);
    world.ForEachPool([&](auto& pool, ComponentKind) { SnapshotAccess::Restore(pool, in); });
    SnapshotAccess::Restore(world.bindings_, touched_now, in);
    RestoreMap(world.map_, in);
    RestoreSeenItems(world, in);
    world.ForEachOccupiedCell([&](std::size_t cell) { world.SetOccupant(cell, EntityId{}); });
    const auto occupied = in.Value<std::uint64_t>();
    for (std::uint64_t i = 0; i < occupied; ++i) {
      const auto cell = static_cast<std::size_t>(in.Value<std::uint64_t>());
      const auto at = in.Value<GameWorld::Occupant>();
      world.SetOccupant(cell, EntityId{world.registry_.WorldId(), at.slot, at.generation});
    }
    world.MarkOccupancyStale();  // kept as it was, but rebuilt before the next tick reads it
    world.random_ = in.Value<RandomStreams>();
    world.commands_.Clear();
    const auto sequence = in.Value<std::uint64_t>();
    world.commands_.RestoreNumbers(sequence, in.Value<SpawnRequestId>());
    world.pending_outcome_count_ = static_cast<std::uint32_t>(
        in.Array(world.pending_outcomes_.data(), world.pending_outcomes_.size()));
    world.visible_outcome_count_ = static_cast<std::uint32_t>(
        in.Array(world.visible_outcomes_.data(), world.visible_outcomes_.size()));
    Restore(world.attacks_, in);
    Restore(world.deaths_, in);
    Restore(world.noises_, in);
    Restore(world.notices_, in);
    world.counters_ = in.Value<WorldCounters>();
    world.fault_ = in.Value<SimulationFault>();
    world.tick_ = in.Value<std::int64_t>();
    world.phase_ = in.Value<TickPhase>();
    CAIRN_ASSERT(in.AtEnd(), "a snapshot holds more than a world");
  }

  static Status Take(const GameWorld& world, WorldSnapshot& out,
                     const WorldSnapshot* earlier) noexcept {
    if (world.in_tick_) return Status::InvalidPhase;
    if (earlier != nullptr && (earlier->Empty() || earlier->world_ != world.WorldId()))
      earlier = nullptr;
    out.world_ = 0;
    try {
      // Before `out` is cleared: `earlier` may be `out`.
      std::size_t copied = 0;
      TraceRingRuns trace =
          SnapshotAccess::TakeRuns(world.trace_, earlier ? &earlier->trace_ : nullptr, copied);
      TraceRingRuns story =
          SnapshotAccess::TakeRuns(world.story_, earlier ? &earlier->story_ : nullptr, copied);
      SnapshotBlocks earlier_blocks;
      if (earlier != nullptr) earlier_blocks = earlier->blocks_;
      SnapshotBlocks blocks;
      std::size_t copied_blocks = 0;
      SnapshotWriter writer(blocks, earlier != nullptr ? &earlier_blocks : nullptr, copied_blocks);
      Save(world, writer);
      writer.Finish();
      out.blocks_ = std::move(blocks);
      out.trace_ = std::move(trace);
      out.story_ = std::move(story);
      out.copied_bytes_ = copied_blocks;
      out.run_bytes_ = copied;
    } catch (const std::bad_alloc&) {
      Clear(out);
      return Status::AllocationFailed;
    } catch (const std::length_error&) {
      Clear(out);
      return Status::AllocationFailed;
    }
    out.world_ = world.WorldId();
    out.tick_ = world.tick_;
    return Status::Ok;
  }

  static Status Put(GameWorld& world, const WorldSnapshot& snapshot) noexcept {
    if (snapshot.Empty() || snapshot.world_ != world.WorldId()) return Status::InvalidArgument;
    if (world.in_tick_) return Status::InvalidPhase;
    SnapshotReader probe(snapshot.blocks_);
    if (!(probe.Value<Shape>() == ShapeOf(world))) return Status::InvalidArgument;
    SnapshotReader in(snapshot.blocks_);
    Restore(world, in);
    SnapshotAccess::PutRuns(world.trace_, snapshot.trace_);
    SnapshotAccess::PutRuns(world.story_, snapshot.story_);
    return Status::Ok;
  }

 private:
  static void Clear(WorldSnapshot& out) noexcept {
    out.blocks_.clear();
    out.copied_bytes_ = 0;
    out.trace_ = TraceRingRuns{};
    out.story_ = TraceRingRuns{};
    out.run_bytes_ = 0;
  }
};

std::size_t WorldSnapshot::BytesBeyond(const WorldSnapshot* earlier) const noexcept {
  return BlocksBeyond(blocks_, earlier != nullptr ? &earlier->blocks_ : nullptr) +
         SnapshotAccess::RunsBeyond(trace_, earlier != nullptr ? &earlier->trace_ : nullptr) +
         SnapshotAccess::RunsBeyond(story_, earlier != nullptr ? &earlier->story_ : nullptr);
}

Status TakeSnapshot(const GameWorld& world, WorldSnapshot& out,
                    const WorldSnapshot* earlier) noexcept {
  return RewindAccess::Take(world, out, earlier);
}

Status RestoreSnapshot(GameWorld& world, const WorldSnapshot& snapshot) noexcept {
  return RewindAccess::Put(world, snapshot);
}

}  // namespace cairn
