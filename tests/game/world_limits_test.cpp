// Capacity follows the data (issue 17): a world is built with room for the entities it starts
// with, grown from the session's limits by a power of two, never past kMaxWorldEntities.
#include "game/world_limits.h"

#include <catch2/catch.hpp>

namespace world_limits_test {

using namespace cairn;

TEST_CASE("a level that fits the session's limits keeps them", "[limits]") {
  const WorldLimits base = WorldLimits::Uniform(4096);
  // 3,277 and a quarter more (819) is exactly 4,096.
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{3277}}) {
    const WorldLimits limits = base.For(count);
    CHECK(limits.entities == 4096);
    CHECK(limits.commands == base.commands);
    CHECK(limits.events == base.events);
  }
}

TEST_CASE("a larger level gets a quarter more room, by a power of two", "[limits]") {
  const WorldLimits base = WorldLimits::Uniform(4096);
  // 3,278 entities and a quarter more are 4,097: twice the room.
  CHECK(base.For(3278).entities == 8192);
  const WorldLimits crowd = base.For(100001);  // 100,000 monsters and the player
  CHECK(crowd.entities == 131072);
  for (std::uint32_t pool : crowd.pools) CHECK(pool == 131072);
  CHECK(crowd.commands == base.commands * 32);
  CHECK(crowd.outcomes == base.outcomes * 32);
  CHECK(crowd.events == base.events * 32);
  CHECK(crowd.trace == base.trace);  // rings keep their size
  CHECK(crowd.story == base.story);
}

TEST_CASE("no world grows past the largest", "[limits]") {
  const WorldLimits base = WorldLimits::Uniform(4096);
  const WorldLimits most = base.For(std::size_t{1} << 40);
  CHECK(most.entities == kMaxWorldEntities);
  for (std::uint32_t pool : most.pools) CHECK(pool == kMaxWorldEntities);
  CHECK(base.For(kMaxWorldEntities).entities == kMaxWorldEntities);
  // A pool smaller than the registry stays as much smaller.
  WorldLimits uneven = base;
  uneven.pools[0] = 1024;
  CHECK(uneven.For(100001).pools[0] == 1024 * 32);
  // No registry at all: nothing to grow from, and no endless doubling.
  CHECK(WorldLimits::Uniform(0).For(10).entities == 0);
}

// The rule is a constant expression: term's limits are fixed before any code runs.
static_assert(WorldLimits::Uniform(4096).For(100001).entities == 131072);
static_assert(WorldLimits::Uniform(4096).For(4096 * 4 / 5).entities == 4096);

}  // namespace world_limits_test
