#include "dungeon/floor_grid.h"

#include <algorithm>
#include <deque>

namespace cairn {
namespace {

constexpr std::int32_t kDx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
constexpr std::int32_t kDy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

bool Overlaps(const FloorGrid& grid, const Rect& room, std::int32_t margin) {
  for (std::int32_t y = room.y - margin; y < room.y + room.h + margin; ++y)
    for (std::int32_t x = room.x - margin; x < room.x + room.w + margin; ++x)
      if (!grid.Interior(x, y) || grid.Locked(x, y) || grid.Passable(x, y)) return true;
  return false;
}

void CarveCorridor(FloorGrid& grid, Position from, Position to, bool horizontal_first) {
  Position at = from;
  auto step_x = [&] {
    while (at.x != to.x) {
      at.x += at.x < to.x ? 1 : -1;
      if (!grid.Passable(at.x, at.y)) grid.Carve(at.x, at.y, Terrain::Floor);
    }
  };
  auto step_y = [&] {
    while (at.y != to.y) {
      at.y += at.y < to.y ? 1 : -1;
      if (!grid.Passable(at.x, at.y)) grid.Carve(at.x, at.y, Terrain::Floor);
    }
  };
  if (horizontal_first) {
    step_x();
    step_y();
  } else {
    step_y();
    step_x();
  }
}

// A pierced wall cell is a doorway when walls flank it along the wall's line.
void PlaceDoors(FloorGrid& grid, const Rect& room, Rng& rng) {
  auto consider = [&](std::int32_t x, std::int32_t y, bool horizontal_wall) {
    if (grid.At(x, y) != Terrain::Floor || grid.Locked(x, y)) return;
    const bool flanked = horizontal_wall ? !grid.Passable(x - 1, y) && !grid.Passable(x + 1, y)
                                         : !grid.Passable(x, y - 1) && !grid.Passable(x, y + 1);
    if (flanked && rng.Percent(55)) grid.Carve(x, y, Terrain::DoorClosed);
  };
  for (std::int32_t x = room.x; x < room.x + room.w; ++x) {
    consider(x, room.y - 1, true);
    consider(x, room.y + room.h, true);
  }
  for (std::int32_t y = room.y; y < room.y + room.h; ++y) {
    consider(room.x - 1, y, false);
    consider(room.x + room.w, y, false);
  }
}

}  // namespace

FloorGrid::FloorGrid(std::int32_t width, std::int32_t height)
    : width_(width),
      height_(height),
      cells_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), Terrain::Wall),
      locked_(cells_.size(), 0) {}

std::vector<Rect> CarveRoomsAndCorridors(FloorGrid& grid, Rng& rng) {
  std::vector<Rect> rooms;
  const std::int32_t wanted = rng.Range(9, 14);
  for (int attempt = 0; attempt < 300 && static_cast<std::int32_t>(rooms.size()) < wanted;
       ++attempt) {
    Rect room;
    room.w = rng.Range(4, 12);
    room.h = rng.Range(3, 6);
    if (room.w + 2 >= grid.Width() || room.h + 2 >= grid.Height()) continue;
    room.x = rng.Range(1, grid.Width() - room.w - 2);
    room.y = rng.Range(1, grid.Height() - room.h - 2);
    if (Overlaps(grid, room, 2)) continue;
    for (std::int32_t y = room.y; y < room.y + room.h; ++y)
      for (std::int32_t x = room.x; x < room.x + room.w; ++x) grid.Carve(x, y, Terrain::Floor);
    rooms.push_back(room);
  }
  // Join neighbours along x (a path through every room), then a few extra joins make loops, so
  // a fight can be walked around as in Brogue.
  std::vector<Rect> order = rooms;
  std::stable_sort(order.begin(), order.end(),
                   [](const Rect& a, const Rect& b) { return a.Centre().x < b.Centre().x; });
  for (std::size_t i = 1; i < order.size(); ++i)
    CarveCorridor(grid, order[i - 1].Centre(), order[i].Centre(), rng.Percent(50));
  const std::int32_t loops = order.size() > 3 ? rng.Range(1, 3) : 0;
  for (std::int32_t i = 0; i < loops; ++i) {
    const std::size_t a = rng.Below(static_cast<std::uint32_t>(order.size()));
    const std::size_t b = (a + 2 + rng.Below(2)) % order.size();
    CarveCorridor(grid, order[a].Centre(), order[b].Centre(), rng.Percent(50));
  }
  for (const Rect& room : rooms) PlaceDoors(grid, room, rng);
  return rooms;
}

