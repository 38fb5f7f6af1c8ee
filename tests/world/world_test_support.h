// Small helpers shared by the world tests.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <utility>
#include <vector>

#include "support/structural_test_access.h"
#include "world/entity_registry.h"

namespace cairn {
namespace test {

// splitmix64: a tiny, fully specified generator, so a randomized run is the same on every
// standard library.
struct Rng {
  std::uint64_t state;
  std::uint64_t Next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint32_t Below(std::uint32_t n) { return static_cast<std::uint32_t>(Next() % n); }
  template <class V>
  void Shuffle(std::vector<V>& v) {
    for (std::size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[Below(static_cast<std::uint32_t>(i))]);
  }
};

inline StructuralKey Key() {
  return StructuralTestAccess::Key();
}

// Creates one entity inside its own structural scope; fails the test if creation fails.
inline EntityId MustCreate(EntityRegistry& registry) {
  StructuralScope scope(registry, WorldPhase::Commit, Key());
  EntityId id;
  REQUIRE(registry.Create(id) == Status::Ok);
  return id;
}

inline void MustRelease(EntityRegistry& registry, EntityId id) {
  StructuralScope scope(registry, WorldPhase::Commit, Key());
  REQUIRE(StructuralTestAccess::Release(scope, id) == Status::Ok);
}

inline void RequireInvariants(const EntityRegistry& registry) {
  const char* broken = EntityRegistryTestSeam::CheckInvariants(registry);
  INFO((broken ? broken : "ok"));
  REQUIRE(broken == nullptr);
}

}  // namespace test
}  // namespace cairn
