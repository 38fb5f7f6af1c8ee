// The legend: what every sign the map can show means, made from what draws them (the terrain
// table, the player's and the stairs' recipes, the remains of a death, and every monster and item
// definition) rather than written out, so a new monster or terrain is in it by itself. The help
// screen shows it; tests keep docs/GAME.md's legend holding every sign in it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/components.h"
#include "game/definitions.h"

namespace cairn {

struct MapSign {
  std::string group;  // "The map", "Monsters", "Items"
  std::uint32_t glyph = 0;
  char ascii = 0;  // what --ascii draws instead
  Colour colour = Colour::Default;
  std::string text;  // "shallow water: wade through it; it does not block sight"
};

// In order: the terrain, the player, the stairs and the remains of a death; each monster kind as
// its file lists them; then one entry per item sign, naming its categories (and the kinds of
// those whose kinds are known at sight: "weapon: dagger, long sword, battle axe").
[[nodiscard]] std::vector<MapSign> MapLegend(const DefinitionSet& definitions);

}  // namespace cairn