void CarveCaverns(FloorGrid& grid, Rng& rng) {
  const std::int32_t w = grid.Width();
  const std::int32_t h = grid.Height();
  std::vector<std::uint8_t> wall(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 1);
  for (std::int32_t y = 1; y < h - 1; ++y)
    for (std::int32_t x = 1; x < w - 1; ++x)
      if (!grid.Locked(x, y)) wall[grid.Index(x, y)] = rng.Percent(45) ? 1 : 0;
  std::vector<std::uint8_t> next = wall;
  for (int round = 0; round < 5; ++round) {
    for (std::int32_t y = 1; y < h - 1; ++y)
      for (std::int32_t x = 1; x < w - 1; ++x) {
        if (grid.Locked(x, y)) continue;
        int walls = 0;
        for (int d = 0; d < 8; ++d) walls += wall[grid.Index(x + kDx8[d], y + kDy8[d])];
        next[grid.Index(x, y)] = walls >= 5 || (walls == 4 && wall[grid.Index(x, y)]) ? 1 : 0;
      }
    wall.swap(next);
  }
  for (std::int32_t y = 1; y < h - 1; ++y)
    for (std::int32_t x = 1; x < w - 1; ++x)
      if (!wall[grid.Index(x, y)]) grid.Carve(x, y, Terrain::Floor);
  // Pockets too small to matter become rock again rather than being tunnelled to.
  std::vector<std::int32_t> labels;
  const std::int32_t regions = LabelRegions(grid, labels);
  std::vector<std::int32_t> sizes(static_cast<std::size_t>(regions) + 1, 0);
  for (std::int32_t label : labels) ++sizes[static_cast<std::size_t>(label)];
  for (std::int32_t y = 1; y < h - 1; ++y)
    for (std::int32_t x = 1; x < w - 1; ++x) {
      const std::int32_t label = labels[grid.Index(x, y)];
      if (label != 0 && sizes[static_cast<std::size_t>(label)] < 24 && !grid.Locked(x, y))
        grid.Carve(x, y, Terrain::Wall);
    }
}

void AddWater(FloorGrid& grid, Rng& rng, std::int32_t pools) {
  for (std::int32_t pool = 0; pool < pools; ++pool) {
    // A random walk from a floor cell, turning floor into water.
    Position at{};
    bool found = false;
    for (int attempt = 0; attempt < 50 && !found; ++attempt) {
      at = Position{rng.Range(1, grid.Width() - 2), rng.Range(1, grid.Height() - 2)};
      found = grid.At(at.x, at.y) == Terrain::Floor && !grid.Locked(at.x, at.y);
    }
    if (!found) continue;
    const std::int32_t steps = rng.Range(8, 30);
    for (std::int32_t i = 0; i < steps; ++i) {
      if (grid.At(at.x, at.y) == Terrain::Floor) grid.Carve(at.x, at.y, Terrain::Water);
      const std::uint32_t d = rng.Below(4);
      const Position next{at.x + kDx8[d], at.y + kDy8[d]};
      if (grid.Passable(next.x, next.y) && !grid.Locked(next.x, next.y)) at = next;
    }
  }
}

std::int32_t LabelRegions(const FloorGrid& grid, std::vector<std::int32_t>& labels) {
  labels.assign(grid.Cells().size(), 0);
  std::int32_t regions = 0;
  std::vector<Position> stack;
  for (std::int32_t y = 0; y < grid.Height(); ++y)
    for (std::int32_t x = 0; x < grid.Width(); ++x) {
      if (!grid.Passable(x, y) || labels[grid.Index(x, y)] != 0) continue;
      ++regions;
      labels[grid.Index(x, y)] = regions;
      stack.push_back(Position{x, y});
      while (!stack.empty()) {
        const Position p = stack.back();
        stack.pop_back();
        for (int d = 0; d < 8; ++d) {
          const std::int32_t nx = p.x + kDx8[d];
          const std::int32_t ny = p.y + kDy8[d];
          if (!grid.Passable(nx, ny) || labels[grid.Index(nx, ny)] != 0) continue;
          labels[grid.Index(nx, ny)] = regions;
          stack.push_back(Position{nx, ny});
        }
      }
    }
  return regions;
}

