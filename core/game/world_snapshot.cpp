// Taking and restoring world snapshots (world_snapshot.h). RewindAccess is the one friend of the
// storage classes that copies their private state; each of them names it beside its members, so
// a member added there is added here too (tests/sim/rewind_test.cpp compares everything the
// world shows after a restore, and fails when something is left behind).
//
// The bytes are written and read in one fixed order by the same code, for the same world, within
// one process: they are never a file format (saves are; see sim/session_image.h).
#include "game/world_snapshot.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <new>
#include <type_traits>

#include "base/assert.h"
#include "game/game_world.h"

namespace cairn {
namespace {

using Blocks = std::vector<std::shared_ptr<const SnapshotBlock>>;

// Appends to a snapshot's blocks. Each block, once full (or at the end), is compared with the
// earlier snapshot's block at the same place and shares it when the bytes are the same.
class Writer {
 public:
  Writer(Blocks& out, const Blocks* earlier, std::size_t& copied)
      : out_(out), earlier_(earlier), copied_(copied) {
    current_.reserve(kSnapshotBlock);
  }
  template <class T>
  void Value(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    Raw(&value, sizeof(T));
  }
  // The count, then the elements; a large array from the start of a block (Reader::Array skips
  // the same padding).
  template <class T>
  void Array(const T* data, std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>);
    Value<std::uint64_t>(count);
    if (count * sizeof(T) >= kSnapshotAlignAbove && !current_.empty()) {
      current_.resize(kSnapshotBlock, 0);
      Seal();
    }
    Raw(data, count * sizeof(T));
  }
  // Seals the last block.
  void Finish() {
    if (!current_.empty()) Seal();
  }

 private:
  void Raw(const void* data, std::size_t bytes) {
    const auto* at = static_cast<const unsigned char*>(data);
    if (current_.size() + bytes < kSnapshotBlock) {  // most values: inside the block
      current_.insert(current_.end(), at, at + bytes);
      return;
    }
    while (bytes > 0) {
      const std::size_t part = std::min(bytes, kSnapshotBlock - current_.size());
      current_.insert(current_.end(), at, at + part);
      at += part;
      bytes -= part;
      if (current_.size() == kSnapshotBlock) Seal();
    }
  }
  void Seal() {
    const std::size_t index = out_.size();
    if (earlier_ != nullptr && index < earlier_->size() && *(*earlier_)[index] == current_) {
      out_.push_back((*earlier_)[index]);
      current_.clear();
      return;
    }
    // A full block is handed over whole; the last one is copied, so it holds only its bytes.
    std::shared_ptr<SnapshotBlock> block;
    if (current_.size() == kSnapshotBlock) {
      block = std::make_shared<SnapshotBlock>(std::move(current_));
      current_ = SnapshotBlock{};
      current_.reserve(kSnapshotBlock);
    } else {
      block = std::make_shared<SnapshotBlock>(current_);
      current_.clear();
    }
    copied_ += block->capacity();
    out_.push_back(std::move(block));
  }
  Blocks& out_;
  const Blocks* earlier_;
  std::size_t& copied_;
  SnapshotBlock current_;
};

class Reader {
 public:
  explicit Reader(const Blocks& blocks) noexcept : blocks_(blocks) {
    for (const auto& block : blocks) left_ += block->size();
    Enter(0);
  }
  template <class T>
  T Value() noexcept {
    T value{};
    Raw(&value, sizeof(T));
    return value;
  }
  // An array written by Writer::Array into `data`, which has room for `capacity` elements.
  template <class T>
  std::size_t Array(T* data, std::size_t capacity) noexcept {
    const std::size_t count = Count<T>();
    CAIRN_ASSERT(count <= capacity, "a snapshot array is larger than the storage it returns to");
    Raw(data, (count <= capacity ? count : capacity) * sizeof(T));
    return count;
  }
  // An array written by Writer::Array into a vector, sized to it (a Many component's entries).
  template <class T>
  void Vector(std::vector<T>& into) {
    const std::size_t count = Count<T>();
    CAIRN_ASSERT(count <= left_ / sizeof(T), "a snapshot array is longer than the snapshot");
    into.resize(count);
    Raw(into.data(), count * sizeof(T));
  }
  // The count Writer::Array wrote before an array of T, and past the padding that starts a large
  // one on a block: every read of an array begins here (Array, Vector, the map's cells).
  template <class T>
  std::size_t Count() noexcept {
    const auto count = static_cast<std::size_t>(Value<std::uint64_t>());
    SkipPadding(count * sizeof(T));
    return count;
  }
  [[nodiscard]] bool AtEnd() const noexcept { return left_ == 0; }
  // The next `bytes` bytes as they were written (the map's cells, in pieces).
  void Raw(void* data, std::size_t bytes) noexcept {
    CAIRN_ASSERT(left_ >= bytes, "a snapshot ends early");
    auto* to = static_cast<unsigned char*>(data);
    if (static_cast<std::size_t>(end_ - at_) > bytes) {  // most values: inside the block
      std::memcpy(to, at_, bytes);
      at_ += bytes;
      left_ -= bytes;
      return;
    }
    while (bytes > 0 && at_ != nullptr) {
      const std::size_t part = std::min(bytes, static_cast<std::size_t>(end_ - at_));
      if (part > 0) std::memcpy(to, at_, part);
      to += part;
      bytes -= part;
      at_ += part;
      left_ -= part;
      if (at_ == end_) Enter(next_);
    }
  }

