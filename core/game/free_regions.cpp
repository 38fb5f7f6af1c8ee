#include "game/free_regions.h"

#include <array>
#include <cstddef>

#include "game/pathing.h"

namespace cairn {

Status FreeRegions::Initialize(std::int32_t width, std::int32_t height) noexcept {
  if (width < 0 || height < 0) return Status::InvalidArgument;
  const auto w = static_cast<std::size_t>(width), h = static_cast<std::size_t>(height);
  const std::size_t cells = w * h;
  FixedArray<std::uint32_t> region, queue;
  // The border stays 0 (Allocate zeroes): Label writes the floor's cells only.
  if (Status s = region.Allocate((w + 2) * (h + 2)); s != Status::Ok) return s;
  if (Status s = queue.Allocate(cells); s != Status::Ok) return s;
  region_.swap(region);
  queue_.swap(queue);
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

// Not yet labelled: a free cell the first pass found.
constexpr std::uint32_t kOpen = 0xFFFFFFFFu;

}  // namespace

void FreeRegions::Label(const TileMap& map, std::span<const std::uint8_t> blocked) noexcept {
  const std::span<const Terrain> terrain = map.Cells().span();
  std::uint32_t* const region = region_.data();
  std::uint32_t* const queue = queue_.data();
  const auto width = static_cast<std::size_t>(width_);
  for (std::int32_t y = 0; y < height_; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * width;
    std::uint32_t* const out = region + PaddedCell({0, y}, width_ + 2);
    for (std::size_t x = 0; x < width; ++x)
      out[x] = blocked[row + x] == 0 && TerrainPassable(terrain[row + x]) ? kOpen : 0;
  }
  const std::array<std::int32_t, 8> offsets = offsets_;
  std::uint32_t label = 0;
  for (std::int32_t y = 0; y < height_; ++y) {
    const std::size_t first = PaddedCell({0, y}, width_ + 2);
    for (std::size_t start = first; start < first + width; ++start) {
      if (region[start] != kOpen) continue;
      ++label;  // at most one per cell, so it never reaches kOpen
      region[start] = label;
      std::uint32_t head = 0, tail = 0;
      queue[tail++] = static_cast<std::uint32_t>(start);
      while (head < tail) {
        const std::uint32_t cell = queue[head++];
        for (const std::int32_t offset : offsets) {
          const auto next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + offset);
          if (region[next] != kOpen) continue;  // the border is 0: never open
          region[next] = label;
          queue[tail++] = static_cast<std::uint32_t>(next);
        }
      }
    }
  }
  regions_ = label;
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
