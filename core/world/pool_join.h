// PoolJoin: visit every entity that has a component in two pools.
//
// Systems iterate one pool and look the other up (docs/ARCHITECTURE.md). A join does that
// cheaply when the pools share dense order, which is common: components added together at spawn
// stay aligned until one of them is removed. The join remembers how long the aligned prefix of
// the two owner-slot arrays is (pools of different worlds share none), keyed by both pools'
// membership revisions, so while membership is unchanged (membership only changes at commit) it
// walks that prefix as two plain arrays with no lookups, and looks up only the rest. Correctness
// never depends on alignment; speed does.
//
// Visit order is the driving pool's dense order, an implementation detail: a rule whose outcome
// depends on order must collect and reduce by a stable key instead.
#pragma once

#include <cstdint>
#include <limits>

#include "world/component_pool.h"

namespace cairn {

template <class A, class B>
class PoolJoin {
 public:
  PoolJoin(ComponentPool<A>& first, ComponentPool<B>& second) noexcept
      : first_(first), second_(second) {}

  // Calls visit(id, a, b) for each entity in both pools, driving from the first. Visit may
  // write values but must not change either pool's membership.
  template <class Visit>
  void ForEach(Visit&& visit) {
    Refresh();
    const auto owners = first_.Owners();
    const auto values = first_.MutableValues();
    const auto second_values = second_.MutableValues();
    for (std::uint32_t i = 0; i < aligned_; ++i) visit(owners[i], values[i], second_values[i]);
    for (std::size_t i = aligned_; i < owners.size(); ++i)
      if (B* other = second_.Find(owners[i])) visit(owners[i], values[i], *other);
  }

  // Entities at the front of both pools in the same dense position (for tests and inspection).
  [[nodiscard]] std::uint32_t AlignedPrefix() {
    Refresh();
    return aligned_;
  }

 private:
  void Refresh() noexcept {
    if (first_.MembershipRevision() == first_revision_ &&
        second_.MembershipRevision() == second_revision_)
      return;
    const auto a = first_.OwnerSlots();
    const auto b = second_.OwnerSlots();
    std::uint32_t n = 0;
    if (first_.WorldId() == second_.WorldId())
      while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
    aligned_ = n;
    first_revision_ = first_.MembershipRevision();
    second_revision_ = second_.MembershipRevision();
  }

  ComponentPool<A>& first_;
  ComponentPool<B>& second_;
  std::uint64_t first_revision_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t second_revision_ = std::numeric_limits<std::uint64_t>::max();
  std::uint32_t aligned_ = 0;
};

}  // namespace cairn
