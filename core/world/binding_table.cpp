#include "world/binding_table.h"

#include <algorithm>

namespace cairn {
namespace {

bool KeyIsNil(const PersistentObjectKey& key) noexcept {
  return key.Instance.IsNil() || key.Source.IsNil();
}
bool ByKey(const Binding& a, const Binding& b) noexcept {
  return a.key < b.key;
}

}  // namespace

const char* ResolveStatusName(ResolveStatus status) noexcept {
  switch (status) {
    case ResolveStatus::Resolved: return "resolved";
    case ResolveStatus::NotResident: return "not-resident";
    case ResolveStatus::Missing: return "missing";
    case ResolveStatus::TypeMismatch: return "type-mismatch";
    case ResolveStatus::InvalidReference: return "invalid-reference";
    case ResolveStatus::Conflict: return "conflict";
  }
  return "unknown";
}

Status WorldBindingTable::Initialize(const EntityRegistry& registry) noexcept {
  if (registry_ != nullptr) return Status::InvalidOperation;
  if (!registry.IsInitialized()) return Status::NotInitialized;
  const std::size_t capacity = registry.Capacity();
  FixedArray<Binding> forward, merge;
  FixedArray<Reverse> reverse;
  FixedArray<std::uint64_t> stamp;
  FixedArray<InstanceId> instances;
  if (Status s = forward.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = merge.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = reverse.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = stamp.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = instances.Allocate(capacity); s != Status::Ok) return s;
  forward_.swap(forward);
  merge_.swap(merge);
  reverse_.swap(reverse);
  stamp_.swap(stamp);
  instances_.swap(instances);
  registry_ = &registry;
  return Status::Ok;
}

std::uint32_t WorldBindingTable::Find(const PersistentObjectKey& key) const noexcept {
  const Binding* begin = forward_.span().data();
  const Binding* end = begin + used_;
  const Binding* at = std::lower_bound(begin, end, Binding{key, {}}, ByKey);
  if (at == end || at->key != key || at->entity.IsNull()) return used_;
  return static_cast<std::uint32_t>(at - begin);
}

void WorldBindingTable::Drop(std::uint32_t index) noexcept {
  forward_[index].entity = EntityId{};
  --live_;
  ++revision_;
}

Status WorldBindingTable::Activate(std::span<const Binding> batch) noexcept {
  if (registry_ == nullptr) return Status::NotInitialized;
  if (batch.empty()) return Status::Ok;
  const std::size_t capacity = forward_.size();
  if (batch.size() > capacity - live_) {
    ++capacity_failures_;
    return Status::CapacityExceeded;
  }

  // Preflight everything before touching the table. Stamps mark the slots this batch names (to
  // catch an entity named twice); a refusal clears them again, and is counted when it is one.
  const std::uint64_t stamp = revision_ + 1;
  const auto refuse = [&](Status status) {
    for (const Binding& undo : batch)
      if (undo.entity.Slot < stamp_.size() && stamp_[undo.entity.Slot] == stamp)
        stamp_[undo.entity.Slot] = 0;
    if (status == Status::IdentityConflict) ++conflicts_;
    if (status == Status::CapacityExceeded) ++capacity_failures_;
    return status;
  };
  for (const Binding& b : batch) {
    if (KeyIsNil(b.key)) return refuse(Status::InvalidArgument);
    if (!registry_->IsAlive(b.entity)) return refuse(Status::InvalidEntity);
    if (KeyOf(b.entity) != nullptr || stamp_[b.entity.Slot] == stamp)
      return refuse(Status::InvalidOperation);
    stamp_[b.entity.Slot] = stamp;
    const std::uint32_t held = Find(b.key);
    if (held != used_ && registry_->IsAlive(forward_[held].entity))
      return refuse(Status::IdentityConflict);
  }
  // The batch, sorted, at the end of the scratch; a repeated key inside it is a conflict.
  Binding* scratch = merge_.span().data();
  Binding* sorted = scratch + (capacity - batch.size());
  std::copy(batch.begin(), batch.end(), sorted);
  std::sort(sorted, scratch + capacity, ByKey);
  for (std::size_t i = 1; i < batch.size(); ++i)
    if (sorted[i - 1].key == sorted[i].key) return refuse(Status::IdentityConflict);
  // Room for the instance scopes it brings (sorted by key, so one scope's keys are adjacent).
  std::size_t new_scopes = 0;
  for (std::size_t i = 0; i < batch.size(); ++i)
    if ((i == 0 || sorted[i - 1].key.Instance != sorted[i].key.Instance) &&
        !KnowsInstance(sorted[i].key.Instance))
      ++new_scopes;
  if (new_scopes > instances_.size() - instance_count_) return refuse(Status::CapacityExceeded);
  (void)refuse(Status::Ok);  // the stamps are spent
  // The new instance scopes (room was checked above).
  for (const Binding& b : batch) {
    InstanceId* begin = instances_.span().data();
    InstanceId* end = begin + instance_count_;
    InstanceId* at = std::lower_bound(begin, end, b.key.Instance);
    if (at != end && *at == b.key.Instance) continue;
    std::move_backward(at, end, end + 1);
    *at = b.key.Instance;
    ++instance_count_;
  }

  // Merge the live forward entries and the batch into the front of the scratch. Writing never
  // overtakes reading: live + batch <= capacity, so the write position reaches the batch's read
  // position only when the forward entries are used up, and then it copies each onto itself.
  std::size_t out = 0, b = 0;
  const std::size_t batch_size = batch.size();
  for (std::uint32_t f = 0; f < used_; ++f) {
    const Binding& live = forward_[f];
    // Dropped entries, and any whose incarnation ended without a detach, are left behind.
    if (live.entity.IsNull() || !registry_->IsAlive(live.entity)) continue;
    while (b < batch_size && sorted[b].key < live.key) scratch[out++] = sorted[b++];
    scratch[out++] = live;
  }
  while (b < batch_size) scratch[out++] = sorted[b++];
  forward_.swap(merge_);
  used_ = static_cast<std::uint32_t>(out);
  live_ = used_;
  for (const Binding& bound : batch)
    reverse_[bound.entity.Slot] = Reverse{bound.entity.Generation, bound.key};
  ++revision_;
  return Status::Ok;
}

void WorldBindingTable::Detach(EntityId id) noexcept {
  const PersistentObjectKey* key = KeyOf(id);
  if (key == nullptr) return;
  const std::uint32_t index = Find(*key);
  reverse_[id.Slot] = Reverse{};
  if (index != used_) Drop(index);
}

ResolveStatus WorldBindingTable::Resolve(const PersistentObjectKey& key, EntityId& out) noexcept {
  if (KeyIsNil(key)) return ResolveStatus::InvalidReference;
  if (registry_ == nullptr) return ResolveStatus::NotResident;
  const std::uint32_t index = Find(key);
  if (index == used_)
    return KnowsInstance(key.Instance) ? ResolveStatus::Missing : ResolveStatus::NotResident;
  const EntityId entity = forward_[index].entity;
  if (!registry_->IsAlive(entity)) {  // its incarnation ended without a detach: drop it now
    if (reverse_[entity.Slot].generation == entity.Generation) reverse_[entity.Slot] = Reverse{};
    Drop(index);
    return ResolveStatus::Missing;
  }
  const Reverse& back = reverse_[entity.Slot];
  if (back.generation != entity.Generation || back.key != key) {
    ++conflicts_;
    return ResolveStatus::Conflict;
  }
  out = entity;
  return ResolveStatus::Resolved;
}

const PersistentObjectKey* WorldBindingTable::KeyOf(EntityId id) const noexcept {
  if (registry_ == nullptr || !registry_->IsAlive(id)) return nullptr;
  const Reverse& back = reverse_[id.Slot];
  return back.generation == id.Generation ? &back.key : nullptr;
}

bool WorldBindingTable::KnowsInstance(const InstanceId& instance) const noexcept {
  const InstanceId* begin = instances_.span().data();
  const InstanceId* end = begin + instance_count_;
  const InstanceId* at = std::lower_bound(begin, end, instance);
  return at != end && *at == instance;
}

}  // namespace cairn
