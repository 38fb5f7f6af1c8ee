// ComponentKind: a number for each component type, for bitmasks, commands and counters, derived
// from the one list in component_list.h (the content side's type registry in core/schema is
// indexed by the same numbers).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/component_list.h"
#include "game/components.h"

namespace cairn {

#define CAIRN_COMPONENT_ENUMERATOR(Type, member, Accessor, name, since) Type,
enum class ComponentKind : std::uint8_t { CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_ENUMERATOR) };
#undef CAIRN_COMPONENT_ENUMERATOR

#define CAIRN_COMPONENT_ONE(Type, member, Accessor, name, since) +1
inline constexpr std::size_t kComponentKindCount = 0 CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_ONE);
#undef CAIRN_COMPONENT_ONE
static_assert(kComponentKindCount <= 32, "ComponentBundle's mask and KindBit hold 32 kinds");

template <class T>
struct KindOf;
#define CAIRN_COMPONENT_KIND_OF(Type, member, Accessor, name, since) \
  template <>                                                        \
  struct KindOf<Type> {                                              \
    static constexpr ComponentKind value = ComponentKind::Type;      \
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
#define CAIRN_COMPONENT_VISIT(Type, member, Accessor, name, since) \
  visit.template operator()<Type>();
  CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_VISIT)
#undef CAIRN_COMPONENT_VISIT
}

// The canonical lower-case name of each kind (the same names files and the console use).
inline constexpr std::array<std::string_view, kComponentKindCount> kComponentKindNames = {
#define CAIRN_COMPONENT_NAME(Type, member, Accessor, name, since) name,
    CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_NAME)
#undef CAIRN_COMPONENT_NAME
};
[[nodiscard]] const char* ComponentKindName(ComponentKind kind) noexcept;

// The save format version each kind arrived in (component_list.h's `since`).
inline constexpr std::array<std::int64_t, kComponentKindCount> kComponentSince = {
#define CAIRN_COMPONENT_SINCE(Type, member, Accessor, name, since) since,
    CAIRN_FOR_EACH_COMPONENT(CAIRN_COMPONENT_SINCE)
#undef CAIRN_COMPONENT_SINCE
};
// A save from before the state hash named its parts hashed the pools by their place in the list,
// so the kinds a version knew must be a prefix of the list: a later arrival comes later.
static_assert(std::is_sorted(kComponentSince.begin(), kComponentSince.end()),
              "component_list.h: add a new component at the end of the list");

// How many kinds (a prefix of the list) had arrived by save format version `version`.
[[nodiscard]] constexpr std::size_t ComponentsArrivedBy(std::int64_t version) noexcept {
  std::size_t count = 0;
  for (std::int64_t since : kComponentSince) count += since <= version ? 1 : 0;
  return count;
}

// The names of the kinds that arrived with save format version `version`, joined by "and"
// ("autopickup"): what a file from before it lacks, for the reasons an old version is refused.
[[nodiscard]] std::string ComponentsArrivedIn(std::int64_t version);

// Every kind in the order of its name: the order the state hash takes named parts in, so the
// place of a line in the list decides nothing a file holds.
inline constexpr std::array<ComponentKind, kComponentKindCount> kComponentsByName = [] {
  std::array<ComponentKind, kComponentKindCount> kinds{};
  for (std::size_t k = 0; k < kinds.size(); ++k) kinds[k] = static_cast<ComponentKind>(k);
  std::sort(kinds.begin(), kinds.end(), [](ComponentKind a, ComponentKind b) {
    return kComponentKindNames[static_cast<std::size_t>(a)] <
           kComponentKindNames[static_cast<std::size_t>(b)];
  });
  return kinds;
}();
static_assert(
    [] {
      for (std::size_t k = 1; k < kComponentsByName.size(); ++k)
        if (kComponentKindNames[static_cast<std::size_t>(kComponentsByName[k - 1])] ==
            kComponentKindNames[static_cast<std::size_t>(kComponentsByName[k])])
          return false;
      return true;
    }(),
    "component_list.h: two components share a name");

}  // namespace cairn
