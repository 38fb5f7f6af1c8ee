// ComponentBundle: a set of component values and a mask saying which are present.
//
// It is the payload of structural commands: a spawn recipe (every component the new entity
// starts with) or the value of one component to add. It is a complete, owned, plain value, so a
// queued command never borrows the caller's memory.
#pragma once

#include <cstdint>

#include "game/component_kind.h"
#include "game/components.h"

namespace cairn {

struct ComponentBundle {
  std::uint32_t mask = 0;
  Position position{};
  Intent intent{};
  Blocker blocker{};
  Appearance appearance{};
  Player player{};
  EnemyAi ai{};
  Stairs stairs{};
  Health health{};
  Combat combat{};
  Named named{};
  Item item{};
  Inventory inventory{};
  Loot loot{};
  Condition condition{};

  template <class T>
  ComponentBundle& Set(const T& value) noexcept {
    Get<T>() = value;
    mask |= KindBit(KindOf<T>::value);
    return *this;
  }
  template <class T>
  [[nodiscard]] bool Has() const noexcept {
    return (mask & KindBit(KindOf<T>::value)) != 0;
  }
  [[nodiscard]] bool Has(ComponentKind kind) const noexcept { return (mask & KindBit(kind)) != 0; }

  template <class T>
  [[nodiscard]] T& Get() noexcept {
    if constexpr (std::is_same_v<T, Position>) return position;
    else if constexpr (std::is_same_v<T, Intent>) return intent;
    else if constexpr (std::is_same_v<T, Blocker>) return blocker;
    else if constexpr (std::is_same_v<T, Appearance>) return appearance;
    else if constexpr (std::is_same_v<T, Player>) return player;
    else if constexpr (std::is_same_v<T, EnemyAi>) return ai;
    else if constexpr (std::is_same_v<T, Stairs>) return stairs;
    else if constexpr (std::is_same_v<T, Health>) return health;
    else if constexpr (std::is_same_v<T, Combat>) return combat;
    else if constexpr (std::is_same_v<T, Named>) return named;
    else if constexpr (std::is_same_v<T, Item>) return item;
    else if constexpr (std::is_same_v<T, Inventory>) return inventory;
    else if constexpr (std::is_same_v<T, Loot>) return loot;
    else {
      static_assert(std::is_same_v<T, Condition>, "not a component");
      return condition;
    }
  }
  template <class T>
  [[nodiscard]] const T& Get() const noexcept {
    return const_cast<ComponentBundle*>(this)->Get<T>();
  }
};

static_assert(std::is_trivially_copyable_v<ComponentBundle>);

// Calls visit(EntityId&) for every entity reference the bundle's present components hold: the
// one list of reference fields (levels resolve them, commits check them, set pieces renumber
// them). A component with a new reference field adds it here.
template <class Bundle, class Visit>
void ForEachReference(Bundle& bundle, Visit&& visit) {
  if (bundle.template Has<Intent>()) {
    visit(bundle.intent.target);
    visit(bundle.intent.item);
  }
  if (bundle.template Has<EnemyAi>()) visit(bundle.ai.target);
  if (bundle.template Has<Item>()) visit(bundle.item.holder);
}

}  // namespace cairn
