// A*: every answer checked against a plain breadth-first search under the same rules (the
// goal is always enterable; a filter narrows the passable cells), on maps of every shape; and
// the pathfinder's cached copy of the walls follows the map it is given.
#include "game/pathing.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <deque>
#include <vector>

#include "base/fault_injection.h"
#include "game/random.h"
#include "game/random_map.h"

namespace pathing_test {

using namespace cairn;

namespace {

// Cells whose x + y is a multiple of `period` are taken, as if someone stood there.
class CrowdFilter final : public CellFilter {
 public:
  explicit CrowdFilter(std::int32_t period) : period_(period) {}
  bool Enterable(const TileMap& map, std::int32_t x, std::int32_t y) const override {
    return map.Passable(x, y) && (x + y) % period_ != 0;
  }

 private:
  std::int32_t period_;
};

// Steps from `from` to every cell under A*'s rules: a cell is entered when the filter allows it
// or it is the goal. kUnreachable where no route goes.
std::vector<std::int32_t> Reference(const TileMap& map, const CellFilter& filter, Position from,
                                    Position goal) {
  std::vector<std::int32_t> distance(static_cast<std::size_t>(map.Width() * map.Height()),
                                     kUnreachable);
  std::deque<Position> queue{from};
  distance[map.Index(from.x, from.y)] = 0;
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    if (p.x == goal.x && p.y == goal.y) continue;  // the goal is entered, never crossed
    for (int d = 0; d < 8; ++d) {
      const Position n{p.x + kStepDx[d], p.y + kStepDy[d]};
      if (!map.InBounds(n.x, n.y)) continue;
      if (!(n.x == goal.x && n.y == goal.y) && !filter.Enterable(map, n.x, n.y)) continue;
      std::int32_t& slot = distance[map.Index(n.x, n.y)];
      if (slot != kUnreachable) continue;
      slot = distance[map.Index(p.x, p.y)] + 1;
      queue.push_back(n);
    }
  }
  return distance;
}

// One query, checked: found exactly when a route exists, the shortest length, and a first step
// that is a legal move from which the rest is one step shorter.
void CheckQuery(Pathfinder& paths, const TileMap& map, const CellFilter& filter, Position from,
                Position to) {
  Position step{-1, -1};
  std::int32_t length = -1;
  const bool found = paths.FindPath(map, filter, from, to, 1u << 30, step, length);
  const std::vector<std::int32_t> reference = Reference(map, filter, from, to);
  const std::int32_t shortest = reference[map.Index(to.x, to.y)];
  INFO("from (" << from.x << "," << from.y << ") to (" << to.x << "," << to.y << ")");
  REQUIRE(found == (shortest != kUnreachable));
  if (!found) return;
  CHECK(length == shortest);
  REQUIRE(ChebyshevDistance(from, step) == 1);
  const bool at_goal = step.x == to.x && step.y == to.y;
  CHECK((at_goal || filter.Enterable(map, step.x, step.y)));
  const std::vector<std::int32_t> rest = Reference(map, filter, step, to);
  CHECK(rest[map.Index(to.x, to.y)] == length - 1);
}

}  // namespace

TEST_CASE("A* finds the shortest route on maps of every shape, walls at the ends included",
          "[path]") {
  const CellFilter plain;
  const CrowdFilter crowd(5);
  std::int32_t queries = 0, routes = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    Rng rng(seed);
    const std::int32_t w = rng.Range(1, 40), h = rng.Range(1, 30);
    const TileMap map = test::RandomMap(w, h, rng, rng.Below(60));
    Pathfinder paths;
    REQUIRE(paths.Initialize(w, h) == Status::Ok);
    for (int trial = 0; trial < 12; ++trial) {
      // Any two cells: the start or the goal may be a wall (the goal is always enterable).
      const Position from{rng.Range(0, w - 1), rng.Range(0, h - 1)};
      const Position to{rng.Range(0, w - 1), rng.Range(0, h - 1)};
      if (from.x == to.x && from.y == to.y) continue;
      INFO("seed " << seed << " trial " << trial);
      CheckQuery(paths, map, trial % 2 == 0 ? plain : static_cast<const CellFilter&>(crowd), from,
                 to);
      ++queries;
      Position step{};
      std::int32_t length = 0;
      routes += paths.FindPath(map, plain, from, to, 1u << 30, step, length) ? 1 : 0;
    }
  }
  CHECK(queries > 1000);
  CHECK(routes > queries / 3);  // the maps are not all walls: most queries have a route
}

