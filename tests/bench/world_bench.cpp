// Registry and pool benchmarks (issue 2): churn, checked lookups, iteration and memory, each
// beside the plainest code that does the same work unchecked.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "support/structural_test_access.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"
#include "world/pool_join.h"

namespace cairn {
namespace {

struct Body {
  std::int32_t x, y;
};
struct Motion {
  std::int32_t dx, dy;
};

// A deterministic generator for shuffles and handle mixes (no std distributions).
struct Rng {
  std::uint64_t state;
  std::uint64_t Next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

struct World {
  EntityRegistry registry;
  ComponentPool<Body> bodies;
  ComponentPool<Motion> motions;
  std::vector<EntityId> ids;

  explicit World(std::uint32_t n) {
    if (registry.Initialize(n) != Status::Ok) std::abort();
    if (bodies.Initialize(registry, n) != Status::Ok) std::abort();
    if (motions.Initialize(registry, n) != Status::Ok) std::abort();
    StructuralScope scope(registry, WorldPhase::Construction, StructuralTestAccess::Key());
    for (std::uint32_t i = 0; i < n; ++i) {
      EntityId id;
      if (registry.Create(id) != Status::Ok) std::abort();
      const auto v = static_cast<std::int32_t>(i);
      if (bodies.Insert(id, Body{v, -v}) != Status::Ok) std::abort();
      if (motions.Insert(id, Motion{1, v & 3}) != Status::Ok) std::abort();
      ids.push_back(id);
    }
  }
};

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
  Rng rng{99};
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

struct LookupSet {
  std::vector<EntityId> handles;  // 80% live, 10% stale, 10% another world's
  World world;
  explicit LookupSet(std::uint32_t n) : world(n) {
    World other(1);
    Rng rng{7};
    for (std::uint32_t i = 0; i < n; ++i) {
      EntityId id = world.ids[rng.Next() % n];
      const std::uint64_t kind = rng.Next() % 10;
      if (kind == 0) id.Generation += 1;                   // stale
      if (kind == 1) id.Owner = other.registry.WorldId();  // wrong world
      handles.push_back(id);
    }
  }
};

void FindRandom_cairn(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (EntityId id : set.handles)
      if (const Body* b = set.world.bodies.Find(id)) sum += b->x;
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

void Churn_cairn(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  EntityRegistry registry;
  if (registry.Initialize(n) != Status::Ok) std::abort();
  ComponentPool<Body> bodies;
  if (bodies.Initialize(registry, n) != Status::Ok) std::abort();
  std::vector<EntityId> ids(n);
  for (auto _ : state) {
    StructuralScope scope(registry, WorldPhase::Commit, StructuralTestAccess::Key());
    for (EntityId& id : ids) {
      (void)registry.Create(id);
      (void)bodies.Insert(id, Body{1, 2});
    }
    for (EntityId id : ids) {
      (void)bodies.Remove(id);
      (void)StructuralTestAccess::Release(scope, id);
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
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

void BytesPerEntity(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  World world(n);
  for (auto _ : state) benchmark::DoNotOptimize(world.registry.LiveCount());
  state.counters["registry_B"] = static_cast<double>(world.registry.MetadataBytes()) / n;
  state.counters["pool8_B"] = static_cast<double>(world.bodies.ReservedBytes()) / n;
}

#define CAIRN_SIZES ->Arg(10'000)->Arg(100'000)->Arg(1'000'000)
BENCHMARK(Iterate1_cairn) CAIRN_SIZES;
BENCHMARK(Iterate1_baseline) CAIRN_SIZES;
BENCHMARK(Iterate2_cairn) CAIRN_SIZES;
BENCHMARK(Iterate2_baseline) CAIRN_SIZES;
BENCHMARK(Iterate2Shuffled_cairn) CAIRN_SIZES;
BENCHMARK(FindRandom_cairn) CAIRN_SIZES;
BENCHMARK(FindRandom_baseline) CAIRN_SIZES;
BENCHMARK(IsAlive_cairn) CAIRN_SIZES;
BENCHMARK(IsAlive_baseline) CAIRN_SIZES;
BENCHMARK(Churn_cairn)->Arg(10'000);
BENCHMARK(Churn_baseline)->Arg(10'000);
BENCHMARK(BytesPerEntity)->Arg(100'000);

}  // namespace
}  // namespace cairn
