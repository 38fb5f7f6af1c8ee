// The game's components: plain values, one struct per capability.
//
// A component holds one entity's changing state only. Shared, immutable configuration (a monster
// kind's stats, an item kind's effect) lives in definitions referred to by id. Every component
// here has a pool in GameWorld, a removal in GameWorld::DestroyEntity, and a schema entry in
// core/schema; tests/game checks all three agree.
#pragma once

#include <cstdint>

namespace cairn {

// Where an entity stands on the map, in cells.
struct Position {
  std::int32_t x = 0;
  std::int32_t y = 0;
};

// Hit points. An entity whose current health reaches zero dies in ResolveGameplay.
struct Health {
  std::int32_t current = 0;
  std::int32_t max = 0;
};

}  // namespace cairn
