// Saving and restoring a run (session_persist.h): the boundary where runtime handles become durable
// keys and back.
#include "sim/session_persist.h"

#include <algorithm>
#include <optional>
#include <set>

#include "dungeon/floor_generator.h"
#include "game/level_invariants.h"
#include "game/state_hash.h"
#include "game/systems.h"
#include "sim/session_access.h"

namespace cairn {
namespace {

using Floor = SessionAccess::Floor;
using Orders = std::vector<std::optional<CanonicalOrder>>;

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
  for (std::int32_t y = 0; y < map.Height(); ++y)
    for (std::int32_t x = 0; x < map.Width(); ++x)
      if (map.Remembered(x, y) && map.RememberedTerrain(x, y) != map.At(x, y))
        image.remembered_terrain.push_back({x, y, map.RememberedTerrain(x, y)});
  for (SeenItem seen : world.SeenItemsMemory().All()) {
    seen.item = EntityId{};  // a handle means nothing in a file
    image.seen_items.push_back(seen);
  }
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
                                         generated, config.dungeon_rules) != Status::Ok) {
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

// --- capturing ---------------------------------------------------------------------------------

// Each built floor's canonical order, made once: minting and the image both walk it.
Orders CanonicalOrders(const std::vector<Floor>& floors) {
  Orders orders(floors.size());
  for (std::size_t f = 0; f < floors.size(); ++f)
    if (floors[f].world) orders[f].emplace(floors[f].world->Registry());
  return orders;
}

// A durable key for every live entity that has none, under the run's scope (minted too if the run
// has none yet). Mints first, for every floor, and binds only when all of it succeeded.
Status KeyEveryEntity(GameSession& session, const Orders& orders, EntropySource& entropy) {
  const std::vector<Floor>& floors = SessionAccess::Floors(session);
  bool all_keyed = !session.RunInstance().IsNil();
  for (std::size_t f = 0; f < floors.size(); ++f)
    if (floors[f].world)
      for (EntityId id : orders[f]->Entities())
        all_keyed = all_keyed && floors[f].world->Bindings().KeyOf(id) != nullptr;
  // Every key in use, so a fresh one never repeats one; not needed when nothing gets a key
  // (every save after the first, unless something new was made).
  std::set<Uuid> known;
  if (!all_keyed) known = KnownIdentities(session);

  Uuid instance = session.RunInstance();
  if (instance.IsNil())
    if (Status s = MintUniqueUuid(entropy, known, instance); s != Status::Ok) return s;
  std::vector<std::vector<Binding>> minted(floors.size());
  for (std::size_t f = 0; f < floors.size(); ++f) {
    if (!floors[f].world) continue;
    const GameWorld& world = *floors[f].world;
    for (EntityId id : orders[f]->Entities()) {
      if (world.Bindings().KeyOf(id) != nullptr) continue;
      Uuid source;
      if (Status s = MintUniqueUuid(entropy, known, source); s != Status::Ok) return s;
      minted[f].push_back(
          Binding{PersistentObjectKey{InstanceId{instance}, SourceObjectId{source}}, id});
    }
  }
  for (std::size_t f = 0; f < floors.size(); ++f)
    if (Status s = floors[f].world ? floors[f].world->Bindings().Activate(minted[f]) : Status::Ok;
        s != Status::Ok)
      return s;  // (cannot happen: one key per live entity fits, and every key is fresh)
  SessionAccess::SetRunInstance(session, instance);
  return Status::Ok;
}

// The run as an image, once every entity has its key.
SessionImage ImageOfRun(const GameSession& session, const Orders& orders) {
  SessionImage image;
  image.seed = session.Config().seed;
  image.content = session.ContentDigest();
  image.depth = session.Depth();
  image.floor_count = session.FloorCount();
  image.dungeon_rules = session.Config().dungeon_rules;
  image.run_instance = session.RunInstance();
  const std::vector<Floor>& floors = SessionAccess::Floors(session);
  for (std::size_t f = 0; f < floors.size(); ++f) {
    const Floor& floor = floors[f];
    if (!floor.world) continue;
    std::vector<std::pair<EntityId, const std::vector<PreservedComponent>*>> preserved;
    for (const SessionAccess::PreservedEntry& entry : floor.preserved)
      preserved.emplace_back(entry.entity, entry.components);
    image.floors.push_back(ImageOf(*floor.world, *orders[f], *floor.level,
                                   static_cast<std::int32_t>(f) + 1, preserved));
  }
  const std::deque<Message>& messages = session.Log().Messages();
  const std::size_t keep = std::min(messages.size(), kSavedMessages);
  image.messages.assign(messages.end() - static_cast<std::ptrdiff_t>(keep), messages.end());
  image.messages_said = session.Log().MessageCount();
  image.notes = session.Log().Notes();
  const StateDigest digest = session.Digest();
  image.state_hash = digest.total;
  image.state_parts = CoveredParts(digest, DigestForm::Named());
  return image;
}

// --- restoring ---------------------------------------------------------------------------------

// Whether `image` was made from the content `session` was prepared with, for a dungeon of `count`
// floors, with every counter within its cap.
Status CheckImageFits(const GameSession& session, const SessionImage& image, std::int32_t count,
                      std::string& error) {
  if (session.ContentDigest() != image.content) {
    error = "the save was made with other content (another level, dungeon plan or definitions)";
    return Status::InvalidArgument;
  }
  if (image.floor_count != count || image.depth < 1 || image.depth > count) {
    error = "the save's floors do not fit this dungeon";
    return Status::InvalidArgument;
  }
  if (!ImageWithinLimits(image, error)) return Status::InvalidArgument;
  return Status::Ok;
}

// Pass 1 and 2 and the one activation of every key (BuildWorld, game/level.h), then what the world
// keeps besides its entities: the clock, the random streams, the spawn counter and outcomes, the
// last tick's noises.
Status RebuildWorld(const GameSession& session, const FloorImage& floor,
                    const LevelDefinition& level, std::unique_ptr<GameWorld>& world,
                    std::vector<EntityId>& created, std::string& error) {
  if (Status s = BuildWorld(level, session.Config().limits.For(level.entities.size()),
                            SessionAccess::Definitions(session),
                            SessionAccess::FloorWorldSeed(session, floor.depth), world, &created);
      s != Status::Ok) {
    error = "floor " + std::to_string(floor.depth) + " cannot be rebuilt: " + StatusName(s);
    return s;
  }
  if (floor.remembered.size() != world->Map().RememberedCells().size()) {
    error = "floor " + std::to_string(floor.depth) + ": the remembered map is not the map's size";
    return Status::InvalidArgument;
  }
  const auto handle = [&](EntityId ref) {
    return IsLevelReference(ref) ? (ref.Slot < created.size() ? created[ref.Slot] : kGoneReference)
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
  return Status::Ok;
}

// One saved floor into its place in `floors`: checked as a level file is and against the seed,
// rebuilt, its remembered map put back.
Status RestoreFloor(const GameSession& session, const FloorImage& floor, bool players_floor,
                    std::vector<Floor>& floors, std::string& error) {
  const auto count = static_cast<std::int32_t>(floors.size());
  if (floor.depth < 1 || floor.depth > count ||
      floors[static_cast<std::size_t>(floor.depth - 1)].world) {
    error = "floor " + std::to_string(floor.depth) + " is out of range or saved twice";
    return Status::InvalidArgument;
  }
  const DefinitionSet& definitions = session.Definitions();
  if (!FloorInvariantsHold(floor, definitions, players_floor, error) ||
      !FloorOriginMatches(session.Config(), definitions, floor, error))
    return Status::InvalidArgument;
  auto level = std::make_shared<LevelDefinition>(floor.level);
  std::unique_ptr<GameWorld> world;
  std::vector<EntityId> created;
  if (Status s = RebuildWorld(session, floor, *level, world, created, error); s != Status::Ok)
    return s;
  Floor built;
  if (Status s = SessionAccess::FinishFloor(session, level, std::move(world), created, built);
      s != Status::Ok) {
    error = std::string("out of memory: ") + StatusName(s);
    return s;
  }
  for (std::int32_t y = 0; y < level->height; ++y)
    for (std::int32_t x = 0; x < level->width; ++x)
      built.world->Map().SetRememberedBits(
          x, y,
          floor.remembered[static_cast<std::size_t>(y) * static_cast<std::size_t>(level->width) +
                           static_cast<std::size_t>(x)]);
  for (const FloorImage::RememberedTerrain& cell : floor.remembered_terrain)
    built.world->Map().SetRememberedTerrain(cell.x, cell.y, cell.terrain);
  built.world->SeenItemsMemory().Restore(floor.seen_items);
  floors[static_cast<std::size_t>(floor.depth - 1)] = std::move(built);
  return Status::Ok;
}

// Whether the rebuilt run is the state the save recorded: part by part where the save names its
// parts (the first that differs is named, and so is a part only one side has), then the total,
// in the form the save was made in.
Status CheckRestoredState(const GameSession& session, const SessionImage& image,
                          std::string& error) {
  const std::string differs = "the restored run does not match the state the save recorded";
  const StateDigest digest = session.Digest(image.hash_form);
  if (!image.state_parts.empty()) {
    std::array<std::uint64_t, kStatePartCount> saved{};
    for (const PartHash& p : image.state_parts) saved[p.part] = p.hash;
    const auto now = PartsOf(digest);
    for (std::size_t p = 0; p < kStatePartCount; ++p) {
      if (saved[p] == now[p]) continue;
      const std::string name = StatePartName(p);
      error = differs + (saved[p] == 0 ? ": it holds " + name + " components the save has none of"
                         : now[p] == 0 ? ": the save covers " + name + ", which it holds none of"
                                       : ": its " + name + " differs");
      return Status::InvalidArgument;
    }
  }
  if (digest.total != image.state_hash) {
    error = differs;
    return Status::InvalidArgument;
  }
  return Status::Ok;
}

}  // namespace

std::set<Uuid> KnownIdentities(const GameSession& session) {
  std::set<Uuid> known;
  for (const Floor& floor : SessionAccess::Floors(session)) {
    if (!floor.world) continue;
    floor.world->Bindings().ForEach([&](const Binding& b) {
      known.insert(b.key.Instance.Value);
      known.insert(b.key.Source.Value);
    });
    if (floor.level && !floor.level->uuid.IsNil()) known.insert(floor.level->uuid);
  }
  if (!session.RunInstance().IsNil()) known.insert(session.RunInstance());
  return known;
}

Status CaptureImage(GameSession& session, EntropySource& entropy, SessionImage& out,
                    std::string* why) {
  // A tick stepped phase by phase is finished first: a save holds the state between ticks.
  if (Status s = session.FinishTick(); s != Status::Ok) return s;
  if (session.State() != SessionState::Playing || session.World().InTick())
    return Status::InvalidOperation;
  const Orders orders = CanonicalOrders(SessionAccess::Floors(session));
  if (Status s = KeyEveryEntity(session, orders, entropy); s != Status::Ok) return s;
  SessionImage image = ImageOfRun(session, orders);
  // Never write what cannot be read back: a counter past its cap (which the simulation stops
  // before reaching) is refused here rather than by the next resume.
  if (std::string reason; !ImageWithinLimits(image, reason)) {
    if (why != nullptr) *why = "the run is past what a save can hold: " + reason;
    return Status::CapacityExceeded;
  }
  out = std::move(image);
  return Status::Ok;
}

Status RestoreSession(const SessionConfig& content, const SessionImage& image,
                      std::unique_ptr<GameSession>& out, std::string& error) {
  if (image.seed != content.seed) {
    error = "the save's seed does not match the run's";
    return Status::InvalidArgument;
  }
  if (image.dungeon_rules < kOldestDungeonRules || image.dungeon_rules > kDungeonRules) {
    error = "the save's dungeon rules (" + std::to_string(image.dungeon_rules) +
            ") are not ones this build knows";
    return Status::InvalidArgument;
  }
  // The floors still to be made are made as the run's first were.
  SessionConfig config = content;
  config.dungeon_rules = image.dungeon_rules;
  std::unique_ptr<GameSession> session;
  if (Status s = SessionAccess::Prepare(config, session); s != Status::Ok) {
    error = "the content cannot start a run";
    return s;
  }
  const std::int32_t count = config.dungeon ? config.dungeon->floors : 1;
  if (Status s = CheckImageFits(*session, image, count, error); s != Status::Ok) return s;
  std::vector<Floor> floors(static_cast<std::size_t>(count));
  for (const FloorImage& floor : image.floors)
    if (Status s = RestoreFloor(*session, floor, floor.depth == image.depth, floors, error);
        s != Status::Ok)
      return s;
  // Each floor's players were counted above (one on the player's floor, none elsewhere).
  const Floor& active = floors[static_cast<std::size_t>(image.depth - 1)];
  if (!active.world || active.world->PlayerEntity().IsNull()) {
    error = "the save has no player on floor " + std::to_string(image.depth);
    return Status::InvalidArgument;
  }
  SessionAccess::Publish(*session, std::move(floors), image.depth, image.run_instance);
  session->Log().Resume(image.messages, image.messages_said);
  session->Log().ResumeNotes(image.notes);
  if (image.state_hash != 0) {
    if (Status s = CheckRestoredState(*session, image, error); s != Status::Ok) return s;
  }
  out = std::move(session);
  return Status::Ok;
}

}  // namespace cairn
