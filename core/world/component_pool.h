// ComponentPool<T>: the state of one component type for the entities of one world.
//
// A sparse set: dense owners (full EntityIds) and dense values side by side, and a sparse array
// from registry slot to dense index (with an explicit missing sentinel) and the generation of the
// entity that owns that entry. Iteration is a straight scan of the dense values; lookup checks
// the world, the slot bound, the sparse index, the dense bound and the exact owner, so a stale or
// foreign handle can never reach another entity's value.
//
// The exact-owner check compares the handle with (this pool's world, the slot, the generation
// recorded in the sparse entry), which is the owner's full EntityId; the dense owners array holds
// the same id (CheckInvariants proves they agree) and serves iteration and swap removal. Checking
// the generation in the sparse entry keeps a random lookup to two dependent loads (sparse, then
// value) instead of three (sparse, owner, value): see docs/PERFORMANCE.md.
//
// All storage is reserved by Initialize (sparse for every registry slot, dense for the pool's
// own capacity); insert and remove never allocate, except that a value which owns memory (a Many
// type's entries, docs/decisions/0014) allocates its entries when it is copied in. Removal swaps
// the last element into the hole, so dense order is an implementation detail: rules whose result
// depends on order reduce by a stable key (creation sequence, authored id), never by dense
// position.
//
// Pointers and spans are borrowed for the current phase: a structural change may move values.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include "base/fixed_array.h"
#include "base/status.h"
#include "identity/handle.h"
#include "world/entity_registry.h"

namespace cairn {

struct RewindAccess;

template <class T>
class ComponentPool {
  static_assert((std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>) ||
                    OwnsMemory<T>,
                "components are plain values, except a Many type that owns its entries");

 public:
  static constexpr std::uint32_t kMissing = 0xFFFFFFFFu;

  ComponentPool() noexcept = default;
  ComponentPool(const ComponentPool&) = delete;
  ComponentPool& operator=(const ComponentPool&) = delete;

  // Binds the pool to an initialized registry (which must outlive it, and whose structural
  // revision the pool advances) and reserves storage for `capacity` components (at most the
  // registry's capacity). Unchanged on failure.
  [[nodiscard]] Status Initialize(EntityRegistry& registry, std::uint32_t capacity) noexcept {
    if (registry_ != nullptr) return Status::InvalidOperation;
    if (!registry.IsInitialized()) return Status::NotInitialized;
    if (capacity > registry.Capacity()) return Status::InvalidArgument;
    FixedArray<SparseEntry> sparse;
    FixedArray<EntityId> owners;
    FixedArray<T> values;
    if (Status s = sparse.Allocate(registry.Capacity()); s != Status::Ok) return s;
    if (Status s = owners.Allocate(capacity); s != Status::Ok) return s;
    if (Status s = values.Allocate(capacity); s != Status::Ok) return s;
    for (SparseEntry& entry : sparse.span()) entry = SparseEntry{kMissing, 0};
    sparse_.swap(sparse);
    owners_.swap(owners);
    values_.swap(values);
    registry_ = &registry;
    world_ = registry.WorldId();
    capacity_ = capacity;
    return Status::Ok;
  }

  [[nodiscard]] T* Find(EntityId id) noexcept {
    std::uint32_t index = 0;
    return Locate(id, index) ? &values_[index] : nullptr;
  }
  [[nodiscard]] const T* Find(EntityId id) const noexcept {
    std::uint32_t index = 0;
    return Locate(id, index) ? &values_[index] : nullptr;
  }
  [[nodiscard]] bool Contains(EntityId id) const noexcept {
    std::uint32_t index = 0;
    return Locate(id, index);
  }

  // Adds a component to a live entity of this world that has none of this type. The owner,
  // value and sparse entry are published together and the registry's structural revision
  // advances; on failure nothing changes.
  [[nodiscard]] Status Insert(EntityId id, const T& value) noexcept {
    if (Status s = CheckStructural(id); s != Status::Ok) return s;
    if (sparse_[id.Slot].index != kMissing) return Status::DuplicateComponent;
    if (size_ == capacity_) {
      ++capacity_failures_;
      return Status::CapacityExceeded;
    }
    if (registry_->StructuralRevisionsRemaining() == 0) return Status::SequenceExhausted;
    (void)registry_->NoteStructuralChange();  // cannot fail now: checked just above
    owners_[size_] = id;
    values_[size_] = value;
    sparse_[id.Slot] = SparseEntry{size_, id.Generation};
    ++size_;
    ++membership_revision_;
    if (size_ > high_water_) high_water_ = size_;
    return Status::Ok;
  }