TEST_CASE("A* answers the same twice, and a search leaves nothing behind for the next", "[path]") {
  Rng rng(77);
  const TileMap map = test::RandomMap(60, 40, rng, 25);
  Pathfinder paths;
  REQUIRE(paths.Initialize(60, 40) == Status::Ok);
  const CellFilter plain;
  const CrowdFilter crowd(4);
  const Position a{0, 0}, b{59, 39}, c{30, 0};
  Position first{}, again{};
  std::int32_t length = 0, length_again = 0;
  const bool found = paths.FindPath(map, plain, a, b, 1u << 30, first, length);
  // Other searches in between, one failing on its expansion limit, one with a filter.
  Position scratch{};
  std::int32_t scratch_length = 0;
  CHECK_FALSE(paths.FindPath(map, plain, b, a, 3, scratch, scratch_length));
  CHECK(paths.LastExpansions() == 4);  // stopped as soon as the limit was passed
  (void)paths.FindPath(map, crowd, c, a, 1u << 30, scratch, scratch_length);
  const bool found_again = paths.FindPath(map, plain, a, b, 1u << 30, again, length_again);
  CHECK(found == found_again);
  CHECK(length == length_again);
  CHECK(first.x == again.x);
  CHECK(first.y == again.y);
  // A fresh pathfinder agrees with the used one.
  Pathfinder fresh;
  REQUIRE(fresh.Initialize(60, 40) == Status::Ok);
  Position fresh_step{};
  std::int32_t fresh_length = 0;
  CHECK(fresh.FindPath(map, plain, a, b, 1u << 30, fresh_step, fresh_length) == found);
  CHECK(fresh_length == length);
  CHECK(fresh_step.x == first.x);
  CHECK(fresh_step.y == first.y);
}

TEST_CASE("A* sees walls that change between searches, and tells maps apart", "[path]") {
  TileMap map;
  REQUIRE(map.Initialize(9, 3) == Status::Ok);
  for (std::int32_t x = 0; x < 9; ++x) map.Set(x, 1, Terrain::Floor);
  Pathfinder paths;
  REQUIRE(paths.Initialize(9, 3) == Status::Ok);
  const CellFilter plain;
  Position step{};
  std::int32_t length = 0;
  REQUIRE(paths.FindPath(map, plain, {0, 1}, {8, 1}, 1000, step, length));
  CHECK(length == 8);
  // Wall the corridor: no route, until a way round is dug above the wall.
  map.Set(4, 1, Terrain::Wall);
  CHECK_FALSE(paths.FindPath(map, plain, {0, 1}, {8, 1}, 1000, step, length));
  map.Set(4, 0, Terrain::Floor);
  REQUIRE(paths.FindPath(map, plain, {0, 1}, {8, 1}, 1000, step, length));
  CHECK(length == 8);  // up and over costs nothing extra: diagonals cost one step
  // Opening a door changes nothing A* cares about; a chasm does.
  const std::uint64_t before = map.PassabilityRevision();
  map.Set(2, 1, Terrain::DoorClosed);
  map.Set(2, 1, Terrain::DoorOpen);
  CHECK(map.PassabilityRevision() == before);
  map.Set(4, 0, Terrain::Chasm);
  CHECK(map.PassabilityRevision() != before);
  CHECK_FALSE(paths.FindPath(map, plain, {0, 1}, {8, 1}, 1000, step, length));
  // Another map of the same size, asked of the same pathfinder: its own walls, not the last map's.
  TileMap open;
  REQUIRE(open.Initialize(9, 3) == Status::Ok);
  for (std::int32_t y = 0; y < 3; ++y)
    for (std::int32_t x = 0; x < 9; ++x) open.Set(x, y, Terrain::Floor);
  CHECK(open.PassabilityRevision() != map.PassabilityRevision());
  REQUIRE(paths.FindPath(open, plain, {0, 1}, {8, 1}, 1000, step, length));
  CHECK(length == 8);
  CHECK_FALSE(paths.FindPath(map, plain, {0, 1}, {8, 1}, 1000, step, length));
}

