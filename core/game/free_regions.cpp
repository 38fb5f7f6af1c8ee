#include "game/free_regions.h"

#include <array>
#include <cstddef>

#include "game/pathing.h"

namespace cairn {

Status FreeRegions::Initialize(std::size_t cells) noexcept {
  FixedArray<std::uint32_t> region, queue;
  if (Status s = region.Allocate(cells); s != Status::Ok) return s;
  if (Status s = queue.Allocate(cells); s != Status::Ok) return s;
  region_.swap(region);
  queue_.swap(queue);
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

// The cell indices of a cell's 8 neighbours, in kStepDx/kStepDy's order, on a map `width` wide;
// right only for a cell off the map's edge (Interior).
std::array<std::ptrdiff_t, 8> NeighbourOffsets(std::int32_t width) noexcept {
  std::array<std::ptrdiff_t, 8> offsets{};
  for (int d = 0; d < 8; ++d)
    offsets[static_cast<std::size_t>(d)] = std::ptrdiff_t{kStepDy[d]} * width + kStepDx[d];
  return offsets;
}

bool Interior(const TileMap& map, std::int32_t x, std::int32_t y) noexcept {
  return x > 0 && y > 0 && x < map.Width() - 1 && y < map.Height() - 1;
}

}  // namespace

void FreeRegions::Label(const TileMap& map, std::span<const std::uint8_t> blocked) noexcept {
  const std::int32_t width = map.Width();
  const std::span<const Terrain> terrain = map.Cells().span();
  std::uint32_t* const region = region_.data();
  std::uint32_t* const queue = queue_.data();
  const std::size_t cells = terrain.size();
  for (std::size_t c = 0; c < cells; ++c)
    region[c] = blocked[c] == 0 && TerrainPassable(terrain[c]) ? kOpen : 0;
  offsets_ = NeighbourOffsets(width);
  const std::array<std::ptrdiff_t, 8> offsets = offsets_;
  std::uint32_t label = 0;
  for (std::size_t start = 0; start < cells; ++start) {
    if (region[start] != kOpen) continue;
    ++label;  // at most one per cell, so it never reaches kOpen
    region[start] = label;
    std::uint32_t head = 0, tail = 0;
    queue[tail++] = static_cast<std::uint32_t>(start);
    while (head < tail) {
      const std::uint32_t cell = queue[head++];
      const auto cx = static_cast<std::int32_t>(cell % static_cast<std::uint32_t>(width));
      const auto cy = static_cast<std::int32_t>(cell / static_cast<std::uint32_t>(width));
      const bool interior = Interior(map, cx, cy);
      for (int d = 0; d < 8; ++d) {
        std::size_t next = 0;
        if (interior) {
          next = static_cast<std::size_t>(cell + offsets[static_cast<std::size_t>(d)]);
        } else {
          const std::int32_t nx = cx + kStepDx[d], ny = cy + kStepDy[d];
          if (!map.InBounds(nx, ny)) continue;
          next = map.Index(nx, ny);
        }
        if (region[next] != kOpen) continue;
        region[next] = label;
        queue[tail++] = static_cast<std::uint32_t>(next);
      }
    }
  }
  regions_ = label;
}

void FreeRegions::NeighbourRegions(const TileMap& map, Position at,
                                   std::array<std::uint32_t, 8>& out) const noexcept {
  if (Interior(map, at.x, at.y)) {
    const auto cell = static_cast<std::ptrdiff_t>(map.Index(at.x, at.y));
    for (std::size_t d = 0; d < 8; ++d)
      out[d] = region_[static_cast<std::size_t>(cell + offsets_[d])];
    return;
  }
  for (int d = 0; d < 8; ++d) {
    const std::int32_t nx = at.x + kStepDx[d], ny = at.y + kStepDy[d];
    out[static_cast<std::size_t>(d)] = map.InBounds(nx, ny) ? region_[map.Index(nx, ny)] : 0;
  }
}

bool FreeRegions::Decide(const TileMap& map, std::span<const std::uint8_t> blocked,
                         std::uint64_t occupancy_revision, Position from, Position goal) noexcept {
  if (!PreSearchAnswerable(map, blocked, region_.size(), from, goal)) return false;
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
  NeighbourRegions(map, goal, ends);
  std::array<std::uint32_t, 8> starts{};
  NeighbourRegions(map, from, starts);
  for (const std::uint32_t r : starts) {
    if (r == 0) continue;
    for (const std::uint32_t e : ends)
      if (e == r) return false;
  }
  ++answered_;
  failed_expansions_ += kAnsweredExpansions;  // about the work the search would have done
  return true;
}

}  // namespace cairn
