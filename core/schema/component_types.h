// The component type registry: one table that says, for every component type, its id, names,
// category, version, multiplicity, what it requires and rejects, and its fields.
//
// The level codec, the console and the inspector all work from this table; no component type has
// a parser or printer of its own. It belongs to the content side of cairn: the simulation
// (core/game rules) never includes it. Field access goes through each field's get/set, generated
// from a member pointer next to the field's name, so a field's name and its storage cannot drift
// apart.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "game/component_kind.h"
#include "identity/handle.h"

namespace cairn {

// Type ids are the simulation's component kinds: one numbering for both sides.
using ComponentTypeId = ComponentKind;

enum class FieldKind : std::uint8_t {
  Integer,     // a signed integer within [min, max]
  Enum,        // one of a list of names (stored as its index)
  Entity,      // a reference to another entity (null allowed)
  Text,        // a string of at most `max` bytes
  Glyph,       // one Unicode character, its code point within [min, max]
  Definition,  // a typed definition id (a monster or item kind), stored as its index
};

// Which definitions a Definition field names.
enum class DefinitionKind : std::uint8_t { None, Monster, Item };
// "an integer", "one of the names", ...: what a field must be, as a message says it.
[[nodiscard]] const char* FieldKindName(FieldKind kind) noexcept;

enum class Multiplicity : std::uint8_t { One, Many };

// One field's value, whatever its kind: `integer` for Integer, Enum (the index) and Glyph,
// `entity` for Entity, `text` for Text.
struct FieldValue {
  std::int64_t integer = 0;
  EntityId entity{};
  std::string text;
};

struct FieldInfo {
  std::string_view name;
  FieldKind kind = FieldKind::Integer;
  std::int64_t min = 0;
  std::int64_t max = 0;
  std::int64_t default_value = 0;
  std::span<const std::string_view> names;            // Enum: the name of each value, by index
  DefinitionKind definitions = DefinitionKind::None;  // Definition: which kind of definition
  std::string_view description;
  FieldValue (*get)(const void* component) = nullptr;
  void (*set)(void* component, const FieldValue& value) = nullptr;
};

// How a Many component keeps its entries: the fields of a Many type describe one entry, and these
// functions find, add and remove entries by slot inside the component value.
struct SlotAccess {
  std::size_t (*count)(const void* component);
  std::uint32_t (*slot_at)(const void* component, std::size_t index);
  const void* (*find)(const void* component, std::uint32_t slot);
  void* (*insert)(void* component, std::uint32_t slot);  // null when the slot is taken
  bool (*erase)(void* component, std::uint32_t slot);
  // One more than the highest slot the component has ever held (its slot history): an absent
  // slot below it was removed, and only such a slot may be restored.
  std::uint32_t (*slots_used)(const void* component);
  // Raises that history to `used` (a save's `slots_used`); never lowers it.
  void (*keep_slots_used)(void* component, std::uint32_t used);
  // Where the history outlives the component: when its last entry goes, the entity's
  // slot_history keeps it, and the component's next first entry takes the slot past it.
  std::uint32_t SlotHistory::*history;
};

struct ComponentTypeInfo {
  ComponentTypeId id;
  std::string_view name;          // canonical, lower case: what files and the console use
  std::string_view display_name;  // for people: the inspector and help
  std::string_view category;
  std::uint32_t version = 1;
  Multiplicity multiplicity = Multiplicity::One;
  std::uint32_t max_slots = 1;  // for Many: 0 means no declared maximum
  std::span<const ComponentTypeId> requires_types;
  std::span<const ComponentTypeId> rejects_types;
  std::span<const FieldInfo> fields;
  const SlotAccess* slots = nullptr;  // Many types only
};

inline constexpr std::size_t kMaxFieldsPerComponent = 24;
// The highest slot an entry may have: slots are u32, and the console keeps 0xFFFFFFFF to mean
// "the next slot" (schema/component_access.h).
inline constexpr std::uint32_t kMaxSlot = 0xFFFFFFFEu;

// Every registered type, in id order.
[[nodiscard]] std::span<const ComponentTypeInfo> AllComponentTypes() noexcept;
[[nodiscard]] const ComponentTypeInfo& TypeInfoOf(ComponentTypeId id) noexcept;
// The type with this canonical name, or null.
[[nodiscard]] const ComponentTypeInfo* FindComponentType(std::string_view name) noexcept;

}  // namespace cairn
