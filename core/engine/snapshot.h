// Snapshots: a world's state as plain bytes, taken between ticks and put back into the same world
// exactly, so that rewinding is an exact return and not a rebuild. The engine gives the bytes and
// the parts every world has (registry, pools, binding table, trace rings); a game's world writes
// them in its own fixed order with its own parts (the roguelike: game/world_snapshot.h; embers:
// examples/embers). The bytes are written and read by the same code, for the same world, within
// one process: never a file format.
//
// A large world's snapshot is mostly what did not change since the moment before. So the bytes are
// kept in blocks of kSnapshotBlock bytes, and a snapshot taken after an earlier one of the same
// world shares each block whose bytes are the same as the earlier one's at the same place instead
// of holding a copy (docs/decisions/0033-rewind-within-a-memory-budget.md). An array of at least
// kSnapshotAlignAbove bytes starts on a block, so one pool that grows or shrinks moves none of the
// arrays after it out of step with the earlier snapshot.
//
// A trace ring only gains entries between two snapshots, so a ring is kept as runs of entries: a
// later snapshot of the same ring's history (TraceRingOf::Lineage) shares the earlier one's runs
// and copies only the entries recorded since (docs/decisions/0023-lazy-session-step.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "base/assert.h"
#include "base/unique_number.h"
#include "engine/trace_ring.h"
#include "world/binding_table.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"

namespace cairn {

// Block size, and the size from which an array starts a block of its own (a smaller one may share
// a block with its neighbours; padding a large one costs at most a quarter of it).
inline constexpr std::size_t kSnapshotBlock = std::size_t{16} * 1024;
inline constexpr std::size_t kSnapshotAlignAbove = 4 * kSnapshotBlock;

// One block of a snapshot's bytes (the last may be shorter), shared by every snapshot that holds
// the same bytes at the same place.
using SnapshotBlock = std::vector<unsigned char>;
using SnapshotBlocks = std::vector<std::shared_ptr<const SnapshotBlock>>;

// The memory `blocks` holds that `earlier` (the blocks of the snapshot before, or null) does not.
[[nodiscard]] std::size_t BlocksBeyond(const SnapshotBlocks& blocks,
                                       const SnapshotBlocks* earlier) noexcept;

// Appends to a snapshot's blocks. Each block, once full (or at the end), is compared with the
// earlier snapshot's block at the same place and shares it when the bytes are the same. Throws
// std::bad_alloc when memory runs out (the snapshot's taker turns that into a status).
class SnapshotWriter {
 public:
  // `copied` counts the bytes of the blocks this writer did not share.
  SnapshotWriter(SnapshotBlocks& out, const SnapshotBlocks* earlier, std::size_t& copied);
  template <class T>
  void Value(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    Raw(&value, sizeof(T));
  }
  // The count, then the elements; a large array from the start of a block (SnapshotReader skips
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
  void Finish();

