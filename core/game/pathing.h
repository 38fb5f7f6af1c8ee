// Paths on the grid: A* for one route (approach, travel) and Dijkstra maps for fields many
// actors read at once (fleeing, exploring).
//
// Moves go to any of the 8 neighbours and every step costs the same (a diagonal step takes as
// long as a straight one, as in NetHack and Brogue), so distance is Chebyshev distance. The
// per-cell scratch is reserved at Initialize (landmarks at ReserveLandmarks); the open list and
// the flee map's heap start small and grow, geometrically and at most to their worst case, when a
// search needs more (decision 0036: the worst case is 8 entries a cell, 2.6 GB of address space on
// a 4096 x 4096 floor). A* always returns a shortest route (decision 0007 says how it is kept fast:
// a padded copy of the walls, one comparison per neighbour, stacks by f). The grid overload, which
// monsters use, gives the same route for the same map and grid, always; the filter overload does
// too without landmarks, and with them (decision 0025) for the same map and the same searches
// before it, which decide when the landmarks are computed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/components.h"
#include "game/tile_map.h"

namespace cairn {

inline constexpr std::int32_t kUnreachable = 0x3FFFFFFF;
inline constexpr std::int8_t kStepDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::int8_t kStepDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

[[nodiscard]] inline std::int32_t ChebyshevDistance(Position a, Position b) noexcept {
  const std::int32_t dx = a.x > b.x ? a.x - b.x : b.x - a.x;
  const std::int32_t dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  return dx > dy ? dx : dy;
}

// A padded grid: the map's cells with a rim one cell wide on every side, `stride` (width + 2)
// columns, so that a cell's 8 neighbours are fixed offsets with no bounds test (the path search's
// nodes, the free regions' labels).
// The step in each of the 8 directions (kStepDx, kStepDy) as an offset between its cells.
[[nodiscard]] inline std::array<std::int32_t, 8> StepOffsets(std::int32_t stride) noexcept {
  std::array<std::int32_t, 8> offsets{};
  for (std::size_t d = 0; d < offsets.size(); ++d) offsets[d] = kStepDy[d] * stride + kStepDx[d];
  return offsets;
}
// Its cell at `p`.
[[nodiscard]] inline std::uint32_t PaddedCell(Position p, std::int32_t stride) noexcept {
  return static_cast<std::uint32_t>((p.y + 1) * stride + p.x + 1);
}

// A rectangle of a map's cells, row by row: what a distance or flee map covers. A map as large as
// 4096 x 4096 holds 16.8 million cells, and a field over all of them took seconds; the monsters
// that read one need only the cells around them (decision 0035).
struct MapWindow {
  std::int32_t x = 0;  // the top-left cell
  std::int32_t y = 0;
  std::int32_t width = 0;
  std::int32_t height = 0;

  [[nodiscard]] static MapWindow Whole(const TileMap& map) noexcept {
    return {0, 0, map.Width(), map.Height()};
  }
  // The cells within `reach` steps of `centre` on both axes, clipped to the map (in 64 bits:
  // any centre and reach give a window within the map, perhaps an empty one).
  [[nodiscard]] static MapWindow Around(const TileMap& map, Position centre,
                                        std::int32_t reach) noexcept {
    return Around(map, centre, reach, reach);
  }
  // The same with a reach of its own for each axis (a screen is wider than it is tall).
  [[nodiscard]] static MapWindow Around(const TileMap& map, Position centre, std::int32_t reach_x,
                                        std::int32_t reach_y) noexcept {
    const auto clip = [](std::int64_t v, std::int32_t high) {
      return static_cast<std::int32_t>(v < 0 ? 0 : (v > high ? high : v));
    };
    const std::int64_t cx = centre.x, cy = centre.y;
    const std::int64_t rx = reach_x < 0 ? 0 : reach_x, ry = reach_y < 0 ? 0 : reach_y;
    const std::int32_t left = clip(cx - rx, map.Width()), top = clip(cy - ry, map.Height());
    const std::int32_t right = clip(cx + rx + 1, map.Width());
    const std::int32_t bottom = clip(cy + ry + 1, map.Height());
    return {left, top, right > left ? right - left : 0, bottom > top ? bottom - top : 0};
  }
  [[nodiscard]] bool Contains(std::int32_t cx, std::int32_t cy) const noexcept {
    return cx >= x && cy >= y && std::int64_t{cx} < std::int64_t{x} + width &&
           std::int64_t{cy} < std::int64_t{y} + height;
  }
  // The place of a contained cell in the window's row-by-row order.
  [[nodiscard]] std::size_t Index(std::int32_t cx, std::int32_t cy) const noexcept {
    return static_cast<std::size_t>(cy - y) * static_cast<std::size_t>(width) +
           static_cast<std::size_t>(cx - x);
  }
  [[nodiscard]] std::size_t Cells() const noexcept {
    if (width <= 0 || height <= 0) return 0;
    return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  }
};

// Whether a check that answers a grid search before it runs (GoalPocket, FreeRegions) may try:
// `blocked` matches the map, both ends lie on it, and the goal is more than a step away (one step
// away the goal itself is entered, whoever stands beside it: the search decides). Each check also
// tests that its own per-cell table has the map's shape.
[[nodiscard]] inline bool PreSearchAnswerable(const TileMap& map,
                                              std::span<const std::uint8_t> blocked, Position from,
                                              Position goal) noexcept {
  return blocked.size() == map.Cells().size() && map.InBounds(from.x, from.y) &&
         map.InBounds(goal.x, goal.y) && ChebyshevDistance(from, goal) > 1;
}

// Which cells a search may enter. The default is the map's passability; a filter may only narrow
// it (A* keeps impassable terrain out before it asks the filter).
class CellFilter {
 public:
  virtual ~CellFilter() = default;
  [[nodiscard]] virtual bool Enterable(const TileMap& map, std::int32_t x, std::int32_t y) const {
    return map.Passable(x, y);
  }
};

class Pathfinder {
 public:
  [[nodiscard]] Status Initialize(std::int32_t width, std::int32_t height) noexcept;

