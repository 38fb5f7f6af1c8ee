// How the tick's cost grows with the crowd (issue 17): a tick on a 400x400 floor (a wall border
// and 8% walls at random) with no monsters (the fixed cost), 100, 1,000, 10,000 and 100,000
// (kinds in turn, a third asleep, the player waiting in the middle), each world sized as the game
// sizes it for its level (WorldLimits::For). The driver prints what each monster adds beside what
// it adds in the smallest crowd: linear growth keeps that column near 1x, and a step shows where
// a cache level is left.
//
// On the one floor the crowd also grows denser: 100,000 monsters cover two thirds of it, and a
// crowd that dense wanders another way (most wanderers stand in small pockets). FloorScaling keeps
// the density instead: N monsters on a floor whose side grows with the square root of N, so that
// every size is about as crowded as 10,000 on 400x400 (1,265x1,265 at 100,000; the border walls
// make the smallest, 40x40, about 10% denser). FloorScaling/10000 is TickScaling/10000's floor, a
// gauge of the run's noise between the two tables. What it adds is the floor's own grids
// (terrain, occupancy, the searches' node grid) growing with the crowd: the regime of a large
// level played sparsely.
//
// Every size times the same stretch of play, ticks 1 to kWindow of a freshly built floor, each
// repetition on a new one. Left to choose its own iteration count, Google Benchmark ran 250,000
// ticks of the 100-monster floor and 189 of the 100,000 one, and a crowd's cost per tick changes
// as its game goes on (monsters wake, hunt, give up their wander goals), so the per-monster
// column compared different games rather than different sizes. Tick 0, which builds the floor's
// first maps, is left out of the window: PERFORMANCE.md counts its instructions on their own.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/level.h"
#include "game/recipes.h"
#include "game/tick.h"

namespace cairn {
namespace {

constexpr std::int32_t kSide = 400;        // TickScaling's floor, and FloorScaling's at 10,000
constexpr std::int32_t kDenseAt = 10'000;  // FloorScaling: every size as crowded as this one
constexpr benchmark::IterationCount kWindow = 200;  // ticks timed, the same at every size

LevelDefinition CrowdLevel(std::int32_t monsters, std::int32_t side) {
  LevelDefinition level;
  level.name = "scaling";
  level.width = side;
  level.height = side;
  level.cells.assign(static_cast<std::size_t>(side) * static_cast<std::size_t>(side),
                     Terrain::Floor);
  const auto index = [side](Position p) {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(side) +
           static_cast<std::size_t>(p.x);
  };
  Rng rng(2026);
  for (std::int32_t y = 0; y < side; ++y)
    for (std::int32_t x = 0; x < side; ++x)
      if (x == 0 || y == 0 || x == side - 1 || y == side - 1 || rng.Percent(8))
        level.cells[index({x, y})] = Terrain::Wall;
  const Position centre{side / 2, side / 2};
  level.cells[index(centre)] = Terrain::Floor;
  level.entities.push_back({"player", PlayerRecipe(centre), {}, {}});
  const auto definitions = DefaultDefinitions();
  // Every free cell in a shuffled order: 100,000 monsters fill about two thirds of the floor, so
  // drawing cells until a free one turns up would slow down as it fills.
  std::vector<Position> cells;
  for (std::int32_t y = 1; y < side - 1; ++y)
    for (std::int32_t x = 1; x < side - 1; ++x)
      if (level.cells[index({x, y})] == Terrain::Floor && !(x == centre.x && y == centre.y))
        cells.push_back({x, y});
  for (std::size_t i = cells.size(); i > 1; --i)
    std::swap(cells[i - 1], cells[rng.Below(static_cast<std::uint32_t>(i))]);
  for (std::int32_t i = 0; i < monsters && static_cast<std::size_t>(i) < cells.size(); ++i) {
    const MonsterDefinition& kind =
        definitions->monsters[static_cast<std::size_t>(i) % definitions->monsters.size()];
    level.entities.push_back(
        {"",
         MonsterRecipe(*definitions, kind, cells[static_cast<std::size_t>(i)], i % 3 == 0),
         {},
         {}});
  }
  level.digest = DigestLevel(level);
  return level;
}

// Ticks 1 to kWindow of `monsters` (state.range(0)) on a `side` x `side` crowd floor.
void TimeCrowdTicks(benchmark::State& state, std::int32_t side) {
  const auto monsters = static_cast<std::int32_t>(state.range(0));
  const LevelDefinition level = CrowdLevel(monsters, side);
  const WorldLimits limits = WorldLimits::Uniform(4096).For(level.entities.size());
  std::unique_ptr<GameWorld> world;
  if (BuildWorld(level, limits, DefaultDefinitions(), 1, world) != Status::Ok) std::abort();
  TickScratch scratch;
  if (scratch.Initialize(side, side, limits.entities) != Status::Ok) std::abort();
  UpdatePlayerView(*world, scratch);
  world->MutableHealths().Find(world->PlayerEntity())->current =
      1'000'000;  // the player outlives it
  if (RunTick(*world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) != Status::Ok)
    state.SkipWithError("fault");  // tick 0, outside the window
  for (auto _ : state) {
    if (RunTick(*world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) != Status::Ok)
      state.SkipWithError("fault");
  }
  state.counters["monsters"] = monsters;
  state.counters["capacity"] = limits.entities;
  state.counters["side"] = side;
}

// The crowds both families time, each over the same window.
void Crowds(benchmark::internal::Benchmark* family) {
  for (const std::int64_t monsters : {100, 1000, 10000, 100000}) family->Arg(monsters);
  family->Iterations(kWindow)->Unit(benchmark::kMicrosecond);
}

void TickScaling(benchmark::State& state) {
  TimeCrowdTicks(state, kSide);
}
BENCHMARK(TickScaling)->Arg(0)->Apply(Crowds);

void FloorScaling(benchmark::State& state) {
  const double share = static_cast<double>(state.range(0)) / kDenseAt;
  // At least a room's side: the border walls and the player's cell need 3.
  const auto side = static_cast<std::int32_t>(std::lround(kSide * std::sqrt(share)));
  TimeCrowdTicks(state, std::max(side, 3));
}
// No row for no monsters: the fixed cost grows with the floor, so each size's per-monster figure
// holds its floor's share of it.
BENCHMARK(FloorScaling)->Apply(Crowds);

}  // namespace
}  // namespace cairn