// A level's terrain is assigned at once: a new map is all wall, the cells come in row by row,
// and each revision changes once, only when what it keys on changed; a wrong count changes nothing.
TEST_CASE("a map takes all its cells at once, its revisions changed once", "[path]") {
  TileMap map;
  REQUIRE(map.Initialize(4, 2) == Status::Ok);
  CHECK(map.At(3, 1) == Terrain::Wall);
  const std::uint64_t passability = map.PassabilityRevision(), sight = map.SightRevision();
  std::vector<Terrain> cells(8, Terrain::Wall);
  cells[1] = Terrain::Chasm;  // impassable as a wall is, but sight passes
  REQUIRE(map.Assign(cells) == Status::Ok);
  CHECK(map.At(1, 0) == Terrain::Chasm);
  CHECK(map.PassabilityRevision() == passability);
  CHECK(map.SightRevision() != sight);
  const std::uint64_t sight_after = map.SightRevision();
  cells[6] = Terrain::Floor;
  cells[7] = Terrain::Water;
  REQUIRE(map.Assign(cells) == Status::Ok);
  CHECK(map.At(2, 1) == Terrain::Floor);
  CHECK(map.At(3, 1) == Terrain::Water);
  CHECK(map.PassabilityRevision() != passability);
  CHECK(map.SightRevision() != sight_after);
  const std::uint64_t now = map.PassabilityRevision();
  CHECK(map.Assign(std::vector<Terrain>(7, Terrain::Floor)) == Status::InvalidArgument);
  CHECK(map.At(0, 0) == Terrain::Wall);
  CHECK(map.PassabilityRevision() == now);
}

TEST_CASE("A* refuses what it cannot answer", "[path]") {
  TileMap map;
  REQUIRE(map.Initialize(5, 5) == Status::Ok);
  Pathfinder paths;
  Position step{7, 7};
  std::int32_t length = 7;
  const CellFilter plain;
  CHECK_FALSE(paths.FindPath(map, plain, {0, 0}, {4, 4}, 100, step, length));  // not initialized
  REQUIRE(paths.Initialize(5, 5) == Status::Ok);
  CHECK_FALSE(paths.FindPath(map, plain, {0, 0}, {0, 0}, 100, step, length));   // already there
  CHECK_FALSE(paths.FindPath(map, plain, {-1, 0}, {4, 4}, 100, step, length));  // off the map
  CHECK_FALSE(paths.FindPath(map, plain, {0, 0}, {5, 4}, 100, step, length));
  TileMap other;
  REQUIRE(other.Initialize(6, 5) == Status::Ok);
  CHECK_FALSE(paths.FindPath(other, plain, {0, 0}, {4, 4}, 100, step, length));  // wrong size
  CHECK(step.x == 7);  // outputs unchanged on failure
  CHECK(length == 7);
  CHECK(paths.Initialize(0, 5) == Status::InvalidArgument);
  CHECK(paths.Initialize(5, TileMap::kMaxSide + 1) == Status::InvalidArgument);
}

namespace {

// The same narrowing as a blocked grid, through the filter overload: the full search, which never
// takes the dive.
class GridFilter final : public CellFilter {
 public:
  explicit GridFilter(const std::vector<std::uint8_t>& blocked) : blocked_(blocked) {}
  bool Enterable(const TileMap& map, std::int32_t x, std::int32_t y) const override {
    return map.Passable(x, y) && blocked_[map.Index(x, y)] == 0;
  }

 private:
  const std::vector<std::uint8_t>& blocked_;
};

// Asks the grid overload (which dives, and folds the crowd into its grid after enough searches
// of one revision) and the filter overload (the full search, always) the same question and checks
// that they answer alike: found or not, expansions, first step and length. The length when found,
// else -1.
std::int32_t CheckSameAnswer(Pathfinder& grid, Pathfinder& full, const TileMap& map,
                             const std::vector<std::uint8_t>& blocked, std::uint64_t revision,
                             Position from, Position to, std::uint32_t budget) {
  const GridFilter filter(blocked);
  Position step_a{-1, -1}, step_b{-1, -1};
  std::int32_t length_a = -1, length_b = -1;
  const bool a = grid.FindPath(map, blocked, revision, from, to, budget, step_a, length_a);
  const bool b = full.FindPath(map, filter, from, to, budget, step_b, length_b);
  INFO("from (" << from.x << "," << from.y << ") to (" << to.x << "," << to.y << ") budget "
                << budget);
  REQUIRE(a == b);
  CHECK(grid.LastExpansions() == full.LastExpansions());
  if (!a) return -1;
  CHECK(step_a.x == step_b.x);
  CHECK(step_a.y == step_b.y);
  CHECK(length_a == length_b);
  return length_a;
}

}  // namespace

