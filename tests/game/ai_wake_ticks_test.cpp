// The AI phase's copy of every monster's wake_tick (decision 0028): kept by the tick's own
// writes, rebuilt after anything else may have written the field, and never different from the
// pool when it is read.
#include "game/ai_wake_ticks.h"

#include <catch2/catch.hpp>
#include <utility>

#include "game_test_support.h"
#include "world/world_test_support.h"

namespace ai_wake_ticks_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::MustCreate;
using cairn::test::TestWorld;

namespace {

struct WakeFixture {
  EntityRegistry registry;
  ComponentPool<EnemyAi> pool;
  AiWakeTicks copy;
  EntityId ids[3];

  WakeFixture() {
    REQUIRE(registry.Initialize(8) == Status::Ok);
    REQUIRE(pool.Initialize(registry, 8) == Status::Ok);
    REQUIRE(copy.Initialize(8) == Status::Ok);
    for (int i = 0; i < 3; ++i) {
      ids[i] = MustCreate(registry);
      EnemyAi ai;
      ai.wake_tick = 10 * (i + 1);
      StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
      REQUIRE(pool.Insert(ids[i], ai) == Status::Ok);
    }
  }
  std::size_t IndexOf(EntityId id) const {
    return static_cast<std::size_t>(pool.Find(id) - pool.Values().data());
  }
};

}  // namespace

TEST_CASE("the wake ticks' copy is the pool's field, index for index", "[ai][wake]") {
  WakeFixture f;
  CHECK_FALSE(f.copy.Current(f.pool));  // nothing built it yet
  const auto ticks = f.copy.Of(f.pool);
  REQUIRE(ticks.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) CHECK(ticks[i] == f.pool.Values()[i].wake_tick);
  CHECK(f.copy.Current(f.pool));
  CHECK(f.copy.Matches(f.pool));
}

TEST_CASE("Set writes the component and keeps a current copy without a rebuild", "[ai][wake]") {
  WakeFixture f;
  (void)f.copy.Of(f.pool);
  f.copy.Set(f.pool, *f.pool.Find(f.ids[1]), 99);
  CHECK(f.pool.Find(f.ids[1])->wake_tick == 99);
  CHECK(f.copy.Current(f.pool));
  CHECK(f.copy.Of(f.pool)[f.IndexOf(f.ids[1])] == 99);
  // A write behind its back is not seen until the copy is marked stale, and Matches says so.
  f.pool.Find(f.ids[2])->wake_tick = 5;
  CHECK_FALSE(f.copy.Matches(f.pool));
  CHECK(f.copy.Of(f.pool)[f.IndexOf(f.ids[2])] == 30);
  f.copy.MarkStale();
  CHECK(f.copy.Matches(f.pool));  // stale: rebuilt before it is read
  CHECK(f.copy.Of(f.pool)[f.IndexOf(f.ids[2])] == 5);
  CHECK(f.copy.Matches(f.pool));
}

TEST_CASE("Set on a component outside the pool leaves the copy alone", "[ai][wake]") {
  WakeFixture f;
  const auto before = f.copy.Of(f.pool);
  const std::int64_t first = before[0], second = before[1], third = before[2];
  EnemyAi loose;
  f.copy.Set(f.pool, loose, 1234);
  CHECK(loose.wake_tick == 1234);
  const auto after = f.copy.Of(f.pool);
  CHECK(after[0] == first);
  CHECK(after[1] == second);
  CHECK(after[2] == third);
  CHECK(f.copy.Matches(f.pool));
}

TEST_CASE("a change of the pool's membership rebuilds the copy", "[ai][wake]") {
  WakeFixture f;
  (void)f.copy.Of(f.pool);
  {
    StructuralScope scope(f.registry, WorldPhase::Commit, cairn::test::Key());
    REQUIRE(f.pool.Remove(f.ids[0]) == Status::Ok);  // the last one moves into its place
  }
  CHECK_FALSE(f.copy.Current(f.pool));
  const auto ticks = f.copy.Of(f.pool);
  REQUIRE(ticks.size() == 2);
  CHECK(ticks[f.IndexOf(f.ids[2])] == 30);
  CHECK(ticks[f.IndexOf(f.ids[1])] == 20);
}

TEST_CASE("writes between ticks reach the AI phase through the copy", "[ai][wake][tick]") {
  TestWorld w(Level({"#########", "#@..r...#", "#########"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  REQUIRE(w.Tick() == Status::Ok);
  REQUIRE(world.AiWakeTicksCurrent());
  CHECK(world.AiWakeTicksMatch());

  SECTION("through the named pool") {
    world.MutableAis().Find(rat)->wake_tick = world.Tick() + 1000;
    CHECK_FALSE(world.AiWakeTicksCurrent());
  }
  SECTION("through the generic pool") {
    world.MutablePool<EnemyAi>().Find(rat)->wake_tick = world.Tick() + 1000;
    CHECK_FALSE(world.AiWakeTicksCurrent());
  }
  SECTION("through every pool") {
    world.ForEachPool([&](auto& pool, ComponentKind kind) {
      if constexpr (std::is_same_v<std::decay_t<decltype(pool)>, ComponentPool<EnemyAi>>)
        if (kind == ComponentKind::EnemyAi) pool.Find(rat)->wake_tick = world.Tick() + 1000;
    });
    CHECK_FALSE(world.AiWakeTicksCurrent());
  }
  SECTION("by a component command replacing the rat's EnemyAi, at the commit") {
    EnemyAi ai = *std::as_const(world).Ais().Find(rat);
    ai.wake_tick = world.Tick() + 1000;
    REQUIRE(world.QueueSetComponent(rat, ai) == Status::Ok);
    REQUIRE(world.Commit() == Status::Ok);
    CHECK_FALSE(world.AiWakeTicksCurrent());
  }
  // However it was written, the rat sleeps through the next ticks: no AI step of it is traced.
  const Position at = *world.Positions().Find(rat);
  for (int i = 0; i < 20; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(world.Positions().Find(rat)->x == at.x);
  CHECK(world.Ais().Find(rat)->wake_tick > world.Tick());
  CHECK(world.AiWakeTicksByIndex()[0] == world.Ais().Find(rat)->wake_tick);
}

TEST_CASE("a crowd's ticks keep the copy current and equal to the pool", "[ai][wake][tick]") {
  TestWorld w(Level({"####################", "#@.....r....g......#", "#..r.....#.....r...#",
                     "#....g.......r.....#", "#..r....r.....#..g.#", "#.......g.....r....#",
                     "####################"}));
  GameWorld& world = *w;
  int current = 0;
  for (int i = 0; i < 200; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    // A tick that published nothing leaves the copy current; then it must equal the pool, which
    // it would not if a system wrote wake_tick other than through SetWakeTick.
    if (world.AiWakeTicksCurrent()) {
      ++current;
      CHECK(world.AiWakeTicksMatch());
    }
  }
  CHECK(current > 100);
}

}  // namespace ai_wake_ticks_test
