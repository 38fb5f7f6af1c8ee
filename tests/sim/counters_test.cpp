// The run's diagnostic counters over its life: death effects dropped when more deaths show than
// the session keeps, and every counter (the world's, the registry's, the pools', the binding
// table's, the session's) put back exactly by a step back and started again by a restart, never
// part of the state hash.
#include <array>
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "sim/rewind.h"
#include "support/test_content.h"
#include "support/test_keys.h"

namespace counters_test {

using namespace cairn;

namespace {

// The player in a room with four rats around it, each one blow from death, asleep.
std::unique_ptr<GameSession> RatRoom(std::size_t max_effects) {
  const std::vector<std::string_view> rows = {"#######", "#.r.r.#", "#..@..#", "#.r.r.#",
                                              "#######"};
  SessionConfig config =
      cairn::test::Config(1, std::make_shared<LevelDefinition>(
                                 LevelFromAscii("t", rows, *cairn::test::Definitions(), false)));
  config.max_effects = max_effects;
  config.limits = WorldLimits::Uniform(32);
  config.limits.pools[static_cast<std::size_t>(ComponentKind::Condition)] = 1;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  GameWorld& world = session->World();
  world.MutableCombats().Find(world.PlayerEntity())->accuracy = 100;  // cannot miss
  for (EntityId rat : world.Ais().Owners()) {
    world.MutableHealths().Find(rat)->current = 1;
    world.MutableAis().Find(rat)->wake_tick = 100000;
  }
  return session;
}

// Kills the rat at (x, y) from where the player stands (one diagonal step away).
void KillRatAt(GameSession& session, std::int32_t x, std::int32_t y) {
  const Position at = *session.World().Positions().Find(session.World().PlayerEntity());
  const std::uint32_t monsters = session.World().Ais().Size();
  REQUIRE(session.Submit(PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(x - at.x),
                                       static_cast<std::int8_t>(y - at.y)}) == Status::Ok);
  REQUIRE(session.World().Ais().Size() == monsters - 1);
}

struct Counters {
  std::uint32_t peak_generation;
  std::uint64_t capacity_failures, conflicts, effects_dropped;
  explicit Counters(const GameSession& session)
      : peak_generation(session.World().Registry().PeakGeneration()),
        capacity_failures(session.World().CapacityFailures()),
        conflicts(session.World().Bindings().Conflicts()),
        effects_dropped(session.Log().EffectsDropped()) {}
  bool operator==(const Counters&) const = default;
};

// Between ticks, as the console's edits are: a slot freed and taken twice (peak generation 3),
// a component refused by a full pool, a key bound and then offered to another entity.
void Edit(GameSession& session, std::uint8_t key) {
  GameWorld& world = session.World();
  session.NoteEdit();
  std::optional<StructuralScope> scope;
  REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  EntityId a, b;
  REQUIRE(world.CreateEntity(*scope, a) == Status::Ok);
  for (int i = 0; i < 2; ++i) {
    REQUIRE(world.DestroyEntity(*scope, a) == Status::Ok);
    REQUIRE(world.CreateEntity(*scope, a) == Status::Ok);
  }
  REQUIRE(world.CreateEntity(*scope, b) == Status::Ok);
  (void)world.AddComponent(*scope, a,
                           Condition{});  // the one-entry pool: full after the first edit
  CHECK(world.AddComponent(*scope, b, Condition{}) == Status::CapacityExceeded);
  const PersistentObjectKey held = cairn::test::TestKey(1, key);
  const Binding first[] = {{held, a}};
  REQUIRE(world.Bindings().Activate(first) == Status::Ok);
  const Binding clash[] = {{held, b}};
  CHECK(world.Bindings().Activate(clash) == Status::IdentityConflict);
}

}  // namespace

TEST_CASE("deaths past the effects kept push out the oldest, and each is counted", "[counters]") {
  auto session = RatRoom(2);
  CHECK(session->Log().EffectsDropped() == 0);
  KillRatAt(*session, 2, 1);
  KillRatAt(*session, 4, 1);
  CHECK(session->Log().Effects().size() == 2);
  CHECK(session->Log().EffectsDropped() == 0);
  // A third death while both still show: the oldest (the first rat's) goes.
  KillRatAt(*session, 2, 3);
  REQUIRE(session->World().Tick() < RunLog::kEffectTicks);
  CHECK(session->Log().Effects().size() == 2);
  CHECK(session->Log().EffectsDropped() == 1);
  for (const DeathEffect& effect : session->Log().Effects())
    CHECK_FALSE((effect.where.x == 2 && effect.where.y == 1));
  KillRatAt(*session, 4, 3);
  CHECK(session->Log().EffectsDropped() == 2);
  // Effects that fade on their own are not dropped.
  REQUIRE(session->RunTicks(RunLog::kEffectTicks) == Status::Ok);
  CHECK(session->Log().Effects().empty());
  CHECK(session->Log().EffectsDropped() == 2);
  // A new run starts from nothing.
  REQUIRE(session->Restart() == Status::Ok);
  CHECK(session->Log().EffectsDropped() == 0);
}

