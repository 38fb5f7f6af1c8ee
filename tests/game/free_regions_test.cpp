// The free-region check (FreeRegions) says "unreachable" exactly when no search could succeed,
// once the failed searches of a grid revision have paid for labelling it, and never before; and
// a crowded floor plays the same game with it as without it.
#include "game/free_regions.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "game/goal_pocket.h"
#include "game/level.h"
#include "game/pathing.h"
#include "game/random.h"
#include "game/recipes.h"
#include "game/state_hash.h"
#include "game/tick.h"
#include "game_test_support.h"
#include "random_map.h"

namespace free_regions_test {

using namespace cairn;

namespace {

// Makes the regions want their labels for `revision`, as that many failed searches would.
void FailEnough(FreeRegions& regions, std::uint64_t revision) {
  regions.NoteFailedSearch(revision, static_cast<std::uint32_t>(regions.LabelAfterExpansions()));
}

}  // namespace

// Both checks a monster's search may be answered by, on the same random crowds: the goal pocket
// (hunters) says "unreachable" only when an unbounded search fails; the labelled regions
// (wanderers) say it exactly when the search fails, for any goal more than a step away.
TEST_CASE("the pocket and region checks agree with an unbounded search", "[regions][pocket]") {
  Rng rng(2026);
  Pathfinder paths;
  GoalPocket pocket;
  FreeRegions regions;
  std::uint64_t revision = 0;
  std::uint32_t failed = 0, found_any = 0, pocket_said = 0, regions_said = 0;
  for (int round = 0; round < 60; ++round) {
    const TileMap map =
        test::RandomMap(24, 18, rng, 10 + static_cast<std::uint32_t>(round % 3) * 5);
    REQUIRE(paths.Initialize(map.Width(), map.Height()) == Status::Ok);
    REQUIRE(pocket.Initialize(map.Cells().size()) == Status::Ok);
    REQUIRE(regions.Initialize(map.Width(), map.Height()) == Status::Ok);
    const std::vector<std::uint8_t> blocked =
        test::RandomCrowd(map, rng, 40 + static_cast<std::uint32_t>(round % 4) * 5);
    ++revision;
    FailEnough(regions, revision);
    for (int query = 0; query < 60; ++query) {
      const Position from{rng.Range(0, 23), rng.Range(0, 17)};
      const Position goal{rng.Range(0, 23), rng.Range(0, 17)};
      Position step{};
      std::int32_t length = 0;
      const bool found = paths.FindPath(map, blocked, revision, from, goal, 1u << 30, step, length);
      INFO("round " << round << " from " << from.x << "," << from.y << " to " << goal.x << ","
                    << goal.y);
      const bool pocket_unreachable = pocket.Unreachable(map, blocked, revision, from, goal);
      if (pocket_unreachable) CHECK_FALSE(found);
      const bool regions_unreachable = regions.Unreachable(map, blocked, revision, from, goal);
      if (ChebyshevDistance(from, goal) > 1) {
        REQUIRE(regions.Labelled(map, revision));
        CHECK(regions_unreachable == !found);
      } else {
        CHECK_FALSE(regions_unreachable);  // one step away: left to the search
      }
      failed += found ? 0 : 1;
      found_any += found ? 1 : 0;
      pocket_said += pocket_unreachable ? 1 : 0;
      regions_said += regions_unreachable ? 1 : 0;
    }
  }
  // Crowded enough that both answers are common; the pocket finds most hemmed-in goals.
  CHECK(failed > 500);
  CHECK(found_any > 500);
  CHECK(pocket_said * 2 > failed);
  CHECK(regions_said > pocket_said);
}

TEST_CASE("regions are labelled only once failed searches have paid for it", "[regions]") {
  TileMap map = test::OpenMap(30, 30);
  std::vector<std::uint8_t> blocked(map.Cells().size(), 0);
  const Position goal{15, 15};
  for (int d = 0; d < 8; ++d)
    blocked[map.Index(goal.x + kStepDx[d], goal.y + kStepDy[d])] = 1;  // a ring round the goal
  const Position from{3, 3};
  FreeRegions regions;
  REQUIRE(regions.Initialize(map.Width(), map.Height()) == Status::Ok);
  CHECK(regions.LabelAfterExpansions() == FreeRegions::kLabelAfterExpansions);  // 900 / 8 < 256

  // Too little failed work on this grid: the search decides, and nothing is labelled.
  regions.NoteFailedSearch(1, static_cast<std::uint32_t>(regions.LabelAfterExpansions() - 1));
  CHECK_FALSE(regions.Unreachable(map, blocked, 1, from, goal));
  CHECK_FALSE(regions.Labelled(map, 1));
  // Enough: labelled, and the ringed goal is unreachable from outside, but not from beside it.
  regions.NoteFailedSearch(1, 1);
  CHECK(regions.Unreachable(map, blocked, 1, from, goal));
  CHECK(regions.Labelled(map, 1));
  CHECK(regions.RegionCount() == 2);  // outside the ring, and the goal alone inside it
  CHECK_FALSE(regions.Unreachable(map, blocked, 1, Position{goal.x + 1, goal.y}, goal));

  SECTION("a busy revision's successor is labelled at once, for its own grid") {
    blocked[map.Index(goal.x + 1, goal.y)] = 0;  // a gap in the ring
    CHECK_FALSE(regions.Unreachable(map, blocked, 2, from, goal));
    CHECK(regions.Labelled(map, 2));
    // And a quiet revision ends that: the one after it is not labelled.
    CHECK_FALSE(regions.Unreachable(map, blocked, 3, from, goal));
    blocked[map.Index(goal.x + 1, goal.y)] = 1;
    CHECK_FALSE(regions.Unreachable(map, blocked, 4, from, goal));
    CHECK_FALSE(regions.Labelled(map, 4));
  }
  SECTION("a revision whose searches the labels answered stays busy, without a search failing") {
    // Revision 2, labelled at once, answers enough searches to have paid for its labels itself;
    // revision 3 is then labelled at once too, though no search of 2 ran.
    const std::uint64_t enough =
        regions.LabelAfterExpansions() / FreeRegions::kAnsweredExpansions + 1;
    const std::uint64_t before = regions.Answered();
    for (std::uint64_t i = 0; i < enough; ++i)
      REQUIRE(regions.Unreachable(map, blocked, 2, from, goal));
    CHECK(regions.Answered() == before + enough);
    CHECK(regions.Unreachable(map, blocked, 3, from, goal));
    CHECK(regions.Labelled(map, 3));
    // Too few answers on 3: revision 4 waits for failed searches again.
    CHECK_FALSE(regions.Unreachable(map, blocked, 4, from, goal));
    CHECK_FALSE(regions.Labelled(map, 4));
  }
  SECTION("walls close a region as occupants do, and a new passability is labelled again") {
    for (std::int32_t y = 0; y < 30; ++y) map.Set(20, y, Terrain::Wall);
    blocked.assign(blocked.size(), 0);
    FailEnough(regions, 5);
    CHECK(regions.Unreachable(map, blocked, 5, from, Position{25, 15}));
    CHECK(regions.RegionCount() == 2);
    map.Set(20, 3, Terrain::Floor);  // a door opens: same occupancy revision, new passability
    CHECK_FALSE(regions.Labelled(map, 5));
    CHECK_FALSE(regions.Unreachable(map, blocked, 5, from, Position{25, 15}));
  }
  SECTION("a wall goal is entered from beside it, like a blocked one") {
    map.Set(goal.x, goal.y, Terrain::Wall);
    blocked.assign(blocked.size(), 0);
    FailEnough(regions, 6);
    CHECK_FALSE(regions.Unreachable(map, blocked, 6, from, goal));
  }
}

namespace {

// The free cells' 8-connected regions counted by a plain flood fill: the reference for Label.
std::uint32_t FloodFillRegions(const TileMap& map, const std::vector<std::uint8_t>& blocked) {
  const auto free = [&](std::int32_t x, std::int32_t y) {
    return map.InBounds(x, y) && map.Passable(x, y) && blocked[map.Index(x, y)] == 0;
  };
  std::vector<bool> seen(map.Cells().size(), false);
  std::uint32_t regions = 0;
  for (std::int32_t y = 0; y < map.Height(); ++y)
    for (std::int32_t x = 0; x < map.Width(); ++x) {
      if (!free(x, y) || seen[map.Index(x, y)]) continue;
      ++regions;
      std::vector<Position> stack{{x, y}};
      seen[map.Index(x, y)] = true;
      while (!stack.empty()) {
        const Position at = stack.back();
        stack.pop_back();
        for (int d = 0; d < 8; ++d) {
          const Position next{at.x + kStepDx[d], at.y + kStepDy[d]};
          if (!free(next.x, next.y) || seen[map.Index(next.x, next.y)]) continue;
          seen[map.Index(next.x, next.y)] = true;
          stack.push_back(next);
        }
      }
    }
  return regions;
}

// Labels `blocked` on `map` (as the first failed searches of a revision would have it) and
// returns how many regions the labels found (the map at least 3 cells wide).
std::uint32_t LabelledRegions(const TileMap& map, const std::vector<std::uint8_t>& blocked) {
  FreeRegions regions;
  REQUIRE(regions.Initialize(map.Width(), map.Height()) == Status::Ok);
  FailEnough(regions, 1);
  (void)regions.Unreachable(map, blocked, 1, Position{0, 0},
                            Position{map.Width() - 1, map.Height() - 1});  // more than a step
  return regions.Labelled(map, 1) ? regions.RegionCount() : 0;
}

// A map from rows of text: '#' a wall, 'o' an occupied floor cell, anything else free floor.
TileMap MapFromRows(const std::vector<std::string>& rows, std::vector<std::uint8_t>& blocked) {
  TileMap map;
  REQUIRE(map.Initialize(static_cast<std::int32_t>(rows[0].size()),
                         static_cast<std::int32_t>(rows.size())) == Status::Ok);
  blocked.assign(map.Cells().size(), 0);
  for (std::int32_t y = 0; y < map.Height(); ++y)
    for (std::int32_t x = 0; x < map.Width(); ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      map.Set(x, y, c == '#' ? Terrain::Wall : Terrain::Floor);
      blocked[map.Index(x, y)] = c == 'o' ? 1 : 0;
    }
  return map;
}

}  // namespace

// Label passes the floor in row order and joins the labels that meet; a region whose parts meet
// only further down (a U, a comb, a diagonal staircase) must still come out as one.
TEST_CASE("the labels find the regions a flood fill finds", "[regions]") {
  std::vector<std::uint8_t> blocked;
  SECTION("shapes whose parts meet late") {
    struct Shape {
      std::vector<std::string> rows;
      std::uint32_t regions;
    };
    const std::vector<Shape> shapes = {
        {{".#.", ".#.", "..."}, 1},                 // a U: its arms meet at the bottom
        {{".#.#.#.", ".#.#.#.", "......."}, 1},     // a comb
        {{"###.", "##.#", "#.##", ".###"}, 1},      // a staircase joined only by corners
        {{".###", "#.##", "##.#", "###."}, 1},      // the other diagonal
        {{"#.#.#", ".#.#.", "#.#.#"}, 1},           // a zigzag of corners
        {{"..o..", "..o..", "ooooo", "....."}, 3},  // occupants wall in as walls do
        {{".#.#.", "#####", ".o.o."}, 6},           // cells alone
        {{"#.......#", "#.#####.#", "#.#...#.#", "#...#...#"}, 1},  // a spiral's arms
    };
    for (const Shape& shape : shapes) {
      const TileMap map = MapFromRows(shape.rows, blocked);
      INFO(shape.rows[0] << " ...");
      CHECK(FloodFillRegions(map, blocked) == shape.regions);
      CHECK(LabelledRegions(map, blocked) == shape.regions);
    }
  }
  SECTION("random floors and crowds, narrow and wide") {
    Rng rng(77);
    for (int round = 0; round < 200; ++round) {
      const std::int32_t w = 3 + rng.Range(0, 40), h = 1 + rng.Range(0, 30);
      const TileMap map = test::RandomMap(w, h, rng, static_cast<std::uint32_t>(round % 5) * 8);
      blocked = test::RandomCrowd(map, rng, static_cast<std::uint32_t>(round % 7) * 10);
      INFO("round " << round << ", " << w << "x" << h);
      CHECK(LabelledRegions(map, blocked) == FloodFillRegions(map, blocked));
    }
  }
}

namespace {

// A 60x60 floor packed with rats (two of every three cells), the player in a corner: most
// wanderers stand in small pockets and their searches fail.
LevelDefinition PackedLevel() {
  constexpr std::int32_t kSide = 60;
  LevelDefinition level;
  level.name = "packed";
  level.width = kSide;
  level.height = kSide;
  level.cells.assign(static_cast<std::size_t>(kSide * kSide), Terrain::Floor);
  for (std::int32_t i = 0; i < kSide; ++i) {
    level.cells[static_cast<std::size_t>(i)] = Terrain::Wall;
    level.cells[static_cast<std::size_t>((kSide - 1) * kSide + i)] = Terrain::Wall;
    level.cells[static_cast<std::size_t>(i * kSide)] = Terrain::Wall;
    level.cells[static_cast<std::size_t>(i * kSide + kSide - 1)] = Terrain::Wall;
  }
  level.entities.push_back({"player", PlayerRecipe(Position{1, 1}), {}, {}});
  const auto definitions = test::Definitions();
  const MonsterDefinition* rat = definitions->FindMonster("rat");
  REQUIRE(rat != nullptr);
  Rng rng(9);
  for (std::int32_t y = 1; y < kSide - 1; ++y)
    for (std::int32_t x = 1; x < kSide - 1; ++x)
      if ((x > 4 || y > 4) && rng.Percent(67))
        level.entities.push_back({"", MonsterRecipe(*definitions, *rat, {x, y}, false), {}, {}});
  level.digest = DigestLevel(level);
  return level;
}

struct PackedRun {
  std::unique_ptr<GameWorld> world;
  TickScratch scratch;
  explicit PackedRun(const LevelDefinition& level) {
    const WorldLimits limits = WorldLimits::Uniform(4096).For(level.entities.size());
    REQUIRE(BuildWorld(level, limits, test::Definitions(), 7, world) == Status::Ok);
    REQUIRE(scratch.Initialize(level.width, level.height, limits.entities) == Status::Ok);
    UpdatePlayerView(*world, scratch);
  }
};

}  // namespace

TEST_CASE("a packed floor plays the same game with the region check as without it",
          "[regions][ai]") {
  const LevelDefinition level = PackedLevel();
  PackedRun with(level), without(level);
  without.scratch.regions = FreeRegions{};  // no labels: every wanderer searches
  bool labelled = false;
  for (int tick = 0; tick < 40; ++tick) {
    INFO("tick " << tick);
    REQUIRE(RunTick(*with.world, with.scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) ==
            Status::Ok);
    REQUIRE(RunTick(*without.world, without.scratch,
                    TickInput{PlayerCommand{PlayerCommandKind::Wait}}) == Status::Ok);
    REQUIRE(DigestState(*with.world).total == DigestState(*without.world).total);
    labelled = labelled || with.scratch.regions.RegionCount() > 0;
  }
  CHECK(labelled);
  CHECK(with.scratch.regions.Answered() > 100);  // the check did answer searches in this crowd
  CHECK(without.scratch.regions.RegionCount() == 0);
}

}  // namespace free_regions_test
