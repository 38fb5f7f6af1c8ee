// TileMap: the terrain of one floor, and what the player remembers of it.
//
// Terrain is map state, not entities: walls and floors are too many and too static to be worth
// an entity each. Things that act or can be picked up or used (monsters, items, stairs) are
// entities with a Position. Coordinates are cells; (0, 0) is the top-left corner.
#pragma once

#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "base/unique_number.h"

namespace cairn {

enum class Terrain : std::uint8_t {
  Wall,
  Floor,
  DoorClosed,
  DoorOpen,
  Water,  // shallow: passable, does not block sight
  Chasm,  // impassable, does not block sight
};
inline constexpr int kTerrainCount = 6;
[[nodiscard]] const char* TerrainName(Terrain terrain) noexcept;
// Can be walked into. A closed door is passable: walking into it opens it (Movement does that).
// Inline: every search and every field of view asks, for every cell it touches.
[[nodiscard]] constexpr bool TerrainPassable(Terrain terrain) noexcept {
  return terrain != Terrain::Wall && terrain != Terrain::Chasm;
}
// Stops field of view.
[[nodiscard]] constexpr bool TerrainBlocksSight(Terrain terrain) noexcept {
  return terrain == Terrain::Wall || terrain == Terrain::DoorClosed;
}

class TileMap {
 public:
  static constexpr std::int32_t kMaxSide = 4096;

  // Allocates a width x height map of walls, nothing remembered. Unchanged on failure.
  [[nodiscard]] Status Initialize(std::int32_t width, std::int32_t height) noexcept;

