// Identity scopes (docs/decisions/0015): a level document's uuid is an asset id; each placement
// of it (the authored first floor, a set piece on a generated floor) keys its entities under its
// own InstanceId, derived from the run's seed, the floor and the placement. Saves keep the
// placement's scope; saves from before (versions 2 and 3, keyed by the level's uuid) are read as
// that placement's.
#include "identity/placement.h"

#include <catch2/catch.hpp>

#include "content/level_loader.h"
#include "dungeon/floor_generator.h"
#include "save_test_support.h"
#include "sim/session_duplicate.h"
#include "storage/read_file.h"

namespace placement_test {

using namespace cairn;
using namespace cairn::test;

namespace {

constexpr const char* kLevelUuid = "e2edb22d-8d55-4ac4-a006-517a1015f697";   // escape-v2.toml
constexpr const char* kPlayerUuid = "cb137e08-b196-4486-916a-080d87c28b07";  // its player

std::shared_ptr<const LevelDefinition> LevelFromText(const std::string& text) {
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> problems;
  REQUIRE(LoadLevelText(text, *Definitions(), WorldLimits::Uniform(4096), *level, problems));
  return level;
}

std::shared_ptr<const LevelDefinition> EscapeV2() {
  std::string text, error;
  REQUIRE(ReadWholeFile(std::string(CAIRN_SOURCE_DIR) + "/tests/levels/escape-v2.toml",
                        FileKind::Level, text, error));
  return LevelFromText(text);
}

// The built-in dungeon with escape-v2.toml as its first floor, as `cairn sim --level` plays it.
SessionConfig EscapeConfig(std::uint64_t seed) {
  SessionConfig config = DungeonConfig(seed);
  config.level = EscapeV2();
  return config;
}

std::unique_ptr<GameSession> OnEscapeV2(std::uint64_t seed) {
  const SessionConfig config = EscapeConfig(seed);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

Uuid Parsed(const char* text) {
  Uuid uuid{};
  REQUIRE(ParseUuid(text, uuid) == Status::Ok);
  return uuid;
}

// A version-2 set piece: a 7x5 room with one rat, keyed (its player stays behind when stamped).
constexpr const char* kRatRoom = R"(format = "cairn-level"
version = 2
name = "Rat Room"
uuid = "0b7e8c1d-2f43-4a96-9d51-6c2e4f8a1b3d"

[map]
legend = { "#" = "wall", "." = "floor", "+" = "door" }
rows = [
  "###+###",
  "#.....#",
  "#.....#",
  "#.....#",
  "#######",
]

[[entity]]
id = "player"
uuid = "9a1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a60"
kind = "player"
components = [
  { type = "position", version = 1, slot = 0, body = { x = 1, y = 1 } },
]

[[entity]]
id = "rat"
uuid = "5d1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a69"
kind = "monster:rat"
components = [
  { type = "position", version = 1, slot = 0, body = { x = 3, y = 2 } },
]
)";

}  // namespace

TEST_CASE("an authored level's entities are keyed by its placement, not by its document",
          "[save][identity]") {
  auto session = OnEscapeV2(5);
  const GameWorld& world = session->World();
  const PersistentObjectKey* key = world.Bindings().KeyOf(world.PlayerEntity());
  REQUIRE(key != nullptr);
  CHECK(key->Instance == PlacementInstance(5, 1, kFloorLevelPlacement));
  CHECK(key->Instance.Value != Parsed(kLevelUuid));  // the document is an asset, not a scope
  CHECK(key->Source.Value == Parsed(kPlayerUuid));
  // The same level, seed and input give the same scope; another seed another placement.
  auto again = OnEscapeV2(5);
  CHECK(*again->World().Bindings().KeyOf(again->World().PlayerEntity()) == *key);
  auto other = OnEscapeV2(6);
  CHECK(other->World().Bindings().KeyOf(other->World().PlayerEntity())->Instance != key->Instance);
}

// Under the first dungeon rules a piece could be placed on two floors of a run (the rules of old
// saves and recordings, which still resume and replay).
TEST_CASE("two placements of one set piece key its entities in two scopes", "[save][identity]") {
  DungeonPlan plan = *DefaultDungeon();
  SetPiece piece;
  piece.source = "rat-room.toml";
  piece.level = LevelFromText(kRatRoom);
  piece.min_depth = 2;
  piece.max_depth = 3;
  piece.chance = 100;
  plan.set_pieces = {piece};
  const Uuid rat = Parsed("5d1f0e7a-93c2-4b8e-a4f6-1e2d3c4b5a69");
  std::vector<PersistentObjectKey> keys;
  for (std::int32_t depth : {2, 3}) {
    LevelDefinition floor;
    REQUIRE(GenerateFloor(plan, *Definitions(), 11, depth, floor, kOldestDungeonRules) ==
            Status::Ok);
    const auto placed = std::find_if(floor.entities.begin(), floor.entities.end(),
                                     [&](const LevelEntity& e) { return e.source == rat; });
    REQUIRE(placed != floor.entities.end());
    CHECK(placed->instance == PlacementInstance(11, depth, kSetPiecePlacement).Value);
    // Built, the rat resolves under its placement's key, and not under the document's.
    std::unique_ptr<GameWorld> world;
    std::vector<EntityId> created;
    REQUIRE(BuildWorld(floor, WorldLimits::Uniform(4096), Definitions(), 1, world, &created) ==
            Status::Ok);
    const PersistentObjectKey key{InstanceId{placed->instance}, SourceObjectId{rat}};
    EntityId found;
    CHECK(world->Bindings().Resolve(key, found) == ResolveStatus::Resolved);
    CHECK(found == created[static_cast<std::size_t>(placed - floor.entities.begin())]);
    const PersistentObjectKey by_document{InstanceId{piece.level->uuid}, SourceObjectId{rat}};
    CHECK(world->Bindings().Resolve(by_document, found) == ResolveStatus::NotResident);
    keys.push_back(key);
  }
  CHECK(keys[0] != keys[1]);
}

TEST_CASE("a save keeps the placement's scope and resumes with it", "[save][identity]") {
  auto original = OnEscapeV2(5);
  const std::string text = SaveText(*original);
  const std::string placement = UuidText(PlacementInstance(5, 1, kFloorLevelPlacement).Value);
  CHECK(text.find(VersionLine()) != std::string::npos);
  CHECK(text.find("instance = \"" + placement + "\"") != std::string::npos);
  CHECK(text.find("instance = \"" + std::string(kLevelUuid) + "\"") == std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, EscapeConfig(5), resumed) == "");
  const GameWorld& world = resumed->World();
  CHECK(*world.Bindings().KeyOf(world.PlayerEntity()) ==
        *original->World().Bindings().KeyOf(original->World().PlayerEntity()));
  CHECK(SaveText(*resumed) == text);  // saving again mints and moves nothing
}

