// Graph duplication: one transaction that copies a set of entities with fresh durable keys,
// remapping references inside the set and keeping those outside; all or nothing.
#include <catch2/catch.hpp>

#include "game/items.h"
#include "save/save_codec.h"
#include "sim/session_duplicate.h"
#include "sim/session_persist.h"
#include "support/test_content.h"
#include "support/test_entropy.h"

namespace duplicate_test {

using namespace cairn;
using cairn::test::Dungeon;
using test::CountingEntropy;
using test::StuckEntropy;

namespace {

// Good for `good` UUIDs, then nothing.
class RunsOut final : public EntropySource {
 public:
  explicit RunsOut(int good) : good_(good) {}
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    if (good_-- <= 0) return Status::EntropyUnavailable;
    return inner_.Fill(bytes);
  }
  int good_;
  CountingEntropy inner_;
};

// The first monster on the floor (it has an EnemyAi), in creation order.
EntityId SomeMonster(const GameWorld& world) {
  EntityId best;
  for (EntityId id : world.Ais().Owners())
    if (best.IsNull() ||
        world.Registry().CreationSequenceOf(id) < world.Registry().CreationSequenceOf(best))
      best = id;
  REQUIRE_FALSE(best.IsNull());
  return best;
}

struct Census {
  std::uint32_t live, bound;
  std::uint64_t revision;
  explicit Census(const GameWorld& w)
      : live(w.Registry().LiveCount()),
        bound(w.Bindings().Size()),
        revision(w.Bindings().Revision()) {}
  bool operator==(const Census&) const = default;
};

}  // namespace

