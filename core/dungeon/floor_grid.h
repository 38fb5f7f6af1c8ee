// FloorGrid: the terrain of a floor while it is being generated, and the carving steps that
// shape it (rooms and corridors, caverns, water, tunnels that join every region).
//
// Cells can be locked: a set piece's cells are locked so that no carving step changes what its
// author drew; tunnels reach a locked area only through its own doorways.
#pragma once

#include <cstdint>
#include <vector>

#include "game/components.h"
#include "game/random.h"
#include "game/tile_map.h"

namespace cairn {

struct Rect {
  std::int32_t x = 0, y = 0, w = 0, h = 0;  // interior cells [x, x+w) x [y, y+h)
  [[nodiscard]] bool Contains(std::int32_t px, std::int32_t py) const noexcept {
    return px >= x && py >= y && px < x + w && py < y + h;
  }
  [[nodiscard]] Position Centre() const noexcept { return Position{x + w / 2, y + h / 2}; }
};

class FloorGrid {
 public:
  FloorGrid(std::int32_t width, std::int32_t height);

  [[nodiscard]] std::int32_t Width() const noexcept { return width_; }
  [[nodiscard]] std::int32_t Height() const noexcept { return height_; }
  [[nodiscard]] bool InBounds(std::int32_t x, std::int32_t y) const noexcept {
    return x >= 0 && y >= 0 && x < width_ && y < height_;
  }
  // Inside the outer wall ring, which is never carved.
  [[nodiscard]] bool Interior(std::int32_t x, std::int32_t y) const noexcept {
    return x >= 1 && y >= 1 && x < width_ - 1 && y < height_ - 1;
  }
  [[nodiscard]] Terrain At(std::int32_t x, std::int32_t y) const noexcept {
    return InBounds(x, y) ? cells_[Index(x, y)] : Terrain::Wall;
  }
  [[nodiscard]] bool Passable(std::int32_t x, std::int32_t y) const noexcept {
    return TerrainPassable(At(x, y));
  }
  [[nodiscard]] bool Locked(std::int32_t x, std::int32_t y) const noexcept {
    return !InBounds(x, y) || locked_[Index(x, y)] != 0;
  }
  // Changes an interior, unlocked cell; anything else is left as it is.
  void Carve(std::int32_t x, std::int32_t y, Terrain terrain) noexcept {
    if (Interior(x, y) && !Locked(x, y)) cells_[Index(x, y)] = terrain;
  }
  // Set pieces write their cells directly, then lock them.
  void Stamp(std::int32_t x, std::int32_t y, Terrain terrain, bool lock) noexcept {
    if (!InBounds(x, y)) return;
    cells_[Index(x, y)] = terrain;
    locked_[Index(x, y)] = lock ? 1 : 0;
  }
  [[nodiscard]] std::size_t Index(std::int32_t x, std::int32_t y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  [[nodiscard]] const std::vector<Terrain>& Cells() const noexcept { return cells_; }

 private:
  std::int32_t width_;
  std::int32_t height_;
  std::vector<Terrain> cells_;
  std::vector<std::uint8_t> locked_;
};

// Rooms placed at random without overlap, joined in order along x by L-shaped corridors, with a
// few extra joins for loops; doorways in room walls become doors. Returns the rooms carved.
std::vector<Rect> CarveRoomsAndCorridors(FloorGrid& grid, Rng& rng);
// Cellular-automaton caverns (random fill, then smoothing), small pockets filled back in.
void CarveCaverns(FloorGrid& grid, Rng& rng);
// A few pools of shallow water grown over floor (water never disconnects: it is passable).
void AddWater(FloorGrid& grid, Rng& rng, std::int32_t pools);
// Tunnels from every passable region to the largest until all are one: after this, every
// passable cell can reach every other. Locked cells are crossed only where they are passable.
void ConnectRegions(FloorGrid& grid);

// Region labels of the passable cells (8-connected, as actors move); 0 for impassable cells.
// Returns the number of regions.
std::int32_t LabelRegions(const FloorGrid& grid, std::vector<std::int32_t>& labels);
// Steps (8-connected, over passable cells) from `from` to every cell; -1 where unreachable.
void StepDistances(const FloorGrid& grid, Position from, std::vector<std::int32_t>& out);

}  // namespace cairn
