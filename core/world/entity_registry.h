// EntityRegistry: who exists in one world, and which incarnation.
//
// The registry owns slot metadata only (generation, state, pending-destroy bit, creation
// sequence, how many pools hold a component of the slot) and a list of reusable slots; component
// state lives in ComponentPool<T>. Everything is allocated by Initialize; create, check and
// release never allocate. Fourteen bytes per slot (docs/decisions/0017): the free list is threaded
// through the cold word of the free slots themselves, and a slot's state is read off its words.
//
// Lifecycle of a slot: Unused -> Live -> (pending destroy) -> Free -> Live ... ; a slot released at
// the largest generation becomes Retired for good and still counts against capacity. Generations
// start at 1. A registry is never reset in place: a rebuilt world is a new registry with a new
// world id, so every handle of the old one is rejected even where slot and generation coincide.
//
// Structural changes (create, release) are allowed only while a StructuralScope is open, in
// every build type; outside it they answer InvalidPhase. Releasing is reachable only through the
// scope, which is the commit facade the game world builds on, and is refused while any pool still
// holds a component of the entity: pools check a handle's generation against this registry, so
// a component must never outlive its entity into the slot's next incarnation.
#pragma once

#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "identity/handle.h"

namespace cairn {

// Whether structural changes are open. Simulation is the locked state systems run in.
enum class WorldPhase : std::uint8_t { Simulation, Construction, Commit };

// Why a handle is (or is not) a live entity of a registry, for inspectors and error messages.
enum class HandleDiagnosis : std::uint8_t {
  Active,             // live and not pending destroy
  PendingDestroy,     // live, but destruction is recorded and will happen at the next commit
  Null,               // the all-zero handle
  OwnerMismatch,      // issued by another world (or owner zero)
  InvalidGeneration,  // generation zero is never issued
  SlotOutOfRange,     // beyond this registry's capacity
  Free,               // the slot holds no entity now
  Retired,            // the slot exhausted its generations and is closed for good
  StaleGeneration     // the slot holds a later incarnation
};
[[nodiscard]] const char* HandleDiagnosisName(HandleDiagnosis diagnosis) noexcept;

class StructuralScope;
template <class T>
class ComponentPool;
struct SnapshotAccess;

class EntityRegistry {
 public:
  static constexpr std::uint32_t kMaxCapacity = 0xFFFFFFFFu;

  EntityRegistry() noexcept = default;
  EntityRegistry(const EntityRegistry&) = delete;
  EntityRegistry& operator=(const EntityRegistry&) = delete;

  // Allocates metadata for `capacity` slots, then takes a fresh world id last, so a failure
  // consumes no id. A registry initializes once; calling again is InvalidOperation.
  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept;

  // Creates one live entity; `out` unchanged on failure. InvalidPhase outside a StructuralScope,
  // CapacityExceeded when no slot is free, SequenceExhausted when creation sequences ran out.
  // An uninitialized registry has no free slot and no capacity, so it is told apart from a full
  // one only once the cheaper checks have failed.
  [[nodiscard]] Status Create(EntityId& out) noexcept {
    if (!StructuralChangesAllowed())
      return IsInitialized() ? Status::InvalidPhase : Status::NotInitialized;
    if (free_count_ == 0 && touched_ == capacity_) {
      if (!IsInitialized()) return Status::NotInitialized;
      ++capacity_failures_;
      return Status::CapacityExceeded;
    }
    if (last_creation_sequence_ == ~std::uint64_t{0} || structural_revision_ == ~std::uint64_t{0})
      return Status::SequenceExhausted;
    std::uint32_t slot = 0;
    std::uint32_t generation = 0;
    TakeSlot(slot_words_.data(), free_head_, free_count_, touched_, slot, generation);
    slot_words_[slot] = ++last_creation_sequence_;
    live_generation_[slot] = generation;
    if (generation > peak_generation_) peak_generation_ = generation;
    ++live_;
    ++structural_revision_;
    out = EntityId{world_, slot, generation};
    return Status::Ok;
  }

  // Creates out.size() live entities, exactly as that many Create calls in a row would (the same
  // slots, generations and creation sequences, in order), or none: the batch is refused whole,
  // `out` unchanged, with Create's statuses (CapacityExceeded when fewer slots are free than
  // asked for). The counters stay in registers for the batch instead of going through memory on
  // every creation (the range forms of EnTT's registry and flecs' bulk creation are the model;
  // decision 0026 has what it saves).
  [[nodiscard]] Status CreateMany(std::span<EntityId> out) noexcept;

