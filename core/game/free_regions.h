// Whether a wandering monster's search could reach its goal at all, answered before the search
// when the floor is so crowded that many searches fail. In a dense crowd most monsters stand in
// small pockets of free cells walled in by others; a wanderer picks a goal within 8 cells, usually
// outside its pocket, and its search expands the whole pocket before it fails (at 100,000 rats on
// a 400x400 floor, four searches in five, and most of the tick's work).
//
// The free cells (passable, unoccupied) of one occupancy grid are labelled once by region: two
// cells share a label exactly when a monster could walk from one to the other through free cells
// (8 moves, as the pathfinder makes them). A route from `from` to `goal` then needs a free
// neighbour of `from` in the region of the goal or of one of the goal's free neighbours (the goal
// itself is always enterable, so a blocked goal is reached from beside it); `from` itself is
// occupied by the searcher.
//
// Exact, as GoalPocket is: it says "unreachable" only when no search could succeed, and leaves
// everything else to the search, so every answer, and so every game, is the one the search alone
// gives. Labelling costs a pass over the floor, so it waits until the failed searches of one grid
// revision have expanded enough cells to pay for it (or the revision before did).
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

class FreeRegions {
 public:
  // Sizes the labels for a floor `width` by `height`. AllocationFailed (or InvalidArgument for a
  // negative size) leaves it unchanged.
  [[nodiscard]] Status Initialize(std::int32_t width, std::int32_t height) noexcept;

  // True when no route from `from` to `goal` exists: `blocked` marks occupied cells (one byte per
  // cell, row by row) and is the same grid as long as `occupancy_revision` is. False (the search
  // decides) while this revision's failed searches have not yet paid for the labels, for a goal
  // one step away, and for anything out of bounds.
  [[nodiscard]] bool Unreachable(const TileMap& map, std::span<const std::uint8_t> blocked,
                                 std::uint64_t occupancy_revision, Position from,
                                 Position goal) noexcept {
    // Inline, the answer of a floor that does not need the labels: almost every search's.
    CountFor(occupancy_revision);
    if (!busy_ && failed_expansions_ < label_after_) return false;
    return Decide(map, blocked, occupancy_revision, from, goal);
  }
  // Counts a search that failed on this revision of the grid toward labelling it.
  void NoteFailedSearch(std::uint64_t occupancy_revision, std::uint32_t expansions) noexcept;

  // The failed searches' expansions one revision must reach before its cells are labelled:
  // one per 8 cells of the floor, at least kLabelAfterExpansions. (Measured on the first tick of
  // `TickScaling/100000`: labelling costs about 27 instructions a cell, a failed search about 160
  // an expanded cell.) A search the labels answered counts as kAnsweredExpansions (a failed
  // search there expanded 18 cells on average), so that a floor which stays crowded stays
  // labelled from revision to revision, and one that empties stops.
  [[nodiscard]] std::uint64_t LabelAfterExpansions() const noexcept { return label_after_; }
  static constexpr std::uint64_t kLabelAfterExpansions = 256;
  static constexpr std::uint64_t kAnsweredExpansions = 16;
  // Whether the labels describe `occupancy_revision` of the grid on `map`'s passability now (for
  // tests and inspection), and how many regions that grid has.
  [[nodiscard]] bool Labelled(const TileMap& map, std::uint64_t occupancy_revision) const noexcept {
    return labelled_ && labelled_revision_ == occupancy_revision &&
           labelled_passability_ == map.PassabilityRevision();
  }
  [[nodiscard]] std::uint32_t RegionCount() const noexcept { return regions_; }
  // How many searches the labels have answered "unreachable" since Initialize.
  [[nodiscard]] std::uint64_t Answered() const noexcept { return answered_; }

 private:
  [[nodiscard]] bool Decide(const TileMap& map, std::span<const std::uint8_t> blocked,
                            std::uint64_t occupancy_revision, Position from,
                            Position goal) noexcept;
  // Starts counting a new revision's failures; whether the one before was busy is kept.
  void CountFor(std::uint64_t occupancy_revision) noexcept {
    if (counted_revision_ == occupancy_revision) return;
    busy_ = failed_expansions_ >= label_after_;
    counted_revision_ = occupancy_revision;
    failed_expansions_ = 0;
  }
  // Out of line: inlined, its loops made every call's entry and exit save and restore registers.
  [[gnu::noinline]] void Label(const TileMap& map, std::span<const std::uint8_t> blocked) noexcept;
  // The regions of `at`'s 8 neighbours (`at` on the floor): 0 for a wall, an occupied cell or a
  // cell off the floor.
  void NeighbourRegions(Position at, std::array<std::uint32_t, 8>& out) const noexcept;

  // A padded grid (pathing.h) whose rim is 0: the labelling and the neighbour reads need no
  // bounds test and no division.
  FixedArray<std::uint32_t> region_;       // per padded cell: 0, or the label of its region
  FixedArray<std::uint32_t> parent_;       // Label's provisional labels' sets (union-find)
  std::array<std::int32_t, 8> offsets_{};  // the 8 neighbours' offsets in region_ (StepOffsets)
  std::int32_t width_ = 0;
  std::int32_t height_ = 0;
  std::uint32_t regions_ = 0;
  bool labelled_ = false;
  std::uint64_t labelled_revision_ = 0;
  std::uint64_t labelled_passability_ = 0;
  std::uint64_t counted_revision_ = 0;
  std::uint64_t failed_expansions_ = 0;  // of counted_revision_'s searches, answered ones included
  std::uint64_t answered_ = 0;
  bool busy_ = false;  // the revision before counted_revision_ paid
  std::uint64_t label_after_ = kLabelAfterExpansions;
};

}  // namespace cairn
