#include "world/entity_registry.h"

#include <limits>
#include <vector>

#include "identity/owner_id.h"

namespace cairn {

const char* HandleDiagnosisName(HandleDiagnosis diagnosis) noexcept {
  switch (diagnosis) {
    case HandleDiagnosis::Active: return "active";
    case HandleDiagnosis::PendingDestroy: return "pending destroy";
    case HandleDiagnosis::Null: return "null handle";
    case HandleDiagnosis::OwnerMismatch: return "belongs to another world";
    case HandleDiagnosis::InvalidGeneration: return "generation zero is never issued";
    case HandleDiagnosis::SlotOutOfRange: return "slot out of range";
    case HandleDiagnosis::Free: return "slot is free";
    case HandleDiagnosis::Retired: return "slot is retired";
    case HandleDiagnosis::StaleGeneration: return "stale generation";
  }
  return "unknown";
}

Status EntityRegistry::Initialize(std::uint32_t capacity) noexcept {
  if (IsInitialized()) return Status::InvalidOperation;
  if (capacity == 0) return Status::InvalidArgument;
  FixedArray<std::uint32_t> live_generation;
  FixedArray<std::uint8_t> pending;
  FixedArray<SlotRecord> slots;
  FixedArray<std::uint32_t> free_stack;
  if (Status s = live_generation.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = pending.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = slots.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = free_stack.Allocate(capacity); s != Status::Ok) return s;
  std::uint64_t world = 0;
  if (Status s = IssueOwnerId(world); s != Status::Ok) return s;  // last: failures consume none
  live_generation_.swap(live_generation);
  pending_.swap(pending);
  slots_.swap(slots);
  free_stack_.swap(free_stack);
  world_ = world;
  capacity_ = capacity;
  return Status::Ok;
}

Status EntityRegistry::Create(EntityId& out) noexcept {
  if (!IsInitialized()) return Status::NotInitialized;
  if (!StructuralChangesAllowed()) return Status::InvalidPhase;
  if (free_top_ == 0 && touched_ == capacity_) {
    ++capacity_failures_;
    return Status::CapacityExceeded;
  }
  if (last_creation_sequence_ == std::numeric_limits<std::uint64_t>::max() ||
      structural_revision_ == std::numeric_limits<std::uint64_t>::max())
    return Status::SequenceExhausted;

  std::uint32_t slot = 0;
  if (free_top_ > 0) {
    slot = free_stack_[--free_top_];  // most recently freed first
  } else {
    slot = touched_++;
    slots_[slot].generation = 1;
  }
  SlotRecord& record = slots_[slot];
  record.state = SlotState::Live;
  record.creation_sequence = ++last_creation_sequence_;
  live_generation_[slot] = record.generation;
  if (record.generation > peak_generation_) peak_generation_ = record.generation;
  pending_[slot] = 0;
  ++live_;
  ++structural_revision_;
  out = EntityId{world_, slot, record.generation};
  return Status::Ok;
}

HandleDiagnosis EntityRegistry::DiagnoseHandle(EntityId id) const noexcept {
  if (id.IsNull()) return HandleDiagnosis::Null;
  if (id.Owner == 0 || id.Owner != world_) return HandleDiagnosis::OwnerMismatch;
  if (id.Generation == 0) return HandleDiagnosis::InvalidGeneration;
  if (id.Slot >= capacity_) return HandleDiagnosis::SlotOutOfRange;
  const SlotRecord& record = slots_[id.Slot];
  if (id.Slot >= touched_ || record.state == SlotState::Free) return HandleDiagnosis::Free;
  if (record.state == SlotState::Retired) return HandleDiagnosis::Retired;
  if (record.generation != id.Generation) return HandleDiagnosis::StaleGeneration;
  return pending_[id.Slot] ? HandleDiagnosis::PendingDestroy : HandleDiagnosis::Active;
}

bool EntityRegistry::IsAlive(EntityId id) const noexcept {
  // Branch-free, like ComponentPool::Find: a non-live slot stores generation 0, which no handle
  // that passes the generation check can match. Slot 0 always exists once initialized.
  if (capacity_ == 0) return false;
  const bool in_range = id.Slot < capacity_;
  const std::uint32_t live = live_generation_[in_range ? id.Slot : 0];
  return in_range & (id.Owner == world_) & (id.Generation != 0) & (live == id.Generation);
}

bool EntityRegistry::IsActive(EntityId id) const noexcept {
  return IsAlive(id) && pending_[id.Slot] == 0;
}

Status EntityRegistry::MarkPendingDestroy(EntityId id) noexcept {
  if (!IsAlive(id)) return Status::InvalidEntity;
  if (pending_[id.Slot] == 0) {
    pending_[id.Slot] = 1;
    ++pending_count_;
  }
  return Status::Ok;
}

std::uint64_t EntityRegistry::CreationSequenceOf(EntityId id) const noexcept {
  return IsAlive(id) ? slots_[id.Slot].creation_sequence : 0;
}

EntityId EntityRegistry::EntityAtSlot(std::uint32_t slot) const noexcept {
  if (slot >= touched_ || slots_[slot].state != SlotState::Live) return EntityId{};
  return EntityId{world_, slot, slots_[slot].generation};
}

Status EntityRegistry::Release(EntityId id) noexcept {
  if (!StructuralChangesAllowed()) return Status::InvalidPhase;
  if (!IsAlive(id)) return Status::InvalidEntity;
  if (structural_revision_ == std::numeric_limits<std::uint64_t>::max())
    return Status::SequenceExhausted;
  SlotRecord& record = slots_[id.Slot];
  if (pending_[id.Slot] != 0) --pending_count_;
  pending_[id.Slot] = 0;
  live_generation_[id.Slot] = 0;
  record.creation_sequence = 0;
  --live_;
  ++structural_revision_;
  if (record.generation == std::numeric_limits<std::uint32_t>::max()) {
    record.state = SlotState::Retired;  // never wraps: this slot is closed for good
    ++retired_;
    return Status::Ok;
  }
  ++record.generation;
  record.state = SlotState::Free;
  free_stack_[free_top_++] = id.Slot;
  return Status::Ok;
}

Status EntityRegistry::NoteStructuralChange() noexcept {
  if (!StructuralChangesAllowed()) return Status::InvalidPhase;
  if (structural_revision_ == std::numeric_limits<std::uint64_t>::max())
    return Status::SequenceExhausted;
  ++structural_revision_;
  return Status::Ok;
}

StructuralScope::StructuralScope(EntityRegistry& registry, WorldPhase phase, StructuralKey) noexcept
    : registry_(registry), previous_(registry.phase_) {
  registry_.phase_ = phase;
}

StructuralScope::~StructuralScope() {
  registry_.phase_ = previous_;
}

void EntityRegistryTestSeam::SetGeneration(EntityRegistry& registry, std::uint32_t slot,
                                           std::uint32_t generation) {
  registry.slots_[slot].generation = generation;
  if (registry.slots_[slot].state == EntityRegistry::SlotState::Live)
    registry.live_generation_[slot] = generation;
}

void EntityRegistryTestSeam::SetLastCreationSequence(EntityRegistry& registry,
                                                     std::uint64_t value) {
  registry.last_creation_sequence_ = value;
}

void EntityRegistryTestSeam::SetStructuralRevision(EntityRegistry& registry, std::uint64_t value) {
  registry.structural_revision_ = value;
}

const char* EntityRegistryTestSeam::CheckInvariants(const EntityRegistry& r) {
  if (!r.IsInitialized()) return nullptr;
  std::uint32_t live = 0, pending = 0, free = 0, retired = 0;
  for (std::uint32_t slot = 0; slot < r.capacity_; ++slot) {
    const auto& record = r.slots_[slot];
    const bool is_live = slot < r.touched_ && record.state == EntityRegistry::SlotState::Live;
    if (r.live_generation_[slot] != (is_live ? record.generation : 0))
      return "the hot live-generation array disagrees with the slot";
    if (!is_live && r.pending_[slot] != 0) return "a slot that is not live is pending destroy";
    if (slot >= r.touched_) continue;
    if (record.generation == 0) return "a touched slot has generation zero";
    switch (record.state) {
      case EntityRegistry::SlotState::Live:
        ++live;
        if (r.pending_[slot] != 0) ++pending;
        if (record.creation_sequence == 0) return "a live slot has no creation sequence";
        break;
      case EntityRegistry::SlotState::Free: ++free; break;
      case EntityRegistry::SlotState::Retired:
        ++retired;
        if (record.generation != std::numeric_limits<std::uint32_t>::max())
          return "a retired slot has a usable generation";
        break;
      case EntityRegistry::SlotState::Unused: return "a touched slot is marked unused";
    }
  }
  if (live != r.live_) return "live count disagrees with the slots";
  if (pending != r.pending_count_) return "pending count disagrees with the slots";
  if (retired != r.retired_) return "retired count disagrees with the slots";
  if (free != r.free_top_) return "free stack size disagrees with the free slots";
  // Every free-stack entry names a distinct Free slot: with the count equal, that is a bijection.
  std::vector<bool> seen(r.touched_, false);
  for (std::uint32_t i = 0; i < r.free_top_; ++i) {
    const std::uint32_t slot = r.free_stack_[i];
    if (slot >= r.touched_) return "the free stack names an untouched slot";
    if (r.slots_[slot].state != EntityRegistry::SlotState::Free)
      return "the free stack names a slot that is not free";
    if (seen[slot]) return "the free stack holds a duplicate";
    seen[slot] = true;
  }
  return nullptr;
}

}  // namespace cairn
