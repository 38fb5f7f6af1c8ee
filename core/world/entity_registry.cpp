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
  FixedArray<std::uint16_t> slot_marks;
  FixedArray<std::uint64_t> slot_words;
  if (Status s = live_generation.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = slot_marks.Allocate(capacity); s != Status::Ok) return s;
  if (Status s = slot_words.Allocate(capacity); s != Status::Ok) return s;
  std::uint64_t world = 0;
  if (Status s = IssueOwnerId(world); s != Status::Ok) return s;  // last: failures consume none
  live_generation_.swap(live_generation);
  slot_marks_.swap(slot_marks);
  slot_words_.swap(slot_words);
  world_ = world;
  capacity_ = capacity;
  return Status::Ok;
}

Status EntityRegistry::CreateMany(std::span<EntityId> out) noexcept {
  if (!StructuralChangesAllowed())
    return IsInitialized() ? Status::InvalidPhase : Status::NotInitialized;
  const std::size_t n = out.size();
  if (n == 0) return Status::Ok;
  if (n > std::size_t{free_count_} + (capacity_ - touched_)) {
    if (!IsInitialized()) return Status::NotInitialized;
    ++capacity_failures_;
    return Status::CapacityExceeded;
  }
  if (n > CreationsRemaining() || n > StructuralRevisionsRemaining())
    return Status::SequenceExhausted;
  // Create's steps, with every counter in a local: the stores into the slot arrays could alias
  // the members (same types), so single calls in a loop read and write each one through memory.
  std::uint32_t* const live_generation = live_generation_.data();
  std::uint64_t* const words = slot_words_.data();
  const std::uint64_t world = world_;
  std::uint32_t free_head = free_head_;
  std::uint32_t free_count = free_count_;
  std::uint32_t touched = touched_;
  std::uint32_t peak = peak_generation_;
  std::uint64_t sequence = last_creation_sequence_;
  for (EntityId& id : out) {
    std::uint32_t slot = 0;
    std::uint32_t generation = 0;
    TakeSlot(words, free_head, free_count, touched, slot, generation);
    words[slot] = ++sequence;
    live_generation[slot] = generation;
    if (generation > peak) peak = generation;
    id = EntityId{world, slot, generation};
  }
  free_head_ = free_head;
  free_count_ = free_count;
  touched_ = touched;
  peak_generation_ = peak;
  last_creation_sequence_ = sequence;
  live_ += static_cast<std::uint32_t>(n);
  structural_revision_ += n;
  return Status::Ok;
}

Status EntityRegistry::ReleaseMany(std::span<const EntityId> ids) noexcept {
  if (!StructuralChangesAllowed()) return Status::InvalidPhase;
  const std::size_t n = ids.size();
  if (n > StructuralRevisionsRemaining()) return Status::SequenceExhausted;
  // The first pass checks every handle and takes its slot's live generation away, so a handle
  // that comes twice fails IsAlive at its second place; a refusal puts the generations back from
  // the handles, which carry them. The second pass finishes each release.
  std::uint32_t* const live_generation = live_generation_.data();
  std::uint16_t* const marks = slot_marks_.data();
  const std::uint64_t world = world_;
  const std::uint32_t capacity = capacity_;
  for (std::size_t i = 0; i < n; ++i) {
    const EntityId id = ids[i];
    Status refusal = Status::Ok;
    // IsLiveIn's checks, each with its own branch (predicted: a refusal ends the batch): in
    // this loop g++ makes them three instructions shorter than IsLiveIn's one-branch form.
    if (id.Slot >= capacity || id.Owner != world || id.Generation == 0 ||
        live_generation[id.Slot] != id.Generation)
      refusal = Status::InvalidEntity;
    else if ((marks[id.Slot] & kHeldMask) != 0)
      refusal = Status::InvalidOperation;
    if (refusal != Status::Ok) {
      for (std::size_t j = 0; j < i; ++j) live_generation[ids[j].Slot] = ids[j].Generation;
      return refusal;
    }
    live_generation[id.Slot] = 0;
  }
  std::uint64_t* const words = slot_words_.data();
  std::uint32_t free_head = free_head_;
  std::uint32_t free_count = free_count_;
  std::uint32_t pending = pending_count_;
  std::uint32_t retired = retired_;
  if (pending == 0) {
    // No slot carries a pending mark, and the first pass found no held component: every mark
    // of the batch is zero already.
    for (const EntityId id : ids) ReturnSlot(words, id, free_head, free_count, retired);
  } else {
    for (const EntityId id : ids) {
      if (marks[id.Slot] != 0) --pending;  // only the pending mark can be set here
      marks[id.Slot] = 0;
      ReturnSlot(words, id, free_head, free_count, retired);
    }
  }
  free_head_ = free_head;
  free_count_ = free_count;
  pending_count_ = pending;
  retired_ = retired;
  live_ -= static_cast<std::uint32_t>(n);
  structural_revision_ += n;
  return Status::Ok;
}

