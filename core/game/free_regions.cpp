#include "game/free_regions.h"

#include <array>
#include <cstddef>

#include "game/pathing.h"

namespace cairn {

Status FreeRegions::Initialize(std::int32_t width, std::int32_t height) noexcept {
  if (width < 0 || height < 0) return Status::InvalidArgument;
  const auto w = static_cast<std::size_t>(width), h = static_cast<std::size_t>(height);
  const std::size_t cells = w * h;
  FixedArray<std::uint32_t> region, parent;
  // The border stays 0 (Allocate zeroes): Label writes the floor's cells only.
  if (Status s = region.Allocate((w + 2) * (h + 2)); s != Status::Ok) return s;
  if (Status s = parent.Allocate(cells + 1); s != Status::Ok) return s;
  region_.swap(region);
  parent_.swap(parent);
  width_ = width;
  height_ = height;
  offsets_ = StepOffsets(width + 2);
  regions_ = 0;
  labelled_ = false;
  counted_revision_ = 0;
  failed_expansions_ = 0;
  answered_ = 0;
  busy_ = false;
  const std::uint64_t per_cells = cells / 8;
  label_after_ = per_cells > kLabelAfterExpansions ? per_cells : kLabelAfterExpansions;
  return Status::Ok;
}

void FreeRegions::NoteFailedSearch(std::uint64_t occupancy_revision,
                                   std::uint32_t expansions) noexcept {
  CountFor(occupancy_revision);
  failed_expansions_ += expansions;
}

namespace {

// The root of provisional label `label` (path halving keeps every parent at most its child, which
// the flattening in Label relies on).
std::uint32_t Root(std::uint32_t* parent, std::uint32_t label) noexcept {
  while (parent[label] != label) {
    parent[label] = parent[parent[label]];
    label = parent[label];
  }
  return label;
}

// Joins two provisional labels' sets under the smaller root.
void Join(std::uint32_t* parent, std::uint32_t a, std::uint32_t b) noexcept {
  a = Root(parent, a);
  b = Root(parent, b);
  if (a < b)
    parent[b] = a;
  else
    parent[a] = b;
}

}  // namespace

// Two passes in row order (connected-component labelling with union-find), where a flood fill
// from each unlabelled cell read the grid in the order of its queue: the floor is read and written
// front to back, which the hardware prefetches, in about half the instructions. The first pass
// gives each free cell a provisional label from the neighbours already passed (west, north-west,
// north, north-east) and records which labels meet; the second replaces each by its set's final
// label. A set's smallest provisional label is the one its first cell (in row order) drew, so
// numbering the roots in increasing order numbers the regions as the flood fill did.
void FreeRegions::Label(const TileMap& map, std::span<const std::uint8_t> blocked) noexcept {
  const std::span<const Terrain> terrain = map.Cells().span();
  std::uint32_t* const region = region_.data();
  std::uint32_t* const parent = parent_.data();
  const auto width = static_cast<std::size_t>(width_);
  const std::int32_t stride = width_ + 2;
  std::uint32_t drawn = 0;  // provisional labels 1..drawn; at most one per free cell
  for (std::int32_t y = 0; y < height_; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * width;
    std::uint32_t* cell = region + PaddedCell({0, y}, stride);
    for (std::size_t x = 0; x < width; ++x, ++cell) {
      if (blocked[row + x] != 0 || !TerrainPassable(terrain[row + x])) {
        *cell = 0;
        continue;
      }
      // The border is 0, so the neighbours need no bounds test. North touches north-west, west
      // and north-east, so their sets were joined when they were passed; west and north-west
      // touch each other; only north-east, with north closed, can meet a set of its own here.
      const std::uint32_t* const above = cell - stride;
      const std::uint32_t north = above[0], north_east = above[1];
      if (north != 0) {
        *cell = north;
        continue;
      }
      const std::uint32_t side = cell[-1] != 0 ? cell[-1] : above[-1];
      if (side != 0) {
        *cell = side;
        if (north_east != 0) Join(parent, side, north_east);
      } else if (north_east != 0) {
        *cell = north_east;
      } else {
        ++drawn;
        parent[drawn] = drawn;
        *cell = drawn;
      }
    }
  }
  // Every parent is at most its child, so in increasing order a label's parent is final already.
  std::uint32_t regions = 0;
  parent[0] = 0;
  for (std::uint32_t label = 1; label <= drawn; ++label)
    parent[label] = parent[label] == label ? ++regions : parent[parent[label]];
  for (std::int32_t y = 0; y < height_; ++y) {
    std::uint32_t* const cells = region + PaddedCell({0, y}, stride);
    for (std::size_t x = 0; x < width; ++x) cells[x] = parent[cells[x]];
  }
  regions_ = regions;
}

void FreeRegions::NeighbourRegions(Position at, std::array<std::uint32_t, 8>& out) const noexcept {
  const std::size_t cell = PaddedCell(at, width_ + 2);
  for (std::size_t d = 0; d < 8; ++d)
    out[d] = region_[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + offsets_[d])];
}

bool FreeRegions::Decide(const TileMap& map, std::span<const std::uint8_t> blocked,
                         std::uint64_t occupancy_revision, Position from, Position goal) noexcept {
  if (map.Width() != width_ || map.Height() != height_ ||
      !PreSearchAnswerable(map, blocked, from, goal))
    return false;
  if (!Labelled(map, occupancy_revision)) {
    Label(map, blocked);
    labelled_ = true;
    labelled_revision_ = occupancy_revision;
    labelled_passability_ = map.PassabilityRevision();
  }
  // A route enters the goal from one of its free neighbours (the goal's own region, when it is
  // free, is theirs, or the goal alone, which only a cell beside it reaches), and leaves `from`
  // by one of its own. 0, a wall's or an occupied cell's, matches no free neighbour.
  std::array<std::uint32_t, 8> ends{};
  NeighbourRegions(goal, ends);
  std::array<std::uint32_t, 8> starts{};
  NeighbourRegions(from, starts);
  for (const std::uint32_t r : starts) {
    if (r == 0) continue;
    bool shared = false;  // without a branch per comparison: the compiler compares four at once
    for (const std::uint32_t e : ends) shared |= e == r;
    if (shared) return false;
  }
  ++answered_;
  failed_expansions_ += kAnsweredExpansions;  // about the work the search would have done
  return true;
}

}  // namespace cairn
