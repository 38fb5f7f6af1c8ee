// WorldBindingTable: the durable identities of one world's entities.
//
// Two derived mappings kept together: a sorted contiguous forward map from PersistentObjectKey to
// EntityId (binary search, no hashing, so nothing about it depends on addresses or hash order),
// and a slot-indexed reverse map from an entity to its key, validated by the entity's owner and
// generation so a recycled slot never inherits a former incarnation's UUID.
//
// Bindings are published a batch at a time (Activate: all or nothing) and each publication or
// detachment advances a revision, so a caller that cached "not found" knows when to ask again.
// The destruction path detaches an entity's binding before its slot is released. All storage is
// reserved by Initialize for the registry's capacity; nothing allocates afterwards.
#pragma once

#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "identity/handle.h"
#include "identity/uuid.h"
#include "world/entity_registry.h"

namespace cairn {

// What Resolve found for a durable key.
enum class ResolveStatus : std::uint8_t {
  Resolved,          // a live entity holds the key (check its components before use)
  NotResident,       // the key's instance scope has never been activated in this world
  Missing,           // the scope is here but nothing holds the key (destroyed, or never made)
  TypeMismatch,      // it resolved, but the entity lacks what the caller requires
  InvalidReference,  // a nil key or a nil part: names nothing by definition
  Conflict,  // the two mappings disagree about the key (never expected: reported, not hidden)
};
[[nodiscard]] const char* ResolveStatusName(ResolveStatus status) noexcept;

struct SnapshotAccess;

struct Binding {
  PersistentObjectKey key{};
  EntityId entity{};
};

class WorldBindingTable {
 public:
  WorldBindingTable() noexcept = default;
  WorldBindingTable(const WorldBindingTable&) = delete;
  WorldBindingTable& operator=(const WorldBindingTable&) = delete;

  // Reserves room for one binding per registry slot. The registry must outlive the table.
  [[nodiscard]] Status Initialize(const EntityRegistry& registry) noexcept;

  // Publishes every binding of `batch` at once and advances the revision. Refused as a whole,
  // publishing nothing: InvalidArgument for a nil key part, InvalidEntity for an entity that is
  // not alive in this world, InvalidOperation for an entity that already has a key (or appears
  // twice), IdentityConflict for a key already bound (or twice in the batch), CapacityExceeded
  // (for the bindings, or for the instance scopes: the table remembers one per slot at most).
  [[nodiscard]] Status Activate(std::span<const Binding> batch) noexcept;

  // Drops `id`'s binding, if it has one (a stale or unbound id is ignored). Called by the
  // destruction path before the slot is released.
  void Detach(EntityId id) noexcept;

  // The entity holding `key`, without I/O. A binding whose entity is gone is dropped and answered
  // Missing. `out` is set only when Resolved.
  [[nodiscard]] ResolveStatus Resolve(const PersistentObjectKey& key, EntityId& out) noexcept;
  // As Resolve, and the entity must also have a component in `pool` (TypeMismatch otherwise).
  template <class Pool>
  [[nodiscard]] ResolveStatus ResolveWith(const PersistentObjectKey& key, const Pool& pool,
                                          EntityId& out) noexcept {
    EntityId found;
    const ResolveStatus status = Resolve(key, found);
    if (status != ResolveStatus::Resolved) return status;
    if (!pool.Contains(found)) return ResolveStatus::TypeMismatch;
    out = found;
    return status;
  }

  // The key `id` holds, or null (unbound, stale, or foreign).
  [[nodiscard]] const PersistentObjectKey* KeyOf(EntityId id) const noexcept;
  // Whether any binding of this instance scope was ever activated here.
  [[nodiscard]] bool KnowsInstance(const InstanceId& instance) const noexcept;

  // Advances on every publication and detachment: a cached miss older than it may be stale.
  [[nodiscard]] std::uint64_t Revision() const noexcept { return revision_; }
  [[nodiscard]] std::uint32_t Size() const noexcept { return live_; }
  // Diagnostics (the debug pane's and the console's counters), not hashed state. Conflicts: batches
  // refused because a key was already bound to a live entity or named twice (IdentityConflict),
  // and resolutions that found the two mappings disagreeing (ResolveStatus::Conflict). Capacity
  // failures: batches refused for want of room for bindings or instance scopes.
  [[nodiscard]] std::uint64_t Conflicts() const noexcept { return conflicts_; }
  [[nodiscard]] std::uint64_t CapacityFailures() const noexcept { return capacity_failures_; }
  [[nodiscard]] std::uint32_t Capacity() const noexcept {
    return static_cast<std::uint32_t>(forward_.size());
  }
  // Calls visit(const Binding&) for every live binding, in key order.
  template <class Visit>
  void ForEach(Visit&& visit) const {
    for (std::uint32_t i = 0; i < used_; ++i)
      if (!forward_[i].entity.IsNull()) visit(forward_[i]);
  }

 private:
  // Copies every member below for snapshots (engine/snapshot.cpp): a new one goes there too.
  friend struct SnapshotAccess;
  struct Reverse {
    std::uint32_t generation = 0;  // 0: the slot holds no binding
    PersistentObjectKey key{};
  };
  // The forward index of `key`, or used_ when absent (dropped entries count as absent).
  [[nodiscard]] std::uint32_t Find(const PersistentObjectKey& key) const noexcept;
  void Drop(std::uint32_t index) noexcept;

  const EntityRegistry* registry_ = nullptr;
  FixedArray<Binding> forward_;       // sorted by key; a dropped entry keeps its key, null entity
  FixedArray<Binding> merge_;         // scratch: the batch sorted at its end, merged into its front
  FixedArray<Reverse> reverse_;       // by slot
  FixedArray<std::uint64_t> stamp_;   // by slot: the batch that last named it (duplicate check)
  FixedArray<InstanceId> instances_;  // sorted: every scope ever activated here
  std::uint32_t used_ = 0;            // forward entries in use, dropped ones included
  std::uint32_t live_ = 0;
  std::uint32_t instance_count_ = 0;
  std::uint64_t revision_ = 0;
  std::uint64_t conflicts_ = 0;
  std::uint64_t capacity_failures_ = 0;
};

}  // namespace cairn
