// The goal-pocket check says "unreachable" only when the search could never succeed, and says it
// for a goal hemmed in by a ring of occupied cells; checked against the pathfinder itself (an
// unbounded search with the same byte grid) on crowded random maps.
#include "game/goal_pocket.h"

#include <catch2/catch.hpp>
#include <vector>

#include "game/pathing.h"
#include "game/random.h"
#include "random_map.h"

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
  TileMap map;
  REQUIRE(map.Initialize(20, 20) == Status::Ok);
  for (std::int32_t y = 0; y < 20; ++y)
    for (std::int32_t x = 0; x < 20; ++x) map.Set(x, y, Terrain::Floor);
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

TEST_CASE("an unreachable answer always agrees with an unbounded search", "[pocket]") {
  Rng rng(77);
  Pathfinder paths;
  GoalPocket pocket;
  std::uint64_t revision = 0;
  std::uint32_t said_unreachable = 0, searches_failed = 0;
  for (int round = 0; round < 60; ++round) {
    const TileMap map =
        test::RandomMap(24, 18, rng, 10 + static_cast<std::uint32_t>(round % 3) * 5);
    REQUIRE(paths.Initialize(map.Width(), map.Height()) == Status::Ok);
    REQUIRE(pocket.Initialize(map.Cells().size()) == Status::Ok);
    std::vector<std::uint8_t> blocked = NoneTaken(map);
    for (std::size_t i = 0; i < blocked.size(); ++i) blocked[i] = rng.Percent(45) ? 1 : 0;
    ++revision;
    for (int query = 0; query < 40; ++query) {
      const Position from{rng.Range(0, 23), rng.Range(0, 17)};
      const Position goal{rng.Range(0, 23), rng.Range(0, 17)};
      Position step{};
      std::int32_t length = 0;
      const bool found = paths.FindPath(map, blocked, revision, from, goal, 1u << 30, step, length);
      const bool unreachable = pocket.Unreachable(map, blocked, revision, from, goal);
      INFO("round " << round << " from " << from.x << "," << from.y << " to " << goal.x << ","
                    << goal.y);
      if (unreachable) CHECK_FALSE(found);
      said_unreachable += unreachable ? 1 : 0;
      searches_failed += found ? 0 : 1;
    }
  }
  // The crowd is dense enough that many goals are hemmed in, and the check finds most of them.
  CHECK(searches_failed > 200);
  CHECK(said_unreachable * 2 > searches_failed);
}
