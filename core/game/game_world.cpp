#include "game/game_world.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <new>
#include <vector>

#include "game/pathing.h"
#include "game/recipe_requirements.h"
#include "game/state_limits.h"

namespace cairn {

const char* ComponentKindName(ComponentKind kind) noexcept {
  const auto index = static_cast<std::size_t>(kind);
  return index < kComponentKindCount ? kComponentKindNames[index].data() : "unknown";
}

std::string ComponentsArrivedIn(std::int64_t version) {
  std::string names;
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if (kComponentSince[k] == version)
      names += (names.empty() ? "" : " and ") + std::string(kComponentKindNames[k]);
  return names;
}

Status GameWorld::Create(const WorldLimits& limits,
                         std::shared_ptr<const DefinitionSet> definitions, std::int32_t map_width,
                         std::int32_t map_height, std::uint64_t seed,
                         std::unique_ptr<GameWorld>& out) noexcept {
  if (!definitions) return Status::InvalidArgument;
  if (ShouldFailAllocation()) return Status::AllocationFailed;
  std::unique_ptr<GameWorld> world(new (std::nothrow) GameWorld());
  if (!world) return Status::AllocationFailed;
  if (Status s = world->Initialize(limits, map_width, map_height); s != Status::Ok) return s;
  world->definitions_ = std::move(definitions);
  world->seed_ = seed;
  world->random_.Seed(seed);
  out = std::move(world);
  return Status::Ok;
}

Status GameWorld::Initialize(const WorldLimits& limits, std::int32_t map_width,
                             std::int32_t map_height) noexcept {
  // The registry takes its world id only after its own storage is reserved. A later reserve that
  // fails leaves that id unused, which is harmless: ids are never reused anyway.
  if (Status s = registry_.Initialize(limits.entities); s != Status::Ok) return s;
  Status status = Status::Ok;
  ForEachComponentType([&]<class T>() {
    if (status == Status::Ok)
      status = MutablePool<T>().Initialize(registry_, limits.Pool(KindOf<T>::value));
  });
  if (status != Status::Ok) return status;
  if (Status s = ai_order_.Initialize(ai_pool_.Capacity()); s != Status::Ok) return s;
  if (Status s = intent_order_.Initialize(intent_pool_.Capacity()); s != Status::Ok) return s;
  if (Status s = ai_wake_.Initialize(ai_pool_.Capacity()); s != Status::Ok) return s;
  if (Status s = map_.Initialize(map_width, map_height); s != Status::Ok) return s;
  if (Status s = seen_items_.Initialize(limits.Pool(ComponentKind::Item)); s != Status::Ok)
    return s;
  if (Status s = occupancy_.Allocate(map_.Cells().size()); s != Status::Ok) return s;
  if (Status s = blocked_.Allocate(map_.Cells().size()); s != Status::Ok) return s;
  if (Status s = bindings_.Initialize(registry_); s != Status::Ok) return s;
  if (Status s = commands_.Initialize(limits.commands); s != Status::Ok) return s;
  if (Status s = pending_outcomes_.Allocate(limits.outcomes); s != Status::Ok) return s;
  if (Status s = visible_outcomes_.Allocate(limits.outcomes); s != Status::Ok) return s;
  if (Status s = attacks_.Initialize(limits.events, true); s != Status::Ok) return s;
  if (Status s = deaths_.Initialize(limits.events, true); s != Status::Ok) return s;
  if (Status s = noises_.Initialize(limits.events, true); s != Status::Ok) return s;
  // Notices only feed the message log: under pressure they may be dropped, with a count.
  if (Status s = notices_.Initialize(limits.events, false); s != Status::Ok) return s;
  if (Status s = trace_.Initialize(limits.trace == 0 ? 1 : limits.trace); s != Status::Ok) return s;
  if (Status s = story_.Initialize(limits.story == 0 ? 1 : limits.story); s != Status::Ok) return s;
  limits_ = limits;
  return Status::Ok;
}

Status GameWorld::RestoreRuntime(std::int64_t tick, const RandomStreams& random,
                                 SpawnRequestId last_request,
                                 std::span<const SpawnOutcome> pending_outcomes,
                                 std::span<const NoiseEvent> noises) noexcept {
  if (in_tick_) return Status::InvalidPhase;
  if (pending_outcomes.size() > pending_outcomes_.size()) return Status::CapacityExceeded;
  if (noises.size() > noises_.Capacity()) return Status::CapacityExceeded;
  tick_ = tick;
  random_ = random;
  commands_.RestoreLastRequest(last_request);
  for (std::size_t i = 0; i < pending_outcomes.size(); ++i)
    pending_outcomes_[i] = pending_outcomes[i];
  pending_outcome_count_ = static_cast<std::uint32_t>(pending_outcomes.size());
  noises_.Clear();
  for (const NoiseEvent& noise : noises) (void)noises_.Push(noise);
  return Status::Ok;
}

Status GameWorld::OpenStructural(WorldPhase phase, std::optional<StructuralScope>& scope) noexcept {
  if (in_tick_) return Status::InvalidPhase;
  scope.emplace(registry_, phase, Key());
  MarkDerivedStale();  // what it makes, unmakes or writes outside Commit
  return Status::Ok;
}

Status GameWorld::CreateEntity(StructuralScope& scope, EntityId& out) noexcept {
  return RegistryOf(scope).Create(out);
}

Status GameWorld::CreateEntities(StructuralScope& scope, std::span<EntityId> out) noexcept {
  return RegistryOf(scope).CreateMany(out);
}

Status GameWorld::ApplyBundle(StructuralScope& scope, EntityId id, const ComponentBundle& bundle,
                              std::uint32_t mask) noexcept {
  Status status = Status::Ok;
  ForEachComponentType([&]<class T>() {
    if (status != Status::Ok || (mask & KindBit(KindOf<T>::value)) == 0) return;
    ComponentPool<T>& pool = MutablePool<T>();
    if (T* existing = pool.Find(id)) {
      *existing = bundle.Get<T>();  // a value write
      return;
    }
    status = AddComponent(scope, id, bundle.Get<T>());
  });
  return status;
}

Status GameWorld::CreateFromBundle(StructuralScope& scope, const ComponentBundle& bundle,
                                   EntityId& out) noexcept {
  EntityId id;
  if (Status s = CreateEntity(scope, id); s != Status::Ok) return s;
  if (Status s = ApplyBundle(scope, id, bundle, bundle.mask); s != Status::Ok) {
    (void)DestroyEntity(scope, id);  // leave nothing half-built behind
    return s;
  }
  out = id;
  return Status::Ok;
}

Status GameWorld::DestroyEntity(StructuralScope& scope, EntityId id) noexcept {
  if (!registry_.StructuralChangesAllowed()) return Status::InvalidPhase;
  if (!registry_.IsAlive(id)) return Status::InvalidEntity;
  // Every step below advances the structural revision: make sure all of them can, so a failure
  // cannot leave the entity alive with some of its components gone.
  std::uint64_t steps = 1;
  ForEachPool([&](const auto& pool, ComponentKind) { steps += pool.Contains(id) ? 1 : 0; });
  if (registry_.StructuralRevisionsRemaining() < steps) return Status::SequenceExhausted;
  // The durable binding goes first, while the handle is still alive: a recycled slot must never
  // answer to this entity's UUID.
  bindings_.Detach(id);
  ForEachPool([&](auto& pool, ComponentKind kind) {
    TraceSwap(pool, id, kind);
    (void)pool.Remove(id);
  });
  return Release(scope, id);
}

// --- commands -----------------------------------------------------------------------------------

void GameWorld::CountRecorded(TraceEvent event, EntityId id, std::int64_t value) noexcept {
  ++counters_.commands_recorded;
  counters_.command_high_water = std::max(counters_.command_high_water, commands_.Count());
  RecordCommand(event, id, commands_.Sequence(), value);
}

Status GameWorld::QueueSpawn(const ComponentBundle& recipe, SpawnRequestId& out) noexcept {
  if (commands_.Full()) return RefuseFull("the command queue is full (spawn)");
  if (commands_.RequestsExhausted()) {
    SetFault(Status::SequenceExhausted, "spawn request ids ran out");
    return Status::SequenceExhausted;
  }
  const SpawnRequestId request = commands_.PushSpawn(recipe);
  CountRecorded(TraceEvent::SpawnQueued, {}, request);
  out = request;
  return Status::Ok;
}

Status GameWorld::RevokeSpawn(SpawnRequestId request) noexcept {
  return commands_.Revoke(request) ? Status::Ok : Status::NotFound;
}

Status GameWorld::QueueDestroy(EntityId id) noexcept {
  if (!registry_.IsAlive(id)) {
    CountStaleRejected(id);
    return Status::InvalidEntity;
  }
  if (!registry_.IsActive(id)) return Status::Ok;  // already recorded: idempotent, no space used
  if (commands_.Full()) return RefuseFull("the command queue is full (destroy)");
  commands_.PushDestroy(id);
  (void)registry_.MarkPendingDestroy(id);
  CountRecorded(TraceEvent::DestroyQueued, id, 0);
  return Status::Ok;
}

Status GameWorld::RecordComponentCommand(EntityId id, const ComponentBundle& bundle,
                                         ComponentKind kind, bool remove) noexcept {
  if (!registry_.IsActive(id)) {
    CountStaleRejected(id);
    return Status::InvalidEntity;
  }
  if (commands_.Full()) return RefuseFull("the command queue is full (component)");
  commands_.PushComponent(id, bundle, kind, remove);
  CountRecorded(TraceEvent::ComponentQueued, id,
                static_cast<std::int64_t>(kind) + (remove ? 100 : 0));
  return Status::Ok;
}

namespace {

// The entities a recipe refers to; each must still be alive when the batch is published.
bool RecipeReferencesAlive(const EntityRegistry& registry, const ComponentBundle& recipe) {
  bool alive = true;
  ForEachReference(recipe,
                   [&](EntityId id) { alive = alive && (id.IsNull() || registry.IsAlive(id)); });
  return alive;
}

}  // namespace

namespace {

// What a structural command asks of an entity's recipe: a spawn's bundle, or one component added
// to or removed from `target`.
struct RecipeChange {
  enum class Kind : std::uint8_t { Spawn, Add, Remove } kind;
  EntityId target;
  ComponentKind component;
};

// Whether `change` would make or leave an entity without a component its recipe requires, judged
// against the world before the batch; `why` (of `size` bytes) then names the entity, the recipe
// and the component.
bool BreaksRecipe(const GameWorld& world, const RecipeChange& change, const ComponentBundle& bundle,
                  char* why, std::size_t size) noexcept {
  ComponentKind missing{};
  if (change.kind == RecipeChange::Kind::Spawn) {
    if (!FirstMissingComponent(bundle.mask, missing)) return false;
    std::snprintf(why, size, "a %s spawn lacks %s, which its recipe requires",
                  RecipeName(RecipeOf(bundle.mask)), ComponentKindName(missing));
    return true;
  }
  const std::uint32_t has = world.ComponentsOf(change.target);
  const std::uint32_t bit = KindBit(change.component);
  const unsigned slot = change.target.Slot, generation = change.target.Generation;
  const char* component = ComponentKindName(change.component);
  if (change.kind == RecipeChange::Kind::Remove) {
    // Removing the marker itself ends the recipe; removing what it requires breaks it.
    if ((RequiredComponents(RecipeOf(has)) & bit) == 0 || RecipeOf(has & ~bit) != RecipeOf(has))
      return false;
    std::snprintf(why, size, "removing %s from entity %u:%u would leave its %s recipe incomplete",
                  component, slot, generation, RecipeName(RecipeOf(has)));
    return true;
  }
  // An added marker makes the entity another recipe's, which must then be complete.
  if (RecipeOf(has | bit) == RecipeOf(has) || !FirstMissingComponent(has | bit, missing))
    return false;
  std::snprintf(
      why, size, "adding %s to entity %u:%u makes it a %s without %s, which its recipe requires",
      component, slot, generation, RecipeName(RecipeOf(has | bit)), ComponentKindName(missing));
  return true;
}

}  // namespace

Status GameWorld::Preflight() noexcept {
  std::uint32_t spawns = 0;
  std::uint64_t structural_steps = 0;
  std::array<std::uint32_t, kComponentKindCount> additions{};
  for (std::size_t i = 0; i < commands_.Count(); ++i) {
    const Command& command = commands_.Commands()[i];
    const ComponentBundle& bundle = commands_.PayloadOf(i);
    switch (command.kind) {
      case Command::Kind::Spawn:
        ++spawns;
        ++structural_steps;
        if (!RecipeReferencesAlive(registry_, bundle)) {
          SetFault(Status::InvalidEntity, "a spawn recipe refers to an entity that is gone");
          return Status::InvalidEntity;
        }
        for (std::size_t k = 0; k < kComponentKindCount; ++k)
          if ((bundle.mask >> k) & 1u) {
            ++additions[k];
            ++structural_steps;
          }
        break;
      case Command::Kind::Destroy:
        structural_steps += 1;
        if (!registry_.IsAlive(command.target)) {
          SetFault(Status::InvalidEntity, "a destroy names an entity that is gone");
          return Status::InvalidEntity;
        }
        break;
      case Command::Kind::SetComponent: {
        if (!registry_.IsAlive(command.target)) {
          SetFault(Status::InvalidEntity, "a component change names an entity that is gone");
          return Status::InvalidEntity;
        }
        if (!RecipeReferencesAlive(registry_, bundle)) {
          SetFault(Status::InvalidEntity, "a component value refers to an entity that is gone");
          return Status::InvalidEntity;
        }
        bool present = false;
        ForEachComponentType([&]<class T>() {
          if (KindOf<T>::value == command.component) present = Pool<T>().Contains(command.target);
        });
        if (!present) {
          ++additions[static_cast<std::size_t>(command.component)];
          ++structural_steps;
        }
        break;
      }
      case Command::Kind::RemoveComponent:
        ++structural_steps;
        if (!registry_.IsAlive(command.target)) {
          SetFault(Status::InvalidEntity, "a component removal names an entity that is gone");
          return Status::InvalidEntity;
        }
        break;
    }
    if (command.kind == Command::Kind::Destroy) continue;
    const RecipeChange change{command.kind == Command::Kind::Spawn ? RecipeChange::Kind::Spawn
                              : command.kind == Command::Kind::SetComponent
                                  ? RecipeChange::Kind::Add
                                  : RecipeChange::Kind::Remove,
                              command.target, command.component};
    if (char why[sizeof(fault_.what)]; BreaksRecipe(*this, change, bundle, why, sizeof why)) {
      SetFault(Status::MissingComponent, why);
      return Status::MissingComponent;
    }
  }
  // Spawns count against the slots free before the batch: same-batch destroys do not make room.
  if (spawns > registry_.FreeCount()) {
    return RefuseFull("no free entity slot for a spawn");
  }
  if (spawns > limits_.outcomes) {
    return RefuseFull("more spawns than spawn outcomes");
  }
  if (spawns > registry_.CreationsRemaining() ||
      structural_steps > registry_.StructuralRevisionsRemaining()) {
    SetFault(Status::SequenceExhausted, "creation sequences or structural revisions ran out");
    return Status::SequenceExhausted;
  }
  Status status = Status::Ok;
  ForEachComponentType([&]<class T>() {
    const ComponentPool<T>& pool = Pool<T>();
    const std::uint64_t needed =
        std::uint64_t{pool.Size()} + additions[static_cast<std::size_t>(KindOf<T>::value)];
    if (status == Status::Ok && needed > pool.Capacity()) status = Status::CapacityExceeded;
  });
  if (status != Status::Ok) return RefuseFull("a component pool is full");
  return Status::Ok;
}

std::uint32_t GameWorld::Publish(StructuralScope& scope) noexcept {
  std::uint32_t written = 0;  // KindBit of every pool the batch adds to or takes from
  for (std::size_t i = 0; i < commands_.Count(); ++i) {
    const Command& command = commands_.Commands()[i];
    const ComponentBundle& bundle = commands_.PayloadOf(i);
    Status status = Status::Ok;
    switch (command.kind) {
      case Command::Kind::Spawn: {
        EntityId id;
        written |= bundle.mask;
        status = CreateFromBundle(scope, bundle, id);
        if (status == Status::Ok) {
          pending_outcomes_[pending_outcome_count_++] = SpawnOutcome{command.request, id};
          ++counters_.spawns_published;
          RecordCommand(TraceEvent::Spawned, id, command.sequence, command.request);
        }
        break;
      }
      case Command::Kind::Destroy: {
        const EntityKind was = KindOfEntity(command.target);  // before it is gone
        written |= ComponentsOf(command.target);
        status = DestroyEntity(scope, command.target);
        if (status == Status::Ok) {
          ++counters_.destroys_published;
          TraceEntry entry;
          entry.event = TraceEvent::Destroyed;
          entry.a = command.target;
          entry.a_kind = was;
          entry.command = command.sequence;
          Record(entry);
        }
        break;
      }
      case Command::Kind::SetComponent:
        written |= KindBit(command.component);
        status = ApplyBundle(scope, command.target, bundle, KindBit(command.component));
        RecordCommand(TraceEvent::ComponentChanged, command.target, command.sequence,
                      static_cast<std::int64_t>(command.component));
        break;
      case Command::Kind::RemoveComponent:
        written |= KindBit(command.component);
        ForEachComponentType([&]<class T>() {
          if (KindOf<T>::value == command.component && Pool<T>().Contains(command.target))
            status = RemoveComponent<T>(scope, command.target);
        });
        RecordCommand(TraceEvent::ComponentChanged, command.target, command.sequence,
                      static_cast<std::int64_t>(command.component) + 100);
        break;
    }
    // Preflight proved every step possible; a failure here is a broken invariant, reported as a
    // fault so it is seen rather than silently skipped.
    if (status != Status::Ok) SetFault(status, "publishing a preflighted command failed");
  }
  commands_.Clear();
  return written;
}

Status GameWorld::Commit() noexcept {
  if (fault_.Active()) return fault_.status;
  if (Status s = Preflight(); s != Status::Ok) return s;
  StructuralScope scope(registry_, WorldPhase::Commit, Key());
  // What the batch wrote leaves stale what is derived from it (derived_state.h); the occupancy
  // grid is rebuilt at once, as what follows in the tick reads it. Otherwise Movement has kept it
  // current cell by cell.
  MarkWritten(Publish(scope));
  if (occupancy_stale_) RebuildOccupancy();
  if (pending_outcome_count_ > counters_.outcome_high_water)
    counters_.outcome_high_water = pending_outcome_count_;
  return fault_.Active() ? fault_.status : Status::Ok;
}

void GameWorld::BeginTickBookkeeping() noexcept {
  ++tick_;
  in_tick_ = true;
  phase_ = TickPhase::BeginTick;
  // Last commit's outcomes become visible now; this tick's commit fills the other buffer.
  visible_outcomes_.swap(pending_outcomes_);
  visible_outcome_count_ = pending_outcome_count_;
  pending_outcome_count_ = 0;
  attacks_.Clear();
  deaths_.Clear();
  notices_.Clear();
  event_order_ = 0;
  if (occupancy_stale_) RebuildOccupancy();
}

Status GameWorld::RefuseFull(const char* what) noexcept {
  ++counters_.capacity_failures;
  SetFault(Status::CapacityExceeded, what);
  return Status::CapacityExceeded;
}

std::uint64_t GameWorld::CapacityFailures() const noexcept {
  std::uint64_t total =
      counters_.capacity_failures + registry_.CapacityFailures() + bindings_.CapacityFailures();
  ForEachPool([&](const auto& pool, ComponentKind) { total += pool.CapacityFailures(); });
  return total;
}

void GameWorld::SetFault(Status status, const char* what) noexcept {
  if (fault_.Active()) return;  // the first fault is the one that explains the rest
  fault_ = SimulationFault{};
  fault_.status = status;
  fault_.tick = tick_;
  fault_.phase = phase_;
  std::snprintf(fault_.what, sizeof fault_.what, "%s", what != nullptr ? what : "");
  Record(TraceEvent::Fault, {}, {}, static_cast<std::int64_t>(status));
}

void GameWorld::Record(const TraceEntry& entry) noexcept {
  if (!capture_.trace) return;
  Stamp(trace_.Place(entry));
}

void GameWorld::Stamp(TraceEntry& entry) noexcept {
  entry.tick = tick_;
  entry.phase = phase_;
  // A kind given already was taken while the entity still existed (a destroy records it first).
  if (entry.a_kind.cls == KindClass::None) entry.a_kind = KindOfEntity(entry.a);
  if (entry.b_kind.cls == KindClass::None) entry.b_kind = KindOfEntity(entry.b);
  if (TellsTheStory(entry)) story_.Keep(entry);
}

void GameWorld::RecordCommand(TraceEvent event, EntityId a, std::uint64_t command,
                              std::int64_t value) noexcept {
  Record(event, [&](TraceEntry& entry) {
    entry.a = a;
    entry.command = command;
    entry.value = value;
  });
}

void GameWorld::RecordTimer(EntityId id, TimerKind timer, std::int64_t due) noexcept {
  Record(TraceEvent::TimerSet, [&](TraceEntry& entry) {
    entry.a = id;
    entry.detail[0] = static_cast<std::uint8_t>(timer);
    entry.value = due;
  });
}

EntityKind GameWorld::KindOfEntity(EntityId id) const noexcept {
  if (id.IsNull() || !registry_.IsAlive(id)) return {};
  if (player_pool_.Contains(id)) return {KindClass::Player, 0};
  if (const EnemyAi* ai = ai_pool_.Find(id)) return {KindClass::Monster, ai->kind};
  if (const Item* item = item_pool_.Find(id)) return {KindClass::Item, item->kind};
  if (stairs_pool_.Contains(id)) return {KindClass::Stairs, 0};
  if (Triggers().Contains(id)) return {KindClass::Machine, 0};
  if (Gates().Contains(id)) return {KindClass::Machine, 1};
  if (Traps().Contains(id)) return {KindClass::Machine, 2};
  if (Vaults().Contains(id)) return {KindClass::Machine, 3};
  if (Secrets().Contains(id)) return {KindClass::Machine, 4};
  return {};
}

EntityId GameWorld::PlayerEntity() const noexcept {
  for (EntityId id : player_pool_.Owners())
    if (registry_.IsActive(id)) return id;
  return EntityId{};
}

void GameWorld::RebuildOccupancy() noexcept {
  // Clears only the taken cells: a cell's occupant is too much to sweep twice a tick on a large
  // floor.
  ForEachOccupiedCell([&](std::size_t cell) { SetOccupant(cell, EntityId{}); });
  const auto owners = blocker_pool_.Owners();
  for (EntityId id : owners) {
    if (!registry_.IsActive(id)) continue;
    const Position* p = position_pool_.Find(id);
    if (p == nullptr || !map_.InBounds(p->x, p->y)) continue;
    const std::size_t at = map_.Index(p->x, p->y);
    const EntityId holder = OccupantOf(at);
    // Two blockers on one cell (authored, or set by the console): the older one holds the cell,
    // so the choice does not depend on pool order.
    if (holder.IsNull() || registry_.CreationSequenceOf(id) < registry_.CreationSequenceOf(holder))
      SetOccupant(at, id);
  }
  occupancy_stale_ = false;
}

bool GameWorld::NearestFreeCell(Position from, Position& out) const {
  if (!map_.InBounds(from.x, from.y)) return false;
  std::vector<std::uint8_t> seen(map_.Cells().size(), 0);
  std::deque<Position> queue{from};
  seen[map_.Index(from.x, from.y)] = 1;
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    if (map_.Passable(p.x, p.y) && OccupantAt(p.x, p.y).IsNull()) {
      out = p;
      return true;
    }
    for (int d = 0; d < 8; ++d) {
      const Position n{p.x + kStepDx[d], p.y + kStepDy[d]};
      if (!map_.Passable(n.x, n.y) || seen[map_.Index(n.x, n.y)]) continue;
      seen[map_.Index(n.x, n.y)] = 1;
      queue.push_back(n);
    }
  }
  return false;
}

