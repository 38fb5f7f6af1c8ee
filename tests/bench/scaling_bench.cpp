// How the tick's cost grows with the crowd (issue 17): a tick on a 400x400 floor (a wall border
// and 8% walls at random) with no monsters (the fixed cost), 100, 1,000, 10,000 and 100,000
// (kinds in turn, a third asleep, the player waiting in the middle), each world sized as the game
// sizes it for its level (WorldLimits::For). The driver prints what each monster adds beside what
// it adds in the smallest crowd: linear growth keeps that column near 1x, and a step shows where
// a cache level is left.
//
// Every size times the same stretch of play, ticks 1 to kWindow of a freshly built floor, each
// repetition on a new one. Left to choose its own iteration count, Google Benchmark ran 250,000
// ticks of the 100-monster floor and 189 of the 100,000 one, and a crowd's cost per tick changes
// as its game goes on (monsters wake, hunt, give up their wander goals), so the per-monster
// column compared different games rather than different sizes. Tick 0, which builds the floor's
// first maps, is left out of the window: PERFORMANCE.md counts its instructions on their own.
#include <benchmark/benchmark.h>

#include <memory>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/level.h"
#include "game/recipes.h"
#include "game/tick.h"

namespace cairn {
namespace {

constexpr std::int32_t kSide = 400;
constexpr benchmark::IterationCount kWindow = 200;  // ticks timed, the same at every size

LevelDefinition CrowdLevel(std::int32_t monsters) {
  LevelDefinition level;
  level.name = "scaling";
  level.width = kSide;
  level.height = kSide;
  level.cells.assign(static_cast<std::size_t>(kSide * kSide), Terrain::Floor);
  Rng rng(2026);
  for (std::int32_t y = 0; y < kSide; ++y)
    for (std::int32_t x = 0; x < kSide; ++x)
      if (x == 0 || y == 0 || x == kSide - 1 || y == kSide - 1 || rng.Percent(8))
        level.cells[static_cast<std::size_t>(y * kSide + x)] = Terrain::Wall;
  const Position centre{kSide / 2, kSide / 2};
  const auto index = [](Position p) { return static_cast<std::size_t>(p.y * kSide + p.x); };
  level.cells[index(centre)] = Terrain::Floor;
  level.entities.push_back({"player", PlayerRecipe(centre), {}, {}});
  const auto definitions = DefaultDefinitions();
  // Every free cell in a shuffled order: 100,000 monsters fill about two thirds of the floor, so
  // drawing cells until a free one turns up would slow down as it fills.
  std::vector<Position> cells;
  for (std::int32_t y = 1; y < kSide - 1; ++y)
    for (std::int32_t x = 1; x < kSide - 1; ++x)
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

void TickScaling(benchmark::State& state) {
  const auto monsters = static_cast<std::int32_t>(state.range(0));
  const LevelDefinition level = CrowdLevel(monsters);
  const WorldLimits limits = WorldLimits::Uniform(4096).For(level.entities.size());
  std::unique_ptr<GameWorld> world;
  if (BuildWorld(level, limits, DefaultDefinitions(), 1, world) != Status::Ok) std::abort();
  TickScratch scratch;
  if (scratch.Initialize(kSide, kSide, limits.entities) != Status::Ok) std::abort();
  UpdatePlayerView(*world, scratch);
  world->Healths().Find(world->PlayerEntity())->current = 1'000'000;  // the player outlives it
  if (RunTick(*world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) != Status::Ok)
    state.SkipWithError("fault");  // tick 0, outside the window
  for (auto _ : state) {
    if (RunTick(*world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) != Status::Ok)
      state.SkipWithError("fault");
  }
  state.counters["monsters"] = monsters;
  state.counters["capacity"] = limits.entities;
}
BENCHMARK(TickScaling)
    ->Arg(0)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Iterations(kWindow)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace cairn
