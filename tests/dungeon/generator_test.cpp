// The floor generator: deterministic by seed and depth, every floor whole (one connected open
// region), with its stairs, its monsters away from the arrival, the start kit on floor 1 and the
// artifact at the bottom; set pieces stamped in and reachable.
#include <catch2/catch.hpp>

#include "content/default_content.h"
#include "dungeon/floor_generator.h"
#include "dungeon/floor_grid.h"
#include "game/pathing.h"
#include "support/test_content.h"

namespace generator_test {

using namespace cairn;

namespace {

const DungeonPlan& Plan() {
  static const std::shared_ptr<const DungeonPlan> plan = DefaultDungeon();
  REQUIRE(plan != nullptr);
  return *plan;
}

LevelDefinition Generate(std::uint64_t seed, std::int32_t depth) {
  LevelDefinition level;
  REQUIRE(GenerateFloor(Plan(), *cairn::test::Definitions(), seed, depth, level) == Status::Ok);
  return level;
}

FloorGrid GridOf(const LevelDefinition& level) {
  FloorGrid grid(level.width, level.height);
  for (std::int32_t y = 0; y < level.height; ++y)
    for (std::int32_t x = 0; x < level.width; ++x) grid.Stamp(x, y, level.At(x, y), false);
  return grid;
}

}  // namespace

TEST_CASE("the same seed and depth give the same floor; another seed another", "[dungeon]") {
  for (std::int32_t depth = 1; depth <= Plan().floors; ++depth) {
    CHECK(Generate(7, depth).digest == Generate(7, depth).digest);
    CHECK(Generate(7, depth).digest != Generate(8, depth).digest);
  }
}

TEST_CASE("every floor is one connected place with what it needs", "[dungeon]") {
  const DefinitionSet& definitions = *cairn::test::Definitions();
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    for (std::int32_t depth = 1; depth <= Plan().floors; ++depth) {
      INFO("seed " << seed << " depth " << depth);
      const LevelDefinition level = Generate(seed, depth);
      REQUIRE(level.width == Plan().width);
      const FloorGrid grid = GridOf(level);
      std::vector<std::int32_t> labels;
      CHECK(LabelRegions(grid, labels) == 1);
      std::int32_t ups = 0, downs = 0, players = 0, artifacts = 0;
      Position up{};
      std::vector<std::uint8_t> blocked(static_cast<std::size_t>(level.width * level.height), 0);
      for (const LevelEntity& e : level.entities) {
        const ComponentBundle& c = e.components;
        if (c.Has<Stairs>()) {
          (c.stairs.direction > 0 ? downs : ups) += 1;
          if (c.stairs.direction < 0) up = c.position;
        }
        players += c.Has<Player>() ? 1 : 0;
        if (c.Has<Item>() && definitions.items[c.item.kind].category == ItemCategory::Artifact)
          ++artifacts;
        if (c.Has<Position>()) {
          CHECK(TerrainPassable(level.At(c.position.x, c.position.y)));
          if (c.Has<Blocker>()) {
            // No two blockers on one cell.
            std::uint8_t& cell = blocked[grid.Index(c.position.x, c.position.y)];
            CHECK(cell == 0);
            cell = 1;
          }
        }
      }
      CHECK(ups == 1);
      CHECK(downs == (depth == Plan().floors ? 0 : 1));
      CHECK(players == (depth == 1 ? 1 : 0));
      CHECK(artifacts == (depth == Plan().floors ? 1 : 0));
      // No generated monster starts within sight of the arrival, where it could strike first.
      for (const LevelEntity& e : level.entities)
        if (e.components.Has<EnemyAi>() && e.components.Has<Position>() &&
            e.authored_id.rfind(definitions.monsters[e.components.ai.kind].id + "-", 0) == 0)
          CHECK(ChebyshevDistance(e.components.position, up) >= 2);
    }
  }
}

TEST_CASE("the first floor holds the player with the start kit, carried and known", "[dungeon]") {
  const LevelDefinition level = Generate(3, 1);
  std::size_t player = level.entities.size();
  for (std::size_t i = 0; i < level.entities.size(); ++i)
    if (level.entities[i].components.Has<Player>()) player = i;
  REQUIRE(player < level.entities.size());
  std::size_t carried = 0;
  for (const LevelEntity& e : level.entities)
    if (e.components.Has<Item>() &&
        e.components.item.holder == LevelReference(static_cast<std::uint32_t>(player))) {
      ++carried;
      CHECK_FALSE(e.components.Has<Position>());
      CHECK(e.components.item.letter >= 'a');
    }
  CHECK(carried == Plan().start_kit.size());
  CHECK(level.entities[player].components.inventory.count == static_cast<std::int32_t>(carried));
  CHECK(level.entities[player].components.player.known_items != 0);
}

