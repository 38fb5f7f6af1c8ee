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

// Out of line so that callgrind can count exactly these ticks (--toggle-collect='*TimedTicks*').
__attribute__((noinline)) bool TimedTicks(GameWorld& world, TickScratch& scratch, int ticks) {
  bool ok = true;
  for (int i = 0; i < ticks; ++i)
    ok = RunTick(world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) == Status::Ok &&
         ok;
  return ok;
}

// `warm_up` ticks first, untimed; then each iteration is `per_iteration` ticks.
void RunTicksOn(benchmark::State& state, std::int32_t monsters, int warm_up = 0,
                int per_iteration = 1) {
  const LevelDefinition level = OpenLevel(monsters);
  const WorldLimits limits = WorldLimits::Uniform(16384);
  std::unique_ptr<GameWorld> world;
  if (BuildWorld(level, limits, DefaultDefinitions(), 1, world) != Status::Ok) std::abort();
  TickScratch scratch;
  if (scratch.Initialize(200, 200, limits.entities) != Status::Ok) std::abort();
  UpdatePlayerView(*world, scratch);
  // Keep the player alive and waiting: this measures the monsters' ticks.
  world->MutableHealths().Find(world->PlayerEntity())->current = 1'000'000;
  for (int i = 0; i < warm_up; ++i)
    if (RunTick(*world, scratch, TickInput{PlayerCommand{PlayerCommandKind::Wait}}) != Status::Ok)
      std::abort();
  for (auto _ : state)
    if (!TimedTicks(*world, scratch, per_iteration)) state.SkipWithError("fault");
  state.counters["monsters"] = monsters;
  state.SetItemsProcessed(state.iterations() * per_iteration);
}

void Tick_cairn(benchmark::State& state) {
  RunTicksOn(state, static_cast<std::int32_t>(state.range(0)));
}
void Tick_baseline(benchmark::State& state) {
  RunTicksOn(state, 0);
}
// The same floor after 300 ticks (the monsters that noticed the player have crowded round it),
// ten ticks an iteration: the same ticks on every run, so callgrind's count of them is a steady
// figure where Tick_cairn's average depends on how many iterations the timer chose.
void TickCrowded_cairn(benchmark::State& state) {
  RunTicksOn(state, static_cast<std::int32_t>(state.range(0)), 300, 10);
}

// Headless play on the default dungeon: random moves (when the player may act), restarting when
// the player dies.
struct DefaultDungeonPlay {
  std::unique_ptr<GameSession> session;
  Rng rng{9};
};

DefaultDungeonPlay StartDefaultDungeon() {
  SessionConfig config;
  config.definitions = DefaultDefinitions();
  config.level = DefaultLevel();
  DefaultDungeonPlay play;
  if (GameSession::Create(config, play.session) != Status::Ok) std::abort();
  return play;
}

// Out of line so that callgrind can count exactly these ticks (--toggle-collect='*PlayTicks*').
__attribute__((noinline)) bool PlayTicks(DefaultDungeonPlay& play, int ticks) {
  static constexpr PlayerCommand kMoves[] = {{PlayerCommandKind::Move, 1, 0},
                                             {PlayerCommandKind::Move, -1, 0},
                                             {PlayerCommandKind::Move, 0, 1},
                                             {PlayerCommandKind::Move, 0, -1},
                                             {PlayerCommandKind::Wait, 0, 0}};
  GameSession& session = *play.session;
  bool ok = true;
  for (int i = 0; i < ticks; ++i) {
    if (session.State() != SessionState::Playing && session.Restart() != Status::Ok) return false;
    TickInput input;
    if (session.PlayerReady()) input.command = kMoves[play.rng.Below(5)];
    ok = session.StepTick(input) == Status::Ok && ok;
  }
  return ok;
}

// Headless ticks per second, one tick an iteration.
void DefaultDungeonTicks(benchmark::State& state) {
  DefaultDungeonPlay play = StartDefaultDungeon();
  for (auto _ : state)
    if (!PlayTicks(play, 1)) state.SkipWithError("fault");
  state.SetItemsProcessed(state.iterations());
}

// The same play, 20,000 ticks an iteration from a fresh session: the same ticks on every run, so
// callgrind's count of them (one iteration under --benchmark_min_time=0) is a steady figure.
void DefaultDungeonTicksCounted(benchmark::State& state) {
  constexpr int kTicks = 20'000;
  for (auto _ : state) {
    state.PauseTiming();
    DefaultDungeonPlay play = StartDefaultDungeon();
    state.ResumeTiming();
    if (!PlayTicks(play, kTicks)) state.SkipWithError("fault");
  }
  state.SetItemsProcessed(state.iterations() * kTicks);
}

BENCHMARK(Tick_cairn)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(Tick_baseline)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(TickCrowded_cairn)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(DefaultDungeonTicks);
BENCHMARK(DefaultDungeonTicksCounted)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cairn