// tests/save/fixtures/v3-escape-v2-seed5.toml: a version-3 save of `cairn sim --seed 5 --level
// tests/levels/escape-v2.toml --input ..`, in which the level's entities carry the level
// document's uuid as their instance, as every build before version 4 wrote them. (Made from this
// build's version-4 save of that run, with `version = 3` and each placement instance replaced by
// the level's uuid: what the older builds wrote, since the state hash covers no keys.)
TEST_CASE("a version-3 save keyed by the level's uuid reads as that placement's",
          "[save][identity]") {
  std::string text, error;
  REQUIRE(
      ReadWholeFile(std::string(CAIRN_SOURCE_DIR) + "/tests/save/fixtures/v3-escape-v2-seed5.toml",
                    FileKind::Save, text, error));
  REQUIRE(text.find("\nversion = 3\n") != std::string::npos);
  REQUIRE(text.find("instance = \"" + std::string(kLevelUuid) + "\"") != std::string::npos);
  SessionImage image;
  std::vector<TextProblem> problems;
  REQUIRE(ReadSaveText(text, *Definitions(), EscapeConfig(5).limits, image, problems));
  const Uuid placement = PlacementInstance(5, 1, kFloorLevelPlacement).Value;
  for (const LevelEntity& e : image.floors.at(0).level.entities)
    if (!e.source.IsNil()) CHECK(e.instance != Parsed(kLevelUuid));
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, EscapeConfig(5), resumed) == "");
  const GameWorld& world = resumed->World();
  const PersistentObjectKey* key = world.Bindings().KeyOf(world.PlayerEntity());
  REQUIRE(key != nullptr);
  CHECK(key->Instance.Value == placement);
  CHECK(key->Source.Value == Parsed(kPlayerUuid));
  // The next save is the current version, in the placement's scope; it resumes as the run it is.
  const std::string v4 = SaveText(*resumed);
  CHECK(v4.find(VersionLine()) != std::string::npos);
  CHECK(v4.find("instance = \"" + std::string(kLevelUuid)) == std::string::npos);
  std::unique_ptr<GameSession> again;
  REQUIRE(Resume(v4, EscapeConfig(5), again) == "");
  CHECK(again->StateHash() == resumed->StateHash());
}

TEST_CASE("a version-4 save is read as written: its instances are not rewritten",
          "[save][identity]") {
  // In version 4 an instance equal to the level's uuid means what it says (a hand-made save):
  // nothing is migrated, so the key is the one written.
  auto original = OnEscapeV2(5);
  const std::string placement = UuidText(PlacementInstance(5, 1, kFloorLevelPlacement).Value);
  std::string text = SaveText(*original);
  while (text.find(placement) != std::string::npos) text = Replace(text, placement, kLevelUuid);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, EscapeConfig(5), resumed) == "");
  const GameWorld& world = resumed->World();
  CHECK(world.Bindings().KeyOf(world.PlayerEntity())->Instance.Value == Parsed(kLevelUuid));
}

TEST_CASE("DUP of a placed entity keys the copy anew in the same placement", "[save][identity]") {
  // A copy is a new object of the same placement: a fresh source in its original's scope (the
  // placement's instance, never the level document's uuid), while the original keeps its key.
  auto session = OnEscapeV2(5);
  GameWorld& world = session->World();
  const EntityId player = world.PlayerEntity();
  EntityId stone{};
  for (EntityId id : world.Items().Owners())
    if (world.Items().Find(id)->holder == player) stone = id;
  REQUIRE_FALSE(stone.IsNull());
  const PersistentObjectKey original = *world.Bindings().KeyOf(stone);
  CountingEntropy entropy;
  std::vector<EntityId> copies;
  std::string why;
  const std::vector<EntityId> set{stone};
  REQUIRE(DuplicateEntities(*session, set, entropy, copies, why) == Status::Ok);
  const PersistentObjectKey* copy = world.Bindings().KeyOf(copies.at(0));
  REQUIRE(copy != nullptr);
  CHECK(copy->Instance == PlacementInstance(5, 1, kFloorLevelPlacement));
  CHECK(copy->Instance.Value != Parsed(kLevelUuid));
  CHECK(copy->Source != original.Source);
  CHECK(*world.Bindings().KeyOf(stone) == original);
  EntityId found;
  CHECK(world.Bindings().Resolve(*copy, found) == ResolveStatus::Resolved);
  CHECK(found == copies.at(0));
  // Saved and resumed, the copy keeps that key.
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(SaveText(*session), EscapeConfig(5), resumed) == "");
  CHECK(resumed->World().Bindings().Resolve(*copy, found) == ResolveStatus::Resolved);
}

}  // namespace placement_test