 private:
  // Reads from block `index` on (past the last: nothing left to read).
  void Enter(std::size_t index) noexcept {
    next_ = index + 1;
    begin_ = at_ = end_ = nullptr;
    if (index < blocks_.size()) {
      begin_ = at_ = blocks_[index]->data();
      end_ = at_ + blocks_[index]->size();
    }
  }
  // Where Writer::Array started a block for a large array, past the rest of the one it was in.
  void SkipPadding(std::size_t bytes) noexcept {
    if (bytes < kSnapshotAlignAbove || at_ == begin_ || at_ == end_) return;
    left_ -= static_cast<std::size_t>(end_ - at_);
    Enter(next_);
  }
  const Blocks& blocks_;
  std::size_t next_ = 0;  // the block after the one being read
  const unsigned char* begin_ = nullptr;
  const unsigned char* at_ = nullptr;
  const unsigned char* end_ = nullptr;
  std::size_t left_ = 0;
};

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

// A component that owns memory is written part by part; each such type is named here.
void SaveOwned(const Loot& loot, Writer& out) {
  out.Array(loot.entries.data(), loot.entries.size());
  out.Value(loot.slots_used);
}
void RestoreOwned(Loot& loot, Reader& in) {
  in.Vector(loot.entries);
  loot.slots_used = in.Value<std::uint32_t>();
}

}  // namespace

struct RewindAccess {
  static Shape ShapeOf(const GameWorld& world) noexcept {
    Shape shape;
    shape.capacity = world.registry_.capacity_;
    shape.width = world.map_.Width();
    shape.height = world.map_.Height();
    shape.outcomes = static_cast<std::uint32_t>(world.pending_outcomes_.size());
    shape.events = world.attacks_.capacity_;
    shape.trace = world.trace_.entries_.size();
    shape.story = world.story_.entries_.size();
    world.ForEachPool([&](const auto& pool, ComponentKind kind) {
      shape.pools[static_cast<std::size_t>(kind)] = pool.capacity_;
    });
    return shape;
  }

  // --- saving ------------------------------------------------------------------------------------

  static void Save(const EntityRegistry& r, Writer& out) {
    out.Array(r.live_generation_.data(), r.touched_);
    out.Array(r.slot_marks_.data(), r.touched_);
    out.Array(r.slot_words_.data(), r.touched_);  // the free list is threaded through these
    out.Value(r.free_head_);
    out.Value(r.free_count_);
    out.Value(r.last_creation_sequence_);
    out.Value(r.structural_revision_);
    out.Value(r.live_);
    out.Value(r.pending_count_);
    out.Value(r.retired_);
    out.Value(r.peak_generation_);
    out.Value(r.capacity_failures_);
  }

