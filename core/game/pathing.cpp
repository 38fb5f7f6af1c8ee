#include "game/pathing.h"

#include <typeinfo>

namespace cairn {
Status Pathfinder::TryInitialize(std::int32_t width, std::int32_t height) noexcept {
  if (width <= 0 || height <= 0) return Status::InvalidArgument;
  const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  FixedArray<std::int32_t> cost;
  FixedArray<std::uint32_t> parent, stamp, queue;
  FixedArray<std::uint8_t> closed;
  FixedArray<OpenEntry> open;
  FixedArray<HeapNode> heap;
  FixedArray<std::uint32_t> heads;
  const std::size_t h_span = static_cast<std::size_t>(width > height ? width : height) + 1;
  if (Status s = heads.TryAllocate(kBuckets * h_span); s != Status::Ok) return s;
  if (Status s = cost.TryAllocate(cells); s != Status::Ok) return s;
  if (Status s = parent.TryAllocate(cells); s != Status::Ok) return s;
  if (Status s = stamp.TryAllocate(cells); s != Status::Ok) return s;
  if (Status s = closed.TryAllocate(cells); s != Status::Ok) return s;
  // Every cell can be pushed once per improvement, at most once per neighbour.
  if (Status s = open.TryAllocate(cells * 8 + 16); s != Status::Ok) return s;
  if (Status s = heap.TryAllocate(cells * 8 + 16); s != Status::Ok) return s;
  if (Status s = queue.TryAllocate(cells); s != Status::Ok) return s;
  cost_.swap(cost);
  parent_.swap(parent);
  stamp_.swap(stamp);
  closed_.swap(closed);
  open_.swap(open);
  heap_.swap(heap);
  heads_.swap(heads);
  h_span_ = h_span;
  queue_.swap(queue);
  width_ = width;
  height_ = height;
  return Status::Ok;
}

void Pathfinder::HeapPush(HeapNode node) noexcept {
  if (heap_size_ == heap_.size()) return;  // cannot happen: capacity covers every push
  std::size_t i = heap_size_++;
  while (i > 0) {
    const std::size_t up = (i - 1) / 2;
    if (!(node.f < heap_[up].f || (node.f == heap_[up].f && node.cell < heap_[up].cell))) break;
    heap_[i] = heap_[up];
    i = up;
  }
  heap_[i] = node;
}

Pathfinder::HeapNode Pathfinder::HeapPop() noexcept {
  const auto better = [](const HeapNode& a, const HeapNode& b) {
    return a.f < b.f || (a.f == b.f && a.cell < b.cell);
  };
  const HeapNode top = heap_[0];
  const HeapNode last = heap_[--heap_size_];
  std::size_t i = 0;
  while (true) {
    std::size_t child = 2 * i + 1;
    if (child >= heap_size_) break;
    if (child + 1 < heap_size_ && better(heap_[child + 1], heap_[child])) ++child;
    if (!better(heap_[child], last)) break;
    heap_[i] = heap_[child];
    i = child;
  }
  if (heap_size_ > 0) heap_[i] = last;
  return top;
}

void Pathfinder::Push(std::int32_t f, std::int32_t h, std::uint32_t cell) noexcept {
  if (open_used_ == open_.size()) return;  // cannot happen: capacity covers every push
  const std::size_t bucket = static_cast<std::size_t>(f) % kBuckets;
  std::uint32_t& head = heads_[bucket * h_span_ + static_cast<std::size_t>(h)];
  open_[open_used_] = OpenEntry{cell, head};
  head = static_cast<std::uint32_t>(open_used_++);
  if (h < min_h_[bucket]) min_h_[bucket] = h;
  ++bucket_count_[bucket];
  ++open_count_;
}

bool Pathfinder::FindPath(const TileMap& map, const CellFilter& filter, Position from,
                          Position to, std::uint32_t max_expansions, Position& step,
                          std::int32_t& length) noexcept {
  last_expansions_ = 0;
  if (cost_.empty() || !map.InBounds(from.x, from.y) || !map.InBounds(to.x, to.y)) return false;
  if (map.Width() != width_ || map.Height() != height_) return false;
  if (from.x == to.x && from.y == to.y) return false;
  if (++search_ == 0) {
    for (std::uint32_t& s : stamp_.span()) s = 0;
    search_ = 1;
  }
  // The open list is a ring of buckets by f, each split by h into stacks. Steps cost 1 and the
  // heuristic (Chebyshev distance) changes by at most 1 a step, so a neighbour's f is the
  // popped f, or 1 or 2 more: three live f buckets at a time, O(1) pushes, and pops in order of
  // (f, h) with no heap. Smallest h first among equal f dives toward the goal across the
  // plateaus of equal f that open ground is full of; any order within one f keeps the route
  // the shortest. Newest first within one (f, h): a fixed order, so the same map, the same route.
  open_used_ = 0;
  open_count_ = 0;
  for (std::uint32_t& head : heads_.span()) head = kNoEntry;
  for (std::size_t b = 0; b < kBuckets; ++b) {
    min_h_[b] = static_cast<std::int32_t>(h_span_);
    bucket_count_[b] = 0;
  }
  const auto index = [&](std::int32_t x, std::int32_t y) {
    return static_cast<std::uint32_t>(map.Index(x, y));
  };
  const std::uint32_t start = index(from.x, from.y);
  const std::uint32_t goal = index(to.x, to.y);
  const bool plain = typeid(filter) == typeid(CellFilter);
  stamp_[start] = search_;
  cost_[start] = 0;
  closed_[start] = 0;
  parent_[start] = start;
  std::int32_t f = ChebyshevDistance(from, to);
  Push(f, f, start);
  while (open_count_ > 0) {
    const std::size_t bucket = static_cast<std::size_t>(f) % kBuckets;
    if (bucket_count_[bucket] == 0) {
      ++f;
      min_h_[bucket] = static_cast<std::int32_t>(h_span_);
      continue;
    }
    std::uint32_t* head = &heads_[bucket * h_span_ + static_cast<std::size_t>(min_h_[bucket])];
    while (*head == kNoEntry) {
      ++min_h_[bucket];
      head = &heads_[bucket * h_span_ + static_cast<std::size_t>(min_h_[bucket])];
    }
    const OpenEntry entry = open_[*head];
    *head = entry.next;
    --bucket_count_[bucket];
    --open_count_;
    const OpenEntry& node = entry;
    if (closed_[node.cell] != 0) continue;  // a stale entry: this cell was reached cheaper
    closed_[node.cell] = 1;
    if (node.cell == goal) {
      // Walk back to the cell after the start.
      std::uint32_t cell = goal;
      std::int32_t moves = 0;
      while (parent_[cell] != start) {
        cell = parent_[cell];
        ++moves;
      }
      step = Position{static_cast<std::int32_t>(cell % static_cast<std::uint32_t>(width_)),
                      static_cast<std::int32_t>(cell / static_cast<std::uint32_t>(width_))};
      length = moves + 1;
      return true;
    }
    if (++last_expansions_ > max_expansions) return false;
    const std::int32_t x = static_cast<std::int32_t>(node.cell % static_cast<std::uint32_t>(width_));
    const std::int32_t y = static_cast<std::int32_t>(node.cell / static_cast<std::uint32_t>(width_));
    const std::int32_t g = cost_[node.cell] + 1;
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = x + kStepDx[d];
      const std::int32_t ny = y + kStepDy[d];
      if (!map.InBounds(nx, ny)) continue;
      const std::uint32_t next = index(nx, ny);
      // The plain filter (passable terrain) is asked without a virtual call: most searches.
      if (next != goal && !(plain ? TerrainPassable(map.Cells()[next]) : filter.Enterable(map, nx, ny)))
        continue;
      if (stamp_[next] == search_ && (closed_[next] != 0 || cost_[next] <= g)) continue;
      stamp_[next] = search_;
      closed_[next] = 0;
      cost_[next] = g;
      parent_[next] = node.cell;
      const std::int32_t h = ChebyshevDistance(Position{nx, ny}, to);
      Push(g + h, h, next);
    }
  }
  return false;
}