  // Nonzero owner equal to this world, nonzero generation, slot in range, live, exact generation.
  // A non-live slot stores generation 0, which no handle that passes the generation check can
  // match. The one branch is on the slot bound (which also covers an uninitialized registry);
  // the rest is branch-free, like ComponentPool::Find.
  [[nodiscard]] bool IsAlive(EntityId id) const noexcept {
    if (id.Slot >= capacity_) return false;
    const std::uint32_t live = live_generation_[id.Slot];
    return (id.Owner == world_) & (id.Generation != 0) & (live == id.Generation);
  }
  // Alive and not pending destroy: the entities gameplay may still act on.
  [[nodiscard]] bool IsActive(EntityId id) const noexcept {
    return IsAlive(id) && (slot_marks_[id.Slot] & kPendingMark) == 0;
  }
  [[nodiscard]] HandleDiagnosis DiagnoseHandle(EntityId id) const noexcept;

  // Records that `id` will be destroyed at the next commit. Idempotent. Not structural: storage
  // stays until the commit releases it. InvalidEntity when `id` is not alive.
  [[nodiscard]] Status MarkPendingDestroy(EntityId id) noexcept;

  // The creation sequence of a live entity (1 for the first creation in this world), or 0.
  [[nodiscard]] std::uint64_t CreationSequenceOf(EntityId id) const noexcept;
  // The live entity in `slot`, or a null handle.
  [[nodiscard]] EntityId EntityAtSlot(std::uint32_t slot) const noexcept;

  [[nodiscard]] bool IsInitialized() const noexcept { return world_ != 0; }
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return world_; }
  [[nodiscard]] std::uint32_t Capacity() const noexcept { return capacity_; }
  [[nodiscard]] WorldPhase Phase() const noexcept { return phase_; }
  [[nodiscard]] bool StructuralChangesAllowed() const noexcept {
    return phase_ != WorldPhase::Simulation;
  }
  // Advances on every structural change (create, release, component add or remove), so a debug
  // view can tell that borrowed pointers may have moved.
  [[nodiscard]] std::uint64_t StructuralRevision() const noexcept { return structural_revision_; }
  // How many more creations and structural changes can happen before their counters run out
  // (a commit preflights its whole batch against these).
  [[nodiscard]] std::uint64_t CreationsRemaining() const noexcept {
    return ~std::uint64_t{0} - last_creation_sequence_;
  }
  [[nodiscard]] std::uint64_t StructuralRevisionsRemaining() const noexcept {
    return ~std::uint64_t{0} - structural_revision_;
  }

  // Counts. Live includes pending; live + free + retired == capacity.
  [[nodiscard]] std::uint32_t LiveCount() const noexcept { return live_; }
  [[nodiscard]] std::uint32_t PendingCount() const noexcept { return pending_count_; }
  [[nodiscard]] std::uint32_t FreeCount() const noexcept { return capacity_ - live_ - retired_; }
  [[nodiscard]] std::uint32_t RetiredCount() const noexcept { return retired_; }
  // Slots ever used (the high-water mark of slot indices).
  [[nodiscard]] std::uint32_t SlotsTouched() const noexcept { return touched_; }
  // Diagnostics (the debug pane's and the console's counters), not state: the state hash leaves
  // them out. The highest generation any entity of this world was created with (1 until a slot is
  // reused), and how many creations were refused because every slot was in use.
  [[nodiscard]] std::uint32_t PeakGeneration() const noexcept { return peak_generation_; }
  [[nodiscard]] std::uint64_t CapacityFailures() const noexcept { return capacity_failures_; }
  [[nodiscard]] std::size_t MetadataBytes() const noexcept {
    return live_generation_.bytes() + slot_marks_.bytes() + slot_words_.bytes();
  }
  // Inspection (the console's SLOTS, the debug pane): the free list in the order creations take
  // it, most recently freed first; visit(slot) for each of its first `limit` slots.
  [[nodiscard]] std::uint32_t FreeListLength() const noexcept { return free_count_; }
  template <class Visit>
  void ForEachFreeSlot(std::uint32_t limit, Visit&& visit) const {
    std::uint32_t slot = free_head_;
    for (std::uint32_t n = 0; n < free_count_ && n < limit; ++n) {
      visit(slot);
      slot = FreeWordNext(slot_words_[slot]);
    }
  }
  // The generation `slot`'s handle carries now or carried last: its live entity's; for a free
  // slot, the freed entity's (its next one gets one more); the largest for a retired slot; 0 for
  // a slot never used.
  [[nodiscard]] std::uint32_t LastGeneration(std::uint32_t slot) const noexcept {
    if (slot >= touched_) return 0;
    if (live_generation_[slot] != 0) return live_generation_[slot];
    return IsRetiredSlot(slot) ? ~std::uint32_t{0} : FreeWordGeneration(slot_words_[slot]) - 1;
  }
  // How many component pools hold a component of the entity in `slot` (0 for a slot holding none).
  [[nodiscard]] std::uint32_t ComponentsHeld(std::uint32_t slot) const noexcept {
    return slot < capacity_ ? slot_marks_[slot] & kHeldMask : 0;
  }
  // At most this many pools can hold a component of one entity.
  static constexpr std::uint32_t kMaxComponentsPerEntity = 0x7FFFu;

