// The tests' and benchmarks' key to structural changes (production code gets one only through
// GameWorld, which is the point of the key).
#pragma once

#include <span>

#include "world/entity_registry.h"

namespace cairn {

struct StructuralTestAccess {
  static StructuralKey Key() noexcept { return StructuralKey{}; }
  [[nodiscard]] static Status Release(StructuralScope& scope, EntityId id) noexcept {
    return scope.Release(id);
  }
  [[nodiscard]] static Status ReleaseMany(StructuralScope& scope,
                                          std::span<const EntityId> ids) noexcept {
    return scope.ReleaseMany(ids);
  }
};

}  // namespace cairn