void GameWorld::MoveOccupant(EntityId id, Position from, Position to) noexcept {
  if (map_.InBounds(from.x, from.y) && OccupantOf(map_.Index(from.x, from.y)) == id)
    SetOccupant(map_.Index(from.x, from.y), EntityId{});
  if (map_.InBounds(to.x, to.y)) SetOccupant(map_.Index(to.x, to.y), id);
}

bool GameWorld::HasNoComponents(EntityId id) const noexcept {
  bool none = true;
  ForEachPool([&](const auto& pool, ComponentKind) { none = none && !pool.Contains(id); });
  return none;
}

std::uint32_t GameWorld::ComponentsOf(EntityId id) const noexcept {
  std::uint32_t mask = 0;
  ForEachPool([&](const auto& pool, ComponentKind kind) {
    if (pool.Contains(id)) mask |= KindBit(kind);
  });
  return mask;
}

std::string GameWorld::FirstBrokenInvariant() const {
  if (const char* broken = EntityRegistryTestSeam::CheckInvariants(registry_)) return broken;
  const char* broken = nullptr;
  ForEachPool([&](const auto& pool, ComponentKind) {
    if (broken == nullptr) broken = pool.CheckInvariants();
  });
  if (broken != nullptr) return broken;
  for (std::size_t cell = 0; cell < occupancy_.size(); ++cell)
    if ((blocked_[cell] != 0) != (occupancy_[cell].generation != 0))
      return "the blocked-cell grid disagrees with the occupancy grid";
  // Every recipe's entities are the owners of its marker's pool; the oldest incomplete one is
  // reported, so the answer does not depend on pool order.
  EntityId first{};
  ComponentKind first_missing = ComponentKind::Position;
  ForEachPool([&](const auto& pool, ComponentKind) {
    for (EntityId id : pool.Owners()) {
      ComponentKind missing{};
      if (!FirstMissingComponent(ComponentsOf(id), missing)) continue;
      if (first.IsNull() ||
          registry_.CreationSequenceOf(id) < registry_.CreationSequenceOf(first)) {
        first = id;
        first_missing = missing;
      }
    }
  });
  if (first.IsNull()) return {};
  return "entity " + std::to_string(first.Slot) + ":" + std::to_string(first.Generation) +
         " (recipe " + RecipeName(RecipeOf(ComponentsOf(first))) + ") lacks " +
         ComponentKindName(first_missing) + ", which its recipe requires";
}

}  // namespace cairn
