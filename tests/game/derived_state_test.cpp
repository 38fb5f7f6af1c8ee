// Derived state follows what was written: a commit rebuilds the occupancy grid only when the
// batch wrote a pool the grid is computed from (derived_state.h), and the grid then says who
// stands where; writable access between ticks marks stale exactly what the pool feeds.
#include "game/derived_state.h"

#include <catch2/catch.hpp>

#include "game_test_support.h"

namespace derived_state_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

static_assert(InputsOf(DerivedState::Occupancy) ==
              (KindBit(ComponentKind::Position) | KindBit(ComponentKind::Blocker)));
static_assert(Touches(KindBit(ComponentKind::EnemyAi), DerivedState::WakeTicks));
static_assert(!Touches(KindBit(ComponentKind::Health), DerivedState::Occupancy));

TEST_CASE("a commit rebuilds who stands where only when the batch wrote its inputs", "[derived]") {
  TestWorld w(Level({"#####", "#@.r#", "#####"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  REQUIRE(world.OccupantAt(3, 1) == rat);

  // A value of no input (health): the grid is left as Movement kept it.
  BeginTickPhase(world);
  std::uint64_t revision = world.OccupancyRevision();
  REQUIRE(world.QueueSetComponent(rat, Health{1, 50}) == Status::Ok);
  REQUIRE(CommitPhase(world) == Status::Ok);
  CHECK(world.OccupancyRevision() == revision);
  EndTickPhase(world, w.scratch);

  // The rat's blocker taken away: rebuilt, and nobody stands there any more.
  BeginTickPhase(world);
  revision = world.OccupancyRevision();
  REQUIRE(world.QueueRemoveComponent<Blocker>(rat) == Status::Ok);
  REQUIRE(CommitPhase(world) == Status::Ok);
  CHECK(world.OccupancyRevision() != revision);
  CHECK(world.OccupantAt(3, 1).IsNull());
  EndTickPhase(world, w.scratch);
}

TEST_CASE("writable access between ticks marks stale what that pool feeds", "[derived]") {
  TestWorld w(Level({"#####", "#@.r#", "#####"}));
  GameWorld& world = *w;
  const EntityId rat = w.Monster("rat");
  BeginTickPhase(world);  // the first tick builds what the world's construction left stale
  EndTickPhase(world, w.scratch);
  // Health feeds nothing derived: the next tick does not rebuild the grid.
  world.MutableHealths().Find(rat)->current = 2;
  std::uint64_t revision = world.OccupancyRevision();
  BeginTickPhase(world);
  CHECK(world.OccupancyRevision() == revision);
  EndTickPhase(world, w.scratch);
  // Positions feed the grid: a rat moved by hand is where the next tick finds it.
  world.MutablePositions().Find(rat)->x = 2;
  revision = world.OccupancyRevision();
  BeginTickPhase(world);
  CHECK(world.OccupancyRevision() != revision);
  CHECK(world.OccupantAt(2, 1) == rat);
  CHECK(world.OccupantAt(3, 1).IsNull());
  EndTickPhase(world, w.scratch);
}

}  // namespace derived_state_test
