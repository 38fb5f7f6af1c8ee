// A map of the given size with about `wall_percent` walls at random, the rest floor, drawn from
// `rng` cell by cell in row order (so a seed always gives the same map).
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

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

// A map of the given size, every cell floor.
inline TileMap OpenMap(std::int32_t w, std::int32_t h) {
  TileMap map;
  REQUIRE(map.Initialize(w, h) == Status::Ok);
  for (std::int32_t y = 0; y < h; ++y)
    for (std::int32_t x = 0; x < w; ++x) map.Set(x, y, Terrain::Floor);
  return map;
}

// A crowd on `map`: one byte per cell, row by row, nonzero (occupied) for about `percent` of the
// cells, walls included (what a monster's search reads beside the walls).
inline std::vector<std::uint8_t> RandomCrowd(const TileMap& map, Rng& rng, std::uint32_t percent) {
  std::vector<std::uint8_t> blocked(map.Cells().size(), 0);
  for (std::uint8_t& cell : blocked) cell = rng.Percent(percent) ? 1 : 0;
  return blocked;
}

}  // namespace cairn::test
