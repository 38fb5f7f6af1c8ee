// Graph duplication: copying a set of entities as one transaction (design 001, "Duplication is a
// graph transaction"): mint every new identity, build the old -> new table, clone, remap the
// references inside the set, keep those outside, validate, then publish; or nothing at all.
#include <algorithm>
#include <set>

#include "game/items.h"
#include "game/state_hash.h"
#include "sim/session.h"

namespace cairn {
namespace {

std::string HandleText(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

// Step 1: the whole selection is checked before anything is made. Ok, or why not.
Status CheckSelection(const GameWorld& world, std::span<const EntityId> set, std::string& why) {
  if (world.InTick()) {
    why = "a tick is running";
    return Status::InvalidPhase;
  }
  if (set.empty()) {
    why = "nothing to duplicate";
    return Status::InvalidArgument;
  }
  for (std::size_t i = 0; i < set.size(); ++i) {
    const EntityId id = set[i];
    if (!world.Registry().IsActive(id)) {
      why = "entity " + HandleText(id) + " is not a live entity of this world";
      return Status::InvalidEntity;
    }
    if (std::find(set.begin(), set.begin() + static_cast<std::ptrdiff_t>(i), id) !=
        set.begin() + static_cast<std::ptrdiff_t>(i)) {
      why = "entity " + HandleText(id) + " is named twice";
      return Status::InvalidArgument;
    }
    if (world.Players().Contains(id)) {
      why = "the player cannot be duplicated (there is one player)";
      return Status::InvalidOperation;
    }
  }
  if (world.Registry().Capacity() - world.Registry().LiveCount() < set.size()) {
    why = "the world has too few free entity slots";
    return Status::CapacityExceeded;
  }
  return Status::Ok;
}

// Step 2: a fresh key for every copy, each checked against every key the run knows and those
// minted before it. A copy keeps its original's instance scope; an unkeyed original's copy goes
// in the run's scope, minted here if the run has none yet (`instance`).
Status MintKeys(const GameWorld& world, std::span<const EntityId> set, EntropySource& entropy,
                std::set<Uuid> known, Uuid& instance, std::vector<Binding>& keys,
                std::string& why) {
  const auto mint = [&](Uuid& fresh) {
    const Status s = MintUniqueUuid(entropy, known, fresh);
    if (s != Status::Ok)
      why = s == Status::EntropyUnavailable ? "no entropy to mint identities"
                                            : "identities kept colliding";
    return s;
  };
  keys.assign(set.size(), Binding{});
  for (std::size_t i = 0; i < set.size(); ++i) {
    const PersistentObjectKey* original = world.Bindings().KeyOf(set[i]);
    if (original == nullptr && instance.IsNil())
      if (Status s = mint(instance); s != Status::Ok) return s;
    Uuid source;
    if (Status s = mint(source); s != Status::Ok) return s;
    keys[i].key = PersistentObjectKey{
        original != nullptr ? original->Instance : InstanceId{instance}, SourceObjectId{source}};
  }
  return Status::Ok;
}

// What the copies made so far take from packs outside the set: letters and places.
struct PackClaims {
  std::vector<std::pair<EntityId, char>> letters;  // letters given to copies, by pack
  std::vector<EntityId> holders;                   // one entry per copy carried from outside
};

// Step 3, for one copy: references to members of the set point at their copies; a copy carried
// by someone outside the set takes a free letter in that pack; a blocking copy moves to the
// nearest free cell. Ok, or why the copy has no room.
Status FitCopy(const GameWorld& world, std::span<const EntityId> set,
               const std::vector<EntityId>& created, ComponentBundle& copy, PackClaims& claims,
               std::string& why) {
  const auto inside = [&](EntityId id) -> std::size_t {
    return static_cast<std::size_t>(std::find(set.begin(), set.end(), id) - set.begin());
  };
  const bool carried_from_outside =
      copy.Has<Item>() && !copy.item.holder.IsNull() && inside(copy.item.holder) == set.size();
  ForEachReference(copy, [&](EntityId& ref) {
    if (const std::size_t at = inside(ref); at < set.size()) ref = created[at];
  });
  if (carried_from_outside) {
    const EntityId holder = copy.item.holder;
    const Inventory* pack = world.Inventories().Find(holder);
    const auto already = std::count(claims.holders.begin(), claims.holders.end(), holder);
    if (pack != nullptr && pack->count + already >= pack->capacity) {
      why = "the holder's pack is full";
      return Status::CapacityExceeded;
    }
    claims.holders.push_back(holder);
    char letter = FreeLetter(world, holder);
    for (const auto& [owner, used] : claims.letters)
      if (owner == holder && used >= letter) letter = static_cast<char>(used + 1);
    if (copy.item.letter != 0) {
      if (letter == 0 || letter > 'z') {
        why = "the holder has no free letter";
        return Status::CapacityExceeded;
      }
      copy.item.letter = letter;
      claims.letters.emplace_back(holder, letter);
    }
    copy.item.equipped = 0;
  }
  if (copy.Has<Blocker>() && copy.Has<Position>()) {
    Position free{};
    if (!world.NearestFreeCell(copy.position, free)) {
      why = "no free cell for a copy";
      return Status::CapacityExceeded;
    }
    copy.position = free;
  }
  return Status::Ok;
}

}  // namespace

Status GameSession::Duplicate(std::span<const EntityId> set, EntropySource& entropy,
                              std::vector<EntityId>& out, std::string& why) {
  GameWorld& world = World();
  if (Status s = CheckSelection(world, set, why); s != Status::Ok) return s;
  Uuid instance = run_instance_;
  std::vector<Binding> keys;
  if (Status s = MintKeys(world, set, entropy, KnownIdentities(), instance, keys, why);
      s != Status::Ok)
    return s;

  // 3. Clone: every copy's components, references remapped through the old -> new table.
  std::vector<ComponentBundle> copies(set.size());
  for (std::size_t i = 0; i < set.size(); ++i) copies[i] = world.CaptureEntity(set[i]);
  std::optional<StructuralScope> scope;
  if (Status s = world.OpenStructural(WorldPhase::Commit, scope); s != Status::Ok) {
    why = "no structural changes now";
    return s;
  }
  std::vector<EntityId> created;
  PackClaims claims;
  Floor& floor = Active();
  std::vector<std::unique_ptr<const std::vector<PreservedComponent>>> kept;  // unknown components
  try {  // everything that could fail to allocate, before anything is created
    created.reserve(set.size());
    claims.letters.reserve(set.size());
    claims.holders.reserve(set.size());
    floor.owned_preserved.reserve(floor.owned_preserved.size() + set.size());
    floor.preserved.reserve(floor.preserved.size() + set.size());
    kept.resize(set.size());
    for (std::size_t i = 0; i < set.size(); ++i)
      if (const std::vector<PreservedComponent>* unknown = Preserved(set[i]))
        kept[i] = std::make_unique<const std::vector<PreservedComponent>>(*unknown);
  } catch (const std::bad_alloc&) {
    why = "out of memory";
    return Status::AllocationFailed;
  }
  const auto undo = [&](Status status) {
    for (EntityId id : created) (void)world.DestroyEntity(*scope, id);
    world.RebuildOccupancy();
    return status;
  };
  for (std::size_t i = 0; i < set.size(); ++i) {  // pass 1: the entities
    EntityId id;
    if (Status s = world.CreateEntity(*scope, id); s != Status::Ok) {
      why = "the world is full";
      return undo(s);
    }
    created.push_back(id);
  }
  for (std::size_t i = 0; i < set.size(); ++i) {  // pass 2: the components
    ComponentBundle& copy = copies[i];
    if (Status s = FitCopy(world, set, created, copy, claims, why); s != Status::Ok) return undo(s);
    Status status = Status::Ok;
    ForEachComponentType([&]<class T>() {
      if (status == Status::Ok && copy.Has<T>())
        status = world.AddComponent(*scope, created[i], copy.Get<T>());
    });
    if (status != Status::Ok) {
      why = std::string("a pool is full (") + StatusName(status) + ")";
      return undo(status);
    }
    if (copy.Has<Blocker>() && copy.Has<Position>())
      world.MoveOccupant(created[i], copy.position, copy.position);
  }
  // 4. Publish the keys in one activation; then the packs' counts and the unknown components.
  for (std::size_t i = 0; i < set.size(); ++i) keys[i].entity = created[i];
  if (Status s = world.Bindings().Activate(keys); s != Status::Ok) {
    why = "the new identities could not be bound";
    return undo(s);
  }
  run_instance_ = instance;  // (the same, or minted above for this run's first unauthored key)
  for (EntityId holder : claims.holders)
    if (Inventory* pack = world.Inventories().Find(holder)) ++pack->count;
  for (std::size_t i = 0; i < set.size(); ++i) {  // reserved above: cannot fail
    if (!kept[i]) continue;
    floor.owned_preserved.push_back(std::move(kept[i]));
    floor.preserved.push_back(PreservedEntry{created[i], floor.owned_preserved.back().get()});
  }
  scope.reset();
  world.RebuildOccupancy();
  out = std::move(created);
  return Status::Ok;
}

}  // namespace cairn