  // A* from `from` to `to`. The goal cell is always enterable (so an actor can path to the cell a
  // blocker stands on, then attack). On success `step` is the first move and `length` the number
  // of moves; false when there is no route within `max_expansions` expanded cells.
  [[nodiscard]] bool FindPath(const TileMap& map, const CellFilter& filter, Position from,
                              Position to, std::uint32_t max_expansions, Position& step,
                              std::int32_t& length) noexcept;
  // The same search where a filter is a grid: a cell whose `blocked` entry (one per map cell, row
  // by row) is nonzero may not be entered, except the goal. What monsters use (GameWorld's
  // BlockedCells): a byte read where a filter would be a virtual call and a 16-byte occupant.
  // `blocked_revision` names the grid's contents (GameWorld::OccupancyRevision): the caller
  // promises that the same revision means the same grid. Once the searches of one revision have
  // expanded FoldAfterExpansions() cells, its blocked cells are copied into the node grid as
  // walls, so that the searches after need no byte read at all (the same answers either way).
  [[nodiscard]] bool FindPath(const TileMap& map, std::span<const std::uint8_t> blocked,
                              std::uint64_t blocked_revision, Position from, Position to,
                              std::uint32_t max_expansions, Position& step,
                              std::int32_t& length) noexcept;
  // The search work of one revision that pays for copying every cell once: one expanded cell per
  // 16 cells of the map, at least kFoldAfterExpansions. (Measured on the crowded 10,000-monster
  // tick: a copy costs about 1.75 instructions a cell, the byte grid about 25 an expanded cell.)
  [[nodiscard]] std::uint32_t FoldAfterExpansions() const noexcept { return fold_after_; }
  static constexpr std::uint32_t kFoldAfterExpansions = 256;
  // Whether the node grid holds the blocked cells of `blocked_revision` now (for tests and
  // inspection).
  [[nodiscard]] bool Folded(std::uint64_t blocked_revision) const noexcept {
    return blocked_folded_ && folded_revision_ == blocked_revision;
  }
  [[nodiscard]] std::uint32_t LastExpansions() const noexcept { return last_expansions_; }
  // The entries the open list and the flee map's heap have room for now (for tests and
  // inspection); how many searches and flee maps ended early because growing them failed (each
  // then answered as if there were no route: only where memory ran out).
  [[nodiscard]] std::size_t OpenCapacity() const noexcept { return open_.size(); }
  [[nodiscard]] std::size_t HeapCapacity() const noexcept { return heap_.size(); }
  [[nodiscard]] std::uint64_t GrowthFailures() const noexcept { return growth_failures_; }
  // What the open list and the heap start with (or the worst case, when that is less).
  static constexpr std::size_t kScratchStart = std::size_t{1} << 16;

