// What the player remembers seeing lie on the floor: for each cell where an item was last seen,
// the look of the one drawn on top, so the map keeps drawing it (dimmed, as remembered terrain)
// once the cell is out of view, until the cell is seen again without it or the item is seen
// lying elsewhere (DCSS and NetHack keep the same). It is memory for the eyes only: saved with
// the floor, rewound with it, and never hashed, since nothing the game decides reads it (explore
// walks to TileMap's item mark, which is state).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/components.h"
#include "identity/handle.h"

namespace cairn {

struct SeenItem {
  std::uint32_t cell = 0;  // TileMap::Index
  EntityId item{};         // who it was (null when restored from a save: matched by cell alone)
  Appearance look{};
};

class SeenItems {
 public:
  // Room for `capacity` remembered cells (a floor's item pool: one per item at most).
  [[nodiscard]] Status Initialize(std::uint32_t capacity) noexcept;

  [[nodiscard]] const SeenItem* Find(std::uint32_t cell) const noexcept;
  [[nodiscard]] std::span<const SeenItem> All() const noexcept { return {items_.data(), count_}; }
  [[nodiscard]] std::size_t Capacity() const noexcept { return items_.size(); }

  // Forgets every cell `visible(cell)` says is in view: what lies there now is remembered next.
  template <class Visible>
  void ForgetSeen(Visible&& visible) noexcept {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < count_; ++i)
      if (!visible(items_[i].cell)) items_[kept++] = items_[i];
    count_ = kept;
  }
  // `item` lies at `cell` with `look`, seen now: replaces what the cell held, unless that was an
  // item drawn above it (a higher layer), and forgets the item anywhere else it was remembered.
  // Nothing when full (an item too many is only not remembered).
  void Remember(std::uint32_t cell, EntityId item, const Appearance& look) noexcept;
  void Clear() noexcept { count_ = 0; }
  // Puts back a saved or snapshotted memory; entries past the capacity are dropped.
  void Restore(std::span<const SeenItem> items) noexcept;

 private:
  FixedArray<SeenItem> items_;  // sorted by cell, one per cell
  std::size_t count_ = 0;
};

}  // namespace cairn