  template <class T>
  static void Save(const ComponentPool<T>& pool, Writer& out) {
    out.Array(pool.owners_.data(), pool.size_);  // slots: the generations are the registry's
    if constexpr (OwnsMemory<T>) {
      for (std::uint32_t i = 0; i < pool.size_; ++i) SaveOwned(pool.values_[i], out);
    } else {
      out.Array(pool.values_.data(), pool.size_);
    }
    out.Value(pool.high_water_);
    out.Value(pool.capacity_failures_);
  }

  static void Save(const WorldBindingTable& table, std::uint32_t touched, Writer& out) {
    out.Array(table.forward_.data(), table.used_);
    out.Array(table.instances_.data(), table.instance_count_);
    out.Value(table.live_);
    out.Value(table.revision_);
    out.Value(table.conflicts_);
    out.Value(table.capacity_failures_);
    // The reverse map is by slot; only slots holding a binding are kept.
    std::uint64_t held = 0;
    for (std::uint32_t slot = 0; slot < touched; ++slot)
      held += table.reverse_[slot].generation != 0;
    out.Value(held);
    for (std::uint32_t slot = 0; slot < touched; ++slot)
      if (table.reverse_[slot].generation != 0) {
        out.Value(slot);
        out.Value(table.reverse_[slot]);
      }
  }

  template <class T>
  static void Save(const EventQueue<T>& queue, Writer& out) {
    out.Array(queue.storage_.data(), queue.size_);
    out.Value(queue.high_water_);
    out.Value(queue.dropped_);
  }

  // `ring`'s entries as runs: those of `earlier` (the same ring's history, taken before) still in
  // the ring, then one run of the entries recorded since; with no usable `earlier`, one run of
  // every entry the ring holds. Adds the bytes of the run it copies to `copied`.
  static TraceRingRuns TakeRuns(const TraceRing& ring, const TraceRingRuns* earlier,
                                std::size_t& copied) {
    TraceRingRuns out;
    out.lineage = ring.lineage_;
    out.sequence = ring.sequence_;
    const std::uint64_t capacity = ring.entries_.size();
    if (capacity == 0 || ring.sequence_ == 0) return out;
    const std::uint64_t oldest = ring.sequence_ > capacity ? ring.sequence_ - capacity + 1 : 1;
    std::uint64_t from = oldest;
    if (earlier != nullptr && earlier->lineage == ring.lineage_ &&
        earlier->sequence <= ring.sequence_) {
      for (const std::shared_ptr<const TraceRun>& run : earlier->runs)
        if (run->first + run->entries.size() > oldest) out.runs.push_back(run);
      if (earlier->sequence + 1 > from) from = earlier->sequence + 1;
    }
    if (from > ring.sequence_) return out;
    auto run = std::make_shared<TraceRun>();
    run->first = from;
    run->entries.reserve(static_cast<std::size_t>(ring.sequence_ - from + 1));
    // The n-th entry is at n % capacity: at most two stretches of the ring, each in order.
    const TraceEntry* entries = ring.entries_.data();
    for (std::uint64_t n = from; n <= ring.sequence_;) {
      const std::uint64_t slot = n % capacity;
      const std::uint64_t stretch = std::min(capacity - slot, ring.sequence_ - n + 1);
      run->entries.insert(run->entries.end(), entries + slot, entries + slot + stretch);
      n += stretch;
    }
    copied += run->entries.capacity() * sizeof(TraceEntry);
    out.runs.push_back(std::move(run));
    return out;
  }

