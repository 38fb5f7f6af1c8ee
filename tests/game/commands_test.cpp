// Structural commands: recorded during a tick, preflighted and published at its commit.
#include <catch2/catch.hpp>

#include "game/recipes.h"
#include "game/state_hash.h"
#include "game_test_support.h"

namespace commands_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

ComponentBundle RatAt(const GameWorld& world, Position where) {
  const MonsterDefinition* rat = world.Definitions().FindMonster("rat");
  REQUIRE(rat != nullptr);
  ComponentBundle recipe = MonsterRecipe(world.Definitions(), *rat, where, false);
  recipe.ai.wake_tick = 0;
  return recipe;
}

// Counts everything structural, to show a failed commit changed nothing.
struct Census {
  std::uint32_t live;
  std::uint64_t revision;
  std::array<std::uint32_t, kComponentKindCount> sizes;
  explicit Census(const GameWorld& world)
      : live(world.Registry().LiveCount()), revision(world.Registry().StructuralRevision()) {
    world.ForEachPool([&](const auto& pool, ComponentKind kind) {
      sizes[static_cast<std::size_t>(kind)] = pool.Size();
    });
  }
  bool operator==(const Census&) const = default;
};

}  // namespace

TEST_CASE("a queued spawn is invisible until commit and first updated in the next tick",
          "[commands]") {
  TestWorld w(Level({"#######", "#@....#", "#.....#", "#######"}));
  GameWorld& world = *w;
  const std::uint32_t live = world.Registry().LiveCount();

  // Tick N: record the spawn in the middle of the tick.
  BeginTickPhase(world);
  const std::int64_t n = world.Tick();
  SpawnRequestId request = 0;
  REQUIRE(world.QueueSpawn(RatAt(world, {5, 2}), request) == Status::Ok);
  CHECK(request != 0);
  CHECK(world.Registry().LiveCount() == live);  // no entity yet
  CHECK(world.Ais().Size() == 0);
  CHECK(world.VisibleOutcomes().empty());
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
  // After N's commit the entity exists (extraction may draw it), with its recipe's values...
  CHECK(world.Registry().LiveCount() == live + 1);
  REQUIRE(world.Ais().Size() == 1);
  const EntityId rat = world.Ais().Owners()[0];
  CHECK(world.Ais().Find(rat)->action_revision == 0);
  // ...but its outcome is not visible until N+1's BeginTick.
  CHECK(world.VisibleOutcomes().empty());

  REQUIRE(w.Tick() == Status::Ok);  // tick N+1
  CHECK(world.Tick() == n + 1);
  REQUIRE(world.VisibleOutcomes().size() == 1);
  CHECK(world.VisibleOutcomes()[0].request == request);
  CHECK(world.VisibleOutcomes()[0].entity == rat);
  // Its first update happened in N+1: the AI stepped and set its next wake tick.
  CHECK(world.Ais().Find(rat)->wake_tick > n + 1);
  REQUIRE(w.Tick() == Status::Ok);  // outcomes last for one tick only
  CHECK(world.VisibleOutcomes().empty());
}

