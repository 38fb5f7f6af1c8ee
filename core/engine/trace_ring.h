// TraceRingOf: the newest entries of a game's trace, in one total order.
//
// Every entry is numbered as it is recorded (its `sequence`, which the entry type must have), so
// entries read the same wherever they are kept; the ring keeps the newest `capacity` of them and
// counts the rest. A game's entry type is its own (the roguelike's TraceEntry names its events,
// kinds and phases); the ring only numbers, keeps and hands them back.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/fixed_array.h"
#include "base/status.h"
#include "base/unique_number.h"

namespace cairn {

struct SnapshotAccess;

template <class Entry>
class TraceRingOf {
 public:
  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept {
    if (capacity == 0) return Status::InvalidArgument;
    FixedArray<Entry> storage;
    if (Status s = storage.Allocate(capacity); s != Status::Ok) return s;
    entries_.swap(storage);
    Renumber(0);
    lineage_ = NextUniqueNumber();
    return Status::Ok;
  }
  // Numbers a copy of `entry` (the trace's total order) and keeps it; returns its sequence.
  std::uint64_t Record(const Entry& entry) noexcept { return Place(entry).sequence; }
  // Record, returning the kept copy (valid until the next entry), so that its keeper can stamp it
  // where it lies.
  Entry& Place(const Entry& entry) noexcept {
    Entry& kept = NextSlot();
    kept = entry;
    kept.sequence = sequence_;
    return kept;
  }
  // Numbers the next entry and returns where it is kept, emptied but for its sequence, to be
  // filled in place (valid until the next entry). What Place does without building the entry
  // elsewhere first.
  [[nodiscard]] Entry& Claim() noexcept {
    // Copied from an empty one rather than assigned one: GCC zeroes a fresh entry with
    // `rep stos`, whose start-up cost on this machine's processors was 8% of the roguelike's AI
    // step.
    static constexpr Entry kEmpty{};
    return Place(kEmpty);
  }
  // Keeps an entry another ring numbered already (the story keeps the trace's own numbers, so
  // an entry reads the same in both).
  void Keep(const Entry& entry) noexcept { NextSlot() = entry; }
  // The `n`-th most recent entry (0 is the newest); false when there are fewer.
  [[nodiscard]] bool Recent(std::uint64_t n, Entry& out) const noexcept {
    if (entries_.empty() || n >= sequence_ || n >= entries_.size()) return false;
    out = entries_[static_cast<std::size_t>((sequence_ - n) % entries_.size())];
    return true;
  }
  [[nodiscard]] std::uint64_t Recorded() const noexcept { return sequence_; }
  [[nodiscard]] std::size_t Capacity() const noexcept { return entries_.size(); }
  // Numbers the ring's history: the same while the ring has only been added to, a new one
  // (never seen before, on any ring) when it is initialized or restored. While it is the same,
  // the entries a snapshot saw are still the ring's, so a later snapshot keeps only the new ones.
  [[nodiscard]] std::uint64_t Lineage() const noexcept { return lineage_; }

 private:
  // Copies every member below for snapshots (engine/snapshot.h): a new one goes there too.
  // (Except the lineage: a restore draws a new one, as it advances a pool's membership revision;
  // the next slot, which Renumber derives from the count; and the spare NextSlot hands out.)
  friend struct SnapshotAccess;
  // Counts the next entry and returns the slot it goes in, as it was (a ring with no room hands
  // out a spare that nothing reads).
  Entry& NextSlot() noexcept {
    ++sequence_;
    if (entries_.empty()) return spare_;
    Entry& slot = entries_[next_];
    Advance();
    return slot;
  }
  // Entry n lives at n % capacity. The slot of the next one is counted rather than divided for:
  // a 64-bit division per entry was the largest part of recording one (perf, TickScaling/10000).
  void Advance() noexcept { next_ = next_ + 1 == entries_.size() ? 0 : next_ + 1; }
  // Sets the count of entries, and the slot that follows from it (restoring sets it this way).
  void Renumber(std::uint64_t sequence) noexcept {
    sequence_ = sequence;
    next_ = entries_.empty() ? 0 : static_cast<std::size_t>((sequence + 1) % entries_.size());
  }
  FixedArray<Entry> entries_;
  std::uint64_t sequence_ = 0;
  std::size_t next_ = 0;  // (sequence_ + 1) % capacity: derived, set by Renumber and Advance
  std::uint64_t lineage_ = 0;
  Entry spare_{};  // what NextSlot hands out when the ring has no room: state of nothing
};

}  // namespace cairn
