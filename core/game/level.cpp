#include "game/level.h"

#include "game/state_hash.h"

namespace cairn {

std::uint64_t DigestLevel(const LevelDefinition& level) {
  Hasher h(0x4C6576656C000001ull);  // "Level" 1
  h.AddText(level.name);
  h.AddSigned(level.width);
  h.AddSigned(level.height);
  for (Terrain t : level.cells) h.Add(static_cast<std::uint64_t>(t));
  h.Add(level.entities.size());
  for (const LevelEntity& entity : level.entities) {
    h.AddText(entity.authored_id);
    FeedBundle(h, entity.components);
    for (const PreservedComponent& p : entity.preserved) {
      h.AddText(p.type);
      h.AddSigned(p.version);
      h.Add(p.slot);
      h.AddText(p.body);
    }
    for (std::uint8_t b : entity.source.Bytes) h.Add(b);
    if (!entity.instance.IsNil())  // (only saves set it: level digests stay as they were)
      for (std::uint8_t b : entity.instance.Bytes) h.Add(b);
  }
  for (std::uint8_t b : level.uuid.Bytes) h.Add(b);
  return h.Value();
}

namespace {

// Every entity reference a component can hold, by name: a component with a new reference field
// adds it here (tests/content checks that levels can reference through each).
EntityId Resolve(EntityId id, const std::vector<EntityId>& created) noexcept {
  if (!IsLevelReference(id)) return id;
  return id.Slot < created.size() ? created[id.Slot] : EntityId{};
}

void ResolveReferences(ComponentBundle& bundle, const std::vector<EntityId>& created) noexcept {
  ForEachReference(bundle, [&](EntityId& id) { id = Resolve(id, created); });
}

}  // namespace

Status BuildWorld(const LevelDefinition& level, const WorldLimits& limits,
                  std::shared_ptr<const DefinitionSet> definitions, std::uint64_t seed,
                  std::unique_ptr<GameWorld>& out, std::vector<EntityId>* created,
                  InstanceId placement) noexcept {
  if (level.width <= 0 || level.height <= 0 ||
      level.cells.size() !=
          static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height))
    return Status::InvalidArgument;
  if (level.entities.size() > limits.entities) return Status::CapacityExceeded;
  std::unique_ptr<GameWorld> candidate;
  if (Status s = GameWorld::Create(limits, std::move(definitions), level.width, level.height, seed,
                                   candidate);
      s != Status::Ok)
    return s;
  if (Status s = candidate->Map().Assign(level.cells); s != Status::Ok) return s;
  std::optional<StructuralScope> scope;
  if (Status s = candidate->OpenStructural(WorldPhase::Construction, scope); s != Status::Ok)
    return s;
  // Pass 1 creates every entity (so forward references have somewhere to point); pass 2 sets the
  // components, references resolved. Either failing drops the candidate: nothing reached the
  // caller.
  std::vector<EntityId> handles;
  try {
    handles.resize(level.entities.size());
  } catch (...) {
    return Status::AllocationFailed;
  }
  if (Status s = candidate->CreateEntities(*scope, handles); s != Status::Ok) return s;
  for (std::size_t i = 0; i < level.entities.size(); ++i) {
    ComponentBundle bundle = level.entities[i].components;
    ResolveReferences(bundle, handles);
    Status status = Status::Ok;
    ForEachComponentType([&]<class T>() {
      if (status == Status::Ok && bundle.Has<T>())
        status = candidate->AddComponent(*scope, handles[i], bundle.Get<T>());
    });
    if (status != Status::Ok) return status;
  }
  scope.reset();
  // Durable identity: every entity with a source UUID is bound in one batch (a duplicate key
  // refuses the whole level).
  std::vector<Binding> bindings;
  try {
    for (std::size_t i = 0; i < level.entities.size(); ++i) {
      const LevelEntity& e = level.entities[i];
      const Uuid& instance = e.instance.IsNil() ? placement.Value : e.instance;
      if (!e.source.IsNil() && !instance.IsNil())
        bindings.push_back(Binding{
            PersistentObjectKey{InstanceId{instance}, SourceObjectId{e.source}}, handles[i]});
    }
  } catch (...) {
    return Status::AllocationFailed;
  }
  if (Status s = candidate->Bindings().Activate(bindings); s != Status::Ok) return s;
  candidate->RebuildOccupancy();
  if (created != nullptr) {
    try {
      *created = handles;
    } catch (...) {
      return Status::AllocationFailed;
    }
  }
  out = std::move(candidate);
  return Status::Ok;
}

}  // namespace cairn