void ConnectRegions(FloorGrid& grid) {
  std::vector<std::int32_t> labels;
  std::vector<std::int32_t> parent(grid.Cells().size());
  std::deque<std::uint32_t> queue;
  // Each round joins one region to the largest; at most one round per region.
  for (int round = 0; round < 4096; ++round) {
    const std::int32_t regions = LabelRegions(grid, labels);
    if (regions <= 1) return;
    std::vector<std::int32_t> sizes(static_cast<std::size_t>(regions) + 1, 0);
    for (std::int32_t label : labels) ++sizes[static_cast<std::size_t>(label)];
    std::int32_t main = 1;
    for (std::int32_t r = 2; r <= regions; ++r)
      if (sizes[static_cast<std::size_t>(r)] > sizes[static_cast<std::size_t>(main)]) main = r;
    const std::int32_t joining = main == 1 ? 2 : 1;
    // Breadth-first from the joining region, 4-connected (corridors run straight), through rock
    // that may be carved, until the main region is reached; then carve the way back.
    std::fill(parent.begin(), parent.end(), -1);
    queue.clear();
    for (std::size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == joining) {
        parent[i] = static_cast<std::int32_t>(i);
        queue.push_back(static_cast<std::uint32_t>(i));
      }
    std::int32_t reached = -1;
    while (!queue.empty() && reached < 0) {
      const std::uint32_t cell = queue.front();
      queue.pop_front();
      const std::int32_t x =
          static_cast<std::int32_t>(cell % static_cast<std::uint32_t>(grid.Width()));
      const std::int32_t y =
          static_cast<std::int32_t>(cell / static_cast<std::uint32_t>(grid.Width()));
      for (int d = 0; d < 4; ++d) {
        const std::int32_t nx = x + kDx8[d];
        const std::int32_t ny = y + kDy8[d];
        if (!grid.Interior(nx, ny)) continue;
        const std::size_t next = grid.Index(nx, ny);
        if (parent[next] >= 0) continue;
        if (grid.Locked(nx, ny) && !grid.Passable(nx, ny)) continue;
        parent[next] = static_cast<std::int32_t>(cell);
        if (labels[next] == main) {
          reached = static_cast<std::int32_t>(next);
          break;
        }
        queue.push_back(static_cast<std::uint32_t>(next));
      }
    }
    if (reached < 0) {
      // Nothing can reach it (walled in by a set piece): fill it in rather than leave it apart.
      for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] == joining) {
          const std::int32_t x =
              static_cast<std::int32_t>(i % static_cast<std::size_t>(grid.Width()));
          const std::int32_t y =
              static_cast<std::int32_t>(i / static_cast<std::size_t>(grid.Width()));
          if (grid.Locked(x, y))
            grid.Stamp(x, y, Terrain::Wall, true);
          else
            grid.Carve(x, y, Terrain::Wall);
        }
      continue;
    }
    for (std::int32_t cell = reached; parent[static_cast<std::size_t>(cell)] != cell;
         cell = parent[static_cast<std::size_t>(cell)]) {
      const std::int32_t x = cell % grid.Width();
      const std::int32_t y = cell / grid.Width();
      if (!grid.Passable(x, y)) grid.Carve(x, y, Terrain::Floor);
    }
  }
}

void StepDistances(const FloorGrid& grid, Position from, std::vector<std::int32_t>& out) {
  out.assign(grid.Cells().size(), -1);
  if (!grid.Passable(from.x, from.y)) return;
  std::deque<Position> queue{from};
  out[grid.Index(from.x, from.y)] = 0;
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    const std::int32_t next = out[grid.Index(p.x, p.y)] + 1;
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = p.x + kDx8[d];
      const std::int32_t ny = p.y + kDy8[d];
      if (!grid.Passable(nx, ny) || out[grid.Index(nx, ny)] >= 0) continue;
      out[grid.Index(nx, ny)] = next;
      queue.push_back(Position{nx, ny});
    }
  }
}

}  // namespace cairn