TEST_CASE("a search that dives gives the full search's answer, step and expansions",
          "[path][dive]") {
  std::int32_t queries = 0, dives = 0, searches = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Rng rng(seed);
    const std::int32_t w = rng.Range(2, 40), h = rng.Range(2, 30);
    const TileMap map = test::RandomMap(w, h, rng, rng.Below(40));
    std::vector<std::uint8_t> blocked(static_cast<std::size_t>(w * h));
    const std::uint32_t crowd = rng.Below(50);  // percent of cells someone stands on
    for (std::uint8_t& cell : blocked) cell = rng.Below(100) < crowd ? 1 : 0;
    Pathfinder diving, full;
    REQUIRE(diving.Initialize(w, h) == Status::Ok);
    REQUIRE(full.Initialize(w, h) == Status::Ok);
    for (int trial = 0; trial < 20; ++trial) {
      // Near goals (as a wanderer picks) and far ones; a goal may be a wall or taken.
      const Position from{rng.Range(0, w - 1), rng.Range(0, h - 1)};
      const std::int32_t reach = trial % 2 == 0 ? 8 : 40;
      const Position to{std::clamp(from.x + rng.Range(-reach, reach), 0, w - 1),
                        std::clamp(from.y + rng.Range(-reach, reach), 0, h - 1)};
      if (from.x == to.x && from.y == to.y) continue;
      const std::uint32_t budget = trial % 5 == 0 ? rng.Below(6) : 400;
      INFO("seed " << seed << " trial " << trial);
      const std::int32_t length =
          CheckSameAnswer(diving, full, map, blocked, seed, from, to, budget);
      ++queries;
      if (length < 0) continue;
      const bool straight = length == ChebyshevDistance(from, to) &&
                            full.LastExpansions() == static_cast<std::uint32_t>(length);
      (straight ? dives : searches) += 1;
    }
  }
  CHECK(queries > 2000);
  // Both kinds occur, so both paths of FindPath were compared.
  CHECK(dives > queries / 10);
  CHECK(searches > queries / 20);
}

// Once one revision's searches have expanded FoldAfterExpansions() cells, the blocked cells are
// walls in the node grid: the answers must not change, a new revision must be read afresh, and so
// must a map whose passability changed under the same revision (a door), and a filter search
// after a fold must see only the map's walls again.
TEST_CASE("blocked cells folded into the node grid give the same answers", "[path][dive]") {
  std::int32_t folded_queries = 0, plain_queries = 0, doors_under_a_fold = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Rng rng(seed * 7919);
    const std::int32_t w = rng.Range(3, 40), h = rng.Range(3, 30);
    TileMap map = test::RandomMap(w, h, rng, rng.Below(30));
    std::vector<std::uint8_t> blocked(static_cast<std::size_t>(w * h));
    Pathfinder grid, full;
    REQUIRE(grid.Initialize(w, h) == Status::Ok);
    REQUIRE(full.Initialize(w, h) == Status::Ok);
    std::uint64_t revision = 0;
    for (int round = 0; round < 4; ++round) {
      // Each round a new crowd under a new revision; round 2 also changes the map under it.
      const std::uint32_t crowd = rng.Below(40);
      for (std::uint8_t& cell : blocked) cell = rng.Below(100) < crowd ? 1 : 0;
      ++revision;
      if (round == 2) {
        const std::int32_t x = rng.Range(0, w - 1), y = rng.Range(0, h - 1);
        map.Set(x, y, map.Passable(x, y) ? Terrain::Wall : Terrain::Floor);
      }
      int folded_here = 0;
      for (int query = 0; query < 60; ++query) {
        const bool folded = grid.Folded(revision);
        if (folded && ++folded_here == 4 && round == 3) {
          // The same revision on a map whose passability changed: read the new map.
          const std::int32_t x = rng.Range(0, w - 1), y = rng.Range(0, h - 1);
          map.Set(x, y, map.Passable(x, y) ? Terrain::Wall : Terrain::Floor);
          ++doors_under_a_fold;
        }
        const Position from{rng.Range(0, w - 1), rng.Range(0, h - 1)};
        const Position to{rng.Range(0, w - 1), rng.Range(0, h - 1)};
        if (from.x == to.x && from.y == to.y) continue;
        const std::uint32_t budget = query % 7 == 0 ? rng.Below(8) : 1000;
        INFO("seed " << seed << " round " << round << " query " << query);
        (void)CheckSameAnswer(grid, full, map, blocked, revision, from, to, budget);
        (folded ? folded_queries : plain_queries) += 1;
      }
      // A plain search on the same pathfinder ignores the crowd again.
      const CellFilter plain;
      Position step_a{}, step_b{};
      std::int32_t length_a = 0, length_b = 0;
      const Position from{0, 0}, to{w - 1, h - 1};
      Pathfinder fresh;
      REQUIRE(fresh.Initialize(w, h) == Status::Ok);
      const bool a = grid.FindPath(map, plain, from, to, 1u << 20, step_a, length_a);
      const bool b = fresh.FindPath(map, plain, from, to, 1u << 20, step_b, length_b);
      REQUIRE(a == b);
      if (a) CHECK(length_a == length_b);
      CHECK(grid.LastExpansions() == fresh.LastExpansions());
    }
  }
  // Both ways were compared, and the map changed under a fold.
  CHECK(folded_queries > 4000);
  CHECK(plain_queries > 1000);
  CHECK(doors_under_a_fold > 30);
}

