#include "game/tile_map.h"

namespace cairn {

const char* TerrainName(Terrain terrain) noexcept {
  switch (terrain) {
    case Terrain::Wall: return "wall";
    case Terrain::Floor: return "floor";
    case Terrain::DoorClosed: return "closed door";
    case Terrain::DoorOpen: return "open door";
    case Terrain::Water: return "shallow water";
    case Terrain::Chasm: return "chasm";
  }
  return "unknown";
}

Status TileMap::Initialize(std::int32_t width, std::int32_t height) noexcept {
  if (width <= 0 || height <= 0 || width > kMaxSide || height > kMaxSide)
    return Status::InvalidArgument;
  const auto count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  FixedArray<Terrain> cells;
  FixedArray<std::uint8_t> remembered;
  FixedArray<Terrain> seen_terrain;
  if (Status s = cells.Allocate(count); s != Status::Ok) return s;
  if (Status s = remembered.Allocate(count); s != Status::Ok) return s;
  if (Status s = seen_terrain.Allocate(count); s != Status::Ok) return s;
  static_assert(static_cast<int>(Terrain::Wall) == 0, "a zeroed map is all wall");
  cells_.swap(cells);
  remembered_.swap(remembered);
  seen_terrain_.swap(seen_terrain);
  width_ = width;
  height_ = height;
  passability_revision_ = NextUniqueNumber();
  sight_revision_ = NextUniqueNumber();
  return Status::Ok;
}

Status TileMap::Assign(std::span<const Terrain> cells) noexcept {
  if (cells.size() != cells_.size()) return Status::InvalidArgument;
  bool passability = false, sight = false;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    passability = passability || TerrainPassable(cells_[i]) != TerrainPassable(cells[i]);
    sight = sight || TerrainBlocksSight(cells_[i]) != TerrainBlocksSight(cells[i]);
    cells_[i] = cells[i];
  }
  if (passability) passability_revision_ = NextUniqueNumber();
  if (sight) sight_revision_ = NextUniqueNumber();
  return Status::Ok;
}

}  // namespace cairn
