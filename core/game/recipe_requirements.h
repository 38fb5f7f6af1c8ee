// What each spawn recipe requires of an entity, and which recipe an entity was made by. An
// entity's recipe is named by the one component only that recipe gives (its marker: player,
// enemy_ai, item, stairs), which saves, rewind, the stairs and duplication already carry, so no
// record beside the pools has to follow an entity across those boundaries (decision 0016).
#pragma once

#include <cstdint>

#include "game/component_kind.h"

namespace cairn {

enum class RecipeKind : std::uint8_t { None, Player, Monster, Item, Stairs };

// The recipe a set of components (a ComponentBundle's mask, or an entity's membership) belongs
// to: the first marker it holds, in the order above; None when it holds no marker.
[[nodiscard]] RecipeKind RecipeOf(std::uint32_t component_mask) noexcept;
// The components (KindBit mask) every entity of `recipe` must hold, its marker included. They
// are the marker's own requirements in the type registry (core/schema), so nothing the console
// or a file may do to an entity can break them (tests/schema checks the two agree).
[[nodiscard]] std::uint32_t RequiredComponents(RecipeKind recipe) noexcept;
// "player", "monster", "item", "stairs", or "none".
[[nodiscard]] const char* RecipeName(RecipeKind recipe) noexcept;
// The first component (in ComponentKind order) `component_mask` lacks for its own recipe;
// false when it lacks none.
[[nodiscard]] bool FirstMissingComponent(std::uint32_t component_mask,
                                         ComponentKind& missing) noexcept;

}  // namespace cairn
