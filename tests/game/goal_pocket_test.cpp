// The goal-pocket check says "unreachable" for a goal hemmed in by a ring of occupied cells, and
// leaves what it cannot tell to the search. That it says so only when the search could never
// succeed is checked against the pathfinder on crowded random maps in free_regions_test.cpp.
#include "game/goal_pocket.h"

#include <catch2/catch.hpp>
#include <vector>

#include "game/pathing.h"
#include "random_map.h"

namespace goal_pocket_test {

using namespace cairn;

namespace {

std::vector<std::uint8_t> NoneTaken(const TileMap& map) {
  return std::vector<std::uint8_t>(map.Cells().size(), 0);
}

void Take(const TileMap& map, std::vector<std::uint8_t>& blocked, std::int32_t x, std::int32_t y) {
  blocked[map.Index(x, y)] = 1;
}

}  // namespace

TEST_CASE("a goal ringed by occupied cells is unreachable from outside the ring", "[pocket]") {
  TileMap map = test::OpenMap(20, 20);
  std::vector<std::uint8_t> blocked = NoneTaken(map);
  const Position goal{10, 10};
  for (int d = 0; d < 8; ++d) Take(map, blocked, goal.x + kStepDx[d], goal.y + kStepDy[d]);
  GoalPocket pocket;
  REQUIRE(pocket.Initialize(map.Cells().size()) == Status::Ok);
  CHECK(pocket.Unreachable(map, blocked, 1, Position{2, 2}, goal));
  CHECK(pocket.Unreachable(map, blocked, 1, Position{12, 10}, goal));  // two cells away, outside
  // One step away: the goal itself is entered, whoever stands beside it.
  CHECK_FALSE(pocket.Unreachable(map, blocked, 1, Position{11, 10}, goal));

  SECTION("a gap in the ring opens it") {
    blocked[map.Index(11, 10)] = 0;
    CHECK(pocket.Unreachable(map, blocked, 1, Position{2, 2}, goal));  // the same revision: kept
    CHECK_FALSE(
        pocket.Unreachable(map, blocked, 2, Position{2, 2}, goal));  // a new one: found again
  }
  SECTION("a wider ring with free cells inside: reachable only from beside the pocket") {
    blocked = NoneTaken(map);
    for (std::int32_t y = 7; y <= 13; ++y)
      for (std::int32_t x = 7; x <= 13; ++x)
        if (x == 7 || x == 13 || y == 7 || y == 13) Take(map, blocked, x, y);
    Take(map, blocked, 12, 12);  // the searcher, inside the ring
    CHECK(pocket.Unreachable(map, blocked, 3, Position{3, 3}, goal));
    CHECK_FALSE(pocket.Unreachable(map, blocked, 3, Position{12, 12}, goal));
  }
  SECTION("walls close a pocket as occupants do") {
    blocked = NoneTaken(map);
    for (int d = 0; d < 8; ++d) map.Set(goal.x + kStepDx[d], goal.y + kStepDy[d], Terrain::Wall);
    CHECK(pocket.Unreachable(map, blocked, 4, Position{2, 2}, goal));
  }
  SECTION("a pocket larger than the check looks at is left to the search") {
    blocked = NoneTaken(map);
    CHECK_FALSE(pocket.Unreachable(map, blocked, 5, Position{0, 0}, goal));
  }
}

// Its answers on random crowds are checked beside FreeRegions' in free_regions_test.cpp.

}  // namespace goal_pocket_test
