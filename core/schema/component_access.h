// Access to a GameWorld's components by type id, for the tools that work from the type registry
// (console, level codec, inspector). Each call is one explicit switch over the named pools.
#pragma once

#include <span>
#include <string>
#include <vector>

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

// The component of `type` inside a bundle, untyped, as FieldInfo get/set want it.
[[nodiscard]] void* ComponentIn(ComponentBundle& bundle, ComponentTypeId type) noexcept;
[[nodiscard]] const void* ComponentIn(const ComponentBundle& bundle, ComponentTypeId type) noexcept;

[[nodiscard]] bool HasComponent(const GameWorld& world, EntityId id, ComponentTypeId type) noexcept;

// Copies the entity's component into `fields` (one per FieldInfo); false when it has none. A Many
// type's fields are its first entry's.
[[nodiscard]] bool ReadComponent(const GameWorld& world, EntityId id, ComponentTypeId type,
                                 std::span<FieldValue> fields);

// Adds the component, or replaces the value of the one the entity has (a Many type's first entry,
// added in slot 0 when it has none). Needs an open scope when it adds. Fields are assumed
// validated against the type's ranges.
[[nodiscard]] Status WriteComponent(GameWorld& world, StructuralScope& scope, EntityId id,
                                    ComponentTypeId type, std::span<const FieldValue> fields);

[[nodiscard]] Status RemoveComponentOfType(GameWorld& world, StructuralScope& scope, EntityId id,
                                           ComponentTypeId type) noexcept;

[[nodiscard]] PoolStats StatsOf(const GameWorld& world, ComponentTypeId type) noexcept;

// --- membership: components addressed by (entity, type, slot) ----------------------------------
//
// A One type lives in slot 0; asking for any other slot is InvalidOperation. A Many type's entries
// each have a slot: adding takes one more than the highest in use, removing never renumbers, a slot
// that is gone is NotFound, and restoring a removed entry (undo) may ask for its old slot back.
// Requires and rejects come from the type registry. Every call states why it refused in `why`.

inline constexpr std::uint32_t kNextSlot = 0xFFFFFFFFu;

// The slots the entity's component of `type` has, ascending (a One type: {0} when present).
[[nodiscard]] std::vector<std::uint32_t> SlotsOf(const GameWorld& world, EntityId id,
                                                 ComponentTypeId type);
// One slot's fields; false when that slot does not exist.
[[nodiscard]] bool ReadSlot(const GameWorld& world, EntityId id, ComponentTypeId type,
                            std::uint32_t slot, std::span<FieldValue> fields);
// Adds an entry: `slot` is kNextSlot (max + 1, or 0) or, to restore a removed entry, its old slot.
[[nodiscard]] Status AddEntry(GameWorld& world, StructuralScope& scope, EntityId id,
                              ComponentTypeId type, std::span<const FieldValue> fields,
                              std::uint32_t slot, std::uint32_t& added, std::string& why);
// Replaces the value in an existing slot.
[[nodiscard]] Status ReplaceEntry(GameWorld& world, EntityId id, ComponentTypeId type,
                                  std::uint32_t slot, std::span<const FieldValue> fields,
                                  std::string& why);
// Removes one slot (for a One type, the component).
[[nodiscard]] Status RemoveEntry(GameWorld& world, StructuralScope& scope, EntityId id,
                                 ComponentTypeId type, std::uint32_t slot, std::string& why);
// The owners of every component of `type`, in dense (not meaningful) order.
[[nodiscard]] OwnerView OwnersOf(const GameWorld& world, ComponentTypeId type) noexcept;

}  // namespace cairn
