// GameWorld: the one game-owned aggregate of everything authoritative.
//
// It owns the entity registry, an explicitly named pool per component (no type-erased registry,
// no reflection), the map, the per-purpose random streams, the structural command queue, the typed
// event queues, the spawn outcomes, the trace and the counters. Systems (game/systems/) are plain
// functions over it, run by the tick driver (game/tick.h) in a fixed order of phases.
//
// Writes come in two kinds. Value writes (health, timers, AI state, intents) happen directly in
// the phase that owns them, through the pools. Structural writes (spawn, destroy, add or remove a
// component) are queued with the Queue* calls during a tick and published by Commit; the direct
// structural API (CreateEntity, DestroyEntity, AddComponent, RemoveComponent) needs a
// StructuralScope, which OpenStructural grants only between ticks (world construction, the
// console's commit boundary) and Commit opens for itself.
//
// GameWorld is created on the heap and never moves: its pools hold the address of its registry.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "engine/command_buffer.h"
#include "game/ai_wake_ticks.h"
#include "game/component_bundle.h"
#include "game/component_kind.h"
#include "game/components.h"
#include "game/definitions.h"
#include "game/derived_state.h"
#include "game/events.h"
#include "game/random.h"
#include "game/seen_items.h"
#include "game/tile_map.h"
#include "game/trace.h"
#include "game/world_limits.h"
#include "identity/handle.h"
#include "world/binding_table.h"
#include "world/component_pool.h"
#include "world/creation_order.h"
#include "world/entity_registry.h"

namespace cairn {

struct RewindAccess;

struct SpawnOutcome {
  SpawnRequestId request = 0;
  EntityId entity{};
};

// Why the simulation stopped. Ticks do not run while a fault is set; the world stays inspectable.
struct SimulationFault {
  Status status = Status::Ok;
  std::int64_t tick = 0;
  TickPhase phase = TickPhase::BeginTick;
  char what[160] = {};  // what stopped it, in words (a copy: it outlives whoever said it)
  [[nodiscard]] bool Active() const noexcept { return status != Status::Ok; }
};

struct WorldCounters {
  std::uint64_t stale_rejected = 0;  // commands or lookups refused for a dead handle
  std::uint64_t commands_recorded = 0;
  std::uint64_t spawns_published = 0;
  std::uint64_t destroys_published = 0;
  std::uint32_t command_high_water = 0;
  std::uint32_t outcome_high_water = 0;
  // Refusals because the world's own storage was full: the command queue, a batch wanting more
  // entity slots, spawn outcomes or pool room than were free, a required event queue. (The
  // registry, each pool and the binding table count their own: GameWorld::CapacityFailures.)
  std::uint64_t capacity_failures = 0;
};

class GameWorld : private WorldOwner {
 public:
  // Builds an empty world: every pool, queue and the map reserved, random streams seeded from
  // `seed`. `out` is unchanged on failure.
  [[nodiscard]] static Status Create(const WorldLimits& limits,
                                     std::shared_ptr<const DefinitionSet> definitions,
                                     std::int32_t map_width, std::int32_t map_height,
                                     std::uint64_t seed, std::unique_ptr<GameWorld>& out) noexcept;

  GameWorld(const GameWorld&) = delete;
  GameWorld& operator=(const GameWorld&) = delete;

  [[nodiscard]] const EntityRegistry& Registry() const noexcept { return registry_; }
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return registry_.WorldId(); }
  [[nodiscard]] const WorldLimits& Limits() const noexcept { return limits_; }
  [[nodiscard]] const DefinitionSet& Definitions() const noexcept { return *definitions_; }
  [[nodiscard]] std::shared_ptr<const DefinitionSet> SharedDefinitions() const noexcept {
    return definitions_;
  }
  [[nodiscard]] std::uint64_t Seed() const noexcept { return seed_; }

  // --- the named pools (one per line of component_list.h) ------------------------------------
  // Reading a pool is `Positions()`; writing one is `MutablePositions()`, said at the call. A
  // writable access between ticks may move a blocker or change when a monster wakes: the derived
  // state that reads that pool (derived_state.h) is rebuilt before the next tick reads it (a tick
  // keeps it current itself). A read never marks anything, so it costs nothing.
#define CAIRN_POOL_ACCESSORS(Type, member, Accessor, name, since) \
  ComponentPool<Type>& Mutable##Accessor() noexcept {             \
    if (!in_tick_) MarkWritten<Type>();                           \
    return member##_pool_;                                        \
  }                                                               \
  const ComponentPool<Type>& Accessor() const noexcept {          \
    return member##_pool_;                                        \
  }
  CAIRN_FOR_EACH_COMPONENT(CAIRN_POOL_ACCESSORS)