  // Removes the entity's component: the last element moves into the hole and its owner's sparse
  // entry follows it. InvalidEntity for a handle that is not alive, MissingComponent when absent.
  [[nodiscard]] Status Remove(EntityId id) noexcept {
    if (Status s = CheckStructural(id); s != Status::Ok) return s;
    std::uint32_t hole = 0;
    if (!Locate(id, hole)) return Status::MissingComponent;
    if (registry_->StructuralRevisionsRemaining() == 0) return Status::SequenceExhausted;
    (void)registry_->NoteStructuralChange();
    const std::uint32_t last = size_ - 1;
    if (hole != last) {
      owners_[hole] = owners_[last];
      values_[hole] = std::move(values_[last]);
      sparse_[owners_[hole].Slot].index = hole;
    }
    if constexpr (OwnsMemory<T>) values_[last] = T{};  // its entries' memory goes with it
    sparse_[id.Slot] = SparseEntry{kMissing, 0};
    size_ = last;
    ++membership_revision_;
    return Status::Ok;
  }

  // Read-only owners and the values that match them, index for index.
  [[nodiscard]] std::span<const EntityId> Owners() const noexcept {
    return {owners_.data(), size_};
  }
  [[nodiscard]] std::span<const T> Values() const noexcept { return {values_.data(), size_}; }
  // Values for the phase that owns this component's value writes.
  [[nodiscard]] std::span<T> MutableValues() noexcept { return {values_.data(), size_}; }

  [[nodiscard]] std::uint32_t Size() const noexcept { return size_; }
  [[nodiscard]] std::uint32_t Capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::uint32_t HighWaterMark() const noexcept { return high_water_; }
  // How many inserts were refused because the pool was full (a diagnostic, not hashed state).
  [[nodiscard]] std::uint64_t CapacityFailures() const noexcept { return capacity_failures_; }
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return world_; }
  // Advances whenever membership or dense order changes (insert, remove); value writes keep it.
  [[nodiscard]] std::uint64_t MembershipRevision() const noexcept { return membership_revision_; }
  [[nodiscard]] bool IsInitialized() const noexcept { return registry_ != nullptr; }
  [[nodiscard]] std::size_t ReservedBytes() const noexcept {
    return sparse_.bytes() + owners_.bytes() + values_.bytes();
  }

  // Test seam: the first broken invariant, or null. Every dense entry is owned by a live entity
  // of this world and the sparse and dense arrays agree both ways.
  [[nodiscard]] const char* CheckInvariants() const noexcept {
    if (registry_ == nullptr) return nullptr;
    for (std::uint32_t i = 0; i < size_; ++i) {
      const EntityId owner = owners_[i];
      if (!registry_->IsAlive(owner))
        return "a dense entry is owned by an entity that is not alive";
      if (owner.Owner != world_) return "a dense entry is owned by another world";
      if (sparse_[owner.Slot].index != i)
        return "sparse index does not point back at its dense entry";
      if (sparse_[owner.Slot].generation != owner.Generation)
        return "sparse generation disagrees with the dense owner";
    }
    std::uint32_t mapped = 0;
    for (const SparseEntry& entry : sparse_.span()) {
      if (entry.index == kMissing) continue;
      if (entry.index >= size_) return "sparse index beyond the dense size";
      ++mapped;
    }
    if (mapped != size_) return "sparse and dense sizes disagree";
    return nullptr;
  }

 private:
  // Copies every member below for rewinding (game/world_snapshot.cpp): a new one goes there too.
  friend struct RewindAccess;

  // Finds the dense index of `id`'s component. Every check is made without a data-dependent
  // branch: with a mix of valid and invalid handles a mispredicted branch on a cache-missing load
  // would discard the lookups in flight after it. Index 0 always exists (FixedArray allocates at
  // least one element, zeroed), so every load is in bounds; a failed check only decides the result.
  [[nodiscard]] bool Locate(EntityId id, std::uint32_t& index) const noexcept {
    if (registry_ == nullptr) return false;
    const bool in_range = id.Slot < sparse_.size();
    const SparseEntry entry = sparse_[in_range ? id.Slot : 0];
    const bool found = in_range & (id.Owner == world_) & (entry.index < size_) &
                       (entry.generation == id.Generation);
    index = found ? entry.index : 0;
    return found;
  }

  [[nodiscard]] Status CheckStructural(EntityId id) const noexcept {
    if (registry_ == nullptr) return Status::NotInitialized;
    if (!registry_->StructuralChangesAllowed()) return Status::InvalidPhase;
    if (!registry_->IsAlive(id)) return Status::InvalidEntity;
    return Status::Ok;
  }

  struct SparseEntry {
    std::uint32_t index;       // dense position, or kMissing
    std::uint32_t generation;  // the owner's generation while index is valid
  };

  FixedArray<SparseEntry> sparse_;
  FixedArray<EntityId> owners_;
  FixedArray<T> values_;
  EntityRegistry* registry_ = nullptr;
  std::uint64_t world_ = 0;
  std::uint64_t membership_revision_ = 0;
  std::uint64_t capacity_failures_ = 0;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
  std::uint32_t high_water_ = 0;
};

}  // namespace cairn