 private:
  // Inline for the many small values that fit in the block being written.
  void Raw(const void* data, std::size_t bytes) {
    const auto* at = static_cast<const unsigned char*>(data);
    if (current_.size() + bytes < kSnapshotBlock) {
      current_.insert(current_.end(), at, at + bytes);
      return;
    }
    RawAcross(at, bytes);
  }
  void RawAcross(const unsigned char* at, std::size_t bytes);  // filling and sealing blocks
  void Seal();
  SnapshotBlocks& out_;
  const SnapshotBlocks* earlier_;
  std::size_t& copied_;
  SnapshotBlock current_;
};

// Reads what a SnapshotWriter wrote, in the same order.
class SnapshotReader {
 public:
  explicit SnapshotReader(const SnapshotBlocks& blocks) noexcept;
  template <class T>
  T Value() noexcept {
    T value{};
    Raw(&value, sizeof(T));
    return value;
  }
  // An array written by SnapshotWriter::Array into `data`, which has room for `capacity`
  // elements; returns its count.
  template <class T>
  std::size_t Array(T* data, std::size_t capacity) noexcept {
    const std::size_t count = Count<T>();
    CAIRN_ASSERT(count <= capacity, "a snapshot array is larger than the storage it returns to");
    Raw(data, (count <= capacity ? count : capacity) * sizeof(T));
    return count;
  }
  // An array written by SnapshotWriter::Array into a vector, sized to it (a Many component's
  // entries).
  template <class T>
  void Vector(std::vector<T>& into) {
    const std::size_t count = Count<T>();
    CAIRN_ASSERT(count <= left_ / sizeof(T), "a snapshot array is longer than the snapshot");
    into.resize(count);
    Raw(into.data(), count * sizeof(T));
  }
  // The count SnapshotWriter::Array wrote before an array of T, and past the padding that starts
  // a large one on a block: every read of an array begins here.
  template <class T>
  std::size_t Count() noexcept {
    const auto count = static_cast<std::size_t>(Value<std::uint64_t>());
    SkipPadding(count * sizeof(T));
    return count;
  }
  [[nodiscard]] bool AtEnd() const noexcept { return left_ == 0; }
  // The next `bytes` bytes as they were written (a large array, in pieces).
  void Raw(void* data, std::size_t bytes) noexcept {
    CAIRN_ASSERT(left_ >= bytes, "a snapshot ends early");
    auto* to = static_cast<unsigned char*>(data);
    if (static_cast<std::size_t>(end_ - at_) > bytes) {  // most values: inside the block
      std::memcpy(to, at_, bytes);
      at_ += bytes;
      left_ -= bytes;
      return;
    }
    RawAcross(to, bytes);
  }

 private:
  void RawAcross(unsigned char* to, std::size_t bytes) noexcept;  // across blocks
  void Enter(std::size_t index) noexcept;
  void SkipPadding(std::size_t bytes) noexcept;
  const SnapshotBlocks& blocks_;
  std::size_t next_ = 0;  // the block after the one being read
  const unsigned char* begin_ = nullptr;
  const unsigned char* at_ = nullptr;
  const unsigned char* end_ = nullptr;
  std::size_t left_ = 0;
};

// Consecutive entries of one trace ring, the first of them its `first`-th (the ring's own count):
// shared by every snapshot whose ring still holds them.
template <class Entry>
struct TraceRunOf {
  std::uint64_t first = 0;
  std::vector<Entry> entries;
};

// What a snapshot holds of one ring: its count and history, and runs (oldest first) covering the
// entries it held (the last `capacity` of `sequence`, or all of them while fewer).
template <class Entry>
struct TraceRingRunsOf {
  std::uint64_t lineage = 0;
  std::uint64_t sequence = 0;
  std::vector<std::shared_ptr<const TraceRunOf<Entry>>> runs;
};

// A component that owns memory (a Many type) is written part by part by the game that defines
// it: SaveOwned(const T&, SnapshotWriter&) and RestoreOwned(T&, SnapshotReader&) in namespace
// cairn, found where a pool of T is saved.

// The one friend of the engine's storage classes that copies their private state for snapshots;
// each of them names it beside its members, so a member added there is added here too.
struct SnapshotAccess {
  static void Save(const EntityRegistry& registry, SnapshotWriter& out);
  // Slots first used after the snapshot go back to never used.
  static void Restore(EntityRegistry& registry, SnapshotReader& in) noexcept;

  // Owners and values in dense order (the owners' generations are the registry's), high-water
  // mark and failures. A restore advances the membership revision instead of putting it back, so
  // a join's cached alignment can never take the restored state for one it saw later.
  template <class T>
  static void Save(const ComponentPool<T>& pool, SnapshotWriter& out) {
    out.Array(pool.owners_.data(), pool.size_);
    if constexpr (OwnsMemory<T>) {
      for (std::uint32_t i = 0; i < pool.size_; ++i) SaveOwned(pool.values_[i], out);
    } else {
      out.Array(pool.values_.data(), pool.size_);
    }
    out.Value(pool.high_water_);
    out.Value(pool.capacity_failures_);
  }
  template <class T>
  static void Restore(ComponentPool<T>& pool, SnapshotReader& in) noexcept {
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
    ++pool.membership_revision_;
  }

