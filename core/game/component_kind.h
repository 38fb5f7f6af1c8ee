// ComponentKind: a number for each component type, for bitmasks, recipes and counters.
//
// The simulation's own list of its components (the content side's type registry in core/schema
// is indexed by the same numbers). Adding a component: add it here, to components.h, to
// GameWorld's pools and DestroyEntity, to SpawnRecipe, and to the schema table.
#pragma once

#include <cstdint>

#include "game/components.h"

namespace cairn {

enum class ComponentKind : std::uint8_t {
  Position,
  Intent,
  Blocker,
  Appearance,
  Player,
  EnemyAi,
  Stairs,
  Health,
  Combat,
  Named,
  Item,
  Inventory,
  Loot,
  Condition,
};
inline constexpr std::size_t kComponentKindCount = 14;

template <class T>
struct KindOf;
template <> struct KindOf<Position> { static constexpr ComponentKind value = ComponentKind::Position; };
template <> struct KindOf<Intent> { static constexpr ComponentKind value = ComponentKind::Intent; };
template <> struct KindOf<Blocker> { static constexpr ComponentKind value = ComponentKind::Blocker; };
template <> struct KindOf<Appearance> { static constexpr ComponentKind value = ComponentKind::Appearance; };
template <> struct KindOf<Player> { static constexpr ComponentKind value = ComponentKind::Player; };
template <> struct KindOf<EnemyAi> { static constexpr ComponentKind value = ComponentKind::EnemyAi; };
template <> struct KindOf<Stairs> { static constexpr ComponentKind value = ComponentKind::Stairs; };
template <> struct KindOf<Health> { static constexpr ComponentKind value = ComponentKind::Health; };
template <> struct KindOf<Combat> { static constexpr ComponentKind value = ComponentKind::Combat; };
template <> struct KindOf<Named> { static constexpr ComponentKind value = ComponentKind::Named; };
template <> struct KindOf<Item> { static constexpr ComponentKind value = ComponentKind::Item; };
template <> struct KindOf<Inventory> { static constexpr ComponentKind value = ComponentKind::Inventory; };
template <> struct KindOf<Loot> { static constexpr ComponentKind value = ComponentKind::Loot; };
template <> struct KindOf<Condition> { static constexpr ComponentKind value = ComponentKind::Condition; };

[[nodiscard]] constexpr std::uint32_t KindBit(ComponentKind kind) noexcept {
  return 1u << static_cast<unsigned>(kind);
}

// Calls visit.template operator()<T>() for every component type T, in ComponentKind order:
// for code that must do one thing per component type (recipes, hashing, counters).
template <class Visit>
void ForEachComponentType(Visit&& visit) {
  visit.template operator()<Position>();
  visit.template operator()<Intent>();
  visit.template operator()<Blocker>();
  visit.template operator()<Appearance>();
  visit.template operator()<Player>();
  visit.template operator()<EnemyAi>();
  visit.template operator()<Stairs>();
  visit.template operator()<Health>();
  visit.template operator()<Combat>();
  visit.template operator()<Named>();
  visit.template operator()<Item>();
  visit.template operator()<Inventory>();
  visit.template operator()<Loot>();
  visit.template operator()<Condition>();
}

// The canonical lower-case name of each kind (the same names files and the console use).
[[nodiscard]] const char* ComponentKindName(ComponentKind kind) noexcept;

}  // namespace cairn
