// The registry-and-pool workloads of `make bench` (world_bench.cpp): two 8-byte components, a
// store of them, the mix of handles the random lookups take, and one round of each measured loop
// out of line. tools/entt_compare runs the same ones beside EnTT, so that both programs measure
// the same work.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "support/structural_test_access.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"

namespace cairn::bench {

struct Body {
  std::int32_t x, y;
};
struct Motion {
  std::int32_t dx, dy;
};

// A deterministic generator for shuffles and handle mixes (no std distributions; not the game's
// Rng, whose name it would otherwise shadow where both are seen).
struct XorShift {
  std::uint64_t state;
  std::uint64_t Next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

// A registry and two pools of 8-byte components with every entity in both; the handles are kept
// beside them only when asked (the memory figure measures the store alone). Entity i has slot i.
struct Store {
  EntityRegistry registry;
  ComponentPool<Body> bodies;
  ComponentPool<Motion> motions;
  std::vector<EntityId> ids;

  Store(std::uint32_t n, bool keep_ids) {
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
      if (keep_ids) ids.push_back(id);
    }
  }
};

struct World : Store {
  explicit World(std::uint32_t n) : Store(n, true) {}
};

// Checked lookups over a mix of live, stale and wrong-world handles, in random order.
struct LookupSet {
  std::vector<EntityId> handles;  // 80% live, 10% stale, 10% another world's
  World world;
  explicit LookupSet(std::uint32_t n) : world(n) {
    World other(1);
    XorShift rng{7};
    for (std::uint32_t i = 0; i < n; ++i) {
      EntityId id = world.ids[rng.Next() % n];
      const std::uint64_t kind = rng.Next() % 10;
      if (kind == 0) id.Generation += 1;                   // stale
      if (kind == 1) id.Owner = other.registry.WorldId();  // wrong world
      handles.push_back(id);
    }
  }
};

// One pass of the lookups, out of line so that a profiler can count it alone
// (valgrind --tool=callgrind --toggle-collect='*FindRandomPass*').
[[gnu::noinline]] inline std::int64_t FindRandomPass(const ComponentPool<Body>& bodies,
                                                     std::span<const EntityId> handles) {
  std::int64_t sum = 0;
  for (EntityId id : handles)
    if (const Body* b = bodies.Find(id)) sum += b->x;
  return sum;
}

// One round of the churn, out of line so that a profiler can count it alone
// (valgrind --tool=callgrind --toggle-collect='*ChurnRound*'), and with every call inlined into
// it (flatten): left to itself, g++ kept ComponentPool::Insert out of line in one program and not
// in another, so the two timed different code (1.97 M instructions a round against 1.81 M).
[[gnu::noinline, gnu::flatten]] inline void ChurnRound(EntityRegistry& registry,
                                                       ComponentPool<Body>& bodies,
                                                       std::span<EntityId> ids) {
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

}  // namespace cairn::bench
