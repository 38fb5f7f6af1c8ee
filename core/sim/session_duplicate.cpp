// Graph duplication (session_duplicate.h): copying a set of entities as one transaction (design
// 001, "Duplication is a graph transaction"): mint every new identity, build the old -> new table,
// clone, remap the references inside the set, keep those outside, validate, then publish; or
// nothing at all. Each step below is one function; DuplicateEntities runs them in order and undoes
// what was made when one fails.
#include "sim/session_duplicate.h"

#include <algorithm>
#include <memory>
#include <new>
#include <optional>
#include <set>

#include "game/items.h"
#include "game/state_hash.h"
#include "sim/session_access.h"

namespace cairn {
namespace {

using Floor = SessionAccess::Floor;
using UnknownComponents = std::vector<PreservedComponent>;

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
      return Status::ProtectedEntity;
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

// Step 5, for one copy: references to members of the set point at their copies; a copy carried
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

// What a duplication has prepared and made so far: everything a failure must undo is `created`.
struct Copies {
  std::vector<ComponentBundle> bundles;  // the originals' components, fitted to the copies
  std::vector<EntityId> created;         // the copies made so far, in the set's order
  PackClaims claims;
  std::vector<std::unique_ptr<const UnknownComponents>> unknown;  // per copy; null for none
};

// Step 3: the originals' components, and everything later steps could fail to allocate, before
// anything is created (so publishing cannot fail).
Status ReserveCopies(const GameSession& session, std::span<const EntityId> set, Floor& floor,
                     Copies& copies, std::string& why) {
  try {
    copies.created.reserve(set.size());
    copies.claims.letters.reserve(set.size());
    copies.claims.holders.reserve(set.size());
    floor.owned_preserved.reserve(floor.owned_preserved.size() + set.size());
    floor.preserved.reserve(floor.preserved.size() + set.size());
    copies.unknown.resize(set.size());
    for (std::size_t i = 0; i < set.size(); ++i)
      if (const UnknownComponents* unknown = session.Preserved(set[i]))
        copies.unknown[i] = std::make_unique<const UnknownComponents>(*unknown);
  } catch (const std::bad_alloc&) {
    why = "out of memory";
    return Status::AllocationFailed;
  }
  return Status::Ok;
}

// Step 4 (pass 1): an entity for every copy, so references inside the set have somewhere to point.
Status CreateCopies(GameWorld& world, StructuralScope& scope, Copies& copies, std::string& why) {
  for (std::size_t i = 0; i < copies.bundles.size(); ++i) {
    EntityId id;
    if (Status s = world.CreateEntity(scope, id); s != Status::Ok) {
      why = "the world is full";
      return s;
    }
    copies.created.push_back(id);
  }
  return Status::Ok;
}

// Step 5 (pass 2): every copy's components, fitted (FitCopy), added, and its cell taken.
Status FillCopies(GameWorld& world, StructuralScope& scope, std::span<const EntityId> set,
                  Copies& copies, std::string& why) {
  for (std::size_t i = 0; i < set.size(); ++i) {
    ComponentBundle& copy = copies.bundles[i];
    const EntityId made = copies.created[i];
    if (Status s = FitCopy(world, set, copies.created, copy, copies.claims, why); s != Status::Ok)
      return s;
    Status status = Status::Ok;
    ForEachComponentType([&]<class T>() {
      if (status == Status::Ok && copy.Has<T>())
        status = world.AddComponent(scope, made, copy.Get<T>());
    });
    if (status != Status::Ok) {
      why = std::string("a pool is full (") + StatusName(status) + ")";
      return status;
    }
    if (copy.Has<Blocker>() && copy.Has<Position>())
      world.MoveOccupant(made, copy.position, copy.position);
  }
  return Status::Ok;
}

// Step 6: the copies' keys, published in one activation.
Status BindCopies(GameWorld& world, const std::vector<EntityId>& created,
                  std::vector<Binding>& keys, std::string& why) {
  for (std::size_t i = 0; i < created.size(); ++i) keys[i].entity = created[i];
  if (Status s = world.Bindings().Activate(keys); s != Status::Ok) {
    why = "the new identities could not be bound";
    return s;
  }
  return Status::Ok;
}

// Step 7, once nothing can fail (all of it reserved in step 3): the packs' counts and the copies'
// unknown components.
void PublishCopies(GameWorld& world, Copies& copies, Floor& floor) {
  for (EntityId holder : copies.claims.holders)
    if (Inventory* pack = world.MutableInventories().Find(holder)) ++pack->count;
  for (std::size_t i = 0; i < copies.created.size(); ++i) {
    if (!copies.unknown[i]) continue;
    floor.owned_preserved.push_back(std::move(copies.unknown[i]));
    floor.preserved.push_back(
        SessionAccess::PreservedEntry{copies.created[i], floor.owned_preserved.back().get()});
  }
}

}  // namespace

Status DuplicateEntities(GameSession& session, std::span<const EntityId> set,
                         EntropySource& entropy, std::vector<EntityId>& out, std::string& why) {
  GameWorld& world = session.World();
  if (Status s = CheckSelection(world, set, why); s != Status::Ok) return s;
  Uuid instance = session.RunInstance();
  std::vector<Binding> keys;
  if (Status s = MintKeys(world, set, entropy, KnownIdentities(session), instance, keys, why);
      s != Status::Ok)
    return s;

  Copies copies;
  copies.bundles.resize(set.size());
  for (std::size_t i = 0; i < set.size(); ++i) copies.bundles[i] = world.CaptureEntity(set[i]);
  std::optional<StructuralScope> scope;
  if (Status s = world.OpenStructural(WorldPhase::Commit, scope); s != Status::Ok) {
    why = "no structural changes now";
    return s;
  }
  Floor& floor = SessionAccess::ActiveFloor(session);
  if (Status s = ReserveCopies(session, set, floor, copies, why); s != Status::Ok) return s;
  Status status = CreateCopies(world, *scope, copies, why);
  if (status == Status::Ok) status = FillCopies(world, *scope, set, copies, why);
  if (status == Status::Ok) status = BindCopies(world, copies.created, keys, why);
  if (status != Status::Ok) {  // nothing of the attempt is left behind
    for (EntityId id : copies.created) (void)world.DestroyEntity(*scope, id);
    world.RebuildOccupancy();
    return status;
  }
  // The same scope, or the one minted above for this run's first unauthored key.
  SessionAccess::SetRunInstance(session, instance);
  PublishCopies(world, copies, floor);
  scope.reset();
  world.RebuildOccupancy();
  out = std::move(copies.created);
  return Status::Ok;
}

}  // namespace cairn
