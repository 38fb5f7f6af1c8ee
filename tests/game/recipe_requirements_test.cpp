// Every entity holds the components its recipe requires: the recipes make them, preflight refuses
// a batch that would break it, and the world's invariant check names the first entity that does.
#include "game/recipe_requirements.h"

#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "game/recipes.h"
#include "game_test_support.h"

namespace recipe_requirements_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

std::string MissingName(std::uint32_t mask) {
  ComponentKind missing{};
  return FirstMissingComponent(mask, missing) ? ComponentKindName(missing) : "";
}

}  // namespace

TEST_CASE("each recipe names its entities by its marker and requires what the rules read",
          "[recipes]") {
  using K = ComponentKind;
  CHECK(RecipeOf(KindBit(K::Player) | KindBit(K::Position)) == RecipeKind::Player);
  CHECK(RecipeOf(KindBit(K::EnemyAi)) == RecipeKind::Monster);
  CHECK(RecipeOf(KindBit(K::Item) | KindBit(K::Named)) == RecipeKind::Item);
  CHECK(RecipeOf(KindBit(K::Stairs)) == RecipeKind::Stairs);
  CHECK(RecipeOf(KindBit(K::Position) | KindBit(K::Blocker)) == RecipeKind::None);
  CHECK(RequiredComponents(RecipeKind::None) == 0);
  // The first missing one in component order: a bare marker lacks position first.
  CHECK(MissingName(KindBit(K::EnemyAi)) == "position");
  CHECK(MissingName(KindBit(K::EnemyAi) | KindBit(K::Position) | KindBit(K::Intent)) == "health");
  CHECK(MissingName(KindBit(K::Stairs)) == "position");
  CHECK(MissingName(KindBit(K::Item)) == "");  // a carried item has no place
  CHECK(MissingName(KindBit(K::Blocker)) == "");
}

TEST_CASE("every recipe function makes a bundle its own recipe accepts", "[recipes]") {
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  const DefinitionSet& definitions = w->Definitions();
  std::vector<ComponentBundle> made = {PlayerRecipe({1, 1}), StairsRecipe({1, 1}, 1),
                                       StairsRecipe({1, 1}, -1)};
  for (const MonsterDefinition& kind : definitions.monsters)
    made.push_back(MonsterRecipe(definitions, kind, {1, 1}, true));
  for (const ItemDefinition& kind : definitions.items)
    made.push_back(ItemRecipe(definitions, kind, {1, 1}));
  for (const ComponentBundle& bundle : made) {
    CHECK(RecipeOf(bundle.mask) != RecipeKind::None);
    CHECK(MissingName(bundle.mask) == "");
  }
}

