// ComponentKind: a number for each component type, for bitmasks, commands and counters, derived
// from the one list in component_list.h (the content side's type registry in core/schema is
// indexed by the same numbers).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "game/component_list.h"
#include "game/components.h"

namespace cairn {

#define CAIRN_COMPONENT_ENUMERATOR(Type, member, Accessor, name) Type,
enum class ComponentKind : std::uint8_t { CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_ENUMERATOR) };
#undef CAIRN_COMPONENT_ENUMERATOR

#define CAIRN_COMPONENT_ONE(Type, member, Accessor, name) +1
inline constexpr std::size_t kComponentKindCount = 0 CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_ONE);
#undef CAIRN_COMPONENT_ONE
static_assert(kComponentKindCount <= 32, "ComponentBundle's mask and KindBit hold 32 kinds");

template <class T>
struct KindOf;
#define CAIRN_COMPONENT_KIND_OF(Type, member, Accessor, name)   \
  template <>                                                   \
  struct KindOf<Type> {                                         \
    static constexpr ComponentKind value = ComponentKind::Type; \
  };
CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_KIND_OF)
#undef CAIRN_COMPONENT_KIND_OF

[[nodiscard]] constexpr std::uint32_t KindBit(ComponentKind kind) noexcept {
  return 1u << static_cast<unsigned>(kind);
}

// Calls visit.template operator()<T>() for every component type T, in ComponentKind order:
// for code that must do one thing per component type (recipes, hashing, counters).
template <class Visit>
void ForEachComponentType(Visit&& visit) {
#define CAIRN_COMPONENT_VISIT(Type, member, Accessor, name) visit.template operator()<Type>();
  CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_VISIT)
#undef CAIRN_COMPONENT_VISIT
}

// The canonical lower-case name of each kind (the same names files and the console use).
inline constexpr std::array<std::string_view, kComponentKindCount> kComponentKindNames = {
#define CAIRN_COMPONENT_NAME(Type, member, Accessor, name) name,
    CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_NAME)
#undef CAIRN_COMPONENT_NAME
};
[[nodiscard]] const char* ComponentKindName(ComponentKind kind) noexcept;

}  // namespace cairn