TEST_CASE("a step back puts every counter back and a restart starts them again",
          "[counters][rewind]") {
  auto session = RatRoom(2);
  KillRatAt(*session, 2, 1);
  KillRatAt(*session, 4, 1);
  KillRatAt(*session, 2, 3);
  const std::int64_t before_edit = session->World().Tick();
  const Counters at_start(*session);
  CHECK(at_start.peak_generation == 1);
  CHECK(at_start.effects_dropped == 1);
  CHECK(at_start.capacity_failures == 0);
  CHECK(at_start.conflicts == 0);
  Edit(*session, 2);
  const Counters first(*session);
  CHECK(first.peak_generation == 4);  // a dead rat's slot taken three times: generations 2, 3, 4
  CHECK(first.capacity_failures == 1);
  CHECK(first.conflicts == 1);
  REQUIRE(session->RunTicks(5) == Status::Ok);
  Edit(*session, 3);
  REQUIRE(session->Log().Effects().size() == 2);  // both still showing...
  KillRatAt(*session, 4, 3);                      // ...so the last death drops one
  const Counters second(*session);
  CHECK(second.capacity_failures == 3);  // the full pool refused both of the second edit's entities
  CHECK(second.conflicts == 2);
  CHECK(second.effects_dropped == 2);
  const std::int64_t end = session->World().Tick();
  REQUIRE(session->RunTicks(20) == Status::Ok);

  std::string why;
  REQUIRE(session->StepBack(20, why) == Status::Ok);
  CHECK(Counters(*session) == second);
  REQUIRE(session->StepBack(static_cast<std::uint64_t>(end - before_edit), why) == Status::Ok);
  CHECK(Counters(*session) == first);  // the state at that tick includes the edit made at it
  REQUIRE(session->StepBack(1, why) == Status::Ok);
  REQUIRE(session->RunTicks(1) == Status::Ok);
  CHECK(Counters(*session) == at_start);

  REQUIRE(session->Restart() == Status::Ok);
  const Counters fresh(*session);
  CHECK(fresh.peak_generation == 1);
  CHECK(fresh.capacity_failures == 0);
  CHECK(fresh.conflicts == 0);
  CHECK(fresh.effects_dropped == 0);
}

TEST_CASE("the counters are not part of the state hash", "[counters]") {
  // Two runs in the same state, one of which was refused twice: the same hash (sim.cases pins
  // hashes that must not move when something only counts).
  auto counted = RatRoom(2);
  auto quiet = RatRoom(2);
  for (GameSession* session : {counted.get(), quiet.get()}) {
    GameWorld& world = session->World();
    session->NoteEdit();
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    REQUIRE(world.AddComponent(*scope, world.PlayerEntity(), Condition{}) == Status::Ok);
    const Binding bound[] = {{cairn::test::TestKey(1, 2), world.PlayerEntity()}};
    REQUIRE(world.Bindings().Activate(bound) == Status::Ok);
  }
  {
    GameWorld& world = counted->World();
    const EntityId rat = world.Ais().Owners()[0];
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    CHECK(world.AddComponent(*scope, rat, Condition{}) == Status::CapacityExceeded);
    const Binding clash[] = {{cairn::test::TestKey(1, 2), rat}};
    CHECK(world.Bindings().Activate(clash) == Status::IdentityConflict);
  }
  CHECK(counted->World().CapacityFailures() == 1);
  CHECK(counted->World().Bindings().Conflicts() == 1);
  CHECK(quiet->World().CapacityFailures() == 0);
  CHECK(counted->StateHash() == quiet->StateHash());
  REQUIRE(counted->RunTicks(25) == Status::Ok);
  REQUIRE(quiet->RunTicks(25) == Status::Ok);
  CHECK(counted->StateHash() == quiet->StateHash());
}

}  // namespace counters_test
