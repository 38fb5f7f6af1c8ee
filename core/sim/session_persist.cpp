// Saving and restoring a run: the boundary where runtime handles become durable keys and back.
#include <algorithm>
#include <optional>
#include <set>

#include "dungeon/floor_generator.h"
#include "game/level_invariants.h"
#include "game/state_hash.h"
#include "game/systems.h"
#include "sim/narrator.h"
#include "sim/session.h"

namespace cairn {
namespace {

// The floor's world as a FloorImage: entities in creation order (`order`, of this world),
// references by place.
FloorImage ImageOf(
    const GameWorld& world, const CanonicalOrder& order, const LevelDefinition& built,
    std::int32_t depth,
    const std::vector<std::pair<EntityId, const std::vector<PreservedComponent>*>>& preserved) {
  FloorImage image;
  image.depth = depth;
  const auto place = [&](EntityId id) -> EntityId {
    if (id.IsNull()) return id;
    if (!world.Registry().IsAlive(id)) return kGoneReference;
    const std::uint64_t encoded = order.Encode(id);  // 1 + place
    return LevelReference(static_cast<std::uint32_t>(encoded - 1));
  };
  LevelDefinition& level = image.level;
  level.name = built.name;
  level.uuid = built.uuid;
  level.digest = built.digest;
  const TileMap& map = world.Map();
  level.width = map.Width();
  level.height = map.Height();
  level.cells.assign(map.Cells().span().begin(), map.Cells().span().end());
  image.remembered.assign(map.RememberedCells().span().begin(), map.RememberedCells().span().end());
  level.entities.reserve(order.Entities().size());
  for (EntityId id : order.Entities()) {
    LevelEntity entity;
    entity.components = world.CaptureEntity(id);
    ForEachReference(entity.components, [&](EntityId& ref) { ref = place(ref); });
    if (entity.components.Has<Named>())
      entity.authored_id = std::string(entity.components.named.id.View());
    if (const PersistentObjectKey* key = world.Bindings().KeyOf(id)) {
      entity.instance = key->Instance.Value;
      entity.source = key->Source.Value;
    }
    for (const auto& [owner, components] : preserved)
      if (owner == id) entity.preserved = *components;
    level.entities.push_back(std::move(entity));
  }
  image.tick = world.Tick();
  image.random = world.Streams();
  image.last_request = world.LastRequest();
  for (const SpawnOutcome& outcome : world.PendingOutcomes())
    image.outcomes.push_back(FloorImage::Outcome{outcome.request, place(outcome.entity)});
  for (const NoiseEvent& noise : world.Noises().Events())
    image.noises.push_back(
        FloorImage::Noise{place(noise.source), noise.where.x, noise.where.y, noise.radius});
  return image;
}

// The level digest floor `depth` must have been built from: the authored first floor's, or that
// of the floor the seed generates at that depth. A save whose seed was changed (or whose floor
// came from another run) names other floors than its seed makes: refused, with the state hash
// zeroed or not.
bool FloorOriginMatches(const SessionConfig& config, const DefinitionSet& definitions,
                        const FloorImage& floor, std::string& error) {
  std::uint64_t expected = 0;
  if (floor.depth == 1 && config.level) {
    expected = config.level->digest;
  } else {
    LevelDefinition generated;
    if (!config.dungeon || GenerateFloor(*config.dungeon, definitions, config.seed, floor.depth,
                                         generated) != Status::Ok) {
      error = "floor " + std::to_string(floor.depth) + " cannot be generated again from the seed";
      return false;
    }
    expected = generated.digest;
  }
  if (floor.level.digest == expected) return true;
  char seed[17], saved[17], made[17];
  FormatHash(config.seed, seed);
  FormatHash(floor.level.digest, saved);
  FormatHash(expected, made);
  error = "floor " + std::to_string(floor.depth) + " was not made from seed " + seed +
          " (its level_digest is " + saved + "; the seed makes " + made +
          "): the seed or the floor was changed";
  return false;
}

// Whether a floor passes the semantic checks (game/level_invariants.h); `error` says the first
// problem when it does not.
bool FloorInvariantsHold(const FloorImage& floor, const DefinitionSet& definitions,
                         bool players_floor, std::string& error) {
  const std::vector<LevelEntity>& entities = floor.level.entities;
  std::vector<LevelProblem> broken;
  CheckLevelInvariants(
      floor.level, definitions, players_floor ? 1 : 0,
      [&](std::size_t i) { return "entity " + UuidText(entities[i].source); }, broken);
  if (broken.empty()) return true;
  const LevelProblem& first = broken.front();
  error = "floor " + std::to_string(floor.depth) +
          (first.entity == LevelProblem::kWholeLevel
               ? std::string()
               : " entity " + UuidText(entities[first.entity].source)) +
          " " + first.what;
  return false;
}

}  // namespace

std::set<Uuid> GameSession::KnownIdentities() const {
  std::set<Uuid> known;
  for (const Floor& floor : floors_) {
    if (!floor.world) continue;
    floor.world->Bindings().ForEach([&](const Binding& b) {
      known.insert(b.key.Instance.Value);
      known.insert(b.key.Source.Value);
    });
    if (floor.level && !floor.level->uuid.IsNil()) known.insert(floor.level->uuid);
  }
  if (!run_instance_.IsNil()) known.insert(run_instance_);
  return known;
}

Status GameSession::CaptureImage(EntropySource& entropy, SessionImage& out, std::string* why) {
  if (State() != SessionState::Playing || World().InTick()) return Status::InvalidOperation;

  // Each built floor's canonical order, made once: minting and the image both walk it.
  std::vector<std::optional<CanonicalOrder>> orders(floors_.size());
  bool all_keyed = !run_instance_.IsNil();
  for (std::size_t f = 0; f < floors_.size(); ++f) {
    if (!floors_[f].world) continue;
    const GameWorld& world = *floors_[f].world;
    orders[f].emplace(world.Registry());
    for (EntityId id : orders[f]->Entities())
      all_keyed = all_keyed && world.Bindings().KeyOf(id) != nullptr;
  }
  // Every key in use, so a fresh one never repeats one; not needed when nothing gets a key
  // (every save after the first, unless something new was made).
  std::set<Uuid> known;
  if (!all_keyed) known = KnownIdentities();

  // Mint first, for every floor; publish only when all of it succeeded.
  Uuid instance = run_instance_;
  if (instance.IsNil())
    if (Status s = MintUniqueUuid(entropy, known, instance); s != Status::Ok) return s;
  std::vector<std::vector<Binding>> minted(floors_.size());
  for (std::size_t f = 0; f < floors_.size(); ++f) {
    if (!floors_[f].world) continue;
    const GameWorld& world = *floors_[f].world;
    for (EntityId id : orders[f]->Entities()) {
      if (world.Bindings().KeyOf(id) != nullptr) continue;
      Uuid source;
      if (Status s = MintUniqueUuid(entropy, known, source); s != Status::Ok) return s;
      minted[f].push_back(
          Binding{PersistentObjectKey{InstanceId{instance}, SourceObjectId{source}}, id});
    }
  }
  for (std::size_t f = 0; f < floors_.size(); ++f)
    if (Status s = floors_[f].world ? floors_[f].world->Bindings().Activate(minted[f]) : Status::Ok;
        s != Status::Ok)
      return s;  // (cannot happen: one key per live entity fits, and every key is fresh)
  run_instance_ = instance;

  SessionImage image;
  image.seed = config_.seed;
  image.content = content_digest_;
  image.depth = Depth();
  image.floor_count = FloorCount();
  image.run_instance = run_instance_;
  for (std::size_t f = 0; f < floors_.size(); ++f) {
    const Floor& floor = floors_[f];
    if (!floor.world) continue;
    std::vector<std::pair<EntityId, const std::vector<PreservedComponent>*>> preserved;
    for (const PreservedEntry& entry : floor.preserved)
      preserved.emplace_back(entry.entity, entry.components);
    image.floors.push_back(ImageOf(*floor.world, *orders[f], *floor.level,
                                   static_cast<std::int32_t>(f) + 1, preserved));
  }
  const std::size_t keep = std::min(messages_.size(), kSavedMessages);
  image.messages.assign(messages_.end() - static_cast<std::ptrdiff_t>(keep), messages_.end());
  image.messages_said = messages_said_;
  image.state_hash = StateHash();
  // Never write what cannot be read back: a counter past its cap (which the simulation stops
  // before reaching) is refused here rather than by the next resume.
  if (std::string reason; !ImageWithinLimits(image, reason)) {
    if (why != nullptr) *why = "the run is past what a save can hold: " + reason;
    return Status::CapacityExceeded;
  }
  out = std::move(image);
  return Status::Ok;
}

Status GameSession::Restore(const SessionConfig& config, const SessionImage& image,
                            std::unique_ptr<GameSession>& out, std::string& error) {
  if (image.seed != config.seed) {
    error = "the save's seed does not match the run's";
    return Status::InvalidArgument;
  }
  std::unique_ptr<GameSession> session;
  if (Status s = Prepare(config, session); s != Status::Ok) {
    error = "the content cannot start a run";
    return s;
  }
  if (session->content_digest_ != image.content) {
    error = "the save was made with other content (another level, dungeon plan or definitions)";
    return Status::InvalidArgument;
  }
  const std::int32_t count = config.dungeon ? config.dungeon->floors : 1;
  if (image.floor_count != count || image.depth < 1 || image.depth > count) {
    error = "the save's floors do not fit this dungeon";
    return Status::InvalidArgument;
  }
  if (!ImageWithinLimits(image, error)) return Status::InvalidArgument;
  std::vector<Floor> floors(static_cast<std::size_t>(count));
  for (const FloorImage& floor : image.floors) {
    if (floor.depth < 1 || floor.depth > count ||
        floors[static_cast<std::size_t>(floor.depth - 1)].world) {
      error = "floor " + std::to_string(floor.depth) + " is out of range or saved twice";
      return Status::InvalidArgument;
    }
    // The same rules a level file passes, and the floor is the one the seed made.
    if (!FloorInvariantsHold(floor, *session->definitions_, floor.depth == image.depth, error) ||
        !FloorOriginMatches(config, *session->definitions_, floor, error))
      return Status::InvalidArgument;
    auto level = std::make_shared<LevelDefinition>(floor.level);
    // Pass 1 and 2 and the one activation of every key: BuildWorld (game/level.h).
    std::unique_ptr<GameWorld> world;
    std::vector<EntityId> created;
    if (Status s = BuildWorld(*level, config.limits, session->definitions_,
                              session->FloorWorldSeed(floor.depth), world, &created);
        s != Status::Ok) {
      error = "floor " + std::to_string(floor.depth) + " cannot be rebuilt: " + StatusName(s);
      return s;
    }
    // Then what the world keeps besides its entities.
    if (floor.remembered.size() != world->Map().RememberedCells().size()) {
      error = "floor " + std::to_string(floor.depth) + ": the remembered map is not the map's size";
      return Status::InvalidArgument;
    }
    const auto handle = [&](EntityId ref) {
      return IsLevelReference(ref)
                 ? (ref.Slot < created.size() ? created[ref.Slot] : kGoneReference)
                 : ref;
    };
    std::vector<SpawnOutcome> outcomes;
    for (const FloorImage::Outcome& o : floor.outcomes)
      outcomes.push_back(SpawnOutcome{o.request, handle(o.entity)});
    std::vector<NoiseEvent> noises;
    for (const FloorImage::Noise& n : floor.noises)
      noises.push_back(NoiseEvent{handle(n.source), Position{n.x, n.y}, n.radius});
    if (Status s =
            world->RestoreRuntime(floor.tick, floor.random, floor.last_request, outcomes, noises);
        s != Status::Ok) {
      error = "floor " + std::to_string(floor.depth) + ": " + StatusName(s);
      return s;
    }
    Floor built;
    if (Status s = session->FinishFloor(level, std::move(world), created, built); s != Status::Ok) {
      error = std::string("out of memory: ") + StatusName(s);
      return s;
    }
    for (std::int32_t y = 0; y < level->height; ++y)
      for (std::int32_t x = 0; x < level->width; ++x)
        built.world->Map().SetRememberedBits(
            x, y,
            floor.remembered[static_cast<std::size_t>(y) * static_cast<std::size_t>(level->width) +
                             static_cast<std::size_t>(x)]);
    floors[static_cast<std::size_t>(floor.depth - 1)] = std::move(built);
  }
  // Each floor's players were counted above (one on the player's floor, none elsewhere).
  const Floor& active = floors[static_cast<std::size_t>(image.depth - 1)];
  if (!active.world || active.world->PlayerEntity().IsNull()) {
    error = "the save has no player on floor " + std::to_string(image.depth);
    return Status::InvalidArgument;
  }
  session->Publish(std::move(floors));
  session->active_ = image.depth - 1;
  session->run_instance_ = image.run_instance;
  session->narrator_ = std::make_unique<Narrator>(*session);
  const std::size_t skip =
      image.messages.size() > kMessageHistory ? image.messages.size() - kMessageHistory : 0;
  for (std::size_t i = skip; i < image.messages.size(); ++i)
    session->messages_.push_back(image.messages[i]);
  session->messages_said_ = image.messages_said;
  if (image.state_hash != 0 && session->StateHash(image.hash_pools) != image.state_hash) {
    error = "the restored run does not match the state the save recorded";
    return Status::InvalidArgument;
  }
  out = std::move(session);
  return Status::Ok;
}

}  // namespace cairn