 private:
  friend class StructuralScope;
  friend struct EntityRegistryTestSeam;
  template <class T>
  friend class ComponentPool;
  // Copies every member below for snapshots (engine/snapshot.cpp): a new one goes there too.
  friend struct SnapshotAccess;

  static constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;

  // IsAlive over given copies of the members, so that a loop over many handles (a batch) can
  // keep them in registers. (IsAlive keeps its own body: written through this,
  // g++ made GameWorld::PlayerEntity's loop 20% longer.)
  [[nodiscard]] static bool IsLiveIn(EntityId id, std::uint64_t world, std::uint32_t slots,
                                     const std::uint32_t* live_generation) noexcept {
    if (id.Slot >= slots) return false;
    const std::uint32_t live = live_generation[id.Slot];
    return (id.Owner == world) & (id.Generation != 0) & (live == id.Generation);
  }

  static constexpr std::uint16_t kPendingMark = 0x8000u;
  static constexpr std::uint16_t kHeldMask = 0x7FFFu;

  // Releases a live entity that no pool holds: its generation advances (or the slot retires) and
  // the slot goes on top of the free list.
  [[nodiscard]] Status Release(EntityId id) noexcept {
    if (!StructuralChangesAllowed()) return Status::InvalidPhase;
    if (!IsAlive(id)) return Status::InvalidEntity;
    const std::uint16_t marks = slot_marks_[id.Slot];
    if ((marks & kHeldMask) != 0) return Status::InvalidOperation;
    if (structural_revision_ == ~std::uint64_t{0}) return Status::SequenceExhausted;
    if (marks != 0) {  // only the pending mark can be set here
      --pending_count_;
      slot_marks_[id.Slot] = 0;
    }
    live_generation_[id.Slot] = 0;
    --live_;
    ++structural_revision_;
    ReturnSlot(slot_words_.data(), id, free_head_, free_count_, retired_);
    return Status::Ok;
  }
  // The slot a creation takes (the most recently freed first, else the first untouched) and the
  // generation its entity gets; and a released slot going back (on top of the free list, or
  // retired at the largest generation: never wraps, closed for good). Over given counters, so
  // single calls pass the members and batches their locals.
  static void TakeSlot(const std::uint64_t* words, std::uint32_t& free_head,
                       std::uint32_t& free_count, std::uint32_t& touched, std::uint32_t& slot,
                       std::uint32_t& generation) noexcept {
    if (free_count > 0) {
      slot = free_head;
      const std::uint64_t word = words[slot];
      generation = FreeWordGeneration(word);
      free_head = FreeWordNext(word);
      --free_count;
    } else {
      slot = touched++;
      generation = 1;
    }
  }
  static void ReturnSlot(std::uint64_t* words, EntityId id, std::uint32_t& free_head,
                         std::uint32_t& free_count, std::uint32_t& retired) noexcept {
    if (id.Generation == ~std::uint32_t{0}) {
      words[id.Slot] = 0;
      ++retired;
      return;
    }
    words[id.Slot] = FreeWord(id.Generation + 1, free_head);
    free_head = id.Slot;
    ++free_count;
  }
  // Release for a batch, all or nothing: InvalidPhase, SequenceExhausted, then Release's checks
  // of each handle in order (a handle twice is InvalidEntity at its second place, as the second
  // of two Release calls would be).
  [[nodiscard]] Status ReleaseMany(std::span<const EntityId> ids) noexcept;
  [[nodiscard]] Status NoteStructuralChange() noexcept {
    if (!StructuralChangesAllowed()) return Status::InvalidPhase;
    if (structural_revision_ == ~std::uint64_t{0}) return Status::SequenceExhausted;
    ++structural_revision_;
    return Status::Ok;
  }

  // The cold word of a free slot: the generation its next entity gets (never 0, so a free slot's
  // word is never 0), and the next slot of the free list.
  [[nodiscard]] static constexpr std::uint64_t FreeWord(std::uint32_t generation,
                                                        std::uint32_t next) noexcept {
    return (std::uint64_t{generation} << 32) | next;
  }
  [[nodiscard]] static constexpr std::uint32_t FreeWordGeneration(std::uint64_t word) noexcept {
    return static_cast<std::uint32_t>(word >> 32);
  }
  [[nodiscard]] static constexpr std::uint32_t FreeWordNext(std::uint64_t word) noexcept {
    return static_cast<std::uint32_t>(word);
  }
  // A touched slot that is not live is retired when its word is 0, free otherwise.
  [[nodiscard]] bool IsRetiredSlot(std::uint32_t slot) const noexcept {
    return live_generation_[slot] == 0 && slot_words_[slot] == 0;
  }

