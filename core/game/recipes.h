// Spawn recipes: the complete component bundles that make a player, a monster, stairs.
#pragma once

#include "game/component_bundle.h"
#include "game/definitions.h"

namespace cairn {

[[nodiscard]] ComponentBundle PlayerRecipe(Position where);
[[nodiscard]] ComponentBundle MonsterRecipe(const DefinitionSet& definitions,
                                            const MonsterDefinition& kind, Position where,
                                            bool asleep);
[[nodiscard]] ComponentBundle StairsRecipe(Position where, std::int8_t direction);
// An item lying at `where`: its least quantity and charges (generation rolls the rest).
[[nodiscard]] ComponentBundle ItemRecipe(const DefinitionSet& definitions,
                                         const ItemDefinition& kind, Position where);

}  // namespace cairn
