// Spawn recipes: the complete component bundles that make a player, a monster, stairs.
#pragma once

#include "game/component_bundle.h"
#include "game/definitions.h"
#include "game/random.h"

namespace cairn {

[[nodiscard]] ComponentBundle PlayerRecipe(Position where);
[[nodiscard]] ComponentBundle MonsterRecipe(const DefinitionSet& definitions,
                                            const MonsterDefinition& kind, Position where,
                                            bool asleep);
[[nodiscard]] ComponentBundle StairsRecipe(Position where, std::int8_t direction);
// An item lying at `where`: its least quantity and charges (generation rolls the rest).
[[nodiscard]] ComponentBundle ItemRecipe(const DefinitionSet& definitions,
                                         const ItemDefinition& kind, Position where);
// An item as found in the dungeon at `depth`: quantity and charges rolled in their ranges, and
// weapons and armour with an enchantment (deeper is better), unknown until worn or identified.
[[nodiscard]] ComponentBundle RolledItemRecipe(const DefinitionSet& definitions,
                                               const ItemDefinition& kind, Position where,
                                               std::int32_t depth, Rng& rng);

}  // namespace cairn