TEST_CASE("A* bounded by landmarks still finds the shortest route, as walls come and go",
          "[path][landmarks]") {
  const CellFilter plain;
  const CrowdFilter crowd(5);
  std::int32_t guided = 0, rebuilt = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Rng rng(seed + 1000);
    const std::int32_t w = rng.Range(2, 40), h = rng.Range(2, 30);
    TileMap map = test::RandomMap(w, h, rng, rng.Below(50));
    Pathfinder paths;
    REQUIRE(paths.Initialize(w, h) == Status::Ok);
    const auto count = static_cast<std::uint32_t>(1 + seed % Pathfinder::kMaxLandmarks);
    REQUIRE(paths.ReserveLandmarks(count) == Status::Ok);
    bool was_ready = false;
    for (int trial = 0; trial < 150; ++trial) {
      // Now and then a cell turns wall or floor. Distances from before a wall was dug away would
      // overestimate (the shortcut is new), so they must never bound a search on the new walls.
      if (trial % 40 == 39) {
        const std::int32_t x = rng.Range(0, w - 1), y = rng.Range(0, h - 1);
        map.Set(x, y, map.Passable(x, y) ? Terrain::Wall : Terrain::Floor);
        CHECK_FALSE(paths.LandmarksReady(map));
      }
      const Position from{rng.Range(0, w - 1), rng.Range(0, h - 1)};
      const Position to{rng.Range(0, w - 1), rng.Range(0, h - 1)};
      if (from.x == to.x && from.y == to.y) continue;
      INFO("seed " << seed << " trial " << trial << ", " << count << " landmarks");
      CheckQuery(paths, map, trial % 2 == 0 ? plain : static_cast<const CellFilter&>(crowd), from,
                 to);
      // Computed (if at all) before the search ran, so this search was bounded by them.
      const bool ready = paths.LandmarksReady(map);
      guided += ready ? 1 : 0;
      rebuilt += ready && !was_ready ? 1 : 0;
      was_ready = ready;
    }
  }
  CHECK(guided > 1500);  // a good part of the searches ran with landmarks
  CHECK(rebuilt > 60);   // and they were computed again after the walls changed
}

