// A crowded room for tests and benchmarks: the player in the middle of a walled WIDTH x HEIGHT
// floor, and `others` monsters (a third asleep) and items alternately on the other floor cells,
// drawn in a shuffled order (`seed`), kinds in turn. The same arguments give the same level.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include "game/level.h"
#include "game/random.h"
#include "game/recipes.h"

namespace cairn::test {

inline std::shared_ptr<const LevelDefinition> CrowdedRoom(const DefinitionSet& definitions,
                                                          std::int32_t width, std::int32_t height,
                                                          std::int32_t others, std::uint64_t seed) {
  auto level = std::make_shared<LevelDefinition>();
  level->name = "crowded-room";
  level->width = width;
  level->height = height;
  level->cells.assign(static_cast<std::size_t>(width * height), Terrain::Floor);
  std::vector<Position> free;
  for (std::int32_t y = 0; y < height; ++y)
    for (std::int32_t x = 0; x < width; ++x) {
      if (x == 0 || y == 0 || x == width - 1 || y == height - 1)
        level->cells[static_cast<std::size_t>(y * width + x)] = Terrain::Wall;
      else if (!(x == width / 2 && y == height / 2))
        free.push_back(Position{x, y});
    }
  if (others < 0 || static_cast<std::size_t>(others) > free.size()) std::abort();
  level->entities.push_back({"player", PlayerRecipe({width / 2, height / 2}), {}, {}, {}});
  Rng rng(seed);
  for (std::size_t i = free.size(); i > 1; --i)
    std::swap(free[i - 1], free[rng.Below(static_cast<std::uint32_t>(i))]);
  for (std::int32_t i = 0; i < others; ++i) {
    const Position at = free[static_cast<std::size_t>(i)];
    const auto k = static_cast<std::size_t>(i / 2);
    ComponentBundle bundle =
        i % 2 == 0
            ? MonsterRecipe(definitions, definitions.monsters[k % definitions.monsters.size()], at,
                            i % 3 == 0)
            : ItemRecipe(definitions, definitions.items[k % definitions.items.size()], at);
    level->entities.push_back({"", std::move(bundle), {}, {}, {}});
  }
  level->digest = DigestLevel(*level);
  return level;
}

}  // namespace cairn::test
