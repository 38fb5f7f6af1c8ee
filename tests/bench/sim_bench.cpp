// Simulation benchmarks (issue 3): the cost of one tick with 100, 1,000 and 10,000 monsters on a
// 200x200 map, beside the same tick with no monsters (the fixed cost of a tick); and headless
// ticks per second on the default dungeon.
#include <benchmark/benchmark.h>

#include <memory>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/level.h"
#include "game/recipes.h"
#include "game/tick.h"
#include "sim/session.h"

namespace cairn {
namespace {

LevelDefinition OpenLevel(std::int32_t monsters) {
  LevelDefinition level;
  level.name = "bench";
  level.width = 200;
  level.height = 200;
  level.cells.assign(200 * 200, Terrain::Floor);
  Rng rng(2024);
  for (std::int32_t y = 0; y < 200; ++y)
    for (std::int32_t x = 0; x < 200; ++x)
      if (x == 0 || y == 0 || x == 199 || y == 199 || rng.Percent(8))
        level.cells[static_cast<std::size_t>(y * 200 + x)] = Terrain::Wall;
  level.cells[100 * 200 + 100] = Terrain::Floor;
  level.entities.push_back({"player", PlayerRecipe({100, 100}), {}, {}});
  const auto definitions = DefaultDefinitions();
  std::vector<bool> taken(200 * 200, false);
  taken[100 * 200 + 100] = true;
  for (std::int32_t i = 0; i < monsters;) {
    const std::int32_t x = rng.Range(1, 198), y = rng.Range(1, 198);
    const std::size_t cell = static_cast<std::size_t>(y * 200 + x);
    if (taken[cell] || level.cells[cell] != Terrain::Floor) continue;
    taken[cell] = true;
    const MonsterDefinition& kind =
        definitions->monsters[static_cast<std::size_t>(i) % definitions->monsters.size()];
    level.entities.push_back({"", MonsterRecipe(*definitions, kind, {x, y}, i % 3 == 0), {}, {}});
    ++i;
  }
  level.digest = DigestLevel(level);
  return level;
}

void RunTicksOn(benchmark::State& state, std::int32_t monsters) {
  const LevelDefinition level = OpenLevel(monsters);
  const WorldLimits limits = WorldLimits::Uniform(16384);
  std::unique_ptr<GameWorld> world;
  if (BuildWorld(level, limits, DefaultDefinitions(), 1, world) != Status::Ok) std::abort();
  TickScratch scratch;
  if (scratch.Initialize(200, 200, limits.entities) != Status::Ok) std::abort();
  UpdatePlayerView(*world, scratch);
  // Keep the player alive and waiting: this measures the monsters' ticks.
  world->Healths().Find(world->PlayerEntity())->current = 1'000'000;
  for (auto _ : state) {
    if (RunTick(*world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) != Status::Ok)
      state.SkipWithError("fault");
  }
  state.counters["monsters"] = monsters;
}

void Tick_cairn(benchmark::State& state) {
  RunTicksOn(state, static_cast<std::int32_t>(state.range(0)));
}
void Tick_baseline(benchmark::State& state) {
  RunTicksOn(state, 0);
}

// Headless play on the default dungeon: ticks per second, restarting when the player dies.
void DefaultDungeonTicks(benchmark::State& state) {
  SessionConfig config;
  config.definitions = DefaultDefinitions();
  config.level = DefaultLevel();
  std::unique_ptr<GameSession> session;
  if (GameSession::Create(config, session) != Status::Ok) std::abort();
  Rng rng(9);
  const PlayerCommand moves[] = {{PlayerCommandKind::Move, 1, 0},
                                 {PlayerCommandKind::Move, -1, 0},
                                 {PlayerCommandKind::Move, 0, 1},
                                 {PlayerCommandKind::Move, 0, -1},
                                 {PlayerCommandKind::Wait, 0, 0}};
  for (auto _ : state) {
    if (session->State() != SessionState::Playing && session->Restart() != Status::Ok) std::abort();
    TickInput input;
    if (session->PlayerReady()) input.command = moves[rng.Below(5)];
    if (session->StepTick(input) != Status::Ok) state.SkipWithError("fault");
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(Tick_cairn)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(Tick_baseline)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(DefaultDungeonTicks);

}  // namespace
}  // namespace cairn
