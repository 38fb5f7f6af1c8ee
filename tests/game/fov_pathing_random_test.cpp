// Field of view, paths and random numbers: the deterministic machinery under the rules.
#include <catch2/catch.hpp>
#include <deque>
#include <vector>

#include "game/fov.h"
#include "game/pathing.h"
#include "game/random.h"
#include "game/random_map.h"

namespace fov_pathing_random_test {

using namespace cairn;

namespace {

TileMap RandomMap(std::int32_t w, std::int32_t h, std::uint64_t seed, std::uint32_t wall_percent) {
  Rng rng(seed);
  return test::RandomMap(w, h, rng, wall_percent);
}

}  // namespace

TEST_CASE("the generator and its distributions give the same numbers everywhere", "[random]") {
  // Fixed expectations: if these change, every recording and seed changes meaning.
  Rng rng(42);
  const std::uint64_t first = rng.Next();
  Rng again(42);
  CHECK(again.Next() == first);
  Rng a(7);
  std::vector<std::uint32_t> below;
  for (int i = 0; i < 5; ++i) below.push_back(a.Below(10));
  Rng b(7);
  for (int i = 0; i < 5; ++i) CHECK(b.Below(10) == below[static_cast<std::size_t>(i)]);
  CHECK(a.Below(0) == 0);
  CHECK(a.Range(5, 5) == 5);
  CHECK(a.Range(9, 3) == 9);
  for (int i = 0; i < 10000; ++i) {
    const std::int32_t v = a.Range(-3, 3);
    CHECK(v >= -3);
    CHECK(v <= 3);
  }
  // Roughly uniform: each of 6 faces within 10% of its share over 60,000 rolls.
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) ++counts[static_cast<std::size_t>(a.Dice(1, 6) - 1)];
  for (int c : counts) {
    CHECK(c > 9000);
    CHECK(c < 11000);
  }
  CHECK(a.Draws() > 0);
}

TEST_CASE("random streams are independent per purpose and seeded from the session seed",
          "[random]") {
  RandomStreams one, two, other;
  one.Seed(99);
  two.Seed(99);
  other.Seed(100);
  CHECK(one[RandomPurpose::Ai].Next() == two[RandomPurpose::Ai].Next());
  CHECK(one[RandomPurpose::Map].State() != one[RandomPurpose::Combat].State());
  CHECK(one[RandomPurpose::Map].State() != other[RandomPurpose::Map].State());
  (void)one[RandomPurpose::Combat].Next();  // drawing from one purpose leaves the others alone
  CHECK(one[RandomPurpose::Map].State() == two[RandomPurpose::Map].State());
}

TEST_CASE("field of view is symmetric: if A sees B then B sees A", "[fov]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const TileMap map = RandomMap(40, 30, seed, 25);
    FieldOfView from, to;
    REQUIRE(from.Initialize(40, 30) == Status::Ok);
    REQUIRE(to.Initialize(40, 30) == Status::Ok);
    Rng rng(seed * 31);
    int pairs_seen = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const std::int32_t ax = rng.Range(0, 39), ay = rng.Range(0, 29);
      if (map.BlocksSight(ax, ay)) continue;
      from.Compute(map, ax, ay, 12);
      for (std::int32_t by = 0; by < 30; ++by) {
        for (std::int32_t bx = 0; bx < 40; ++bx) {
          if (map.BlocksSight(bx, by) || !from.Visible(bx, by)) continue;
          to.Compute(map, bx, by, 12);
          INFO("seed " << seed << " A=(" << ax << "," << ay << ") B=(" << bx << "," << by << ")");
          REQUIRE(to.Visible(ax, ay));
          ++pairs_seen;
        }
      }
    }
    CHECK(pairs_seen > 100);
  }
}

TEST_CASE("field of view lights walls it meets and nothing behind them", "[fov]") {
  TileMap map;
  REQUIRE(map.Initialize(11, 3) == Status::Ok);
  for (std::int32_t x = 0; x < 11; ++x) map.Set(x, 1, Terrain::Floor);
  map.Set(6, 1, Terrain::Wall);
  FieldOfView view;
  REQUIRE(view.Initialize(11, 3) == Status::Ok);
  view.Compute(map, 1, 1, 20);
  CHECK(view.Visible(1, 1));
  CHECK(view.Visible(5, 1));
  CHECK(view.Visible(6, 1));        // the wall itself
  CHECK_FALSE(view.Visible(7, 1));  // behind it
  view.Compute(map, 1, 1, 3);
  CHECK(view.Visible(4, 1));
  CHECK_FALSE(view.Visible(5, 1));  // beyond the light
}