TEST_CASE("duplicating remaps references inside the set and keeps those outside", "[dup]") {
  auto session = Dungeon(2);
  GameWorld& world = session->World();
  const EntityId player = world.PlayerEntity();
  std::vector<EntityId> pack;
  CarriedItems(world, player, pack);
  REQUIRE(pack.size() >= 2);
  const EntityId monster = SomeMonster(world);
  // The set: a monster, and one of the player's items (its holder, the player, stays outside).
  const EntityId set[] = {monster, pack[1]};
  const std::int32_t count_before = world.Inventories().Find(player)->count;
  CountingEntropy entropy;
  std::vector<EntityId> copies;
  std::string why;
  REQUIRE(DuplicateEntities(*session, set, entropy, copies, why) == Status::Ok);
  REQUIRE(copies.size() == 2);
  // The copy of the item is still the player's (an outside reference kept), under a new letter.
  const Item* original = world.Items().Find(pack[1]);
  const Item* copied = world.Items().Find(copies[1]);
  REQUIRE(copied != nullptr);
  CHECK(copied->holder == player);
  CHECK(copied->kind == original->kind);
  CHECK(copied->letter != original->letter);
  CHECK(copied->letter != 0);
  CHECK(world.Inventories().Find(player)->count == count_before + 1);
  // The monster's copy has its components and stands on a free cell of its own.
  CHECK(world.Ais().Find(copies[0])->kind == world.Ais().Find(monster)->kind);
  CHECK(world.Healths().Find(copies[0])->current == world.Healths().Find(monster)->current);
  CHECK(world.OccupantAt(world.Positions().Find(copies[0])->x,
                         world.Positions().Find(copies[0])->y) == copies[0]);
  // Fresh keys, each unlike every other.
  REQUIRE(world.Bindings().KeyOf(copies[0]) != nullptr);
  REQUIRE(world.Bindings().KeyOf(copies[1]) != nullptr);
  CHECK(world.Bindings().KeyOf(copies[0])->Source != world.Bindings().KeyOf(copies[1])->Source);
  EntityId found;
  CHECK(world.Bindings().Resolve(*world.Bindings().KeyOf(copies[0]), found) ==
        ResolveStatus::Resolved);
  CHECK(found == copies[0]);
  // And the game goes on with them.
  REQUIRE(session->StepTick() == Status::Ok);
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("a reference between members of the set points at the copy", "[dup]") {
  auto session = Dungeon(3);
  GameWorld& world = session->World();
  const EntityId player = world.PlayerEntity();
  std::vector<EntityId> pack;
  CarriedItems(world, player, pack);
  // Give a monster one item of its own, then duplicate both: the copy's item is the copy's.
  const EntityId monster = SomeMonster(world);
  {
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    REQUIRE(world.AddComponent(*scope, monster, Inventory{4, 0}) == Status::Ok);
  }
  world.MutableItems().Find(pack[0])->holder = monster;
  world.MutableItems().Find(pack[0])->letter = 0;
  world.MutableItems().Find(pack[0])->equipped = 0;
  world.MutableInventories().Find(monster)->count = 1;
  --world.MutableInventories().Find(player)->count;
  const EntityId set[] = {pack[0], monster};  // the item first: a forward reference
  CountingEntropy entropy;
  std::vector<EntityId> copies;
  std::string why;
  REQUIRE(DuplicateEntities(*session, set, entropy, copies, why) == Status::Ok);
  CHECK(world.Items().Find(copies[0])->holder == copies[1]);
  CHECK(world.Items().Find(pack[0])->holder == monster);  // the original untouched
  CHECK(world.Inventories().Find(copies[1])->count == 1);
  CHECK(world.Inventories().Find(monster)->count == 1);
}

TEST_CASE("a duplication that cannot finish leaves nothing behind", "[dup]") {
  auto session = Dungeon(4);
  GameWorld& world = session->World();
  const EntityId monster = SomeMonster(world);
  std::vector<EntityId> pack;
  CarriedItems(world, world.PlayerEntity(), pack);
  const EntityId set[] = {monster, pack[0], pack[1]};
  const Census before(world);
  const std::uint64_t hash = session->StateHash();
  std::vector<EntityId> out{EntityId{1, 2, 3}};
  std::string why;

  RunsOut two(2);  // the run instance and one source, then nothing
  CHECK(DuplicateEntities(*session, set, two, out, why) == Status::EntropyUnavailable);
  CHECK(why.find("entropy") != std::string::npos);
  StuckEntropy stuck;
  CHECK(DuplicateEntities(*session, set, stuck, out, why) == Status::IdentityConflict);
  CountingEntropy fine;
  const EntityId with_player[] = {monster, world.PlayerEntity()};
  CHECK(DuplicateEntities(*session, with_player, fine, out, why) == Status::ProtectedEntity);
  const EntityId twice[] = {monster, monster};
  CHECK(DuplicateEntities(*session, twice, fine, out, why) == Status::InvalidArgument);
  const EntityId stale[] = {monster,
                            EntityId{world.WorldId(), monster.Slot, monster.Generation + 1}};
  CHECK(DuplicateEntities(*session, stale, fine, out, why) == Status::InvalidEntity);

  CHECK(Census(world) == before);
  CHECK(session->StateHash() == hash);
  CHECK(out == std::vector<EntityId>{EntityId{1, 2, 3}});
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("duplication copies components this build does not know", "[dup]") {
  auto session = Dungeon(6);
  CountingEntropy entropy;
  SessionImage image;
  REQUIRE(CaptureImage(*session, entropy, image) == Status::Ok);
  std::string text = WriteSaveText(image, *test::Definitions(), "test");
  // Give the player's first item a component from the future, then resume.
  const std::size_t item = text.find("\nitem = {");
  REQUIRE(item != std::string::npos);
  text.insert(
      text.find('\n', item + 1) + 1,
      "components = [\n  { type = \"not_a_component\", version = 2, body = { hue = 7 } },\n]\n");
  SessionImage edited;
  std::vector<TextProblem> problems;
  REQUIRE(ReadSaveText(text, *test::Definitions(), WorldLimits::Uniform(4096), edited, problems));
  std::unique_ptr<GameSession> resumed;
  std::string error;
  REQUIRE(RestoreSession(test::DungeonConfig(6), edited, resumed, error) == Status::Ok);
  const GameWorld& world = resumed->World();
  EntityId glowing;
  for (EntityId id : world.Items().Owners())
    if (resumed->Preserved(id) != nullptr) glowing = id;
  REQUIRE_FALSE(glowing.IsNull());
  std::vector<EntityId> copies;
  const EntityId set[] = {glowing};
  REQUIRE(DuplicateEntities(*resumed, set, entropy, copies, error) == Status::Ok);
  const std::vector<PreservedComponent>* kept = resumed->Preserved(copies[0]);
  REQUIRE(kept != nullptr);
  REQUIRE(kept->size() == 1);
  CHECK((*kept)[0].type == "not_a_component");
  // Saved again, both carry it.
  SessionImage again;
  REQUIRE(CaptureImage(*resumed, entropy, again) == Status::Ok);
  const std::string out = WriteSaveText(again, *test::Definitions(), "test");
  std::size_t glows = 0;
  for (std::size_t at = out.find("\"not_a_component\""); at != std::string::npos;
       at = out.find("\"not_a_component\"", at + 1))
    ++glows;
  CHECK(glows == 2);
}

}  // namespace duplicate_test
