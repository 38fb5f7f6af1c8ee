// A copy of every EnemyAi's wake_tick, by the pool's dense index: what the AI phase scans, each
// tick, to find the monsters whose turn it is. The scan reads one field of every monster, and
// through the component it touched a whole EnemyAi (88 bytes then) for each: at 100,000
// monsters 8.8 MB a tick, more than the caches keep between two ticks, so it ran at memory
// bandwidth. The copy is 8 bytes a monster, read in order (decision 0028).
//
// Derived state, like the occupancy grid: GameWorld rebuilds it from the pool when the pool's
// membership has changed or when something may have written the field behind it (MarkStale:
// writable access to the pool between ticks, a structural scope, a commit that published
// anything, a rewind). Within a tick the systems write wake_tick only through
// GameWorld::SetWakeTick, which keeps the copy. Builds with assertions check the copy against
// the pool at every AI phase.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/components.h"
#include "world/component_pool.h"

namespace cairn {

class AiWakeTicks {
 public:
  // Sizes the copy for a pool of `capacity` components. AllocationFailed leaves it unchanged.
  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept {
    FixedArray<std::int64_t> ticks;
    if (Status s = ticks.Allocate(capacity); s != Status::Ok) return s;
    ticks_.swap(ticks);
    MarkStale();
    return Status::Ok;
  }

  // Every component's wake_tick, index for index with pool.Values().
  [[nodiscard]] std::span<const std::int64_t> Of(const ComponentPool<EnemyAi>& pool) noexcept {
    if (!Current(pool)) Rebuild(pool);
    return {ticks_.data(), pool.Values().size()};
  }

  // Writes `ai` and, when `ai` is an element of `pool` and the copy is current, the copy (a
  // stale copy is rebuilt from the pool anyway; a component outside the pool has no copy).
  void Set(const ComponentPool<EnemyAi>& pool, EnemyAi& ai, std::int64_t tick) noexcept {
    ai.wake_tick = tick;
    if (!Current(pool)) return;
    const std::span<const EnemyAi> values = pool.Values();
    // Addresses compared as integers: `ai` need not point into the pool's array.
    const auto at = reinterpret_cast<std::uintptr_t>(&ai);
    const auto first = reinterpret_cast<std::uintptr_t>(values.data());
    if (at < first) return;
    const std::uintptr_t index = (at - first) / sizeof(EnemyAi);
    if (index < values.size() && (at - first) % sizeof(EnemyAi) == 0) ticks_[index] = tick;
  }

  void MarkStale() noexcept { revision_ = kNever; }

  // Whether the copy is of `pool`'s present membership and not marked stale: what Of would
  // return without rebuilding.
  [[nodiscard]] bool Current(const ComponentPool<EnemyAi>& pool) const noexcept {
    return revision_ == pool.MembershipRevision();
  }
  // Whether a current copy equals the pool, field for field (a stale one is rebuilt before it is
  // read, so it passes): for assertions and tests.
  [[nodiscard]] bool Matches(const ComponentPool<EnemyAi>& pool) const noexcept {
    if (!Current(pool)) return true;
    const std::span<const EnemyAi> values = pool.Values();
    for (std::size_t i = 0; i < values.size(); ++i)
      if (ticks_[i] != values[i].wake_tick) return false;
    return true;
  }

 private:
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
  void Rebuild(const ComponentPool<EnemyAi>& pool) noexcept {
    const std::span<const EnemyAi> values = pool.Values();
    for (std::size_t i = 0; i < values.size() && i < ticks_.size(); ++i)
      ticks_[i] = values[i].wake_tick;
    revision_ = pool.MembershipRevision();
  }

  FixedArray<std::int64_t> ticks_;
  std::uint64_t revision_ = kNever;  // the pool's membership revision the copy is of
};

}  // namespace cairn
