// Access to a GameWorld's components by type id, for the tools that work from the type registry
// (console, level codec, inspector). Each call is one explicit switch over the named pools.
#pragma once

#include <span>

#include "base/status.h"
#include "game/game_world.h"
#include "schema/component_types.h"

namespace cairn {

struct PoolStats {
  std::uint32_t size = 0;
  std::uint32_t capacity = 0;
  std::uint32_t high_water = 0;
  std::size_t reserved_bytes = 0;
};

[[nodiscard]] bool HasComponent(const GameWorld& world, EntityId id, ComponentTypeId type) noexcept;

// Copies the entity's component into `fields` (one per FieldInfo); false when it has none.
[[nodiscard]] bool ReadComponent(const GameWorld& world, EntityId id, ComponentTypeId type,
                                 std::span<FieldValue> fields);

// Adds the component, or replaces the value of the one the entity has. Needs an open scope when
// it adds. Fields are assumed validated against the type's ranges.
[[nodiscard]] Status WriteComponent(GameWorld& world, StructuralScope& scope, EntityId id,
                                    ComponentTypeId type, std::span<const FieldValue> fields);

[[nodiscard]] Status RemoveComponentOfType(GameWorld& world, StructuralScope& scope, EntityId id,
                                           ComponentTypeId type) noexcept;

[[nodiscard]] PoolStats StatsOf(const GameWorld& world, ComponentTypeId type) noexcept;
// The owners of every component of `type`, in dense (not meaningful) order.
[[nodiscard]] std::span<const EntityId> OwnersOf(const GameWorld& world,
                                                 ComponentTypeId type) noexcept;

}  // namespace cairn