#undef CAIRN_POOL_ACCESSORS

  // The pool of a component type, for code generic over components.
  template <class T>
  [[nodiscard]] ComponentPool<T>& MutablePool() noexcept;
  template <class T>
  [[nodiscard]] const ComponentPool<T>& Pool() const noexcept;

  // Calls visit(pool, kind) for every pool, in ComponentKind order.
  template <class Visit>
  void ForEachPool(Visit&& visit) const {
#define CAIRN_VISIT_POOL(Type, member, Accessor, name, since) \
  visit(member##_pool_, ComponentKind::Type);
    CAIRN_FOR_EACH_COMPONENT(CAIRN_VISIT_POOL)
  }
  template <class Visit>
  void ForEachPool(Visit&& visit) {
    if (!in_tick_) MarkDerivedStale();
    CAIRN_FOR_EACH_COMPONENT(CAIRN_VISIT_POOL)
#undef CAIRN_VISIT_POOL
  }

  // --- durable identity ------------------------------------------------------------------------
  // Which entities carry a PersistentObjectKey (authored entities of a version-2 level, and every
  // entity once it has been saved). Published only at boundaries: build, save, restore, duplicate.
  [[nodiscard]] WorldBindingTable& Bindings() noexcept {
    return bindings_;
  }
  [[nodiscard]] const WorldBindingTable& Bindings() const noexcept {
    return bindings_;
  }

  // --- map, randomness, time -----------------------------------------------------------------
  [[nodiscard]] TileMap& Map() noexcept {
    return map_;
  }
  [[nodiscard]] const TileMap& Map() const noexcept {
    return map_;
  }
  // The items the player remembers seeing lie on this floor (seen_items.h): drawn, not hashed.
  [[nodiscard]] SeenItems& SeenItemsMemory() noexcept {
    return seen_items_;
  }
  [[nodiscard]] const SeenItems& SeenItemsMemory() const noexcept {
    return seen_items_;
  }
  [[nodiscard]] Rng& Random(RandomPurpose purpose) noexcept {
    return random_[purpose];
  }
  [[nodiscard]] const RandomStreams& Streams() const noexcept {
    return random_;
  }
  [[nodiscard]] RandomStreams& MutableStreams() noexcept {
    return random_;
  }
  [[nodiscard]] std::int64_t Tick() const noexcept {
    return tick_;
  }
  [[nodiscard]] TickPhase Phase() const noexcept {
    return phase_;
  }
  [[nodiscard]] bool InTick() const noexcept {
    return in_tick_;
  }
  // Moves the clock forward to `tick` between ticks (a floor the player returns to catches up to
  // the run's time; its actors' timers have expired meanwhile). Never moves it back.
  void CatchUpClock(std::int64_t tick) noexcept {
    if (!in_tick_ && tick > tick_) tick_ = tick;
  }

  // --- what a save keeps besides the entities and the map --------------------------------------
  [[nodiscard]] SpawnRequestId LastRequest() const noexcept {
    return commands_.LastRequest();
  }
  // Outcomes of this tick's commit: the next tick's BeginTick makes them visible. Between ticks
  // they are state that crosses the tick boundary (a save keeps them).
  [[nodiscard]] std::span<const SpawnOutcome> PendingOutcomes() const noexcept {
    return {pending_outcomes_.data(), pending_outcome_count_};
  }
  // Sets the clock, the random streams, the spawn-request counter, the outcomes the next tick
  // will see and the noises it will hear, as a save recorded them. Between ticks only
  // (InvalidPhase otherwise); CapacityExceeded when they do not fit. Unchanged on failure.
  [[nodiscard]] Status RestoreRuntime(std::int64_t tick, const RandomStreams& random,
                                      SpawnRequestId last_request,
                                      std::span<const SpawnOutcome> pending_outcomes,
                                      std::span<const NoiseEvent> noises) noexcept;

  // --- the direct structural API: construction and commit only ---------------------------------
  // Opens a structural scope between ticks; InvalidPhase while a tick runs.
  [[nodiscard]] Status OpenStructural(WorldPhase phase,
                                      std::optional<StructuralScope>& scope) noexcept;
  [[nodiscard]] Status CreateEntity(StructuralScope& scope, EntityId& out) noexcept;
  // Creates out.size() entities as that many CreateEntity calls would, or none
  // (EntityRegistry::CreateMany).
  [[nodiscard]] Status CreateEntities(StructuralScope& scope, std::span<EntityId> out) noexcept;
  // Creates an entity with every component of `bundle`; on failure nothing is left behind.
  [[nodiscard]] Status CreateFromBundle(StructuralScope& scope, const ComponentBundle& bundle,
                                        EntityId& out) noexcept;
  // Removes `id` from every pool, then releases its slot.
  [[nodiscard]] Status DestroyEntity(StructuralScope& scope, EntityId id) noexcept;
  // Adds or removes one component (the pool advances the structural revision). The scope
  // argument proves the caller is at a structural boundary.
  template <class T>
  [[nodiscard]] Status AddComponent(StructuralScope&, EntityId id, const T& value) noexcept {
    return MutablePool<T>().Insert(id, value);
  }
  template <class T>
  [[nodiscard]] Status RemoveComponent(StructuralScope&, EntityId id) noexcept {
    TraceSwap(Pool<T>(), id, KindOf<T>::value);
    return MutablePool<T>().Remove(id);
  }

  // --- commands (during a tick) ---------------------------------------------------------------
  // Records a spawn of a complete recipe; `out` receives the request id, not a handle: the entity
  // exists after this tick's commit and its outcome is visible in the next tick's BeginTick.
  [[nodiscard]] Status QueueSpawn(const ComponentBundle& recipe, SpawnRequestId& out) noexcept;
  // Records a destroy once and marks the entity pending at once (IsActive false, IsAlive true
  // until commit). A second destroy is idempotent and takes no queue space.
  [[nodiscard]] Status QueueDestroy(EntityId id) noexcept;
  // Records adding (or replacing) one component, or removing one. Refused for an entity that is
  // not active: nothing may change an entity after its destroy was accepted.
  template <class T>
  [[nodiscard]] Status QueueSetComponent(EntityId id, const T& value) noexcept {
    ComponentBundle bundle;
    bundle.Set(value);
    return RecordComponentCommand(id, bundle, KindOf<T>::value, false);
  }
  template <class T>
  [[nodiscard]] Status QueueRemoveComponent(EntityId id) noexcept {
    return RecordComponentCommand(id, ComponentBundle{}, KindOf<T>::value, true);
  }
  // Drops the queued spawn of `request` before the commit publishes it: the request is revoked,
  // nothing is made and no outcome will name it. NotFound when no queued spawn has that request
  // (it was published already, or revoked before): a revocation happens once.
  [[nodiscard]] Status RevokeSpawn(SpawnRequestId request) noexcept;
  [[nodiscard]] std::uint32_t PendingCommands() const noexcept {
    return commands_.Count();
  }
  // The engine's command buffer over this world's component bundles (engine/command_buffer.h).
  using Commands = CommandBuffer<ComponentBundle, ComponentKind>;
  // A structural command as the buffer holds it until the commit publishes it.
  using Command = Commands::Command;
  // The commands recorded and not yet committed, oldest first (the console's COMMANDS): empty
  // between ticks, since every commit publishes them all.
  [[nodiscard]] std::span<const Command> QueuedCommands() const noexcept {
    return commands_.Commands();
  }

  // Preflights the whole batch (identities, recipes, every pool's capacity, outcome capacity;
  // spawns count against slots free before the batch) and only then publishes it with reserved
  // storage. A preflight failure publishes nothing and sets the fault.
  [[nodiscard]] Status Commit() noexcept;

  // Outcomes of the previous tick's commit, readable from BeginTick on.
  [[nodiscard]] std::span<const SpawnOutcome> VisibleOutcomes() const noexcept {
    return {visible_outcomes_.data(), visible_outcome_count_};
  }

  // --- events, trace, counters, fault -----------------------------------------------------------
  EventQueue<AttackEvent>& Attacks() noexcept {
    return attacks_;
  }
  EventQueue<DeathEvent>& Deaths() noexcept {
    return deaths_;
  }
  EventQueue<NoiseEvent>& Noises() noexcept {
    return noises_;
  }
  EventQueue<NoticeEvent>& Notices() noexcept {
    return notices_;
  }
  const EventQueue<AttackEvent>& Attacks() const noexcept {
    return attacks_;
  }
  const EventQueue<DeathEvent>& Deaths() const noexcept {
    return deaths_;
  }
  const EventQueue<NoiseEvent>& Noises() const noexcept {
    return noises_;
  }
  const EventQueue<NoticeEvent>& Notices() const noexcept {
    return notices_;
  }
  // Pushes a required event; a full queue faults the simulation.
  template <class T>
  [[nodiscard]] bool Emit(EventQueue<T>& queue, T event) noexcept {
    // One count across the queues, so the message log can tell a tick's events in the order they
    // happened (the zap before the bolt's hit, the monster noticing before its blow).
    if constexpr (requires { event.order; }) event.order = ++event_order_;
    if (queue.Push(event) == Status::Ok) return true;
    (void)RefuseFull("a required event queue is full");
    return false;
  }

  // Whether the trace and the story record anything (on unless switched off: `sim --no-trace`,
  // the console's `TRACE OFF`). Nothing the rules read depends on them, so a run hashes the
  // same either way; off, WHY and the pane's trace have nothing new to say.
  void SetTraceCapture(bool on) noexcept {
    capture_.trace = on;
  }
  [[nodiscard]] bool TraceCapture() const noexcept {
    return capture_.trace;
  }
  // The entity whose component values are watched phase by phase (the debug pane's inspected
  // entity, the console's last INSPECT): after each phase, each of its components whose value the
  // phase changed is traced (`value-written`). Null: none.
  void Watch(EntityId id) noexcept {
    capture_.watched = id;
  }
  [[nodiscard]] EntityId Watched() const noexcept {
    return capture_.watched;
  }
  [[nodiscard]] const TraceRing& Trace() const noexcept {
    return trace_;
  }
  // The entries of the trace that decide an entity's state or end (TellsTheStory), kept longer
  // than the trace keeps them: what "why" (sim/why.h) reads, long after the busy ticks around
  // them have left the trace.
  [[nodiscard]] const TraceRing& Story() const noexcept {
    return story_;
  }
  // Before `removed`'s component leaves `pool`: when the removal will move the pool's last owner
  // into the hole and either is the watched entity, traces it (`swap-moved`), so the pane's pool
  // view can say who moved where.
  template <class P>
  void TraceSwap(const P& pool, EntityId removed, ComponentKind kind) noexcept {
    if (capture_.watched.IsNull() || !pool.Contains(removed)) return;
    const std::uint32_t hole = pool.SparseEntry(removed.Slot);
    const auto owners = pool.Owners();
    const auto last = static_cast<std::uint32_t>(owners.size() - 1);
    if (hole == last) return;
    const EntityId moved = owners[last];
    if (moved != capture_.watched && removed != capture_.watched) return;
    Record(TraceEvent::SwapMoved, [&](TraceEntry& e) {
      e.a = moved;
      e.b = removed;
      e.value = static_cast<std::int64_t>(kind);
      e.x = static_cast<std::int32_t>(hole);
      e.y = static_cast<std::int32_t>(last);
      e.detail[0] = InTick() ? 0 : 1;  // between ticks: a console edit's
    });
  }

  void Record(TraceEvent event, EntityId a = {}, EntityId b = {}, std::int64_t value = 0) noexcept {
    Record(event, [&](TraceEntry& entry) {
      entry.a = a;
      entry.b = b;
      entry.value = value;
    });
  }
  // Records an entry of `event` that `fill(entry)` writes in place in the trace (the entry starts
  // empty), then stamps it as Record(TraceEntry) does. The way for entries every monster step
  // makes: an entry built on the stack and copied in cost a fifth of the AI step's own time at
  // 100,000 monsters (perf: zeroing it, and reading back bytes just written one at a time).
  template <class Fill>
  void Record(TraceEvent event, Fill&& fill) noexcept {
    if (!capture_.trace) return;
    TraceEntry& entry = trace_.Claim();
    entry.event = event;
    fill(entry);
    Stamp(entry);
  }
  // Records `entry` at this tick and phase, with what a and b are now (their kinds).
  void Record(const TraceEntry& entry) noexcept;
  // A structural command's entry: its command sequence beside what it names.
  void RecordCommand(TraceEvent event, EntityId a, std::uint64_t command,
                     std::int64_t value) noexcept;
  // A timer of `id` set to come due at tick `due` (recover, search, special, haste, slow).
  void RecordTimer(EntityId id, TimerKind timer, std::int64_t due) noexcept;
  // What `id` is, as the trace keeps it: the player, a monster or item of a definition, stairs.
  [[nodiscard]] EntityKind KindOfEntity(EntityId id) const noexcept;
  [[nodiscard]] const WorldCounters& Counters() const noexcept {
    return counters_;
  }
  void CountStaleRejected(EntityId id) noexcept {
    ++counters_.stale_rejected;
    Record(TraceEvent::StaleRejected, id);
  }

  [[nodiscard]] const SimulationFault& Fault() const noexcept {
    return fault_;
  }
  void SetFault(Status status, const char* what) noexcept;
  // Every refusal for want of room in this world, wherever it was counted (the world's own
  // counter, the registry, every pool, the binding table): the pane's "capacity failures".
  [[nodiscard]] std::uint64_t CapacityFailures() const noexcept;

  // The player entity, or null when there is none (dead, or never placed).
  [[nodiscard]] EntityId PlayerEntity() const noexcept;

  // The dense indices of the EnemyAi and Intent pools by their owners' creation sequence: the
  // order the tick's phases act in. Derived state, kept until the pool's membership changes.
  [[nodiscard]] std::span<const std::uint32_t> AisByCreation() const noexcept {
    return ai_order_.Of(ai_pool_, registry_);
  }
  [[nodiscard]] std::span<const std::uint32_t> IntentsByCreation() const noexcept {
    return intent_order_.Of(intent_pool_, registry_);
  }
  // Every EnemyAi's wake_tick, index for index with Ais().Values(): what the AI phase scans
  // (ai_wake_ticks.h). Derived state, like the orders above.
  [[nodiscard]] std::span<const std::int64_t> AiWakeTicksByIndex() const noexcept {
    return ai_wake_.Of(ai_pool_);
  }
  // The one way a tick's systems set when a monster next acts: writes `ai` (an element of
  // Ais()) and keeps the copy above.
  void SetWakeTick(EnemyAi& ai, std::int64_t tick) noexcept {
    ai_wake_.Set(ai_pool_, ai, tick);
  }
  // Whether that copy is current (the next scan reads it without a rebuild) and, if it is,
  // whether it agrees with the pool: for assertions and tests.
  [[nodiscard]] bool AiWakeTicksCurrent() const noexcept {
    return ai_wake_.Current(ai_pool_);
  }
  [[nodiscard]] bool AiWakeTicksMatch() const noexcept {
    return ai_wake_.Matches(ai_pool_);
  }

  // The occupancy grid: which blocking entity stands on each cell. Derived state, rebuilt from
  // the Blocker and Position pools, kept current within a tick by Movement and by Commit (which
  // rebuilds it when it published anything). Between ticks, whatever may move or unmake a blocker
  // by another way (a structural scope, a generic component write, a rewind) marks it stale, and
  // the next tick starts by rebuilding it; an untouched grid is not rebuilt.
  void RebuildOccupancy() noexcept;
  void MarkOccupancyStale() noexcept {
    occupancy_stale_ = true;
  }
  // Everything derived from the pools (the occupancy grid, the wake ticks' copy), for a writer
  // that may touch any pool: the next read rebuilds what it needs.
  void MarkDerivedStale() noexcept {
    MarkWritten(~std::uint32_t{0});
  }
  // What writing the pools in `written` (a KindBit mask) outside a phase that keeps it current
  // leaves behind: the derived state computed from them (derived_state.h) is rebuilt before it
  // is next read.
  void MarkWritten(std::uint32_t written) noexcept {
    if (Touches(written, DerivedState::Occupancy)) MarkOccupancyStale();
    if (Touches(written, DerivedState::WakeTicks)) ai_wake_.MarkStale();
  }
  // Writable access to one pool between ticks.
  template <class T>
  void MarkWritten() noexcept {
    MarkWritten(KindBit(KindOf<T>::value));
  }
  [[nodiscard]] EntityId OccupantAt(std::int32_t x, std::int32_t y) const noexcept {
    return map_.InBounds(x, y) ? OccupantOf(map_.Index(x, y)) : EntityId{};
  }
  void MoveOccupant(EntityId id, Position from, Position to) noexcept;
  // Changes whenever a cell's occupant does: what derived state read from the grids is keyed on.
  [[nodiscard]] std::uint64_t OccupancyRevision() const noexcept {
    return occupancy_revision_;
  }
  // One byte per cell, row by row: nonzero exactly where OccupantAt is not null. What monsters'
  // searches read (Pathfinder::FindPath with a grid), kept beside the grid of ids.
  [[nodiscard]] std::span<const std::uint8_t> BlockedCells() const noexcept {
    return blocked_.span();
  }
  // The passable cell nearest to `from` (breadth-first over passable cells, `from` first) that no
  // blocking entity stands on; false when there is none.
  [[nodiscard]] bool NearestFreeCell(Position from, Position& out) const;

  // Every component `id` has, as one bundle (empty for a dead id).
  [[nodiscard]] ComponentBundle CaptureEntity(EntityId id) const noexcept {
    ComponentBundle bundle;
    ForEachComponentType([&]<class T>() {
      if (const T* value = Pool<T>().Find(id)) bundle.Set(*value);
    });
    return bundle;
  }

  // Whether `id` holds no component in any pool (a recycled slot must start empty).
  [[nodiscard]] bool HasNoComponents(EntityId id) const noexcept;
  // The components `id` holds, as a KindBit mask (0 for a dead id).
  [[nodiscard]] std::uint32_t ComponentsOf(EntityId id) const noexcept;
  // The first broken invariant, in words, or empty: the registry's, then each pool's, then the
  // first entity (by creation sequence) without a component its recipe requires, named with the
  // entity, the recipe and the component (game/recipe_requirements.h).
  [[nodiscard]] std::string FirstBrokenInvariant() const;

  // Called by the tick driver only.
  void BeginTickBookkeeping() noexcept;
  void SetPhase(TickPhase phase) noexcept {
    phase_ = phase;
  }
  void EndTickBookkeeping() noexcept {
    in_tick_ = false;
  }

 private:
  // What the world's watchers asked for (above): settings of the observer, not game state, so
  // neither rewinding nor a snapshot touches them.
  struct Capture {
    bool trace = true;
    EntityId watched{};
  };
  Capture capture_;

  // Copies every member below for rewinding (game/world_snapshot.cpp): a new one goes there too.
  friend struct RewindAccess;
  // Counts a refusal for want of room, faults the simulation with `what`; CapacityExceeded.
  Status RefuseFull(const char* what) noexcept;

  GameWorld() noexcept = default;
  [[nodiscard]] Status Initialize(const WorldLimits& limits, std::int32_t map_width,
                                  std::int32_t map_height) noexcept;
  // Gives an entry the trace keeps its tick, phase and the kinds of a and b (unless given), and
  // a copy to the story when it tells it.
  void Stamp(TraceEntry& entry) noexcept;
  [[nodiscard]] Status RecordComponentCommand(EntityId id, const ComponentBundle& bundle,
                                              ComponentKind kind, bool remove) noexcept;
  // Counts and traces the command just recorded (its kind of entry, whom it names, its value).
  void CountRecorded(TraceEvent event, EntityId id, std::int64_t value) noexcept;
  [[nodiscard]] Status Preflight() noexcept;
  // Publishes the preflighted batch; returns the KindBit mask of the pools it wrote.
  std::uint32_t Publish(StructuralScope& scope) noexcept;
  [[nodiscard]] Status ApplyBundle(StructuralScope& scope, EntityId id,
                                   const ComponentBundle& bundle, std::uint32_t mask) noexcept;

  EntityRegistry registry_;
#define CAIRN_POOL_MEMBER(Type, member, Accessor, name, since) ComponentPool<Type> member##_pool_;
  CAIRN_FOR_EACH_COMPONENT(CAIRN_POOL_MEMBER)
#undef CAIRN_POOL_MEMBER

  WorldBindingTable bindings_;
  TileMap map_;
  SeenItems seen_items_;
  // Who stands on each cell. Every occupant is an entity of this world, so the world id is the
  // registry's and a cell keeps only the slot and generation: 8 bytes, not a whole EntityId's 16
  // (134 MB less on a 4096x4096 map). Generation 0: nobody.
  // No default member initializers: zero is nobody, and so a large grid of them is zeroed by the
  // system rather than written (FixedArray::Allocate). Always made as Occupant{...}.
  struct Occupant {
    std::uint32_t slot;
    std::uint32_t generation;
  };
  FixedArray<Occupant> occupancy_;
  FixedArray<std::uint8_t> blocked_;  // occupancy_[cell].generation != 0, cell for cell
  [[nodiscard]] EntityId OccupantOf(std::size_t cell) const noexcept {
    const Occupant occupant = occupancy_[cell];
    return occupant.generation == 0
               ? EntityId{}
               : EntityId{registry_.WorldId(), occupant.slot, occupant.generation};
  }
  // Calls visit(cell) for every cell someone stands on, found in the byte grid eight cells at a
  // time (most of a floor is empty). Whole-grid passes read the byte grid, not the occupants'
  // 8 bytes a cell: where nobody stands the occupancy grid's pages stay unread, and on hosts
  // without a shared zero page a read page is as resident as a written one (decision 0034).
  template <class Visit>
  void ForEachOccupiedCell(Visit&& visit) const {
    const std::span<const std::uint8_t> blocked = blocked_.span();
    std::size_t cell = 0;
    for (; cell + 8 <= blocked.size(); cell += 8) {
      std::uint64_t eight = 0;
      std::memcpy(&eight, &blocked[cell], sizeof eight);
      if (eight == 0) continue;
      for (std::size_t i = cell; i < cell + 8; ++i)
        if (blocked[i] != 0) visit(i);
    }
    for (; cell < blocked.size(); ++cell)
      if (blocked[cell] != 0) visit(cell);
  }
  // The one writer of both occupancy grids.
  void SetOccupant(std::size_t cell, EntityId id) noexcept {
    CAIRN_ASSERT(id.IsNull() || id.Owner == registry_.WorldId(), "an occupant of another world");
    // Generation 0 is nobody in both grids, whatever else the handle holds.
    const Occupant occupant = id.Generation == 0 ? Occupant{} : Occupant{id.Slot, id.Generation};
    occupancy_[cell] = occupant;
    blocked_[cell] = occupant.generation != 0 ? 1 : 0;
    ++occupancy_revision_;
  }
  std::uint64_t occupancy_revision_ = 0;
  bool occupancy_stale_ = true;  // nothing built it yet
  mutable CreationOrder ai_order_;
  mutable CreationOrder intent_order_;
  mutable AiWakeTicks ai_wake_;
  RandomStreams random_;
  std::shared_ptr<const DefinitionSet> definitions_;
  WorldLimits limits_{};
  std::uint64_t seed_ = 0;

  Commands commands_;
  FixedArray<SpawnOutcome> pending_outcomes_;
  FixedArray<SpawnOutcome> visible_outcomes_;
  std::uint32_t pending_outcome_count_ = 0;
  std::uint32_t visible_outcome_count_ = 0;

  EventQueue<AttackEvent> attacks_;
  EventQueue<DeathEvent> deaths_;
  EventQueue<NoiseEvent> noises_;
  EventQueue<NoticeEvent> notices_;
  TraceRing trace_;
  TraceRing story_;
  WorldCounters counters_{};
  SimulationFault fault_{};
  std::int64_t tick_ = 0;
  std::uint32_t event_order_ = 0;  // Emit's count this tick; reset as the queues are cleared
  TickPhase phase_ = TickPhase::EndTick;
  bool in_tick_ = false;
};

#define CAIRN_POOL_OF(Type, member, Accessor, name, since)                   \
  template <>                                                                \
  inline ComponentPool<Type>& GameWorld::MutablePool<Type>() noexcept {      \
    if (!in_tick_) MarkWritten<Type>();                                      \
    return member##_pool_;                                                   \
  }                                                                          \
  template <>                                                                \
  inline const ComponentPool<Type>& GameWorld::Pool<Type>() const noexcept { \
    return member##_pool_;                                                   \
  }
CAIRN_FOR_EACH_COMPONENT(CAIRN_POOL_OF)
#undef CAIRN_POOL_OF

}  // namespace cairn
