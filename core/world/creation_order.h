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

// An index (a dense index, a slot) with the creation sequence of the entity it stands for.
struct SequencedIndex {
  std::uint64_t sequence;
  std::uint32_t index;
};

// Puts `items` in creation order, oldest first. Sequences are unique among live entities, so the
// order is total; a list that is in order already (a world just built or restored, components
// added at spawn with no removal since) is only checked, not sorted.
inline void SortByCreation(std::span<SequencedIndex> items) noexcept {
  const auto older = [](const SequencedIndex& a, const SequencedIndex& b) {
    return a.sequence < b.sequence;
  };
  if (!std::is_sorted(items.begin(), items.end(), older))
    std::sort(items.begin(), items.end(), older);
}

class CreationOrder {
 public:
  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept {
    FixedArray<std::uint32_t> order;
    FixedArray<SequencedIndex> keyed;
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
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

  template <class T>
  void Rebuild(const ComponentPool<T>& pool, const EntityRegistry& registry) noexcept {
    const auto owners = pool.Owners();
    CAIRN_ASSERT(owners.size() <= keyed_.size(), "an order is reserved for its pool's capacity");
    size_ = 0;
    if (owners.size() > keyed_.size()) return;
    const auto n = static_cast<std::uint32_t>(owners.size());
    for (std::uint32_t i = 0; i < n; ++i)
      keyed_[i] = SequencedIndex{registry.CreationSequenceOf(owners[i]), i};
    SortByCreation({keyed_.data(), n});
    for (std::uint32_t i = 0; i < n; ++i) order_[i] = keyed_[i].index;
    size_ = n;
    revision_ = pool.MembershipRevision();
  }

  FixedArray<std::uint32_t> order_;
  FixedArray<SequencedIndex> keyed_;  // a rebuild's working space
  std::uint32_t size_ = 0;
  std::uint64_t revision_ = kNever;
};

}  // namespace cairn
