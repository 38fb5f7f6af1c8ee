// Whether a monster's search could reach a goal at all, answered before the search when others
// crowd around the goal. A hunter heads for the player's cell; when a ring of monsters hems the
// player in, every hunter outside the ring used to search its whole budget (2,000 cells) only to
// fail. The goal's pocket (the free cells joined to it) is found once for all of them instead.
//
// Exact: a route exists only through passable, unoccupied cells (the goal itself is always
// enterable), and moves are symmetric, so when the pocket is closed and no cell of it (nor the
// goal) lies beside `from`, no search can succeed. Anything it cannot decide is left to the
// search, so every answer, and so every game, is the one the search alone gives.
#pragma once
#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/components.h"
#include "game/tile_map.h"

namespace cairn {

class GoalPocket {
 public:
  // The largest pocket looked at: a larger one is taken as open (the search decides).
  static constexpr std::uint32_t kMaxCells = 128;

  [[nodiscard]] Status Initialize(std::size_t cells) noexcept;

  // True when no route from `from` to `goal` can exist: `blocked` marks occupied cells (one byte
  // per cell, row by row) and is the same grid as long as `occupancy_revision` is, so the pocket
  // of one goal is found once for every searcher of a tick's AI phase.
  [[nodiscard]] bool Unreachable(const TileMap& map, std::span<const std::uint8_t> blocked,
                                 std::uint64_t occupancy_revision, Position from,
                                 Position goal) noexcept;

 private:
  void Find(const TileMap& map, std::span<const std::uint8_t> blocked, Position goal) noexcept;

  FixedArray<std::uint32_t> mark_;  // == stamp_: in the current pocket
  FixedArray<std::uint32_t> queue_;
  std::uint32_t stamp_ = 0;
  // The pocket found last, and the grid it was found on.
  Position goal_{-1, -1};
  std::uint64_t occupancy_revision_ = 0;
  std::uint64_t passability_revision_ = 0;
  bool known_ = false;
  bool closed_ = false;
};

}  // namespace cairn