TEST_CASE("the vault is stamped into the last floor and reachable through its door", "[dungeon]") {
  const DefinitionSet& definitions = *cairn::test::Definitions();
  const MonsterDefinition* warden = definitions.FindMonster("warden");
  REQUIRE(warden != nullptr);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const LevelDefinition level = Generate(seed, Plan().floors);
    CHECK(level.name.find("The Vault") != std::string::npos);
    bool has_warden = false;
    for (const LevelEntity& e : level.entities)
      has_warden = has_warden || (e.components.Has<EnemyAi>() &&
                                  e.components.ai.kind == definitions.MonsterIndex(*warden));
    CHECK(has_warden);
  }
}

// How many floors of seed `seed`'s run hold the set piece named `name`, under `rules`.
int FloorsWithPiece(std::uint64_t seed, const std::string& name, std::int32_t rules) {
  int floors = 0;
  for (std::int32_t depth = 1; depth <= Plan().floors; ++depth) {
    LevelDefinition level;
    REQUIRE(GenerateFloor(Plan(), *cairn::test::Definitions(), seed, depth, level, rules) ==
            Status::Ok);
    if (level.name.find("with " + name) != std::string::npos) ++floors;
  }
  return floors;
}

TEST_CASE("a set piece appears at most once a run; the first rules still make their floors",
          "[dungeon]") {
  int twice_before = 0, runs_with_it = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    const int now = FloorsWithPiece(seed, "The Warren", kDungeonRules);
    const int before = FloorsWithPiece(seed, "The Warren", kOldestDungeonRules);
    CHECK(now <= 1);
    CHECK(FloorsWithPiece(seed, "The Cellar", kDungeonRules) <= 1);
    // A run that had the piece still has it: only its repeats are gone.
    CHECK((now == 1) == (before >= 1));
    if (before > 1) ++twice_before;
    runs_with_it += now;
  }
  CHECK(twice_before > 0);  // the rules of old saves and recordings, which still make them
  CHECK(runs_with_it >= 20);
}

TEST_CASE("bad depths are refused and leave the output alone", "[dungeon]") {
  LevelDefinition level;
  level.name = "untouched";
  CHECK(GenerateFloor(Plan(), *cairn::test::Definitions(), 1, 0, level) == Status::InvalidArgument);
  CHECK(GenerateFloor(Plan(), *cairn::test::Definitions(), 1, Plan().floors + 1, level) ==
        Status::InvalidArgument);
  CHECK(GenerateFloor(Plan(), *cairn::test::Definitions(), 1, 1, level, kDungeonRules + 1) ==
        Status::InvalidArgument);
  CHECK(GenerateFloor(Plan(), *cairn::test::Definitions(), 1, 1, level, 0) ==
        Status::InvalidArgument);
  CHECK(level.name == "untouched");
}

TEST_CASE("ConnectRegions joins every pocket, and never through a set piece's wall", "[dungeon]") {
  FloorGrid grid(30, 12);
  for (std::int32_t x = 2; x < 6; ++x) grid.Carve(x, 2, Terrain::Floor);
  for (std::int32_t x = 20; x < 27; ++x) grid.Carve(x, 9, Terrain::Floor);
  // A locked box with one doorway on its west wall.
  for (std::int32_t y = 4; y <= 7; ++y)
    for (std::int32_t x = 10; x <= 15; ++x) {
      const bool wall = y == 4 || y == 7 || x == 10 || x == 15;
      grid.Stamp(x, y, wall ? Terrain::Wall : Terrain::Floor, true);
    }
  grid.Stamp(10, 5, Terrain::DoorClosed, true);
  ConnectRegions(grid);
  std::vector<std::int32_t> labels;
  CHECK(LabelRegions(grid, labels) == 1);
  for (std::int32_t y = 4; y <= 7; ++y)
    for (std::int32_t x = 10; x <= 15; ++x)
      if ((y == 4 || y == 7 || x == 10 || x == 15) && !(x == 10 && y == 5))
        CHECK(grid.At(x, y) == Terrain::Wall);
}

}  // namespace generator_test