  static void Save(const GameWorld& world, Writer& out) {
    out.Value(ShapeOf(world));
    Save(world.registry_, out);
    world.ForEachPool([&](const auto& pool, ComponentKind) { Save(pool, out); });
    Save(world.bindings_, world.registry_.touched_, out);
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

  static void Restore(EntityRegistry& r, Reader& in) noexcept {
    // Slots first used after the snapshot go back to never used.
    const std::uint32_t before = r.touched_;
    const auto touched =
        static_cast<std::uint32_t>(in.Array(r.live_generation_.data(), r.capacity_));
    for (std::uint32_t slot = touched; slot < before; ++slot) {
      r.live_generation_[slot] = 0;
      r.slot_marks_[slot] = 0;
      r.slot_words_[slot] = 0;
    }
    (void)in.Array(r.slot_marks_.data(), r.capacity_);
    (void)in.Array(r.slot_words_.data(), r.capacity_);
    r.touched_ = touched;
    r.free_head_ = in.Value<std::uint32_t>();
    r.free_count_ = in.Value<std::uint32_t>();
    r.last_creation_sequence_ = in.Value<std::uint64_t>();
    r.structural_revision_ = in.Value<std::uint64_t>();
    r.live_ = in.Value<std::uint32_t>();
    r.pending_count_ = in.Value<std::uint32_t>();
    r.retired_ = in.Value<std::uint32_t>();
    r.peak_generation_ = in.Value<std::uint32_t>();
    r.capacity_failures_ = in.Value<std::uint64_t>();
  }

  template <class T>
  static void Restore(ComponentPool<T>& pool, Reader& in) noexcept {
    for (std::uint32_t i = 0; i < pool.size_; ++i) pool.ClearEntry(pool.owners_[i]);
    const auto size = static_cast<std::uint32_t>(in.Array(pool.owners_.data(), pool.capacity_));
    if constexpr (OwnsMemory<T>) {
      // Entries are allocated here: a restore that runs out of memory ends the process (noexcept),
      // as a copy of such a component does anywhere (docs/decisions/0014).
      for (std::uint32_t i = 0; i < size; ++i) RestoreOwned(pool.values_[i], in);
      for (std::uint32_t i = size; i < pool.size_; ++i) pool.values_[i] = T{};
    } else {
      (void)in.Array(pool.values_.data(), pool.capacity_);
    }
    for (std::uint32_t i = 0; i < size; ++i) pool.PublishEntry(pool.owners_[i], i);
    pool.size_ = size;
    pool.high_water_ = in.Value<std::uint32_t>();
    pool.capacity_failures_ = in.Value<std::uint64_t>();
    ++pool.membership_revision_;  // membership changed: a join's cached alignment is stale
  }

  static void Restore(WorldBindingTable& table, std::uint32_t touched_now, Reader& in) noexcept {
    for (std::uint32_t slot = 0; slot < touched_now; ++slot)
      table.reverse_[slot] = WorldBindingTable::Reverse{};
    table.used_ =
        static_cast<std::uint32_t>(in.Array(table.forward_.data(), table.forward_.size()));
    table.instance_count_ =
        static_cast<std::uint32_t>(in.Array(table.instances_.data(), table.instances_.size()));
    table.live_ = in.Value<std::uint32_t>();
    table.revision_ = in.Value<std::uint64_t>();
    table.conflicts_ = in.Value<std::uint64_t>();
    table.capacity_failures_ = in.Value<std::uint64_t>();
    const auto held = in.Value<std::uint64_t>();
    for (std::uint64_t i = 0; i < held; ++i) {
      const auto slot = in.Value<std::uint32_t>();
      table.reverse_[slot] = in.Value<WorldBindingTable::Reverse>();
    }
  }

  template <class T>
  static void Restore(EventQueue<T>& queue, Reader& in) noexcept {
    queue.size_ = static_cast<std::uint32_t>(in.Array(queue.storage_.data(), queue.capacity_));
    queue.high_water_ = in.Value<std::uint32_t>();
    queue.dropped_ = in.Value<std::uint64_t>();
  }

  // Puts back the entries `held` covers. A ring that had not yet filled had nothing but empty
  // entries past its count, so those are emptied again.
  static void PutRuns(TraceRing& ring, const TraceRingRuns& held) noexcept {
    const std::uint64_t capacity = ring.entries_.size();
    if (capacity == 0) return;
    if (held.sequence < capacity)
      for (TraceEntry& entry : ring.entries_.span()) entry = TraceEntry{};
    const std::uint64_t oldest = held.sequence > capacity ? held.sequence - capacity + 1 : 1;
    for (const std::shared_ptr<const TraceRun>& run : held.runs)
      for (std::size_t i = 0; i < run->entries.size(); ++i) {
        const std::uint64_t n = run->first + i;
        if (n >= oldest && n <= held.sequence) ring.entries_[n % capacity] = run->entries[i];
      }
    ring.Renumber(held.sequence);
    ring.lineage_ = NextUniqueNumber();  // entries from another history than before
  }

  // Through the map's own setters, so its passability revision changes exactly when passability
  // does (the path finder's cache follows it).
  static void RestoreMap(TileMap& map, Reader& in) noexcept {
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
  static void RestoreSeenItems(GameWorld& world, Reader& in) noexcept {
    const std::size_t count = in.Count<SeenItem>();
    world.seen_items_.Clear();
    for (std::size_t i = 0; i < count; ++i) {
      SeenItem seen;
      in.Raw(&seen, sizeof seen);
      if (!seen.item.IsNull()) seen.item.Owner = world.registry_.WorldId();
      world.seen_items_.Remember(seen.cell, seen.item, seen.look);
    }
  }

  static void Restore(GameWorld& world, Reader& in) noexcept {
    (void)in.Value<Shape>();
    const std::uint32_t touched_now = world.registry_.touched_;
    Restore(world.registry_, in);
    world.ForEachPool([&](auto& pool, ComponentKind) { Restore(pool, in); });
    Restore(world.bindings_, touched_now, in);
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
      TraceRingRuns trace = TakeRuns(world.trace_, earlier ? &earlier->trace_ : nullptr, copied);
      TraceRingRuns story = TakeRuns(world.story_, earlier ? &earlier->story_ : nullptr, copied);
      Blocks earlier_blocks;
      if (earlier != nullptr) earlier_blocks = earlier->blocks_;
      Blocks blocks;
      std::size_t copied_blocks = 0;
      Writer writer(blocks, earlier != nullptr ? &earlier_blocks : nullptr, copied_blocks);
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
    Reader probe(snapshot.blocks_);
    if (!(probe.Value<Shape>() == ShapeOf(world))) return Status::InvalidArgument;
    Reader in(snapshot.blocks_);
    Restore(world, in);
    PutRuns(world.trace_, snapshot.trace_);
    PutRuns(world.story_, snapshot.story_);
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
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < blocks_.size(); ++i)
    if (earlier == nullptr || i >= earlier->blocks_.size() || earlier->blocks_[i] != blocks_[i])
      bytes += blocks_[i]->capacity();
  // Both lists of runs are in the order of their entries (TakeRuns keeps the earlier one's that
  // the ring still holds, then adds one): one walk over the two finds the shared ones.
  const auto runs_beyond = [](const TraceRingRuns& runs, const TraceRingRuns* before) {
    std::size_t run_bytes = 0;
    std::size_t j = 0;
    for (const std::shared_ptr<const TraceRun>& run : runs.runs) {
      if (before != nullptr)
        while (j < before->runs.size() && before->runs[j]->first < run->first) ++j;
      if (before != nullptr && j < before->runs.size() && before->runs[j] == run) {
        ++j;
        continue;
      }
      run_bytes += run->entries.capacity() * sizeof(TraceEntry);
    }
    return run_bytes;
  };
  bytes += runs_beyond(trace_, earlier != nullptr ? &earlier->trace_ : nullptr);
  bytes += runs_beyond(story_, earlier != nullptr ? &earlier->story_ : nullptr);
  return bytes;
}

Status TakeSnapshot(const GameWorld& world, WorldSnapshot& out,
                    const WorldSnapshot* earlier) noexcept {
  return RewindAccess::Take(world, out, earlier);
}

Status RestoreSnapshot(GameWorld& world, const WorldSnapshot& snapshot) noexcept {
  return RewindAccess::Put(world, snapshot);
}

}  // namespace cairn
