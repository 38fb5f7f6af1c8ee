// cairn's world core beside EnTT's on the workloads of issue 17's comparison ("a well-known
// sparse-set ECS measured on this machine with the same 1M-entity workloads"): random checked
// lookups, iteration over two components and create/insert/remove/destroy churn.
//
// Not part of the build: EnTT is not a Debian package, and nothing may download at build time.
// From the repository's root, with EnTT 3.16's headers at ENTT (its src folder) and a Release
// build of cairn at BUILD:
//
//   g++ -std=c++20 -O3 -DNDEBUG -I"$ENTT" -Icore -Itests tools/entt_compare/entt_compare.cpp
//     -o /tmp/entt_compare "$BUILD"/core/libcairn_world.a "$BUILD"/core/libcairn_identity.a
//     "$BUILD"/core/libcairn_base.a -lbenchmark -lpthread
//   /tmp/entt_compare --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true
//     --benchmark_report_aggregates_only=true --benchmark_min_time=0.2
//
// (each command is one line, split here to fit.)
//
// The workloads are `make bench`'s own (tests/bench/world_fixtures.h): the same stores, the same
// mix of handles (80% live, 10% stale, 10% another world's; EnTT has no world, so its tenth is
// stale as well: a tenth of cairn's handles, another world's, read no memory, where EnTT's
// stand-ins for them read their sparse entries) and the same rounds.
// EnTT's checked lookup is `storage.contains(e)` then `get`: its sparse entry holds the entity's
// version, so it reads two lines and never the registry. cairn's Find also checks the handle's
// world and the registry's generation of the slot (three lines); `registry.valid(e) && contains(e)`
// is EnTT's lookup with that check too. EnTT's release build checks no handle on create, emplace,
// erase or destroy (its assertions are for debug builds); cairn's single calls check every handle.
// docs/PERFORMANCE.md has the figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <entt/entity/registry.hpp>
#include <span>
#include <vector>

#include "bench/world_fixtures.h"
#include "world/pool_join.h"

namespace {

using namespace cairn;
using namespace cairn::bench;

// EnTT's registry holding what a LookupSet's world holds, and its handles for the same lookups.
struct EnttWorld {
  entt::registry registry;
  std::vector<entt::entity> handles;
  explicit EnttWorld(const LookupSet& set) {
    std::vector<entt::entity> ids;
    for (std::uint32_t i = 0; i < set.world.ids.size(); ++i) {
      const auto e = registry.create();
      const auto v = static_cast<std::int32_t>(i);
      registry.emplace<Body>(e, v, -v);
      registry.emplace<Motion>(e, 1, v & 3);
      ids.push_back(e);
    }
    using traits = entt::entt_traits<entt::entity>;
    for (const EntityId id : set.handles) {  // entity i has slot i in both
      const entt::entity e = ids[id.Slot];
      const bool live = id == set.world.ids[id.Slot];
      handles.push_back(live ? e
                             : traits::construct(traits::to_entity(e), traits::to_version(e) + 1));
    }
  }
};

void Lookup_cairn(benchmark::State& state) {
  const LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(FindRandomPass(set.world.bodies, set.handles));
}

void LookupMany_cairn(benchmark::State& state) {
  const LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  constexpr std::size_t kBatch = 1024;
  std::array<const Body*, kBatch> found{};
  const std::span<const EntityId> handles(set.handles);
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (std::size_t at = 0; at < handles.size(); at += kBatch) {
      const auto batch = handles.subspan(at, std::min(kBatch, handles.size() - at));
      if (set.world.bodies.FindMany(batch, found) != Status::Ok) std::abort();
      for (std::size_t i = 0; i < batch.size(); ++i)
        if (found[i] != nullptr) sum += found[i]->x;
    }
    benchmark::DoNotOptimize(sum);
  }
}

// EnTT's checked lookup; with `valid`, also the registry's check of the handle, as cairn's Find.
template <bool kValid>
void Lookup_entt(benchmark::State& state) {
  const LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  EnttWorld world(set);
  const auto& bodies = world.registry.storage<Body>();
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (entt::entity e : world.handles)
      if ((!kValid || world.registry.valid(e)) && bodies.contains(e)) sum += bodies.get(e).x;
    benchmark::DoNotOptimize(sum);
  }
}

void Iterate2_cairn(benchmark::State& state) {
  LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  PoolJoin join(set.world.motions, set.world.bodies);
  for (auto _ : state) {
    join.ForEach([](EntityId, const Motion& m, Body& b) {
      b.x += m.dx;
      b.y += m.dy;
    });
    benchmark::ClobberMemory();
  }
}

// EnTT's walk over both components: through a view, which checks every element's sparse entry,
// or through a group owning both storages, which keeps them in one order as PoolJoin walks two
// aligned pools (two plain arrays).
template <bool kGroup>
void Iterate2_entt(benchmark::State& state) {
  const LookupSet set(static_cast<std::uint32_t>(state.range(0)));
  EnttWorld world(set);
  const auto walk = [&state](auto&& components) {
    for (auto _ : state) {
      components.each([](const Motion& m, Body& b) {
        b.x += m.dx;
        b.y += m.dy;
      });
      benchmark::ClobberMemory();
    }
  };
  if constexpr (kGroup)
    walk(world.registry.group<Motion, Body>());
  else
    walk(world.registry.view<const Motion, Body>());
}

void Churn_cairn(benchmark::State& state) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  EntityRegistry registry;
  ComponentPool<Body> bodies;
  if (registry.Initialize(n) != Status::Ok || bodies.Initialize(registry, n) != Status::Ok)
    std::abort();
  std::vector<EntityId> ids(n);
  for (auto _ : state) ChurnRound(registry, bodies, ids);
}

void Churn_entt(benchmark::State& state) {
  entt::registry registry;
  std::vector<entt::entity> ids(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    for (entt::entity& e : ids) {
      e = registry.create();
      registry.emplace<Body>(e, 1, 2);
    }
    for (entt::entity e : ids) {
      registry.erase<Body>(e);
      registry.destroy(e);
    }
  }
}

#define SIZES ->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Arg(4'000'000)
BENCHMARK(Lookup_cairn) SIZES;
BENCHMARK(LookupMany_cairn) SIZES;
BENCHMARK(Lookup_entt<false>)->Name("Lookup_entt") SIZES;
BENCHMARK(Lookup_entt<true>)->Name("LookupValid_entt") SIZES;
BENCHMARK(Iterate2_cairn)->Arg(1'000'000);
BENCHMARK(Iterate2_entt<false>)->Name("Iterate2_entt")->Arg(1'000'000);
BENCHMARK(Iterate2_entt<true>)->Name("Iterate2Group_entt")->Arg(1'000'000);
BENCHMARK(Churn_cairn)->Arg(10'000);
BENCHMARK(Churn_entt)->Arg(10'000);

}  // namespace

BENCHMARK_MAIN();