void Pathfinder::DistanceMap(const TileMap& map, const CellFilter& filter,
                             std::span<const Position> sources, std::span<std::int32_t> out) noexcept {
  for (std::int32_t& v : out) v = kUnreachable;
  if (queue_.empty() || out.size() < queue_.size()) return;
  std::size_t head = 0, tail = 0;
  for (Position p : sources) {
    if (!map.InBounds(p.x, p.y)) continue;
    const std::size_t i = map.Index(p.x, p.y);
    if (out[i] == 0) continue;
    out[i] = 0;
    queue_[tail++] = static_cast<std::uint32_t>(i);
  }
  while (head < tail) {
    const std::uint32_t cell = queue_[head++];
    const std::int32_t x = static_cast<std::int32_t>(cell % static_cast<std::uint32_t>(width_));
    const std::int32_t y = static_cast<std::int32_t>(cell / static_cast<std::uint32_t>(width_));
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = x + kStepDx[d];
      const std::int32_t ny = y + kStepDy[d];
      if (!map.InBounds(nx, ny) || !filter.Enterable(map, nx, ny)) continue;
      const std::size_t next = map.Index(nx, ny);
      if (out[next] != kUnreachable) continue;
      out[next] = out[cell] + 1;
      queue_[tail++] = static_cast<std::uint32_t>(next);
    }
  }
}

void Pathfinder::FleeMap(const TileMap& map, const CellFilter& filter,
                         std::span<const std::int32_t> distance, std::span<std::int32_t> out) noexcept {
  for (std::int32_t& v : out) v = kUnreachable;
  if (heap_.empty() || out.size() < stamp_.size() || distance.size() < stamp_.size()) return;
  heap_size_ = 0;
  for (std::size_t i = 0; i < stamp_.size(); ++i) {
    if (distance[i] == kUnreachable) continue;
    out[i] = -distance[i] * 12;  // tenths of a step; steeper than 1 per step, so it prefers far
    HeapPush(HeapNode{out[i], static_cast<std::uint32_t>(i)});
  }
  while (heap_size_ > 0) {
    const HeapNode node = HeapPop();
    if (node.f != out[node.cell]) continue;  // stale
    const std::int32_t x = static_cast<std::int32_t>(node.cell % static_cast<std::uint32_t>(width_));
    const std::int32_t y = static_cast<std::int32_t>(node.cell / static_cast<std::uint32_t>(width_));
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = x + kStepDx[d];
      const std::int32_t ny = y + kStepDy[d];
      if (!map.InBounds(nx, ny) || !filter.Enterable(map, nx, ny)) continue;
      const std::size_t next = map.Index(nx, ny);
      if (out[next] <= node.f + 10) continue;
      out[next] = node.f + 10;
      HeapPush(HeapNode{out[next], static_cast<std::uint32_t>(next)});
    }
  }
}

}  // namespace cairn