HandleDiagnosis EntityRegistry::DiagnoseHandle(EntityId id) const noexcept {
  if (id.IsNull()) return HandleDiagnosis::Null;
  if (id.Owner == 0 || id.Owner != world_) return HandleDiagnosis::OwnerMismatch;
  if (id.Generation == 0) return HandleDiagnosis::InvalidGeneration;
  if (id.Slot >= capacity_) return HandleDiagnosis::SlotOutOfRange;
  if (id.Slot >= touched_) return HandleDiagnosis::Free;
  const std::uint32_t live = live_generation_[id.Slot];
  if (live == 0) return IsRetiredSlot(id.Slot) ? HandleDiagnosis::Retired : HandleDiagnosis::Free;
  if (live != id.Generation) return HandleDiagnosis::StaleGeneration;
  return (slot_marks_[id.Slot] & kPendingMark) != 0 ? HandleDiagnosis::PendingDestroy
                                                    : HandleDiagnosis::Active;
}

Status EntityRegistry::MarkPendingDestroy(EntityId id) noexcept {
  if (!IsAlive(id)) return Status::InvalidEntity;
  if ((slot_marks_[id.Slot] & kPendingMark) == 0) {
    slot_marks_[id.Slot] = static_cast<std::uint16_t>(slot_marks_[id.Slot] | kPendingMark);
    ++pending_count_;
  }
  return Status::Ok;
}

std::uint64_t EntityRegistry::CreationSequenceOf(EntityId id) const noexcept {
  return IsAlive(id) ? slot_words_[id.Slot] : 0;
}

EntityId EntityRegistry::EntityAtSlot(std::uint32_t slot) const noexcept {
  if (slot >= touched_ || live_generation_[slot] == 0) return EntityId{};
  return EntityId{world_, slot, live_generation_[slot]};
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
  if (registry.live_generation_[slot] != 0) {
    registry.live_generation_[slot] = generation;
  } else if (slot < registry.touched_ && !registry.IsRetiredSlot(slot)) {
    registry.slot_words_[slot] = EntityRegistry::FreeWord(
        generation, EntityRegistry::FreeWordNext(registry.slot_words_[slot]));
  }
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
  std::uint32_t live = 0, pending = 0, retired = 0;
  for (std::uint32_t slot = 0; slot < r.capacity_; ++slot) {
    const bool is_live = r.live_generation_[slot] != 0;
    if (slot >= r.touched_) {
      if (is_live || r.slot_words_[slot] != 0) return "an untouched slot holds state";
    }
    if (!is_live && r.slot_marks_[slot] != 0)
      return "a slot that is not live is pending destroy or holds components";
    if (slot >= r.touched_) continue;
    if (is_live) {
      ++live;
      if ((r.slot_marks_[slot] & EntityRegistry::kPendingMark) != 0) ++pending;
      if (r.slot_words_[slot] == 0) return "a live slot has no creation sequence";
      if (r.slot_words_[slot] > r.last_creation_sequence_)
        return "a live slot's creation sequence was never issued";
    } else if (r.IsRetiredSlot(slot)) {
      ++retired;
    }
  }
  if (live != r.live_) return "live count disagrees with the slots";
  if (pending != r.pending_count_) return "pending count disagrees with the slots";
  if (retired != r.retired_) return "retired count disagrees with the slots";
  if (r.touched_ - live - retired != r.free_count_)
    return "free list length disagrees with the free slots";
  // The free list visits free_count_ distinct touched free slots and then ends: with the count
  // equal to the number of free slots, every free slot is on it exactly once.
  std::vector<bool> seen(r.touched_, false);
  std::uint32_t slot = r.free_head_;
  for (std::uint32_t i = 0; i < r.free_count_; ++i) {
    if (slot >= r.touched_) return "the free list names an untouched slot";
    if (r.live_generation_[slot] != 0 || r.IsRetiredSlot(slot))
      return "the free list names a slot that is not free";
    if (seen[slot]) return "the free list holds a cycle";
    seen[slot] = true;
    if (EntityRegistry::FreeWordGeneration(r.slot_words_[slot]) == 0)
      return "a free slot's next generation is zero";
    slot = EntityRegistry::FreeWordNext(r.slot_words_[slot]);
  }
  if (slot != EntityRegistry::kNoSlot) return "the free list does not end after its count";
  return nullptr;
}

}  // namespace cairn