  // `touched`: the registry's slots ever used (the reverse map is by slot; only slots holding a
  // binding are kept).
  static void Save(const WorldBindingTable& table, std::uint32_t touched, SnapshotWriter& out);
  static void Restore(WorldBindingTable& table, std::uint32_t touched_now,
                      SnapshotReader& in) noexcept;

  // `ring`'s entries as runs: those of `earlier` (the same ring's history, taken before) still in
  // the ring, then one run of the entries recorded since; with no usable `earlier`, one run of
  // every entry the ring holds. Adds the bytes of the run it copies to `copied`.
  template <class Entry>
  static TraceRingRunsOf<Entry> TakeRuns(const TraceRingOf<Entry>& ring,
                                         const TraceRingRunsOf<Entry>* earlier,
                                         std::size_t& copied) {
    TraceRingRunsOf<Entry> out;
    out.lineage = ring.lineage_;
    out.sequence = ring.sequence_;
    const std::uint64_t capacity = ring.entries_.size();
    if (capacity == 0 || ring.sequence_ == 0) return out;
    const std::uint64_t oldest = ring.sequence_ > capacity ? ring.sequence_ - capacity + 1 : 1;
    std::uint64_t from = oldest;
    if (earlier != nullptr && earlier->lineage == ring.lineage_ &&
        earlier->sequence <= ring.sequence_) {
      for (const auto& run : earlier->runs)
        if (run->first + run->entries.size() > oldest) out.runs.push_back(run);
      if (earlier->sequence + 1 > from) from = earlier->sequence + 1;
    }
    if (from > ring.sequence_) return out;
    auto run = std::make_shared<TraceRunOf<Entry>>();
    run->first = from;
    run->entries.reserve(static_cast<std::size_t>(ring.sequence_ - from + 1));
    // The n-th entry is at n % capacity: at most two stretches of the ring, each in order.
    const Entry* entries = ring.entries_.data();
    for (std::uint64_t n = from; n <= ring.sequence_;) {
      const std::uint64_t slot = n % capacity;
      const std::uint64_t stretch = std::min(capacity - slot, ring.sequence_ - n + 1);
      run->entries.insert(run->entries.end(), entries + slot, entries + slot + stretch);
      n += stretch;
    }
    copied += run->entries.capacity() * sizeof(Entry);
    out.runs.push_back(std::move(run));
    return out;
  }

  // Puts back the entries `held` covers. A ring that had not yet filled had nothing but empty
  // entries past its count, so those are emptied again. The ring gets a new lineage: its entries
  // are from another history than before.
  template <class Entry>
  static void PutRuns(TraceRingOf<Entry>& ring, const TraceRingRunsOf<Entry>& held) noexcept {
    const std::uint64_t capacity = ring.entries_.size();
    if (capacity == 0) return;
    if (held.sequence < capacity)
      for (Entry& entry : ring.entries_.span()) entry = Entry{};
    const std::uint64_t oldest = held.sequence > capacity ? held.sequence - capacity + 1 : 1;
    for (const auto& run : held.runs)
      for (std::size_t i = 0; i < run->entries.size(); ++i) {
        const std::uint64_t n = run->first + i;
        if (n >= oldest && n <= held.sequence) ring.entries_[n % capacity] = run->entries[i];
      }
    ring.Renumber(held.sequence);
    ring.lineage_ = NextUniqueNumber();
  }

  // The memory `runs` holds that `before` (the same ring's runs in the snapshot before, or null)
  // does not.
  template <class Entry>
  [[nodiscard]] static std::size_t RunsBeyond(const TraceRingRunsOf<Entry>& runs,
                                              const TraceRingRunsOf<Entry>* before) noexcept {
    // Both lists of runs are in the order of their entries (TakeRuns keeps the earlier one's that
    // the ring still holds, then adds one): one walk over the two finds the shared ones.
    std::size_t bytes = 0;
    std::size_t j = 0;
    for (const auto& run : runs.runs) {
      if (before != nullptr)
        while (j < before->runs.size() && before->runs[j]->first < run->first) ++j;
      if (before != nullptr && j < before->runs.size() && before->runs[j] == run) {
        ++j;
        continue;
      }
      bytes += run->entries.capacity() * sizeof(Entry);
    }
    return bytes;
  }
};

}  // namespace cairn