TEST_CASE("destroy marks pending at once, is idempotent, and blocks later commands", "[commands]") {
  TestWorld w(Level({"#######", "#@..r.#", "#######"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  BeginTickPhase(world);
  REQUIRE(world.QueueDestroy(rat) == Status::Ok);
  CHECK(world.Registry().IsAlive(rat));
  CHECK_FALSE(world.Registry().IsActive(rat));
  const std::uint32_t queued = world.PendingCommands();
  REQUIRE(world.QueueDestroy(rat) == Status::Ok);  // idempotent
  CHECK(world.PendingCommands() == queued);        // and no queue space used
  CHECK(world.QueueSetComponent(rat, Health{9, 9}) == Status::InvalidEntity);
  CHECK(world.QueueRemoveComponent<Health>(rat) == Status::InvalidEntity);
  CHECK(world.PendingCommands() == queued);
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
  CHECK_FALSE(world.Registry().IsAlive(rat));
  CHECK(world.HasNoComponents(rat));
  BeginTickPhase(world);
  const std::uint64_t stale_before = world.Counters().stale_rejected;
  CHECK(world.QueueDestroy(rat) == Status::InvalidEntity);  // stale
  CHECK(world.Counters().stale_rejected == stale_before + 1);
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
}

TEST_CASE("a pending-destroy entity is skipped by the later phases", "[commands]") {
  TestWorld w(Level({"########", "#@....r#", "########"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  const EnemyAi before = *world.Ais().Find(rat);
  BeginTickPhase(world);
  REQUIRE(world.QueueDestroy(rat) == Status::Ok);
  AiDecisionPhase(world, w.scratch);
  CHECK(world.Intents().Find(rat)->kind == ActionKind::None);  // the AI did not run for it
  CHECK(world.Ais().Find(rat)->wake_tick == before.wake_tick);
  CHECK(world.Ais().Find(rat)->alertness == before.alertness);
  world.MutableIntents().Find(rat)->kind =
      ActionKind::Move;  // even a stale intent is not carried out
  world.MutableIntents().Find(rat)->dx = -1;
  MovementPhase(world, w.scratch);
  CHECK(world.Positions().Find(rat)->x == 6);
}

TEST_CASE("a preflight failure faults and publishes nothing, for every pool", "[commands]") {
  for (std::size_t k = 0; k < kComponentKindCount; ++k) {
    const auto kind = static_cast<ComponentKind>(k);
    INFO("pool " << ComponentKindName(kind));
    const LevelDefinition level = Level({"######", "#@.r.#", "######"});
    // Every pool exactly as large as the level needs: any new component overflows `kind`.
    WorldLimits limits = WorldLimits::Uniform(64);
    {
      TestWorld probe(level);
      probe->ForEachPool([&](const auto& pool, ComponentKind k2) {
        if (k2 == kind) limits.pools[k] = pool.Size();
      });
    }
    TestWorld w(level, limits);
    GameWorld& world = *w;
    // A recipe with every component, so it needs room in every pool.
    ComponentBundle recipe = RatAt(world, {4, 1});
    ForEachComponentType([&]<class T>() {
      if (!recipe.Has<T>()) recipe.Set(T{});
    });
    recipe.Set(Position{4, 1});
    const Census before(world);
    const StateDigest digest = DigestState(world);
    BeginTickPhase(world);
    SpawnRequestId request = 0;
    REQUIRE(world.QueueSpawn(recipe, request) == Status::Ok);
    CHECK(CommitPhase(world) == Status::CapacityExceeded);
    EndTickPhase(world, w.scratch);
    CHECK(world.Fault().Active());
    CHECK(world.Fault().status == Status::CapacityExceeded);
    CHECK(world.Fault().phase == TickPhase::Commit);
    CHECK(Census(world) == before);  // no partial bundle anywhere
    for (std::size_t p = 0; p < kComponentKindCount; ++p)
      CHECK(DigestState(world).pools[p] == digest.pools[p]);
    // A faulted world refuses further ticks and stays inspectable.
    CHECK(w.Tick() == Status::CapacityExceeded);
    CHECK(world.Tick() == 1);
    CHECK(world.FirstBrokenInvariant() == "");
  }
}

TEST_CASE("spawns count against the slots free before the batch", "[commands]") {
  const LevelDefinition level = Level({"#####", "#@.r#", "#####"});
  TestWorld w(level, WorldLimits::Uniform(2));  // both slots used by the level
  GameWorld& world = *w;
  BeginTickPhase(world);
  REQUIRE(world.QueueDestroy(w.Monster("rat")) == Status::Ok);  // would free a slot...
  SpawnRequestId request = 0;
  REQUIRE(world.QueueSpawn(RatAt(world, {2, 1}), request) == Status::Ok);
  CHECK(world.CapacityFailures() == 0);
  CHECK(CommitPhase(world) == Status::CapacityExceeded);  // ...but not in the same batch
  CHECK(world.Fault().Active());
  CHECK(world.Registry().IsAlive(w.Monster("rat")));
  CHECK(world.Counters().capacity_failures == 1);  // the pane's "capacity failures"
  CHECK(world.CapacityFailures() == 1);
}

TEST_CASE("a full command queue is a simulation fault, not a lost command", "[commands]") {
  WorldLimits limits = WorldLimits::Uniform(64);
  limits.commands = 2;
  TestWorld w(Level({"#####", "#@..#", "#####"}), limits);
  GameWorld& world = *w;
  BeginTickPhase(world);
  SpawnRequestId request = 0;
  REQUIRE(world.QueueSpawn(RatAt(world, {2, 1}), request) == Status::Ok);
  REQUIRE(world.QueueSpawn(RatAt(world, {3, 1}), request) == Status::Ok);
  CHECK(world.CapacityFailures() == 0);
  CHECK(world.QueueSpawn(RatAt(world, {3, 1}), request) == Status::CapacityExceeded);
  CHECK(world.CapacityFailures() == 1);
  CHECK(world.Fault().Active());
  CHECK(std::string(world.Fault().what).find("command queue is full") != std::string::npos);
  CHECK(world.Counters().command_high_water == 2);
}

TEST_CASE("optional events are dropped with a count, required ones fault", "[commands]") {
  WorldLimits limits = WorldLimits::Uniform(64);
  limits.events = 1;
  TestWorld w(Level({"#####", "#@..#", "#####"}), limits);
  GameWorld& world = *w;
  BeginTickPhase(world);
  CHECK(world.Emit(world.Notices(), NoticeEvent{}));
  CHECK(world.Emit(world.Notices(), NoticeEvent{}));  // optional: dropped, counted
  CHECK(world.Notices().Dropped() == 1);
  CHECK(world.CapacityFailures() == 0);  // a dropped notice is not a failure
  CHECK_FALSE(world.Fault().Active());
  CHECK(world.Emit(world.Deaths(), DeathEvent{}));
  CHECK_FALSE(world.Emit(world.Deaths(), DeathEvent{}));  // required: a fault
  CHECK(world.Fault().Active());
  CHECK(world.CapacityFailures() == 1);
}

TEST_CASE("component commands add, replace and remove at commit", "[commands]") {
  TestWorld w(Level({"#####", "#@.r#", "#####"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  BeginTickPhase(world);
  REQUIRE(world.QueueSetComponent(rat, Health{1, 50}) == Status::Ok);  // replace
  REQUIRE(world.QueueSetComponent(rat, Item{}) == Status::Ok);         // add
  REQUIRE(world.QueueRemoveComponent<Blocker>(rat) == Status::Ok);     // remove
  CHECK(world.Healths().Find(rat)->max != 50);
  REQUIRE(CommitPhase(world) == Status::Ok);
  EndTickPhase(world, w.scratch);
  CHECK(world.Healths().Find(rat)->max == 50);
  CHECK(world.Items().Contains(rat));
  CHECK_FALSE(world.Blockers().Contains(rat));
  CHECK(world.FirstBrokenInvariant() == "");
}

TEST_CASE("the state hash is canonical: the same entities in other slots hash alike",
          "[commands][hash]") {
  const LevelDefinition level = Level({"#######", "#@....#", "#.....#", "#######"});
  TestWorld plain(level);
  TestWorld churned(level);
  // Churn the second world before it gets the same two entities: they land in other slots with
  // other generations, and the item's holder reference names other handles.
  const auto add_pair = [](GameWorld& world) {
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Construction, scope) == Status::Ok);
    ComponentBundle rat = RatAt(world, {3, 2});
    EntityId monster;
    REQUIRE(world.CreateFromBundle(*scope, rat, monster) == Status::Ok);
    ComponentBundle dart;
    dart.Set(Item{}).item.holder = monster;
    dart.item.quantity = 3;
    EntityId item;
    REQUIRE(world.CreateFromBundle(*scope, dart, item) == Status::Ok);
    return monster;
  };
  {
    std::optional<StructuralScope> scope;
    REQUIRE(churned->OpenStructural(WorldPhase::Construction, scope) == Status::Ok);
    EntityId a, b, c;
    REQUIRE(churned->CreateEntity(*scope, a) == Status::Ok);
    REQUIRE(churned->CreateEntity(*scope, b) == Status::Ok);
    REQUIRE(churned->CreateEntity(*scope, c) == Status::Ok);
    REQUIRE(churned->DestroyEntity(*scope, b) == Status::Ok);
    REQUIRE(churned->DestroyEntity(*scope, a) == Status::Ok);
    REQUIRE(churned->DestroyEntity(*scope, c) == Status::Ok);
  }
  const EntityId first = add_pair(*plain);
  const EntityId second = add_pair(*churned);
  REQUIRE((first.Slot != second.Slot || first.Generation != second.Generation));
  CHECK(DigestState(*plain).total == DigestState(*churned).total);

  // And a real difference still shows: the rat a step away.
  plain->MutablePositions().Find(first)->x += 1;
  CHECK(DigestState(*plain).total != DigestState(*churned).total);
}

TEST_CASE("capacity failures sum the world's, the registry's, every pool's and the bindings'",
          "[commands]") {
  WorldLimits limits = WorldLimits::Uniform(4);
  limits.pools[static_cast<std::size_t>(ComponentKind::Condition)] = 1;
  TestWorld w(Level({"#####", "#@..#", "#####"}), limits);
  GameWorld& world = *w;
  REQUIRE(world.Registry().LiveCount() < 4);
  std::optional<StructuralScope> scope;
  REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  // The registry full, then one more: the registry counts it.
  std::vector<EntityId> made;
  while (world.Registry().FreeCount() > 0) {
    EntityId id;
    REQUIRE(world.CreateEntity(*scope, id) == Status::Ok);
    made.push_back(id);
  }
  REQUIRE(made.size() >= 2);
  EntityId extra;
  CHECK(world.CreateEntity(*scope, extra) == Status::CapacityExceeded);
  CHECK(world.Registry().CapacityFailures() == 1);
  CHECK(world.CapacityFailures() == 1);
  // The one-entry condition pool full, then one more: the pool counts it.
  REQUIRE(world.AddComponent(*scope, made[0], Condition{}) == Status::Ok);
  CHECK(world.AddComponent(*scope, made[1], Condition{}) == Status::CapacityExceeded);
  CHECK(world.Conditions().CapacityFailures() == 1);
  CHECK(world.CapacityFailures() == 2);
  // Between ticks a refusal is an answer to the caller, not a fault; the world's own count (its
  // queues and batches) is untouched.
  CHECK_FALSE(world.Fault().Active());
  CHECK(world.Counters().capacity_failures == 0);
}

}  // namespace commands_test

namespace commands_test {

TEST_CASE("a refused player command carries its kind, which code branches on, and its words",
          "[commands]") {
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  const auto refused = [&](PlayerCommand command) {
    Refusal why;
    Intent intent;
    CHECK_FALSE(TranslatePlayerCommand(*w, w.scratch.player_view, command, intent, why));
    CHECK_FALSE(why.words.empty());
    return why.kind;
  };
  CHECK(refused(PlayerCommand{PlayerCommandKind::Descend}) == RefusalKind::NoStairsHere);
  CHECK(refused(PlayerCommand{PlayerCommandKind::Ascend}) == RefusalKind::NoStairsHere);
  CHECK(refused(PlayerCommand{PlayerCommandKind::PickUp}) == RefusalKind::NothingHere);
  CHECK(refused(PlayerCommand{PlayerCommandKind::Move, -1, 0}) == RefusalKind::Blocked);
  CHECK(refused(PlayerCommand{PlayerCommandKind::None}) == RefusalKind::NoCommand);
  // The words are the message log's and may change; the kind is what the controller reads.
  Refusal why;
  Intent intent;
  (void)TranslatePlayerCommand(*w, w.scratch.player_view, PlayerCommand{PlayerCommandKind::Descend},
                               intent, why);
  CHECK(why.words == "There are no stairs down here.");
}

}  // namespace commands_test