TEST_CASE("preflight refuses a spawn whose recipe lacks a required component", "[recipes]") {
  TestWorld w(Level({"######", "#@.r.#", "######"}));
  GameWorld& world = *w;
  const std::uint32_t live = world.Registry().LiveCount();
  // A copy of the rat, one cell on, without its health.
  ComponentBundle incomplete = world.CaptureEntity(w.Monster("rat"));
  incomplete.position.x = 4;
  incomplete.mask &= ~KindBit(ComponentKind::Health);
  BeginTickPhase(world);
  SpawnRequestId request = 0;
  REQUIRE(world.QueueSpawn(incomplete, request) == Status::Ok);  // recorded; refused at commit
  CHECK(CommitPhase(world) == Status::MissingComponent);
  EndTickPhase(world, w.scratch);
  CHECK(world.Fault().status == Status::MissingComponent);
  CHECK(world.Fault().phase == TickPhase::Commit);
  CHECK(std::string(world.Fault().what) ==
        "a monster spawn lacks health, which its recipe requires");
  CHECK(world.Registry().LiveCount() == live);  // nothing published
  CHECK(world.Ais().Size() == 1);
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("preflight refuses removing a component the entity's recipe requires", "[recipes]") {
  TestWorld w(Level({"#####", "#@.r#", "#####"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  BeginTickPhase(world);
  REQUIRE(world.QueueRemoveComponent<Blocker>(rat) == Status::Ok);  // not required: fine alone
  REQUIRE(world.QueueRemoveComponent<Health>(rat) == Status::Ok);
  CHECK(CommitPhase(world) == Status::MissingComponent);
  EndTickPhase(world, w.scratch);
  const std::string expected = "removing health from entity " + std::to_string(rat.Slot) + ":" +
                               std::to_string(rat.Generation) +
                               " would leave its monster recipe incomplete";
  CHECK(std::string(world.Fault().what) == expected);
  CHECK(world.Healths().Contains(rat));
  CHECK(world.Blockers().Contains(rat));  // the batch published nothing
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("preflight refuses adding a marker that makes an incomplete recipe", "[recipes]") {
  TestWorld w(Level({"#####", "#@.r#", "#####"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  // Stairs on a rat: still a monster (the monster's marker comes first), complete.
  BeginTickPhase(world);
  REQUIRE(world.QueueSetComponent(rat, Stairs{1}) == Status::Ok);
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
  CHECK(world.StairsPool().Contains(rat));
  // A bare entity with a place, made an item: complete (an item needs no more); then made the
  // player too, which it cannot be without intent and health.
  std::optional<StructuralScope> scope;
  EntityId tag{};
  {
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    ComponentBundle bundle;
    bundle.Set(Position{2, 1});
    REQUIRE(world.CreateFromBundle(*scope, bundle, tag) == Status::Ok);
    scope.reset();
  }
  BeginTickPhase(world);
  REQUIRE(world.QueueSetComponent(tag, Item{}) == Status::Ok);
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
  BeginTickPhase(world);
  REQUIRE(world.QueueSetComponent(tag, Player{}) == Status::Ok);
  CHECK(CommitPhase(world) == Status::MissingComponent);
  EndTickPhase(world, w.scratch);
  CHECK(std::string(world.Fault().what) ==
        "adding player to entity " + std::to_string(tag.Slot) + ":" +
            std::to_string(tag.Generation) +
            " makes it a player without intent, which its recipe requires");
  CHECK_FALSE(world.Players().Contains(tag));
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("removing a recipe's own marker or an unrequired component passes preflight",
          "[recipes]") {
  TestWorld w(Level({"#####", "#@.r#", "#####"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  BeginTickPhase(world);
  REQUIRE(world.QueueRemoveComponent<Named>(rat) == Status::Ok);
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
  CHECK_FALSE(world.Names().Contains(rat));
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("the invariant check names the oldest entity missing a required component", "[recipes]") {
  TestWorld w(Level({"######", "#@.rr#", "######"}));
  GameWorld& world = *w;
  CHECK(world.FirstBrokenInvariant() == "");
  const EntityId player = world.PlayerEntity();
  EntityId older{};
  EntityId newer{};
  for (EntityId id : world.Ais().Owners()) {
    if (older.IsNull() ||
        world.Registry().CreationSequenceOf(id) < world.Registry().CreationSequenceOf(older))
      older = id;
  }
  for (EntityId id : world.Ais().Owners())
    if (id != older) newer = id;
  REQUIRE_FALSE(newer.IsNull());
  {
    // Only a structural scope can break it: the commit's preflight refuses to.
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    REQUIRE(world.RemoveComponent<Intent>(*scope, newer) == Status::Ok);
    REQUIRE(world.RemoveComponent<Health>(*scope, older) == Status::Ok);
  }
  CHECK(world.FirstBrokenInvariant() == "entity " + std::to_string(older.Slot) + ":" +
                                            std::to_string(older.Generation) +
                                            " (recipe monster) lacks health, which its recipe "
                                            "requires");
  {
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    REQUIRE(world.AddComponent(*scope, older, Health{3, 3}) == Status::Ok);
    REQUIRE(world.RemoveComponent<Position>(*scope, player) == Status::Ok);
    REQUIRE(world.AddComponent(*scope, newer, Intent{}) == Status::Ok);
  }
  CHECK(world.FirstBrokenInvariant() == "entity " + std::to_string(player.Slot) + ":" +
                                            std::to_string(player.Generation) +
                                            " (recipe player) lacks position, which its recipe "
                                            "requires");
}

}  // namespace recipe_requirements_test