TEST_CASE("landmarks wait for enough work, then cut a long search's work", "[path][landmarks]") {
  Rng rng(4242);
  TileMap map = test::RandomMap(100, 100, rng, 20);
  map.Set(0, 0, Terrain::Floor);
  map.Set(99, 99, Terrain::Floor);
  Pathfinder guided, unguided;
  REQUIRE(guided.Initialize(100, 100) == Status::Ok);
  REQUIRE(unguided.Initialize(100, 100) == Status::Ok);
  REQUIRE(guided.ReserveLandmarks(4) == Status::Ok);
  CHECK(guided.LandmarkCount() == 4);
  CHECK(guided.LandmarkAfterExpansions() == 4u * 100 * 100 / 2);
  const CellFilter plain;
  Position step{}, plain_step{};
  std::int32_t length = 0, plain_length = 0;
  REQUIRE(unguided.FindPath(map, plain, {0, 0}, {99, 99}, 1u << 30, plain_step, plain_length));
  const std::uint32_t plain_expansions = unguided.LastExpansions();
  // Until the searches of this map have done enough work, a reserved pathfinder searches as one
  // without landmarks: the very same answer and work.
  std::int32_t searches = 0;
  while (!guided.LandmarksReady(map) && searches < 1000) {
    REQUIRE(guided.FindPath(map, plain, {0, 0}, {99, 99}, 1u << 30, step, length));
    if (!guided.LandmarksReady(map)) {
      CHECK(guided.LastExpansions() == plain_expansions);
      CHECK(step.x == plain_step.x);
      CHECK(step.y == plain_step.y);
    }
    ++searches;
  }
  REQUIRE(guided.LandmarksReady(map));
  // Computed at the start of the first search after the work of those before passed the mark.
  CHECK(static_cast<std::uint64_t>(searches - 1) * plain_expansions >=
        guided.LandmarkAfterExpansions());
  CHECK(static_cast<std::uint64_t>(searches - 2) * plain_expansions <
        guided.LandmarkAfterExpansions());
  for (std::uint32_t i = 0; i < 4; ++i) {
    const Position at = guided.LandmarkAt(i);
    INFO("landmark " << i << " at (" << at.x << "," << at.y << ")");
    CHECK(map.Passable(at.x, at.y));
  }
  CHECK(guided.LandmarkAt(4).x == -1);
  // Corner to corner: the shortest length still, for much less work.
  CheckQuery(guided, map, plain, {0, 0}, {99, 99});
  CHECK(guided.LastExpansions() * 2 < plain_expansions);
  // Another map: not ready for it until its own searches have done the work.
  TileMap other = test::RandomMap(100, 100, rng, 20);
  CHECK_FALSE(guided.LandmarksReady(other));
  (void)guided.FindPath(other, plain, {0, 0}, {99, 99}, 1u << 30, step, length);
  CHECK_FALSE(guided.LandmarksReady(other));
}

TEST_CASE("landmarks are refused what cannot be reserved", "[path][landmarks]") {
  Pathfinder paths;
  CHECK(paths.ReserveLandmarks(2) == Status::NotInitialized);
  REQUIRE(paths.Initialize(20, 10) == Status::Ok);
  CHECK(paths.ReserveLandmarks(0) == Status::InvalidArgument);
  CHECK(paths.ReserveLandmarks(Pathfinder::kMaxLandmarks + 1) == Status::InvalidArgument);
  CHECK(paths.LandmarkCount() == 0);
  fault_injection::FailAllocationAt(0);
  CHECK(paths.ReserveLandmarks(3) == Status::AllocationFailed);
  fault_injection::Disarm();
  CHECK(paths.LandmarkCount() == 0);  // unchanged
  REQUIRE(paths.ReserveLandmarks(3) == Status::Ok);
  CHECK(paths.LandmarkCount() == 3);
  // A new size takes new storage: the landmarks must be reserved again.
  REQUIRE(paths.Initialize(30, 10) == Status::Ok);
  CHECK(paths.LandmarkCount() == 0);
}

// A 400 x 400 floor split by a wall down its middle, open only at its bottom row: a search from
// one top half to the other expands most of the left half before it turns the corner.
TileMap SplitMap() {
  TileMap map = test::OpenMap(400, 400);
  for (std::int32_t y = 0; y < 399; ++y) map.Set(200, y, Terrain::Wall);
  return map;
}