  // Landmarks for the filter overload (ALT: A* with landmarks and the triangle inequality,
  // decision 0025). Opt-in: reserves `count` (1 to kMaxLandmarks) distance grids of 2 bytes a
  // cell. Once the filter searches of one map passability have expanded LandmarkAfterExpansions()
  // cells, breadth-first distances from `count` landmarks spread over the map (each the cell
  // farthest from those before) are computed, and every later search on that passability bounds
  // its remaining distance by |d(landmark, goal) - d(landmark, cell)| besides Chebyshev distance:
  // a tighter bound that never overestimates, so the route is still the shortest, found with
  // fewer cells expanded (it may be another route of the same length). The grid overload (what
  // monsters use) never reads them: their routes are part of every recording's state.
  // InvalidArgument for a count out of range, NotInitialized before Initialize, AllocationFailed;
  // unchanged on failure.
  [[nodiscard]] Status ReserveLandmarks(std::uint32_t count) noexcept;
  static constexpr std::uint32_t kMaxLandmarks = 8;
  [[nodiscard]] std::uint32_t LandmarkCount() const noexcept { return landmark_count_; }
  [[nodiscard]] std::uint64_t LandmarkAfterExpansions() const noexcept { return landmark_after_; }
  // Whether landmark distances for `map`'s passability are in place, and where landmark i is.
  [[nodiscard]] bool LandmarksReady(const TileMap& map) const noexcept {
    return landmark_count_ > 0 && landmark_revision_ == map.PassabilityRevision();
  }
  [[nodiscard]] Position LandmarkAt(std::uint32_t i) const noexcept {
    return i < landmark_count_ ? landmark_at_[i] : Position{-1, -1};
  }

  // Breadth-first distances (in steps) from every source to every cell the filter allows;
  // kUnreachable elsewhere. `out` must hold width * height values.
  void DistanceMap(const TileMap& map, const CellFilter& filter, std::span<const Position> sources,
                   std::span<std::int32_t> out) noexcept {
    DistanceMap(map, filter, sources, MapWindow::Whole(map), out);
  }
  // The same within `window` alone (a route leaves it nowhere; sources outside it are ignored):
  // `out` holds window.Cells() values, in the window's order. Nothing is written when `out` is
  // too small or the window is not within the map.
  void DistanceMap(const TileMap& map, const CellFilter& filter, std::span<const Position> sources,
                   MapWindow window, std::span<std::int32_t> out) noexcept;

  // Brogue's safety map: from a distance map to a threat, values that lead away from it without
  // running into dead ends: each cell starts at -distance * 12 / 10 (in tenths of a step) and is
  // relaxed so that no neighbour is more than one step (10) lower. Rolling downhill flees.
  void FleeMap(const TileMap& map, const CellFilter& filter, std::span<const std::int32_t> distance,
               std::span<std::int32_t> out) noexcept {
    FleeMap(map, filter, MapWindow::Whole(map), distance, out);
  }
  // The same within `window`: `distance` and `out` in the window's order (DistanceMap's window).
  void FleeMap(const TileMap& map, const CellFilter& filter, MapWindow window,
               std::span<const std::int32_t> distance, std::span<std::int32_t> out) noexcept;

