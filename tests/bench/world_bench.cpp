// Registry and pool benchmarks (issue 2): churn, checked lookups, iteration and memory, each
// beside the plainest code that does the same work unchecked.
#include <benchmark/benchmark.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "bench/world_fixtures.h"
#include "support/resident_memory.h"
#include "support/structural_test_access.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"
#include "world/pool_join.h"

namespace cairn {
namespace {

using namespace bench;  // the stores, handle mixes and rounds tools/entt_compare shares

// --- iteration over one pool ---------------------------------------------------------------

void Iterate1_cairn(benchmark::State& state) {
  World world(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) {
    for (Body& b : world.bodies.MutableValues()) b.x += b.y;
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void Iterate1_baseline(benchmark::State& state) {
  std::vector<Body> bodies;
  for (std::int32_t i = 0; i < state.range(0); ++i) bodies.push_back(Body{i, -i});
  for (auto _ : state) {
    for (Body& b : bodies) b.x += b.y;
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// --- iteration over two pools --------------------------------------------------------------

void Iterate2_cairn(benchmark::State& state) {
  World world(static_cast<std::uint32_t>(state.range(0)));
  PoolJoin join(world.motions, world.bodies);
  for (auto _ : state) {
    join.ForEach([](EntityId, const Motion& m, Body& b) {
      b.x += m.dx;
      b.y += m.dy;
    });
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void Iterate2_baseline(benchmark::State& state) {
  std::vector<Body> bodies;
  std::vector<Motion> motions;
  for (std::int32_t i = 0; i < state.range(0); ++i) {
    bodies.push_back(Body{i, -i});
    motions.push_back(Motion{1, i & 3});
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      bodies[i].x += motions[i].dx;
      bodies[i].y += motions[i].dy;
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// Two pools whose dense orders differ (the second was filled in shuffled order): every
// lookup takes the sparse path.
void Iterate2Shuffled_cairn(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  World world(n);
  ComponentPool<Motion> shuffled;
  if (shuffled.Initialize(world.registry, n) != Status::Ok) std::abort();
  std::vector<EntityId> order = world.ids;
  XorShift rng{99};
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.Next() % i]);
  {
    StructuralScope scope(world.registry, WorldPhase::Construction, StructuralTestAccess::Key());
    for (EntityId id : order)
      if (shuffled.Insert(id, Motion{1, 1}) != Status::Ok) std::abort();
  }
  PoolJoin join(world.bodies, shuffled);
  for (auto _ : state) {
    join.ForEach([](EntityId, Body& b, const Motion& m) {
      b.x += m.dx;
      b.y += m.dy;
    });
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// --- checked lookups over a mix of live, stale and wrong-world handles -----------------------

void FindRandom_cairn(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(FindRandomPass(set.world.bodies, set.handles));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// The same lookups through FindMany, a batch at a time (how a system that looks up many handles
// would call it): the batch prefetches ahead, so the misses of several lookups overlap.
void FindManyRandom_cairn(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  constexpr std::size_t kBatch = 1024;
  std::array<const Body*, kBatch> found{};
  const std::span<const EntityId> handles(set.handles);
  const ComponentPool<Body>& bodies = set.world.bodies;
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (std::size_t at = 0; at < handles.size(); at += kBatch) {
      const auto batch = handles.subspan(at, std::min(kBatch, handles.size() - at));
      if (bodies.FindMany(batch, found) != Status::Ok) std::abort();
      for (std::size_t i = 0; i < batch.size(); ++i)
        if (found[i] != nullptr) sum += found[i]->x;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void FindRandom_baseline(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  std::vector<Body> by_slot(set.world.ids.size());
  for (EntityId id : set.world.ids) by_slot[id.Slot] = *set.world.bodies.Find(id);
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (EntityId id : set.handles) sum += by_slot[id.Slot].x;  // unchecked index
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// The same unchecked index under the batch's name, so the ratio table pairs FindMany with it.
void FindManyRandom_baseline(benchmark::State& state) {
  FindRandom_baseline(state);
}

void IsAlive_cairn(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) {
    std::int64_t alive = 0;
    for (EntityId id : set.handles) alive += set.world.registry.IsAlive(id);
    benchmark::DoNotOptimize(alive);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void IsAlive_baseline(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  std::vector<std::uint32_t> generation_by_slot(set.world.ids.size());
  for (EntityId id : set.world.ids) generation_by_slot[id.Slot] = id.Generation;
  for (auto _ : state) {
    std::int64_t alive = 0;
    for (EntityId id : set.handles) alive += generation_by_slot[id.Slot] == id.Generation;
    benchmark::DoNotOptimize(alive);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// --- create/destroy churn ----------------------------------------------------------------------

// Runs one kind of round over a registry and pool of state.range(0) entities. (A runtime
// argument, not a template one: the profiler commands select the rounds by name.)
void ChurnWith(benchmark::State& state,
               void (*round)(EntityRegistry&, ComponentPool<Body>&, std::span<EntityId>)) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  EntityRegistry registry;
  if (registry.Initialize(n) != Status::Ok) std::abort();
  ComponentPool<Body> bodies;
  if (bodies.Initialize(registry, n) != Status::Ok) std::abort();
  std::vector<EntityId> ids(n);
  for (auto _ : state) round(registry, bodies, ids);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void Churn_cairn(benchmark::State& state) {
  ChurnWith(state, ChurnRound);
}

// The same churn through the batch forms (decision 0026): one call a step for all 10,000.
[[gnu::noinline]] void ChurnBatchRound(EntityRegistry& registry, ComponentPool<Body>& bodies,
                                       std::span<EntityId> ids) {
  StructuralScope scope(registry, WorldPhase::Commit, StructuralTestAccess::Key());
  if (registry.CreateMany(ids) != Status::Ok || bodies.InsertMany(ids, Body{1, 2}) != Status::Ok ||
      bodies.RemoveMany(ids) != Status::Ok ||
      StructuralTestAccess::ReleaseMany(scope, ids) != Status::Ok)
    std::abort();
}

void ChurnBatch_cairn(benchmark::State& state) {
  ChurnWith(state, ChurnBatchRound);
}

void Churn_baseline(benchmark::State& state) {
  // An unchecked free list and a slot-indexed array: what churn costs with no safety at all.
  const auto n = static_cast<std::uint32_t>(state.range(0));
  std::vector<std::uint32_t> free_list;
  std::vector<Body> by_slot(n);
  std::vector<std::uint32_t> slots(n);
  for (std::uint32_t i = 0; i < n; ++i) free_list.push_back(n - 1 - i);
  for (auto _ : state) {
    for (std::uint32_t& slot : slots) {
      slot = free_list.back();
      free_list.pop_back();
      by_slot[slot] = Body{1, 2};
    }
    for (std::uint32_t slot : slots) free_list.push_back(slot);
    benchmark::DoNotOptimize(by_slot.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// --- memory ------------------------------------------------------------------------------------

// Bytes per entity: reserved by the registry and by one pool (from their own accounting), their
// total for a registry and two pools, and the growth of this process's resident memory while the
// store was built (measured; the first figure the issue names).
void BytesPerEntity(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
#ifdef __GLIBC__
  // Free memory the process still holds (earlier benchmarks' worlds) goes back to the system, so
  // the store's arrays grow the resident set whether they reuse it or get fresh pages.
  malloc_trim(0);
#endif
  const std::size_t before = test::ResidentBytes();
  auto store = std::make_unique<Store>(n, false);
  const std::size_t after = test::ResidentBytes();
  for (auto _ : state) benchmark::DoNotOptimize(store->registry.LiveCount());
  const auto per_entity = [n](std::size_t bytes) { return static_cast<double>(bytes) / n; };
  state.counters["registry_B"] = per_entity(store->registry.MetadataBytes());
  state.counters["pool8_B"] = per_entity(store->bodies.ReservedBytes());
  state.counters["reserved_B"] =
      per_entity(store->registry.MetadataBytes() + store->bodies.ReservedBytes() +
                 store->motions.ReservedBytes());
  state.counters["resident_B"] = per_entity(after > before ? after - before : 0);
}

#define CAIRN_SIZES ->Arg(10'000)->Arg(100'000)->Arg(1'000'000)
// Random lookups also at 4M: at 1M this machine's 32 MiB L3 holds the unchecked index's working
// set (16 MB of handles, 8 MB of values) but not the checked lookup's (16 MB more of generations,
// sparse entries and values), so 1M measures that cliff; at 4M neither fits.
#define CAIRN_LOOKUP_SIZES CAIRN_SIZES->Arg(4'000'000)
BENCHMARK(Iterate1_cairn) CAIRN_SIZES;
BENCHMARK(Iterate1_baseline) CAIRN_SIZES;
BENCHMARK(Iterate2_cairn) CAIRN_SIZES;
BENCHMARK(Iterate2_baseline) CAIRN_SIZES;
BENCHMARK(Iterate2Shuffled_cairn) CAIRN_SIZES;
BENCHMARK(FindRandom_cairn) CAIRN_LOOKUP_SIZES;
BENCHMARK(FindManyRandom_cairn) CAIRN_LOOKUP_SIZES;
BENCHMARK(FindRandom_baseline) CAIRN_LOOKUP_SIZES;
BENCHMARK(FindManyRandom_baseline) CAIRN_LOOKUP_SIZES;
BENCHMARK(IsAlive_cairn) CAIRN_SIZES;
BENCHMARK(IsAlive_baseline) CAIRN_SIZES;
BENCHMARK(Churn_cairn)->Arg(10'000);
BENCHMARK(Churn_baseline)->Arg(10'000);
BENCHMARK(ChurnBatch_cairn)->Arg(10'000);
// The same free list under the batch's name, so the ratio table pairs it.
BENCHMARK(Churn_baseline)->Name("ChurnBatch_baseline")->Arg(10'000);
BENCHMARK(BytesPerEntity)->Arg(100'000)->Arg(1'000'000)->Iterations(1);

}  // namespace
}  // namespace cairn
