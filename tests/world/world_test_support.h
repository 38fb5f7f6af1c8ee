// Small helpers shared by the world tests.
#pragma once

#include <catch2/catch.hpp>

#include "support/structural_test_access.h"
#include "world/entity_registry.h"

namespace cairn {
namespace test {

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
