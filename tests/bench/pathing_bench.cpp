// Field of view, A* and a full Dijkstra map on 200x200 maps, each beside libtcod 1.18 on the very
// same map (libtcod is only a baseline here; cairn does not use it): symmetric shadowcasting
// against FOV_SYMMETRIC_SHADOWCAST, A* against TCOD_path (diagonal cost 1, as cairn moves), and
// cairn's distance map against TCOD_dijkstra. Before timing, each pair is checked to agree
// (the same cells seen, the same path length, the same distances), so the race is fair. Then
// the cost of one player turn on a full generated floor.
#include <benchmark/benchmark.h>
#include <libtcod/fov.h>
#include <libtcod/path.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/field_caps.h"
#include "game/fov.h"
#include "game/pathing.h"
#include "game/random.h"
#include "sim/session.h"

namespace cairn {
namespace {

constexpr std::int32_t kSide = 200;

// A 200x200 cave: a wall border and about a fifth of the cells walls, at random (seeded).
struct BenchMap {
  TileMap map;
  TCOD_Map* tcod = nullptr;
  BenchMap() {
    if (map.Initialize(kSide, kSide) != Status::Ok) std::abort();
    tcod = TCOD_map_new(kSide, kSide);
    Rng rng(4242);
    for (std::int32_t y = 0; y < kSide; ++y)
      for (std::int32_t x = 0; x < kSide; ++x) {
        const bool wall = x == 0 || y == 0 || x == kSide - 1 || y == kSide - 1 || rng.Percent(20);
        map.Set(x, y, wall ? Terrain::Wall : Terrain::Floor);
        TCOD_map_set_properties(tcod, x, y, !wall, !wall);
      }
    for (Position p : {Position{100, 100}, Position{1, 1}, Position{198, 198}}) {
      map.Set(p.x, p.y, Terrain::Floor);
      TCOD_map_set_properties(tcod, p.x, p.y, true, true);
    }
  }
  ~BenchMap() { TCOD_map_delete(tcod); }
};

BenchMap& Shared() {
  static BenchMap map;
  return map;
}

constexpr std::int32_t kRadius = 60;
constexpr std::uint32_t kLandmarks = 4;

// The radius alternates between kRadius and one less, on both sides: FieldOfView keeps its result
// for the same origin and radius on an unchanged map (decision 0023), so a fixed radius would time
// that check alone after the first iteration.
void Fov_cairn(benchmark::State& state) {
  BenchMap& m = Shared();
  FieldOfView fov;
  if (fov.Initialize(kSide, kSide) != Status::Ok) std::abort();
  std::int32_t shrink = 0;
  for (auto _ : state) {
    fov.Compute(m.map, 100, 100, kRadius - shrink);
    benchmark::DoNotOptimize(fov.Visible(101, 101));
    shrink ^= 1;
  }
}
void Fov_baseline(benchmark::State& state) {
  BenchMap& m = Shared();
  std::int32_t shrink = 0;
  for (auto _ : state) {
    TCOD_map_compute_fov(m.tcod, 100, 100, kRadius - shrink, true, FOV_SYMMETRIC_SHADOWCAST);
    benchmark::DoNotOptimize(TCOD_map_is_in_fov(m.tcod, 101, 101));
    shrink ^= 1;
  }
}
BENCHMARK(Fov_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(Fov_baseline)->Unit(benchmark::kMicrosecond);

// The plain-filter overload with landmarks reserved (decision 0025): the first searches run
// without them and count their work, and once that work pays for computing them, every search
// after is bounded by them (Google Benchmark's warm-up and first iterations include that).
void AStar_cairn(benchmark::State& state) {
  BenchMap& m = Shared();
  Pathfinder paths;
  if (paths.Initialize(kSide, kSide) != Status::Ok) std::abort();
  if (paths.ReserveLandmarks(kLandmarks) != Status::Ok) std::abort();
  const CellFilter open;
  Position step{};
  std::int32_t length = 0;
  for (auto _ : state) {
    const bool found = paths.FindPath(m.map, open, {1, 1}, {198, 198}, kSide * kSide, step, length);
    benchmark::DoNotOptimize(found);
  }
}
void AStar_baseline(benchmark::State& state) {
  BenchMap& m = Shared();
  TCOD_path_t path = TCOD_path_new_using_map(m.tcod, 1.0f);
  for (auto _ : state) benchmark::DoNotOptimize(TCOD_path_compute(path, 1, 1, 198, 198));
  TCOD_path_delete(path);
}
BENCHMARK(AStar_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(AStar_baseline)->Unit(benchmark::kMicrosecond);

// The search monsters make (ai.cpp): FindPath with a grid of taken cells, here all free, so the
// route is AStar's. AStar above measures the plain-filter overload, which no game search calls.
// The grid keeps one revision throughout, so from the third search on the pathfinder has folded
// it into its node grid (decision 0024) and the two run the same search; the first two read one
// byte per cell entered besides.
void AStarCrowd_cairn(benchmark::State& state) {
  BenchMap& m = Shared();
  Pathfinder paths;
  if (paths.Initialize(kSide, kSide) != Status::Ok) std::abort();
  const std::vector<std::uint8_t> taken(static_cast<std::size_t>(kSide * kSide), 0);
  Position step{};
  std::int32_t length = 0;
  for (auto _ : state) {
    const bool found =
        paths.FindPath(m.map, taken, 1, {1, 1}, {198, 198}, kSide * kSide, step, length);
    benchmark::DoNotOptimize(found);
  }
}
void AStarCrowd_baseline(benchmark::State& state) {
  AStar_baseline(state);
}
BENCHMARK(AStarCrowd_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(AStarCrowd_baseline)->Unit(benchmark::kMicrosecond);

void Dijkstra_cairn(benchmark::State& state) {
  BenchMap& m = Shared();
  Pathfinder paths;
  if (paths.Initialize(kSide, kSide) != Status::Ok) std::abort();
  std::vector<std::int32_t> distance(kSide * kSide);
  const CellFilter open;
  const Position sources[] = {{100, 100}};
  for (auto _ : state) {
    paths.DistanceMap(m.map, open, sources, distance);
    benchmark::DoNotOptimize(distance[0]);
  }
}
void Dijkstra_baseline(benchmark::State& state) {
  BenchMap& m = Shared();
  TCOD_dijkstra_t dijkstra = TCOD_dijkstra_new(m.tcod, 1.0f);
  for (auto _ : state) {
    TCOD_dijkstra_compute(dijkstra, 100, 100);
    benchmark::DoNotOptimize(TCOD_dijkstra_get_distance(dijkstra, 1, 1));
  }
  TCOD_dijkstra_delete(dijkstra);
}
BENCHMARK(Dijkstra_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(Dijkstra_baseline)->Unit(benchmark::kMicrosecond);

// One player turn (Submit: the player's tick and every tick until the player may act again)
// on a full generated floor, the one a player meets at depth 8 of seed 1; the baseline is the
// same turn on the first floor, with far fewer monsters.
void PlayerTurnOn(benchmark::State& state, std::int32_t depth) {
  SessionConfig config;
  config.seed = 1;
  config.definitions = DefaultDefinitions();
  config.dungeon = DefaultDungeon();
  std::unique_ptr<GameSession> session;
  if (GameSession::Create(config, session) != Status::Ok) std::abort();
  // Walk down by the stairs' own rule: arrive through the session, as a player would.
  for (std::int32_t d = 1; d < depth; ++d) {
    GameWorld& world = session->World();
    const EntityId player = world.PlayerEntity();
    for (EntityId s : world.StairsPool().Owners())
      if (world.StairsPool().Find(s)->direction > 0) {
        const Position to = *world.Positions().Find(s);
        world.MutablePositions().Find(player)->x = to.x;
        world.MutablePositions().Find(player)->y = to.y;
        world.RebuildOccupancy();
      }
    if (session->Submit(PlayerCommand{PlayerCommandKind::Descend}) != Status::Ok) std::abort();
  }
  GameWorld& world = session->World();
  // Keep playing: the most a save can hold (more would stop the run as a fault at once).
  world.MutableHealths().Find(world.PlayerEntity())->current =
      static_cast<std::int32_t>(kMaxHitPoints);
  world.MutableHealths().Find(world.PlayerEntity())->max = static_cast<std::int32_t>(kMaxHitPoints);
  world.MutablePlayers().Find(world.PlayerEntity())->nutrition =
      static_cast<std::int32_t>(kMaxNutritionField);
  state.counters["monsters"] = static_cast<double>(world.Ais().Size());
  for (auto _ : state) {
    if (session->Submit(PlayerCommand{PlayerCommandKind::Wait}) != Status::Ok)
      state.SkipWithError("refused");
  }
}
void PlayerTurn_cairn(benchmark::State& state) {
  PlayerTurnOn(state, 8);
}
void PlayerTurn_baseline(benchmark::State& state) {
  PlayerTurnOn(state, 1);
}
BENCHMARK(PlayerTurn_cairn)->Unit(benchmark::kMicrosecond);
BENCHMARK(PlayerTurn_baseline)->Unit(benchmark::kMicrosecond);

// The pairs must agree before their times mean anything.
struct Agreement {
  Agreement() {
    BenchMap& m = Shared();
    FieldOfView fov;
    if (fov.Initialize(kSide, kSide) != Status::Ok) std::abort();
    fov.Compute(m.map, 100, 100, kRadius);
    TCOD_map_compute_fov(m.tcod, 100, 100, kRadius, true, FOV_SYMMETRIC_SHADOWCAST);
    std::int32_t ours = 0, theirs = 0, both = 0;
    for (std::int32_t y = 0; y < kSide; ++y)
      for (std::int32_t x = 0; x < kSide; ++x) {
        const bool a = fov.Visible(x, y), b = TCOD_map_is_in_fov(m.tcod, x, y);
        ours += a;
        theirs += b;
        both += a && b;
      }
    Pathfinder paths;
    if (paths.Initialize(kSide, kSide) != Status::Ok) std::abort();
    Position step{};
    std::int32_t length = 0;
    const CellFilter open;
    const bool found = paths.FindPath(m.map, open, {1, 1}, {198, 198}, kSide * kSide, step, length);
    const std::uint32_t expanded = paths.LastExpansions();
    // The crowd-grid search (AStarCrowd) takes the very same route when no cell is taken.
    const std::vector<std::uint8_t> taken(static_cast<std::size_t>(kSide * kSide), 0);
    Position crowd_step{};
    std::int32_t crowd_length = 0;
    const bool crowd_found = paths.FindPath(m.map, taken, 1, {1, 1}, {198, 198}, kSide * kSide,
                                            crowd_step, crowd_length);
    const bool crowd_same = crowd_found == found && crowd_length == length &&
                            crowd_step.x == step.x && crowd_step.y == step.y;
    // AStar_cairn's pathfinder, landmarks reserved, searched until they are in place: still the
    // shortest length (the route may be another of that length).
    Pathfinder guided;
    if (guided.Initialize(kSide, kSide) != Status::Ok ||
        guided.ReserveLandmarks(kLandmarks) != Status::Ok)
      std::abort();
    Position guided_step{};
    std::int32_t guided_length = 0;
    bool guided_found = false;
    for (int i = 0; i < 1000 && !guided.LandmarksReady(m.map); ++i)
      (void)guided.FindPath(m.map, open, {1, 1}, {198, 198}, kSide * kSide, guided_step,
                            guided_length);
    if (guided.LandmarksReady(m.map))
      guided_found = guided.FindPath(m.map, open, {1, 1}, {198, 198}, kSide * kSide, guided_step,
                                     guided_length);
    const std::uint32_t guided_expanded = guided.LastExpansions();
    TCOD_path_t path = TCOD_path_new_using_map(m.tcod, 1.0f);
    const bool tcod_found = TCOD_path_compute(path, 1, 1, 198, 198);
    const int tcod_length = TCOD_path_size(path);
    TCOD_path_delete(path);
    std::vector<std::int32_t> distance(kSide * kSide);
    // The true shortest route, from a distance map from the start: A* must find exactly that.
    const Position start[] = {{1, 1}};
    paths.DistanceMap(m.map, open, start, distance);
    const std::int32_t shortest = distance[static_cast<std::size_t>(198 * kSide + 198)];
    const Position sources[] = {{100, 100}};
    paths.DistanceMap(m.map, open, sources, distance);
    TCOD_dijkstra_t dijkstra = TCOD_dijkstra_new(m.tcod, 1.0f);
    TCOD_dijkstra_compute(dijkstra, 100, 100);
    std::int32_t differ = 0;
    for (std::int32_t y = 0; y < kSide; ++y)
      for (std::int32_t x = 0; x < kSide; ++x) {
        const float d = TCOD_dijkstra_get_distance(dijkstra, x, y);
        const std::int32_t mine = distance[static_cast<std::size_t>(y * kSide + x)];
        const bool unreachable = d < 0;
        if (unreachable != (mine == kUnreachable) ||
            (!unreachable && static_cast<std::int32_t>(d) != mine))
          ++differ;
      }
    TCOD_dijkstra_delete(dijkstra);
    std::fprintf(stderr,
                 "agreement on the 200x200 map: FOV cells seen cairn %d, libtcod %d, both %d; "
                 "A* path %s length %d (shortest %d, %u cells expanded; with landmarks %s length "
                 "%d, %u cells), libtcod %s length %d; Dijkstra cells that differ: %d\n",
                 ours, theirs, both, found ? "found" : "none", length, shortest, expanded,
                 guided_found ? "found" : "none", guided_length, guided_expanded,
                 tcod_found ? "found" : "none", tcod_length, differ);
    // Both find a route and cairn's is the shortest (libtcod's A* heuristic may settle for a
    // longer one), the same by either FindPath and with landmarks; both see the same cells
    // (libtcod's rounding of the radius lights a few more at the rim); the distance maps agree cell
    // for cell.
    if (found != tcod_found || length != shortest || tcod_length < shortest || differ != 0 ||
        both != ours || !crowd_same || !guided_found || guided_length != shortest) {
      std::fprintf(stderr,
                   "the pathing pairs disagree: their timings would not compare like with like\n");
      std::abort();
    }
  }
};
const Agreement kAgreement;

}  // namespace
}  // namespace cairn