  [[nodiscard]] std::int32_t Width() const noexcept { return width_; }
  [[nodiscard]] std::int32_t Height() const noexcept { return height_; }
  [[nodiscard]] bool InBounds(std::int32_t x, std::int32_t y) const noexcept {
    return x >= 0 && y >= 0 && x < width_ && y < height_;
  }
  // Out of bounds reads as Wall.
  [[nodiscard]] Terrain At(std::int32_t x, std::int32_t y) const noexcept {
    return InBounds(x, y) ? cells_[Index(x, y)] : Terrain::Wall;
  }
  void Set(std::int32_t x, std::int32_t y, Terrain terrain) noexcept {
    if (!InBounds(x, y)) return;
    Terrain& cell = cells_[Index(x, y)];
    if (TerrainPassable(cell) != TerrainPassable(terrain))
      passability_revision_ = NextUniqueNumber();
    if (TerrainBlocksSight(cell) != TerrainBlocksSight(terrain))
      sight_revision_ = NextUniqueNumber();
    // A remembered cell keeps what it was until it is seen again (RememberSeen clears the mark;
    // in view, that is the next view update).
    std::uint8_t& memory = remembered_[Index(x, y)];
    if ((memory & (kRememberedTerrain | kTerrainChanged)) == kRememberedTerrain &&
        cell != terrain) {
      seen_terrain_[Index(x, y)] = cell;
      memory |= kTerrainChanged;
    }
    cell = terrain;
  }
  // Every cell at once, row by row (a level's terrain as it is built): the revisions below change
  // once, where Set would draw two numbers a cell from a shared counter. InvalidArgument (and
  // nothing changed) unless `cells` holds exactly Width() * Height() cells.
  [[nodiscard]] Status Assign(std::span<const Terrain> cells) noexcept;
  // Changes whenever which cells are passable changes (not when a door opens: both are
  // passable). Numbers come from one counter shared by every map, so a cache keyed on it (the
  // pathfinder's copy of the walls) can never mistake one map, or one state of a map, for another.
  [[nodiscard]] std::uint64_t PassabilityRevision() const noexcept { return passability_revision_; }
  // Changes whenever which cells block sight changes (a door opening or closing does), from the
  // same counter: what a field of view keeps its result by.
  [[nodiscard]] std::uint64_t SightRevision() const noexcept { return sight_revision_; }
  [[nodiscard]] bool Passable(std::int32_t x, std::int32_t y) const noexcept {
    return TerrainPassable(At(x, y));
  }
  [[nodiscard]] bool BlocksSight(std::int32_t x, std::int32_t y) const noexcept {
    return TerrainBlocksSight(At(x, y));
  }
  // What the player remembers of a cell, bits of one byte: its terrain (seen at least once, or
  // mapped), and whether an item autopickup wanted lay there when last seen. Both are state
  // (hashed, saved): the player's knowledge, which explore and travel act on. A third bit marks
  // terrain known from a map, not yet seen: explore still goes there. A fourth marks a cell whose
  // terrain changed since it was last seen (what it was is kept beside: RememberedTerrain). The
  // last two are saved and rewound but not hashed (state_hash.cpp): nothing the game decides
  // reads them.
  static constexpr std::uint8_t kRememberedTerrain = 1;
  static constexpr std::uint8_t kRememberedItem = 2;
  static constexpr std::uint8_t kMappedUnseen = 4;
  static constexpr std::uint8_t kTerrainChanged = 8;
  static constexpr std::uint8_t kHashedMemory = kRememberedTerrain | kRememberedItem;
  [[nodiscard]] bool Remembered(std::int32_t x, std::int32_t y) const noexcept {
    return InBounds(x, y) && (remembered_[Index(x, y)] & kRememberedTerrain) != 0;
  }
  void Remember(std::int32_t x, std::int32_t y) noexcept {
    if (!InBounds(x, y)) return;
    std::uint8_t& cell = remembered_[Index(x, y)];
    cell = static_cast<std::uint8_t>((cell | kRememberedTerrain) & ~kTerrainChanged);
  }
  // The terrain of a remembered cell as it was when last seen (or mapped): a door that closed out
  // of view is still remembered open. Only drawing and look mode read it.
  [[nodiscard]] Terrain RememberedTerrain(std::int32_t x, std::int32_t y) const noexcept {
    if (!InBounds(x, y)) return Terrain::Wall;
    const std::size_t i = Index(x, y);
    return (remembered_[i] & kTerrainChanged) != 0 ? seen_terrain_[i] : cells_[i];
  }
  // Restores what a remembered cell is remembered as (a save's `remembered_terrain`).
  void SetRememberedTerrain(std::int32_t x, std::int32_t y, Terrain terrain) noexcept {
    if (!InBounds(x, y)) return;
    const std::size_t i = Index(x, y);
    seen_terrain_[i] = terrain;
    remembered_[i] =
        static_cast<std::uint8_t>(terrain != cells_[i] ? remembered_[i] | kTerrainChanged
                                                       : remembered_[i] & ~kTerrainChanged);
  }
  // A rewind's restore of one cell's memory as it was: its bits, and the terrain kept for it.
  void RestoreMemoryBits(std::size_t index, std::uint8_t bits) noexcept {
    remembered_[index] = bits;
  }
  void RestoreKeptTerrain(std::size_t index, Terrain kept) noexcept { seen_terrain_[index] = kept; }
  // Known from a map: remembered, and marked unseen unless it was seen before.
  void RememberMapped(std::int32_t x, std::int32_t y) noexcept {
    if (!InBounds(x, y)) return;
    std::uint8_t& cell = remembered_[Index(x, y)];
    if ((cell & kRememberedTerrain) != 0) return;
    cell |= kRememberedTerrain | kMappedUnseen;
  }
  // Remembered because it was seen, not only mapped.
  [[nodiscard]] bool Seen(std::int32_t x, std::int32_t y) const noexcept {
    return InBounds(x, y) &&
           (remembered_[Index(x, y)] & (kRememberedTerrain | kMappedUnseen)) == kRememberedTerrain;
  }
  [[nodiscard]] bool ItemRemembered(std::int32_t x, std::int32_t y) const noexcept {
    return InBounds(x, y) && (remembered_[Index(x, y)] & kRememberedItem) != 0;
  }
  // The cell at `index` is in view: its terrain is remembered, and the item mark cleared until
  // something autopickup wants is seen lying there again.
  void RememberSeen(std::size_t index) noexcept {
    std::uint8_t& cell = remembered_[index];
    cell = static_cast<std::uint8_t>((cell | kRememberedTerrain) &
                                     ~(kRememberedItem | kMappedUnseen | kTerrainChanged));
  }
  void SetItemRemembered(std::int32_t x, std::int32_t y, bool item) noexcept {
    if (!InBounds(x, y)) return;
    std::uint8_t& cell = remembered_[Index(x, y)];
    cell = static_cast<std::uint8_t>(item ? cell | kRememberedItem : cell & ~kRememberedItem);
  }
  // Restores a cell's memory as saved (the bits above), its terrain remembered as it is now
  // (SetRememberedTerrain then says where it is remembered otherwise).
  void SetRememberedBits(std::int32_t x, std::int32_t y, std::uint8_t bits) noexcept {
    if (InBounds(x, y))
      remembered_[Index(x, y)] =
          static_cast<std::uint8_t>(bits & (kRememberedTerrain | kRememberedItem | kMappedUnseen));
  }
  [[nodiscard]] std::size_t Index(std::int32_t x, std::int32_t y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  [[nodiscard]] const FixedArray<Terrain>& Cells() const noexcept { return cells_; }
  [[nodiscard]] const FixedArray<std::uint8_t>& RememberedCells() const noexcept {
    return remembered_;
  }
  [[nodiscard]] const FixedArray<Terrain>& RememberedTerrainCells() const noexcept {
    return seen_terrain_;
  }

 private:
  FixedArray<Terrain> cells_;
  FixedArray<std::uint8_t> remembered_;
  // Per cell: what a remembered cell's terrain was when it changed out of view; read only where
  // kTerrainChanged is set (so a floor whose terrain never changes never writes it).
  FixedArray<Terrain> seen_terrain_;
  std::int32_t width_ = 0;
  std::int32_t height_ = 0;
  std::uint64_t passability_revision_ = 0;
  std::uint64_t sight_revision_ = 0;
};

}  // namespace cairn