  // Hot, read by every IsAlive and pool lookup: the generation of the live entity in each slot
  // (0 when the slot holds none).
  FixedArray<std::uint32_t> live_generation_;
  // Per slot: kPendingMark while destruction is pending, and in kHeldMask how many pools hold a
  // component of the slot's entity (Release refuses while it is nonzero). Two bytes rather than
  // two byte arrays: a store through a byte type may alias anything, which would make the
  // compiler reload every array pointer after each insert and remove.
  FixedArray<std::uint16_t> slot_marks_;
  // Cold, read by create, release and inspection. Live slot: its entity's creation sequence (never
  // 0). Free slot: FreeWord(next generation, next free slot). Retired slot: 0. Untouched: 0.
  FixedArray<std::uint64_t> slot_words_;
  std::uint32_t free_head_ = kNoSlot;  // most recently freed; the list ends with kNoSlot
  std::uint32_t free_count_ = 0;       // slots on the free list
  std::uint64_t world_ = 0;
  std::uint64_t last_creation_sequence_ = 0;
  std::uint64_t structural_revision_ = 0;
  std::uint32_t capacity_ = 0;
  std::uint32_t touched_ = 0;  // slots [0, touched_) have been used at least once
  std::uint32_t live_ = 0;
  std::uint32_t pending_count_ = 0;
  std::uint32_t retired_ = 0;
  std::uint32_t peak_generation_ = 0;
  std::uint64_t capacity_failures_ = 0;
  WorldPhase phase_ = WorldPhase::Simulation;
};

// The key to structural changes. Only a world's owner (WorldOwner, below: world construction
// and commit) and the tests can make one, so only they can open a StructuralScope.
class StructuralKey {
  friend class WorldOwner;
  friend struct StructuralTestAccess;
  StructuralKey() noexcept = default;
};

// While a scope is open, the registry (and every pool bound to it) accepts structural changes.
// Scopes nest and restore the previous phase when they close. Releasing a slot is reachable only
// through the world's owner, which empties every pool of the entity first.
class StructuralScope {
 public:
  StructuralScope(EntityRegistry& registry, WorldPhase phase, StructuralKey key) noexcept;
  ~StructuralScope();
  StructuralScope(const StructuralScope&) = delete;
  StructuralScope& operator=(const StructuralScope&) = delete;

 private:
  friend class WorldOwner;
  friend struct StructuralTestAccess;
  // Releases a live entity's slot: advances its generation (or retires it) and pushes it on the
  // free stack. The caller has already removed its components. InvalidEntity if not alive.
  [[nodiscard]] Status Release(EntityId id) noexcept { return registry_.Release(id); }
  // Release for a batch: every handle or none (EntityRegistry::ReleaseMany).
  [[nodiscard]] Status ReleaseMany(std::span<const EntityId> ids) noexcept {
    return registry_.ReleaseMany(ids);
  }
  [[nodiscard]] EntityRegistry& Registry() noexcept { return registry_; }

  EntityRegistry& registry_;
  WorldPhase previous_;
};

// What a game's world derives from (privately) to own one: the one kind of class that may make
// the key to structural changes and, through an open scope, create and release entities. The
// engine names no game: GameWorld is one owner, and a second game's world another
// (docs/ENGINE.md).
class WorldOwner {
 protected:
  WorldOwner() noexcept = default;
  ~WorldOwner() = default;
  WorldOwner(const WorldOwner&) = default;
  WorldOwner& operator=(const WorldOwner&) = default;

  [[nodiscard]] static StructuralKey Key() noexcept { return StructuralKey{}; }
  // The registry a scope opened, to create entities in it.
  [[nodiscard]] static EntityRegistry& RegistryOf(StructuralScope& scope) noexcept {
    return scope.Registry();
  }
  // Releases a live entity's slot; its components must already be gone from every pool.
  [[nodiscard]] static Status Release(StructuralScope& scope, EntityId id) noexcept {
    return scope.Release(id);
  }
  [[nodiscard]] static Status ReleaseMany(StructuralScope& scope,
                                          std::span<const EntityId> ids) noexcept {
    return scope.ReleaseMany(ids);
  }
};

// Test seam: moves counters close to their limits so exhaustion can be tested without 2^32 steps.
struct EntityRegistryTestSeam {
  static void SetGeneration(EntityRegistry& registry, std::uint32_t slot, std::uint32_t generation);
  static void SetLastCreationSequence(EntityRegistry& registry, std::uint64_t value);
  static void SetStructuralRevision(EntityRegistry& registry, std::uint64_t value);
  // Checks every internal invariant; returns a description of the first broken one, or null.
  static const char* CheckInvariants(const EntityRegistry& registry);
};

}  // namespace cairn
