// EntityRegistry: who exists in one world, and which incarnation.
//
// The registry owns slot metadata only (generation, state, pending-destroy bit, creation
// sequence) and a stack of reusable slots; component state lives in ComponentPool<T>. Everything
// is allocated by Initialize; create, check and release never allocate.
//
// Lifecycle of a slot: Unused -> Live -> (pending destroy) -> Free -> Live ... ; a slot released at
// the largest generation becomes Retired for good and still counts against capacity. Generations
// start at 1. A registry is never reset in place: a rebuilt world is a new registry with a new
// world id, so every handle of the old one is rejected even where slot and generation coincide.
//
// Structural changes (create, release) are allowed only while a StructuralScope is open, in
// every build type; outside it they answer InvalidPhase. Releasing is reachable only through the
// scope, which is the commit facade the game world builds on.
#pragma once

#include <cstdint>

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
struct RewindAccess;

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
  [[nodiscard]] Status Create(EntityId& out) noexcept;

  // Nonzero owner equal to this world, nonzero generation, slot in range, live, exact generation.
  [[nodiscard]] bool IsAlive(EntityId id) const noexcept;
  // Alive and not pending destroy: the entities gameplay may still act on.
  [[nodiscard]] bool IsActive(EntityId id) const noexcept;
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
    return live_generation_.bytes() + pending_.bytes() + slots_.bytes() + free_stack_.bytes();
  }

 private:
  friend class StructuralScope;
  friend struct EntityRegistryTestSeam;
  template <class T>
  friend class ComponentPool;
  // Copies every member below for rewinding (game/world_snapshot.cpp): a new one goes there too.
  friend struct RewindAccess;

  enum class SlotState : std::uint8_t { Unused, Live, Free, Retired };
  // Cold metadata, read by create, release and inspection.
  struct SlotRecord {
    std::uint64_t creation_sequence;
    std::uint32_t generation;
    SlotState state;
  };

  [[nodiscard]] Status Release(EntityId id) noexcept;
  [[nodiscard]] Status NoteStructuralChange() noexcept;

  // Hot arrays, read by every IsAlive and IsActive: the generation of the live entity in each
  // slot (0 when the slot holds none), and its pending-destroy flag. Kept apart from SlotRecord
  // so a lookup touches 4 bytes (plus 1 for IsActive), not a whole record.
  FixedArray<std::uint32_t> live_generation_;
  FixedArray<std::uint8_t> pending_;
  FixedArray<SlotRecord> slots_;
  FixedArray<std::uint32_t> free_stack_;  // most recently freed on top
  std::uint64_t world_ = 0;
  std::uint64_t last_creation_sequence_ = 0;
  std::uint64_t structural_revision_ = 0;
  std::uint32_t capacity_ = 0;
  std::uint32_t free_top_ = 0;  // entries in free_stack_
  std::uint32_t touched_ = 0;   // slots [0, touched_) have been used at least once
  std::uint32_t live_ = 0;
  std::uint32_t pending_count_ = 0;
  std::uint32_t retired_ = 0;
  std::uint32_t peak_generation_ = 0;
  std::uint64_t capacity_failures_ = 0;
  WorldPhase phase_ = WorldPhase::Simulation;
};

// The key to structural changes. Only GameWorld (world construction and commit) and the tests
// can make one, so only they can open a StructuralScope.
class StructuralKey {
  friend class GameWorld;
  friend struct StructuralTestAccess;
  StructuralKey() noexcept = default;
};

// While a scope is open, the registry (and every pool bound to it) accepts structural changes.
// Scopes nest and restore the previous phase when they close. Releasing a slot is reachable only
// through GameWorld::DestroyEntity, which empties every pool first.
class StructuralScope {
 public:
  StructuralScope(EntityRegistry& registry, WorldPhase phase, StructuralKey key) noexcept;
  ~StructuralScope();
  StructuralScope(const StructuralScope&) = delete;
  StructuralScope& operator=(const StructuralScope&) = delete;

 private:
  friend class GameWorld;
  friend struct StructuralTestAccess;
  // Releases a live entity's slot: advances its generation (or retires it) and pushes it on the
  // free stack. The caller has already removed its components. InvalidEntity if not alive.
  [[nodiscard]] Status Release(EntityId id) noexcept { return registry_.Release(id); }
  [[nodiscard]] EntityRegistry& Registry() noexcept { return registry_; }

  EntityRegistry& registry_;
  WorldPhase previous_;
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
