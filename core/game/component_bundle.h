// ComponentBundle: a set of component values and a mask saying which are present.
//
// It is the payload of structural commands: a spawn recipe (every component the new entity
// starts with) or the value of one component to add. It is a complete, owned value (plain but for
// a Many component's entries, which it owns), so a queued command never borrows the caller's
// memory.
#pragma once

#include <cstdint>
#include <type_traits>

#include "base/fixed_array.h"
#include "game/component_kind.h"
#include "game/components.h"

namespace cairn {

struct ComponentBundle {
  std::uint32_t mask = 0;
#define CAIRN_BUNDLE_MEMBER(Type, member, Accessor, name, since) Type member{};
  CAIRN_FOR_EACH_COMPONENT(CAIRN_BUNDLE_MEMBER)
#undef CAIRN_BUNDLE_MEMBER

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
  [[nodiscard]] bool Has(ComponentKind kind) const noexcept {
    return (mask & KindBit(kind)) != 0;
  }

  template <class T>
  [[nodiscard]] T& Get() noexcept;
  template <class T>
  [[nodiscard]] const T& Get() const noexcept {
    return const_cast<ComponentBundle*>(this)->Get<T>();
  }
};

#define CAIRN_BUNDLE_GET(Type, member, Accessor, name, since)        \
  template <>                                                        \
  [[nodiscard]] inline Type& ComponentBundle::Get<Type>() noexcept { \
    return member;                                                   \
  }
CAIRN_FOR_EACH_COMPONENT(CAIRN_BUNDLE_GET)
#undef CAIRN_BUNDLE_GET

// Each member is a plain value or owns its entries: ComponentPool's static_assert checks every
// component type.

// Calls visit(EntityId&) (or const EntityId& for a const bundle) for every entity reference the
// bundle's present components hold, found through each component's Fields(): levels resolve
// them, commits check them, set pieces renumber them, saves and duplication rewrite them. A new
// reference field is visited as soon as it is listed in its struct's Fields(), and
// tests/schema checks these are exactly the schema's entity fields.
template <class Bundle, class Visit>
void ForEachReference(Bundle& bundle, Visit&& visit) {
  ForEachComponentType([&]<class T>() {
    if (!bundle.template Has<T>()) return;
    T::Fields(bundle.template Get<T>(), [&](auto& field, auto&&...) {
      if constexpr (std::is_same_v<std::remove_const_t<std::remove_reference_t<decltype(field)>>,
                                   EntityId>)
        visit(field);
    });
  });
}

}  // namespace cairn
