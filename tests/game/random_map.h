// A map of the given size with about `wall_percent` walls at random, the rest floor, drawn from
// `rng` cell by cell in row order (so a seed always gives the same map).
#pragma once

#include <catch2/catch.hpp>

#include "game/random.h"
#include "game/tile_map.h"

namespace cairn::test {

inline TileMap RandomMap(std::int32_t w, std::int32_t h, Rng& rng, std::uint32_t wall_percent) {
  TileMap map;
  REQUIRE(map.Initialize(w, h) == Status::Ok);
  for (std::int32_t y = 0; y < h; ++y)
    for (std::int32_t x = 0; x < w; ++x)
      map.Set(x, y, rng.Percent(wall_percent) ? Terrain::Wall : Terrain::Floor);
  return map;
}

}  // namespace cairn::test