TEST_CASE("A* finds a shortest route; distance maps agree with breadth-first search", "[path]") {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const TileMap map = RandomMap(30, 20, seed, 30);
    Pathfinder paths;
    REQUIRE(paths.Initialize(30, 20) == Status::Ok);
    const CellFilter filter;
    std::vector<std::int32_t> distance(30 * 20);
    Rng rng(seed);
    Position start{0, 0};
    do start = Position{rng.Range(0, 29), rng.Range(0, 19)};
    while (!map.Passable(start.x, start.y));
    const Position sources[] = {start};
    paths.DistanceMap(map, filter, sources, distance);
    for (int trial = 0; trial < 40; ++trial) {
      const Position goal{rng.Range(0, 29), rng.Range(0, 19)};
      if (!map.Passable(goal.x, goal.y) || (goal.x == start.x && goal.y == start.y)) continue;
      Position step{};
      std::int32_t length = 0;
      const bool found = paths.FindPath(map, filter, goal, start, 100000, step, length);
      const std::int32_t bfs = distance[map.Index(goal.x, goal.y)];
      INFO("seed " << seed << " goal (" << goal.x << "," << goal.y << ")");
      CHECK(found == (bfs != kUnreachable));
      if (found) {
        CHECK(length == bfs);
        CHECK(ChebyshevDistance(step, goal) == 1);
        CHECK(distance[map.Index(step.x, step.y)] == bfs - 1);  // the step goes downhill
      }
    }
  }
}

namespace {

// The map's passability inside a window, walls outside it.
class InsideWindow : public CellFilter {
 public:
  explicit InsideWindow(MapWindow window) : window_(window) {}
  bool Enterable(const TileMap& map, std::int32_t x, std::int32_t y) const override {
    return window_.Contains(x, y) && map.Passable(x, y);
  }

 private:
  MapWindow window_;
};

}  // namespace

// A field over a window (what the fleeing monsters read, decision 0035) is the whole map's field
// with every cell outside the window walled off, read at the window's cells; a source outside
// the window reaches nothing in it.
TEST_CASE("distance and flee maps over a window are the walled-off map's", "[path]") {
  std::uint32_t compared = 0, reached = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const TileMap map = RandomMap(30, 20, seed, 25);
    Pathfinder paths;
    REQUIRE(paths.Initialize(30, 20) == Status::Ok);
    Rng rng(seed * 7);
    const Position centre{rng.Range(0, 29), rng.Range(0, 19)};
    const MapWindow window = MapWindow::Around(map, centre, rng.Range(2, 12));
    REQUIRE(window.Cells() > 0);
    Position source = centre;
    while (!map.Passable(source.x, source.y))
      source = Position{rng.Range(window.x, window.x + window.width - 1),
                        rng.Range(window.y, window.y + window.height - 1)};
    const Position sources[] = {source};
    const CellFilter plain;
    const InsideWindow inside(window);
    std::vector<std::int32_t> whole_distance(600), whole_flee(600);
    paths.DistanceMap(map, inside, sources, whole_distance);
    paths.FleeMap(map, inside, whole_distance, whole_flee);
    std::vector<std::int32_t> distance(window.Cells()), flee(window.Cells());
    paths.DistanceMap(map, plain, sources, window, distance);
    paths.FleeMap(map, plain, window, distance, flee);
    for (std::int32_t y = window.y; y < window.y + window.height; ++y)
      for (std::int32_t x = window.x; x < window.x + window.width; ++x) {
        INFO("seed " << seed << " cell " << x << "," << y);
        CHECK(distance[window.Index(x, y)] == whole_distance[map.Index(x, y)]);
        CHECK(flee[window.Index(x, y)] == whole_flee[map.Index(x, y)]);
        ++compared;
        reached += distance[window.Index(x, y)] != kUnreachable ? 1 : 0;
      }
    // From outside, nothing: the field is all unreachable.
    const Position outside[] = {{window.x + window.width, window.y}};
    if (map.InBounds(outside[0].x, outside[0].y)) {
      paths.DistanceMap(map, plain, outside, window, distance);
      for (const std::int32_t d : distance) CHECK(d == kUnreachable);
    }
  }
  CHECK(compared > 500);
  CHECK(reached > 200);
}

TEST_CASE("rolling down a flee map leads away from the threat", "[path]") {
  TileMap map;
  REQUIRE(map.Initialize(20, 3) == Status::Ok);
  for (std::int32_t x = 0; x < 20; ++x) map.Set(x, 1, Terrain::Floor);
  Pathfinder paths;
  REQUIRE(paths.Initialize(20, 3) == Status::Ok);
  const CellFilter filter;
  std::vector<std::int32_t> distance(60), flee(60);
  const Position threat[] = {{5, 1}};
  paths.DistanceMap(map, filter, threat, distance);
  paths.FleeMap(map, filter, distance, flee);
  CHECK(flee[map.Index(19, 1)] < flee[map.Index(10, 1)]);  // the far end is the safest
  CHECK(flee[map.Index(0, 1)] > flee[map.Index(19, 1)]);   // the near dead end is not
}

}  // namespace fov_pathing_random_test
