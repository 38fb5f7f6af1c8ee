// Graph duplication: copying a set of entities as one transaction (design 001, "Duplication is a
// graph transaction"): mint every new identity, build the old -> new table, clone, remap the
// references inside the set, keep those outside, validate, then publish; or nothing at all.
#include <algorithm>
#include <set>

#include "game/items.h"
#include "game/state_hash.h"
#include "sim/session.h"

namespace cairn {
Status GameSession::Duplicate(std::span<const EntityId> set, EntropySource& entropy,
                              std::vector<EntityId>& out, std::string& why) {
  GameWorld& world = World();
  if (world.InTick()) {
    why = "a tick is running";
    return Status::InvalidPhase;
  }
  if (set.empty()) {
    why = "nothing to duplicate";
    return Status::InvalidArgument;
  }
  // 1. Validate the whole selection first.
  for (std::size_t i = 0; i < set.size(); ++i) {
    const EntityId id = set[i];
    if (!world.Registry().IsActive(id)) {
      why = "entity " + std::to_string(id.Slot) + ":" + std::to_string(id.Generation) + " is not a live entity of this world";
      return Status::InvalidEntity;
    }
    if (std::find(set.begin(), set.begin() + static_cast<std::ptrdiff_t>(i), id) != set.begin() + static_cast<std::ptrdiff_t>(i)) {
      why = "entity " + std::to_string(id.Slot) + ":" + std::to_string(id.Generation) + " is named twice";
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

  // 2. Mint every new identity, each checked against every key the run knows and those minted.
  std::set<Uuid> known = KnownIdentities();
  const auto mint = [&](Uuid& fresh) { return TryMintUniqueUuid(entropy, known, fresh); };
  Uuid instance = run_instance_;
  std::vector<Binding> keys(set.size());
  for (std::size_t i = 0; i < set.size(); ++i) {
    const PersistentObjectKey* original = world.Bindings().KeyOf(set[i]);
    if (original == nullptr && instance.IsNil())
      if (Status s = mint(instance); s != Status::Ok) {
        why = s == Status::EntropyUnavailable ? "no entropy to mint identities" : "identities kept colliding";
        return s;
      }
    Uuid source;
    if (Status s = mint(source); s != Status::Ok) {
      why = s == Status::EntropyUnavailable ? "no entropy to mint identities" : "identities kept colliding";
      return s;
    }
    keys[i].key = PersistentObjectKey{original != nullptr ? original->Instance : InstanceId{instance}, SourceObjectId{source}};
  }

  // 3. Clone: every copy's components, references remapped through the old -> new table.
  std::vector<ComponentBundle> copies(set.size());
  for (std::size_t i = 0; i < set.size(); ++i) copies[i] = world.CaptureEntity(set[i]);
  const auto inside = [&](EntityId id) -> std::size_t {
    return static_cast<std::size_t>(std::find(set.begin(), set.end(), id) - set.begin());
  };
  std::optional<StructuralScope> scope;
  if (Status s = world.TryOpenStructural(WorldPhase::Commit, scope); s != Status::Ok) {
    why = "no structural changes now";
    return s;
  }
  std::vector<EntityId> created;
  std::vector<std::pair<EntityId, char>> letters;  // letters given to copies in each pack
  std::vector<EntityId> holders;  // one entry per copy carried by someone outside the set
  Floor& floor = Active();
  std::vector<std::unique_ptr<const std::vector<PreservedComponent>>> kept;  // unknown components
  try {  // everything that could fail to allocate, before anything is created
    created.reserve(set.size());
    letters.reserve(set.size());
    holders.reserve(set.size());
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
  const auto undo = [&](Status status, std::string reason) {
    for (EntityId id : created) (void)world.DestroyEntity(*scope, id);
    world.RebuildOccupancy();
    why = std::move(reason);
    return status;
  };
  for (std::size_t i = 0; i < set.size(); ++i) {  // pass 1: the entities
    EntityId id;
    if (Status s = world.CreateEntity(*scope, id); s != Status::Ok) return undo(s, "the world is full");
    created.push_back(id);
  }
  for (std::size_t i = 0; i < set.size(); ++i) {  // pass 2: the components
    ComponentBundle& copy = copies[i];
    const bool carried_from_outside =
        copy.Has<Item>() && !copy.item.holder.IsNull() && inside(copy.item.holder) == set.size();
    ForEachReference(copy, [&](EntityId& ref) {
      if (const std::size_t at = inside(ref); at < set.size()) ref = created[at];
    });
    if (carried_from_outside) {
      // Carried by someone outside the set: one more item in that pack, under a free letter.
      const Inventory* pack = world.Inventories().Find(copy.item.holder);
      const auto already = std::count(holders.begin(), holders.end(), copy.item.holder);
      if (pack != nullptr && pack->count + already >= pack->capacity)
        return undo(Status::CapacityExceeded, "the holder's pack is full");
      holders.push_back(copy.item.holder);
      char letter = FreeLetter(world, copy.item.holder);
      for (const auto& [holder, used] : letters)
        if (holder == copy.item.holder && used >= letter) letter = static_cast<char>(used + 1);
      if (copy.item.letter != 0) {
        if (letter == 0 || letter > 'z') return undo(Status::CapacityExceeded, "the holder has no free letter");
        copy.item.letter = letter;
        letters.emplace_back(copy.item.holder, letter);
      }
      copy.item.equipped = 0;
    }
    if (copy.Has<Blocker>() && copy.Has<Position>()) {
      Position free{};
      if (!world.NearestFreeCell(copy.position, free)) return undo(Status::CapacityExceeded, "no free cell for a copy");
      copy.position = free;
    }
    Status status = Status::Ok;
    ForEachComponentType([&]<class T>() {
      if (status == Status::Ok && copy.Has<T>()) status = world.AddComponent(*scope, created[i], copy.Get<T>());
    });
    if (status != Status::Ok) return undo(status, std::string("a pool is full (") + StatusName(status) + ")");
    if (copy.Has<Blocker>() && copy.Has<Position>()) world.MoveOccupant(created[i], copy.position, copy.position);
  }
  // 4. Publish the keys in one activation; then the packs' counts and the unknown components.
  for (std::size_t i = 0; i < set.size(); ++i) keys[i].entity = created[i];
  if (Status s = world.Bindings().TryActivate(keys); s != Status::Ok) return undo(s, "the new identities could not be bound");
  run_instance_ = instance;  // (the same, or minted above for this run's first unauthored key)
  for (EntityId holder : holders)
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
