// CreationOrder: one pool's dense indices ordered by their owners' creation sequence, oldest
// first.
//
// Systems that must act in a stable order (the tick's AI, Movement and ResolveGameplay phases)
// visit a pool's entities by creation sequence, never by dense position, which a removal
// reshuffles. Sorting every tick cost more than the visits themselves once a floor held
// thousands of actors; the order only changes when membership does, and membership only
// changes at a commit (or a rewind restore, which advances the pool's membership revision too).
// So the order is kept, keyed by the pool's membership revision, and rebuilt only after a
// change: a pass over the owners, and a sort only when dense order is not already creation
// order (components added at spawn, with no removal since, need none).
//
// An instance serves one pool for its whole life (GameWorld keeps one beside each pool it
// orders). Storage is reserved at Initialize for the pool's capacity: no allocation after it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>

#include "base/assert.h"
#include "base/fixed_array.h"
#include "base/status.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"

namespace cairn {

class CreationOrder {
 public:
  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept {
    FixedArray<std::uint32_t> order;
    FixedArray<Keyed> keyed;
    if (Status s = order.Allocate(capacity); s != Status::Ok) return s;
    if (Status s = keyed.Allocate(capacity); s != Status::Ok) return s;
    order_.swap(order);
    keyed_.swap(keyed);
    revision_ = kNever;
    size_ = 0;
    return Status::Ok;
  }

  // The dense indices of `pool`'s components by their owners' creation sequence. Valid until the
  // pool's membership next changes.
  template <class T>
  [[nodiscard]] std::span<const std::uint32_t> Of(const ComponentPool<T>& pool,
                                                  const EntityRegistry& registry) noexcept {
    if (pool.MembershipRevision() != revision_) Rebuild(pool, registry);
    return {order_.data(), size_};
  }

 private:
  struct Keyed {
    std::uint64_t sequence;
    std::uint32_t index;
  };
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

  template <class T>
  void Rebuild(const ComponentPool<T>& pool, const EntityRegistry& registry) noexcept {
    const auto owners = pool.Owners();
    CAIRN_ASSERT(owners.size() <= keyed_.size(), "an order is reserved for its pool's capacity");
    size_ = 0;
    if (owners.size() > keyed_.size()) return;
    bool sorted = true;
    std::uint64_t previous = 0;
    for (std::uint32_t i = 0; i < owners.size(); ++i) {
      const std::uint64_t sequence = registry.CreationSequenceOf(owners[i]);
      sorted = sorted && sequence > previous;
      previous = sequence;
      keyed_[i] = Keyed{sequence, i};
    }
    const auto n = static_cast<std::uint32_t>(owners.size());
    // Sequences are unique among live owners, so the order is total.
    if (!sorted)
      std::sort(keyed_.data(), keyed_.data() + n,
                [](const Keyed& a, const Keyed& b) { return a.sequence < b.sequence; });
    for (std::uint32_t i = 0; i < n; ++i) order_[i] = keyed_[i].index;
    size_ = n;
    revision_ = pool.MembershipRevision();
  }

  FixedArray<std::uint32_t> order_;
  FixedArray<Keyed> keyed_;  // a rebuild's working space
  std::uint32_t size_ = 0;
  std::uint64_t revision_ = kNever;
};

}  // namespace cairn