TEST_CASE("the open list and the heap start small and grow as far as a search needs", "[path]") {
  Pathfinder small;
  REQUIRE(small.Initialize(20, 10) == Status::Ok);
  CHECK(small.OpenCapacity() == 20 * 10 * 8 + 1);  // the worst case, when that is less
  CHECK(small.HeapCapacity() == 20 * 10 * 8 + 16);

  const TileMap map = SplitMap();
  const CellFilter plain;
  Pathfinder paths;
  REQUIRE(paths.Initialize(400, 400) == Status::Ok);
  CHECK(paths.OpenCapacity() == Pathfinder::kScratchStart);
  CHECK(paths.HeapCapacity() == Pathfinder::kScratchStart);
  CheckQuery(paths, map, plain, {100, 0}, {300, 0});  // grows during the search
  CHECK(paths.LastExpansions() > Pathfinder::kScratchStart / 8);
  CHECK(paths.OpenCapacity() > Pathfinder::kScratchStart);
  CHECK(paths.OpenCapacity() <= std::size_t{400} * 400 * 8 + 1);
  CHECK(paths.GrowthFailures() == 0);
  // A goal walled in: every other cell expanded, no route, and the list big enough for it.
  TileMap enclosed = test::OpenMap(400, 400);
  for (int d = 0; d < 8; ++d) enclosed.Set(350 + kStepDx[d], 350 + kStepDy[d], Terrain::Wall);
  CheckQuery(paths, enclosed, plain, {0, 0}, {350, 350});
  CHECK(paths.LastExpansions() == 400 * 400 - 9);
  // Grown once, it stays: the same search again needs no more.
  const std::size_t grown = paths.OpenCapacity();
  CheckQuery(paths, map, plain, {100, 0}, {300, 0});
  CHECK(paths.OpenCapacity() == grown);
}

TEST_CASE("a search whose open list cannot grow finds no route and leaves the pathfinder whole",
          "[path]") {
  const TileMap map = SplitMap();
  const CellFilter plain;
  Pathfinder paths;
  REQUIRE(paths.Initialize(400, 400) == Status::Ok);
  Position step{-1, -1};
  std::int32_t length = -1;
  fault_injection::FailAllocationAt(0);  // the search's one allocation: the list's growth
  CHECK_FALSE(paths.FindPath(map, plain, {100, 0}, {300, 0}, 1u << 30, step, length));
  fault_injection::Disarm();
  CHECK(step.x == -1);
  CHECK(length == -1);  // outputs unchanged
  CHECK(paths.GrowthFailures() == 1);
  CHECK(paths.OpenCapacity() == Pathfinder::kScratchStart);
  // Every cell the failed search touched was set back: the next searches answer as if it had
  // never run, this one included.
  CheckQuery(paths, map, plain, {100, 0}, {300, 0});
  CheckQuery(paths, map, plain, {0, 399}, {399, 0});
  CHECK(paths.GrowthFailures() == 1);
}

TEST_CASE("a flee map over more cells than the heap holds grows it, or is left unreachable",
          "[path]") {
  Rng rng(11);
  const TileMap map = test::RandomMap(300, 300, rng, 20);
  const CellFilter plain;
  Pathfinder paths;
  REQUIRE(paths.Initialize(300, 300) == Status::Ok);
  const MapWindow window = MapWindow::Around(map, {150, 150}, 60);  // 121 x 121 cells
  REQUIRE(window.Cells() * 8 > Pathfinder::kScratchStart);
  std::vector<std::int32_t> distance(window.Cells()), flee(window.Cells(), 0);
  const std::vector<Position> sources{{150, 150}};
  paths.DistanceMap(map, plain, sources, window, distance);
  fault_injection::FailAllocationAt(0);
  paths.FleeMap(map, plain, window, distance, flee);
  fault_injection::Disarm();
  CHECK(paths.GrowthFailures() == 1);
  CHECK(std::all_of(flee.begin(), flee.end(), [](std::int32_t v) { return v == kUnreachable; }));
  paths.FleeMap(map, plain, window, distance, flee);
  CHECK(paths.HeapCapacity() >= window.Cells() * 8 + 16);
  // The field is the relaxation's fixed point: each reachable cell is the least of its start
  // (-12 a step of distance) and one step (10) above its lowest reachable neighbour (a source
  // standing in a wall keeps its start: only enterable cells are relaxed).
  std::size_t reachable = 0;
  for (std::int32_t y = window.y; y < window.y + window.height; ++y)
    for (std::int32_t x = window.x; x < window.x + window.width; ++x) {
      const std::size_t i = window.Index(x, y);
      if (distance[i] == kUnreachable) {
        CHECK(flee[i] == kUnreachable);
        continue;
      }
      ++reachable;
      std::int32_t expected = -distance[i] * 12;
      for (int d = 0; d < 8 && map.Passable(x, y); ++d) {
        const std::int32_t nx = x + kStepDx[d], ny = y + kStepDy[d];
        if (!window.Contains(nx, ny) || !map.Passable(nx, ny)) continue;
        expected = std::min(expected, flee[window.Index(nx, ny)] + 10);
      }
      REQUIRE(flee[i] == expected);
    }
  CHECK(reachable > window.Cells() / 2);
}

}  // namespace pathing_test
