// The trace: a bounded ring of what happened, in order, for the debug pane and the console.
// Plain values only; the simulation never formats or writes it anywhere.
#pragma once

#include <cstdint>

#include "base/fixed_array.h"
#include "base/status.h"
#include "identity/handle.h"

namespace cairn {

enum class TickPhase : std::uint8_t {
  BeginTick, PlayerIntent, Ai, Movement, ResolveGameplay, Commit, EndTick
};
inline constexpr int kTickPhaseCount = 7;
[[nodiscard]] const char* TickPhaseName(TickPhase phase) noexcept;

enum class TraceEvent : std::uint8_t {
  TickStarted,
  PlayerActed,     // a = player; value = ActionKind
  AiAction,        // a = monster, b = target; value = new AiAction
  AiCancelled,     // a = monster; value = CancelReason
  Moved,           // a = mover; value = packed destination (x << 16 | y)
  Attacked,        // a = attacker, b = target; value = damage (negative: a miss)
  Died,            // a = the dead, b = killer
  SpawnQueued,     // value = request id
  DestroyQueued,   // a = entity
  ComponentQueued, // a = entity; value = ComponentKind (+ 100 for a removal)
  Spawned,         // a = new entity; value = request id
  Destroyed,       // a = entity
  ComponentChanged,// a = entity; value = ComponentKind (+ 100 for a removal)
  StaleRejected,   // a = the stale handle
  Fault,           // value = Status
};
[[nodiscard]] const char* TraceEventName(TraceEvent event) noexcept;

struct TraceEntry {
  std::int64_t tick = 0;
  std::uint64_t sequence = 0;  // command or trace sequence: a total order of everything traced
  EntityId a{};
  EntityId b{};
  std::int64_t value = 0;
  TickPhase phase = TickPhase::BeginTick;
  TraceEvent event = TraceEvent::TickStarted;
};

class TraceRing {
 public:
  [[nodiscard]] Status TryInitialize(std::uint32_t capacity) noexcept {
    if (capacity == 0) return Status::InvalidArgument;
    FixedArray<TraceEntry> storage;
    if (Status s = storage.TryAllocate(capacity); s != Status::Ok) return s;
    entries_.swap(storage);
    return Status::Ok;
  }
  void Record(TraceEntry entry) noexcept {
    if (entries_.empty()) return;
    entry.sequence = ++sequence_;
    entries_[static_cast<std::size_t>(sequence_ % entries_.size())] = entry;
  }
  // The `n`-th most recent entry (0 is the newest); false when there are fewer.
  [[nodiscard]] bool Recent(std::uint64_t n, TraceEntry& out) const noexcept {
    if (entries_.empty() || n >= sequence_ || n >= entries_.size()) return false;
    out = entries_[static_cast<std::size_t>((sequence_ - n) % entries_.size())];
    return true;
  }
  [[nodiscard]] std::uint64_t Recorded() const noexcept { return sequence_; }
  [[nodiscard]] std::size_t Capacity() const noexcept { return entries_.size(); }

 private:
  FixedArray<TraceEntry> entries_;
  std::uint64_t sequence_ = 0;
};

}  // namespace cairn