 private:
  static constexpr std::uint32_t kNoEntry = 0xFFFFFFFFu;
  // One push: a cell of the padded grid, the entry below it in its bucket, and its place.
  struct OpenEntry {
    std::uint32_t cell;
    std::uint32_t next;
    std::int16_t x;
    std::int16_t y;
  };
  // Copies the map's walls into the padded node grid when the map's passability changed, or
  // when the grid holds a blocked grid's cells as walls besides (FoldBlocked).
  void PrepareFor(const TileMap& map) noexcept;
  // Makes the node grid the map's walls and `blocked`'s cells as walls, for one revision of it.
  void FoldBlocked(const TileMap& map, const std::uint8_t* blocked,
                   std::uint64_t blocked_revision) noexcept;
  // The node grid's walls: the map's, and `blocked`'s cells besides when it is not null.
  void WriteWalls(const TileMap& map, const std::uint8_t* blocked) noexcept;
  // Which cells a search may enter besides the walls already in the node grid.
  enum class Narrowing { None, Grid, Filter };
  // Whether FindPath's arguments can be searched (the caller then prepares the node grid).
  [[nodiscard]] bool Searchable(const TileMap& map, Position from, Position to) noexcept;
  // The search's answer when it is a pure dive, without running it: from the start, A* expands
  // at once the last neighbour (in visiting order) that is nearer the goal, and so on until the
  // goal is a neighbour, whenever each cell on the way has such a neighbour to enter. False
  // (nothing written) when some cell has none: then Run must search. See pathing.cpp.
  [[nodiscard]] bool Dive(const std::uint8_t* blocked, Position from, Position to,
                          std::uint32_t max_expansions, Position& step,
                          std::int32_t& length) noexcept;
  // The two landmarks a search reads (the pair that bounds the start's distance best), as
  // distance grids over the padded cells, and their distances to the goal.
  struct ActiveLandmarks {
    const std::uint16_t* first = nullptr;
    const std::uint16_t* second = nullptr;
    std::int32_t first_goal = 0;
    std::int32_t second_goal = 0;
  };
  // Counts a filter search's work toward the landmarks of the map's passability, computes them
  // once that work is enough, and picks the pair for this query; false when none applies.
  [[nodiscard]] bool LandmarksFor(const TileMap& map, Position from, Position to,
                                  ActiveLandmarks& active) noexcept;
  void BuildLandmarks(const TileMap& map) noexcept;
  // Breadth-first distances (saturated at kLandmarkFar) from one padded cell over the node
  // grid's walls.
  void LandmarkDistances(std::uint32_t source, std::uint16_t* out) noexcept;
  static constexpr std::uint16_t kLandmarkUnreached = 0xFFFFu;
  static constexpr std::uint16_t kLandmarkFar = 0xFFFEu;
  template <Narrowing kNarrowing, bool kLandmarks>
  bool Run(const TileMap& map, const CellFilter* filter, const std::uint8_t* blocked, Position from,
           Position to, std::uint32_t max_expansions, Position& step, std::int32_t& length,
           const ActiveLandmarks& landmarks) noexcept;
  // The flee map relaxes from arbitrary starting values: a binary heap serves it.
  struct HeapNode {
    std::int32_t f;
    std::uint32_t cell;
  };
  void HeapPush(HeapNode node) noexcept;
  HeapNode HeapPop() noexcept;
  // Room for at least `needed` entries in the open list (its first `used` kept) or the heap
  // (empty between flee maps); false, counted, and the array as it was, when the allocation
  // fails.
  [[nodiscard]] bool GrowOpen(std::size_t used, std::size_t needed) noexcept;
  [[nodiscard]] bool ReserveHeap(std::size_t needed) noexcept;

  // A* state per cell of a grid one cell wider on every side (the rim is a wall, so no
  // neighbour needs a bounds check): 0 for a wall or a closed cell, else (g + 1) << 3 | the
  // direction it was entered by; untouched cells hold kFresh. A cell is worth entering exactly
  // when its value is greater than the new (g + 1) << 3 | 7: one comparison.
  FixedArray<std::uint32_t> node_;
  FixedArray<std::uint32_t> touched_;  // cells to set back to kFresh after a search
  FixedArray<OpenEntry> open_;
  FixedArray<std::uint32_t> queue_;
  FixedArray<HeapNode> heap_;
  std::size_t heap_size_ = 0;
  std::size_t open_limit_ = 0;  // the most entries one search can push: 8 a cell and the start
  std::size_t heap_limit_ = 0;  // the most a flee map over the whole map can hold
  std::uint64_t growth_failures_ = 0;
  std::uint64_t prepared_revision_ = 0;  // the map passability the walls in node_ copy
  // Whether node_ also holds a blocked grid's cells as walls, and which revision of it; how
  // many cells the searches of the latest revision expanded (a fold pays once they are enough).
  bool blocked_folded_ = false;
  std::uint64_t folded_revision_ = 0;
  std::uint64_t counted_revision_ = 0;
  std::uint64_t revision_expansions_ = 0;
  std::uint32_t fold_after_ = kFoldAfterExpansions;
  std::uint32_t last_expansions_ = 0;
  // Landmark distances, landmark after landmark (padded cells each), for one map passability
  // (0: none yet), and the filter searches' work on the passability counted toward them.
  FixedArray<std::uint16_t> landmark_distance_;
  std::uint32_t landmark_count_ = 0;
  Position landmark_at_[kMaxLandmarks] = {};
  std::uint64_t landmark_revision_ = 0;
  std::uint64_t landmark_counted_revision_ = 0;
  std::uint64_t landmark_expansions_ = 0;
  std::uint64_t landmark_after_ = 0;
  std::int32_t width_ = 0;
  std::int32_t height_ = 0;
};

}  // namespace cairn
