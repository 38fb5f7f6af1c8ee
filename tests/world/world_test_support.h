// Small helpers shared by the world tests.
#pragma once

#include <catch2/catch.hpp>

#include "world/entity_registry.h"

namespace cairn::test {

// Creates one entity inside its own structural scope; fails the test if creation fails.
inline EntityId MustCreate(EntityRegistry& registry) {
  StructuralScope scope(registry, WorldPhase::Commit);
  EntityId id;
  REQUIRE(registry.TryCreate(id) == Status::Ok);
  return id;
}

inline void MustRelease(EntityRegistry& registry, EntityId id) {
  StructuralScope scope(registry, WorldPhase::Commit);
  REQUIRE(scope.TryRelease(id) == Status::Ok);
}

inline void RequireInvariants(const EntityRegistry& registry) {
  const char* broken = EntityRegistryTestSeam::CheckInvariants(registry);
  INFO((broken ? broken : "ok"));
  REQUIRE(broken == nullptr);
}

}  // namespace cairn::test
