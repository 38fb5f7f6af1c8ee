#include "game/pathing.h"

#include <algorithm>
#include <array>
#include <typeinfo>
#include <utility>

#include "base/assert.h"

namespace cairn {
namespace {

constexpr std::uint32_t kFresh = 0xFFFFFFFFu;
constexpr std::uint32_t kWall = 0;
static_assert(kFresh == 0u - 1u && kWall == 0u, "WriteWalls makes them from a bool");

// Walks a finished search back from the goal to the start by the direction each cell was entered
// by (the low three bits of its node word, padded grid of `stride` columns): the route's length
// in moves, and its first step (the cell entered from the start, unpadded).
void WalkBack(const std::uint32_t* node, std::uint32_t start, std::uint32_t goal,
              std::int32_t stride, Position& step, std::int32_t& length) noexcept {
  const std::array<std::int32_t, 8> back = StepOffsets(stride);
  std::uint32_t cell = goal, after_start = goal;
  std::int32_t moves = 0;
  while (cell != start) {
    after_start = cell;
    cell -= static_cast<std::uint32_t>(back[node[cell] & 7u]);
    ++moves;
  }
  const auto ustride = static_cast<std::uint32_t>(stride);
  step = Position{static_cast<std::int32_t>(after_start % ustride) - 1,
                  static_cast<std::int32_t>(after_start / ustride) - 1};
  length = moves;
}

}  // namespace

Status Pathfinder::Initialize(std::int32_t width, std::int32_t height) noexcept {
  if (width <= 0 || height <= 0 || width > TileMap::kMaxSide || height > TileMap::kMaxSide)
    return Status::InvalidArgument;
  const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  const std::size_t padded =
      static_cast<std::size_t>(width + 2) * static_cast<std::size_t>(height + 2);
  FixedArray<std::uint32_t> node, touched, queue;
  FixedArray<OpenEntry> open;
  FixedArray<HeapNode> heap;
  if (Status s = node.Allocate(padded); s != Status::Ok) return s;
  // The rest is scratch a search writes before it reads, left unwritten, so it takes memory only
  // as deep as searches go. Every passable cell and the goal once, the start once (it may be a
  // wall), and the one slot past the end that a visit writes without keeping.
  if (Status s = touched.AllocateUninitialized(cells + 2); s != Status::Ok) return s;
  // Each cell is expanded at most once and pushes at most its 8 neighbours; the start is one
  // more. Sized for that, the open list and the heap took 160 bytes a cell (2.6 GB of address
  // space on a 4096 x 4096 floor, refused outright where memory is not overcommitted), while a
  // search pushes a few entries for each cell it expands: they start at kScratchStart entries
  // and grow when a search needs more (decision 0036).
  const std::size_t open_limit = cells * 8 + 1;
  if (Status s = open.AllocateUninitialized(std::min(open_limit, kScratchStart)); s != Status::Ok)
    return s;
  if (Status s = heap.AllocateUninitialized(std::min(cells * 8 + 16, kScratchStart));
      s != Status::Ok)
    return s;
  if (Status s = queue.AllocateUninitialized(cells); s != Status::Ok) return s;
  node_.swap(node);  // all kWall: PrepareFor fills it at the first search
  touched_.swap(touched);
  open_.swap(open);
  heap_.swap(heap);
  queue_.swap(queue);
  open_limit_ = open_limit;
  heap_limit_ = cells * 8 + 16;
  growth_failures_ = 0;
  prepared_revision_ = 0;  // no map has revision 0
  blocked_folded_ = false;
  counted_revision_ = 0;
  revision_expansions_ = 0;
  fold_after_ = std::max(kFoldAfterExpansions, static_cast<std::uint32_t>(cells >> 4));
  FixedArray<std::uint16_t>().swap(landmark_distance_);  // a new size: reserve them again
  landmark_count_ = 0;
  landmark_revision_ = 0;
  landmark_counted_revision_ = 0;
  landmark_expansions_ = 0;
  landmark_after_ = 0;
  width_ = width;
  height_ = height;
  return Status::Ok;
}

void Pathfinder::PrepareFor(const TileMap& map) noexcept {
  if (prepared_revision_ == map.PassabilityRevision() && !blocked_folded_) return;
  WriteWalls(map, nullptr);
  blocked_folded_ = false;
}

void Pathfinder::FoldBlocked(const TileMap& map, const std::uint8_t* blocked,
                             std::uint64_t blocked_revision) noexcept {
  WriteWalls(map, blocked);
  blocked_folded_ = true;
  folded_revision_ = blocked_revision;
}

void Pathfinder::WriteWalls(const TileMap& map, const std::uint8_t* blocked) noexcept {
  const std::size_t stride = static_cast<std::size_t>(width_) + 2;
  const auto width = static_cast<std::size_t>(width_);
  const Terrain* cells = map.Cells().data();
  // No branch and no short circuit in the inner loop, so that the compiler can do many cells at
  // once: on a busy floor this runs once per occupancy revision, every cell of it.
  const auto write = [&](auto open) {
    for (std::int32_t y = 0; y < height_; ++y) {
      std::uint32_t* row = &node_[(static_cast<std::size_t>(y) + 1) * stride + 1];
      const std::size_t first = static_cast<std::size_t>(y) * width;
      for (std::size_t x = 0; x < width; ++x)
        row[x] = 0u - static_cast<std::uint32_t>(open(first + x));  // kFresh or kWall
    }
  };
  if (blocked != nullptr)
    write([&](std::size_t i) { return TerrainPassable(cells[i]) & (blocked[i] == 0); });
  else
    write([&](std::size_t i) { return TerrainPassable(cells[i]); });
  prepared_revision_ = map.PassabilityRevision();
}

namespace {

// Room for `needed` elements in `array`, its first `keep` kept: at least double the room it had,
// at most `limit`. False, and `array` unchanged, when the allocation fails.
template <class T>
[[nodiscard]] bool GrowScratch(FixedArray<T>& array, std::size_t keep, std::size_t needed,
                               std::size_t limit) noexcept {
  if (needed <= array.size()) return true;
  const std::size_t size = std::max(needed, std::min(limit, array.size() * 2));
  FixedArray<T> grown;
  if (grown.AllocateUninitialized(size) != Status::Ok) return false;
  std::copy_n(array.data(), keep, grown.data());
  array.swap(grown);
  return true;
}

}  // namespace

bool Pathfinder::GrowOpen(std::size_t used, std::size_t needed) noexcept {
  if (GrowScratch(open_, used, needed, open_limit_)) return true;
  ++growth_failures_;
  return false;
}

bool Pathfinder::ReserveHeap(std::size_t needed) noexcept {
  // Doubling up to the whole map's worst case: a window that grows by a row as the player walks
  // from an edge takes a new heap a few times, not at every step.
  if (GrowScratch(heap_, 0, needed, std::max(needed, heap_limit_))) return true;
  ++growth_failures_;
  return false;
}

void Pathfinder::HeapPush(HeapNode node) noexcept {
  CAIRN_ASSERT(heap_size_ < heap_.size(), "the heap is sized for every push a search makes");
  if (heap_size_ == heap_.size()) return;
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

// The open list is a ring of four stacks by f. Steps cost 1 and the heuristic (Chebyshev
// distance) changes by at most 1 a step, so a neighbour's f is the expanded f, or 1 or 2 more:
// three live buckets at a time, and pushes and pops are O(1) with no heap. Newest first within
// one f dives toward the goal across the plateaus of equal f that open ground is full of, and
// any order within one f keeps the route the shortest. The newest child that keeps f is
// expanded straight away instead of being pushed and popped again at once.
//
// One function on purpose: the counters and the held child are plain locals the compiler keeps
// in registers; kept in a struct passed between functions, every visit wrote them to memory.
// Only the walk back, once a search, is a step of its own (WalkBack).
template <Pathfinder::Narrowing kNarrowing, bool kLandmarks>
bool Pathfinder::Run(const TileMap& map, const CellFilter* filter, const std::uint8_t* blocked,
                     Position from, Position to, std::uint32_t max_expansions, Position& step,
                     std::int32_t& length, const ActiveLandmarks& landmarks) noexcept {
  const std::int32_t stride = width_ + 2;
  [[maybe_unused]] const auto width = static_cast<std::size_t>(width_);
  (void)filter;
  (void)blocked;
  const std::uint32_t start = PaddedCell(from, stride), goal = PaddedCell(to, stride);
  std::uint32_t* const node = node_.data();
  OpenEntry* open = open_.data();  // moves when the list grows
  std::size_t open_room = open_.size();
  std::uint32_t* const touched = touched_.data();
  std::uint32_t used = 0, touched_count = 0;
  std::uint32_t heads[4] = {kNoEntry, kNoEntry, kNoEntry, kNoEntry};
  OpenEntry held{};
  bool holding = false;
  // The goal was offered a cost, g + 1 from a cell of f = g + h with h >= 1. Every smaller f is
  // exhausted, so no route is shorter than f >= g + 1: the offer is the least, and the search
  // can stop at once instead of waiting to pop the goal.
  bool reached = false;
  const auto push = [&](OpenEntry entry, std::uint32_t f) {
    std::uint32_t& head = heads[f & 3u];
    entry.next = head;
    open[used] = entry;
    head = used++;
  };
  // The start and the goal may be walls (the goal is always enterable); both get their value
  // back at the end, like every touched cell.
  const std::uint32_t start_value = node[start], goal_value = node[goal];
  node[goal] = kFresh;
  node[start] = 1u << 3;  // g = 0
  touched[touched_count++] = start;
  // The least remaining distance a landmark proves: from the triangle inequality, a cell at
  // distance a from a landmark and a goal at distance b are at least |a - b| apart.
  [[maybe_unused]] const auto landmark_bound = [&](std::uint32_t cell, std::int32_t h) {
    const std::int32_t a = static_cast<std::int32_t>(landmarks.first[cell]) - landmarks.first_goal;
    const std::int32_t b =
        static_cast<std::int32_t>(landmarks.second[cell]) - landmarks.second_goal;
    const std::int32_t la = a < 0 ? -a : a, lb = b < 0 ? -b : b;
    const std::int32_t l = la > lb ? la : lb;
    return l > h ? l : h;
  };
  std::int32_t start_h = ChebyshevDistance(from, to);
  if constexpr (kLandmarks) start_h = landmark_bound(start, start_h);
  std::uint32_t f = static_cast<std::uint32_t>(start_h);
  push(OpenEntry{start, 0, static_cast<std::int16_t>(from.x), static_cast<std::int16_t>(from.y)},
       f);
  std::uint32_t empty_buckets = 0, expansions = 0;
  bool found = false;
  while (true) {
    OpenEntry entry;
    if (holding) {
      entry = held;
      holding = false;
    } else {
      std::uint32_t& head = heads[f & 3u];
      if (head == kNoEntry) {
        if (++empty_buckets == 4) break;  // every live bucket is empty: no route
        ++f;
        continue;
      }
      empty_buckets = 0;
      entry = open[head];
      head = entry.next;
    }
    const std::uint32_t value = node[entry.cell];
    if ((value >> 3) == 0) continue;  // a stale entry: this cell was reached cheaper and closed
    node[entry.cell] = value & 7u;    // closed; the direction stays for the walk back
    if (++expansions > max_expansions) break;
    // An expansion pushes at most its 8 neighbours (a held child is pushed instead of a new
    // one, never besides it): room for them first, checked once rather than at every push.
    if (open_room - used < 8) [[unlikely]] {
      if (!GrowOpen(used, std::size_t{used} + 8)) break;  // no route, as when out of budget
      open = open_.data();
      open_room = open_.size();
    }
    const std::uint32_t g1 =
        (value >> 3) + 1;  // g + 1 of this cell: g of its children, +1 as stored
    const std::int32_t h = static_cast<std::int32_t>(f - (g1 - 1));
    const std::uint32_t better = (g1 << 3) | 7u;
    const std::int32_t gx = entry.x - to.x, gy = entry.y - to.y;  // from the goal
    const auto visit = [&]<int kDirection>() __attribute__((always_inline)) {
      constexpr std::int32_t dx = kStepDx[kDirection], dy = kStepDy[kDirection];
      const std::uint32_t next = entry.cell + static_cast<std::uint32_t>(dy * stride + dx);
      const std::uint32_t old = node[next];
      if (old <= better) return;  // a wall, closed, or reached as cheaply already
      const std::int32_t x = entry.x + dx, y = entry.y + dy;
      if constexpr (kNarrowing == Narrowing::Grid) {
        if (next != goal && blocked[static_cast<std::size_t>(y) * width + x] != 0) return;
      } else if constexpr (kNarrowing == Narrowing::Filter) {
        if (next != goal && !filter->Enterable(map, x, y)) return;
      }
      touched[touched_count] = next;  // kept only when new: no branch to guess
      touched_count += old == kFresh ? 1u : 0u;
      node[next] = (g1 << 3) | static_cast<std::uint32_t>(kDirection);
      if (next == goal) {
        reached = true;
        return;
      }
      const std::int32_t ax = gx + dx < 0 ? -(gx + dx) : gx + dx;
      const std::int32_t ay = gy + dy < 0 ? -(gy + dy) : gy + dy;
      std::int32_t next_h = ax > ay ? ax : ay;
      if constexpr (kLandmarks) next_h = landmark_bound(next, next_h);
      const OpenEntry child{next, 0, static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      const std::uint32_t child_f =
          g1 + static_cast<std::uint32_t>(next_h);  // g1: the child's g + 1
      if (next_h < h) {  // keeps f: the newest such child is expanded next
        if (holding) push(held, child_f);
        held = child;
        holding = true;
      } else {
        push(child, child_f);
      }
    };
    // All eight neighbours, unrolled. Skipping the ones next to the cell this one was entered
    // from (they can never improve) would save a few loads, but choosing which to skip is an
    // indirect jump the processor mostly guesses wrong: measured slower (decision 0007).
    [&]<int... kDirection>(std::integer_sequence<int, kDirection...>)
        __attribute__((always_inline)) {
      (visit.template operator()<kDirection>(), ...);
    }
    (std::make_integer_sequence<int, 8>{});
    if (reached) {
      WalkBack(node, start, goal, stride, step, length);
      found = true;
      break;
    }
  }
  last_expansions_ = expansions;
  for (std::uint32_t i = 0; i < touched_count; ++i) node[touched[i]] = kFresh;
  node[goal] = goal_value;
  node[start] = start_value;
  return found;
}

// Why a dive gives exactly Run's answer. Moves cost 1 and Chebyshev distance h changes by at
// most 1 a move, so a cell c_i reached by i moves that each lowered h has f = g + h = h(start).
// Run expands the start; of the neighbours it offers, those with lower h keep f, and the last of
// them in visiting order is held and expanded next, before anything is popped. Such a neighbour
// n of c_i is always fresh: had an earlier c_j (j < i) offered it, h(n) >= h(c_j) - 1 > h(c_i) - 1
// = h(n). So the chain of held cells is the route (each entered from the one before), and the
// goal, offered as soon as the chain reaches a neighbour of it, ends the search with i + 1
// expansions. Only when a cell of the chain has no enterable neighbour with lower h does Run pop
// from its lists, and take a route a dive cannot predict.
bool Pathfinder::Dive(const std::uint8_t* blocked, Position from, Position to,
                      std::uint32_t max_expansions, Position& step, std::int32_t& length) noexcept {
  const std::int32_t stride = width_ + 2;
  const std::uint32_t* const node = node_.data();
  Position at = from, first{};
  std::int32_t h = ChebyshevDistance(from, to);
  if (static_cast<std::uint32_t>(h) > max_expansions) return false;
  for (bool first_move = true; h > 1; first_move = false) {
    // The last in visiting order is the one Run holds: look from the last direction back.
    std::int32_t chosen = 7;
    for (; chosen >= 0; --chosen) {
      const Position n{at.x + kStepDx[chosen], at.y + kStepDy[chosen]};
      const std::int32_t nx = n.x > to.x ? n.x - to.x : to.x - n.x;
      const std::int32_t ny = n.y > to.y ? n.y - to.y : to.y - n.y;
      if ((nx > ny ? nx : ny) >= h) continue;
      if (node[PaddedCell(n, stride)] == kWall) continue;
      if (blocked != nullptr && blocked[static_cast<std::size_t>(n.y * width_ + n.x)] != 0)
        continue;
      break;
    }
    if (chosen < 0) return false;
    at = Position{at.x + kStepDx[chosen], at.y + kStepDy[chosen]};
    if (first_move) first = at;
    --h;
  }
  // `at` is a neighbour of the goal, which is always enterable: it is offered next, and the
  // search ends with one expansion per move.
  length = ChebyshevDistance(from, to);
  step = length == 1 ? to : first;
  last_expansions_ = static_cast<std::uint32_t>(length);
  return true;
}

bool Pathfinder::Searchable(const TileMap& map, Position from, Position to) noexcept {
  last_expansions_ = 0;
  if (node_.empty() || !map.InBounds(from.x, from.y) || !map.InBounds(to.x, to.y)) return false;
  if (map.Width() != width_ || map.Height() != height_) return false;
  return from.x != to.x || from.y != to.y;
}

bool Pathfinder::FindPath(const TileMap& map, const CellFilter& filter, Position from, Position to,
                          std::uint32_t max_expansions, Position& step,
                          std::int32_t& length) noexcept {
  if (!Searchable(map, from, to)) return false;
  PrepareFor(map);
  ActiveLandmarks landmarks;
  const bool guided = LandmarksFor(map, from, to, landmarks);
  const auto run = [&]<Narrowing kNarrowing>() {
    return guided ? Run<kNarrowing, true>(map, &filter, nullptr, from, to, max_expansions, step,
                                          length, landmarks)
                  : Run<kNarrowing, false>(map, &filter, nullptr, from, to, max_expansions, step,
                                           length, landmarks);
  };
  // The plain filter (passable terrain, already in the node grid) needs no call at all.
  const bool found = typeid(filter) == typeid(CellFilter)
                         ? run.template operator()<Narrowing::None>()
                         : run.template operator()<Narrowing::Filter>();
  if (landmark_count_ > 0) landmark_expansions_ += last_expansions_;
  return found;
}

bool Pathfinder::FindPath(const TileMap& map, std::span<const std::uint8_t> blocked,
                          std::uint64_t blocked_revision, Position from, Position to,
                          std::uint32_t max_expansions, Position& step,
                          std::int32_t& length) noexcept {
  if (blocked.size() != map.Cells().size() || !Searchable(map, from, to)) return false;
  // The walls and the blocked cells of this revision in one grid, once the revision's searches
  // have done enough work to pay for copying them (a floor where monsters rarely search never
  // does), or at once when the revision before did that much (a busy floor stays folded).
  bool fold = false;
  if (counted_revision_ != blocked_revision) {
    fold = revision_expansions_ >= fold_after_;
    counted_revision_ = blocked_revision;
    revision_expansions_ = 0;
  }
  // A revision folded once is folded again when the map's passability changed under it (a door).
  const bool folded = Folded(blocked_revision);
  if ((!folded || prepared_revision_ != map.PassabilityRevision()) &&
      (fold || folded || revision_expansions_ >= fold_after_))
    FoldBlocked(map, blocked.data(), blocked_revision);
  // Never landmarks here: monsters' routes are in every recording (decision 0025).
  const ActiveLandmarks unguided{};
  bool found = false;
  if (Folded(blocked_revision)) {
    // A blocked cell is a wall in the node grid, except the goal, which Run opens.
    found = Dive(nullptr, from, to, max_expansions, step, length) ||
            Run<Narrowing::None, false>(map, nullptr, nullptr, from, to, max_expansions, step,
                                        length, unguided);
  } else {
    PrepareFor(map);
    found = Dive(blocked.data(), from, to, max_expansions, step, length) ||
            Run<Narrowing::Grid, false>(map, nullptr, blocked.data(), from, to, max_expansions,
                                        step, length, unguided);
  }
  revision_expansions_ += last_expansions_;
  return found;
}

Status Pathfinder::ReserveLandmarks(std::uint32_t count) noexcept {
  if (node_.empty()) return Status::NotInitialized;
  if (count == 0 || count > kMaxLandmarks) return Status::InvalidArgument;
  FixedArray<std::uint16_t> distance;
  if (Status s = distance.Allocate(node_.size() * count); s != Status::Ok) return s;
  landmark_distance_.swap(distance);
  landmark_count_ = count;
  landmark_revision_ = 0;  // no map has revision 0
  landmark_counted_revision_ = 0;
  landmark_expansions_ = 0;
  // Computing them costs about `count` breadth-first searches over the whole map; once the
  // searches of one passability have done half that work, more are likely to follow.
  landmark_after_ = std::uint64_t{count} * queue_.size() / 2;
  return Status::Ok;
}

void Pathfinder::LandmarkDistances(std::uint32_t source, std::uint16_t* out) noexcept {
  const std::int32_t stride = width_ + 2;
  const std::array<std::int32_t, 8> offsets = StepOffsets(stride);
  const std::uint32_t* const node = node_.data();
  std::uint32_t* const queue = queue_.data();
  std::fill(out, out + node_.size(), kLandmarkUnreached);
  out[source] = 0;
  std::size_t head = 0, tail = 0;
  queue[tail++] = source;
  while (head < tail) {
    const std::uint32_t cell = queue[head++];
    const std::uint16_t next_distance =
        out[cell] >= kLandmarkFar - 1 ? kLandmarkFar : static_cast<std::uint16_t>(out[cell] + 1);
    for (const std::int32_t offset : offsets) {
      const std::uint32_t next = cell + static_cast<std::uint32_t>(offset);
      if (node[next] == kWall || out[next] != kLandmarkUnreached) continue;
      out[next] = next_distance;
      queue[tail++] = next;  // each passable cell once: the queue holds every cell of the map
    }
  }
}

// Farthest-point landmarks: the first is the cell farthest from the first passable cell (row by
// row), each next the cell farthest from all before it, ties to the first in row order. They
// spread to the map's rim and corners, where they bound the most queries well.
void Pathfinder::BuildLandmarks(const TileMap& map) noexcept {
  const std::size_t padded = node_.size();
  const auto stride = static_cast<std::uint32_t>(width_ + 2);
  std::uint16_t* const grids = landmark_distance_.data();
  landmark_revision_ = map.PassabilityRevision();
  std::uint32_t seed = kNoEntry;
  for (std::uint32_t c = 0; c < padded; ++c)
    if (node_[c] != kWall) {
      seed = c;
      break;
    }
  if (seed == kNoEntry) {  // no passable cell: every distance unreached, no landmark applies
    std::fill(grids, grids + padded * landmark_count_, kLandmarkUnreached);
    for (std::uint32_t i = 0; i < landmark_count_; ++i) landmark_at_[i] = Position{-1, -1};
    return;
  }
  LandmarkDistances(seed, grids);  // from the seed, in the first grid until it is replaced
  for (std::uint32_t i = 0; i < landmark_count_; ++i) {
    std::uint32_t best = seed;
    std::uint32_t best_distance = 0;
    for (std::uint32_t c = 0; c < padded; ++c) {
      std::uint32_t nearest = grids[c];
      for (std::uint32_t j = 1; j < i; ++j)
        nearest = std::min<std::uint32_t>(nearest, grids[j * padded + c]);
      if (nearest != kLandmarkUnreached && nearest > best_distance) {
        best = c;
        best_distance = nearest;
      }
    }
    LandmarkDistances(best, grids + i * padded);
    landmark_at_[i] = Position{static_cast<std::int32_t>(best % stride) - 1,
                               static_cast<std::int32_t>(best / stride) - 1};
  }
}

bool Pathfinder::LandmarksFor(const TileMap& map, Position from, Position to,
                              ActiveLandmarks& active) noexcept {
  if (landmark_count_ == 0) return false;
  const std::uint64_t revision = map.PassabilityRevision();
  if (landmark_counted_revision_ != revision) {
    landmark_counted_revision_ = revision;
    landmark_expansions_ = 0;
  }
  if (landmark_revision_ != revision) {
    if (landmark_expansions_ < landmark_after_) return false;
    BuildLandmarks(map);
  }
  // The pair that proves the start farthest from the goal. A landmark that does not reach both
  // ends (a wall at either, or another part of the map) proves nothing here.
  const std::size_t padded = node_.size();
  const std::uint32_t start = PaddedCell(from, width_ + 2), goal = PaddedCell(to, width_ + 2);
  std::int32_t bounds[2] = {-1, -1};
  std::uint32_t chosen[2] = {0, 0};
  for (std::uint32_t i = 0; i < landmark_count_; ++i) {
    const std::uint16_t* grid = landmark_distance_.data() + i * padded;
    if (grid[start] == kLandmarkUnreached || grid[goal] == kLandmarkUnreached) continue;
    const std::int32_t d = static_cast<std::int32_t>(grid[start]) - grid[goal];
    const std::int32_t bound = d < 0 ? -d : d;
    if (bound > bounds[0]) {
      bounds[1] = bounds[0];
      chosen[1] = chosen[0];
      bounds[0] = bound;
      chosen[0] = i;
    } else if (bound > bounds[1]) {
      bounds[1] = bound;
      chosen[1] = i;
    }
  }
  if (bounds[0] < 0) return false;
  if (bounds[1] < 0) chosen[1] = chosen[0];
  active.first = landmark_distance_.data() + chosen[0] * padded;
  active.second = landmark_distance_.data() + chosen[1] * padded;
  active.first_goal = active.first[goal];
  active.second_goal = active.second[goal];
  return true;
}

namespace {

// Whether `window` lies within `map` (and so its cells are the map's).
bool WithinMap(const TileMap& map, MapWindow window) noexcept {
  return window.x >= 0 && window.y >= 0 && window.width >= 0 && window.height >= 0 &&
         std::int64_t{window.x} + window.width <= map.Width() &&
         std::int64_t{window.y} + window.height <= map.Height();
}

}  // namespace

void Pathfinder::DistanceMap(const TileMap& map, const CellFilter& filter,
                             std::span<const Position> sources, MapWindow window,
                             std::span<std::int32_t> out) noexcept {
  const std::size_t cells = window.Cells();
  if (out.size() < cells || !WithinMap(map, window)) return;
  for (std::size_t i = 0; i < cells; ++i) out[i] = kUnreachable;
  if (queue_.size() < cells) return;
  if (map.Width() != width_ || map.Height() != height_) return;  // the queue holds this size
  std::size_t head = 0, tail = 0;
  for (Position p : sources) {
    if (!window.Contains(p.x, p.y)) continue;
    const std::size_t i = window.Index(p.x, p.y);
    if (out[i] == 0) continue;
    out[i] = 0;
    queue_[tail++] = static_cast<std::uint32_t>(i);
  }
  const auto width = static_cast<std::uint32_t>(window.width);
  while (head < tail) {
    const std::uint32_t cell = queue_[head++];
    const std::int32_t x = window.x + static_cast<std::int32_t>(cell % width);
    const std::int32_t y = window.y + static_cast<std::int32_t>(cell / width);
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = x + kStepDx[d];
      const std::int32_t ny = y + kStepDy[d];
      if (!window.Contains(nx, ny) || !filter.Enterable(map, nx, ny)) continue;
      const std::size_t next = window.Index(nx, ny);
      if (out[next] != kUnreachable) continue;
      out[next] = out[cell] + 1;
      queue_[tail++] = static_cast<std::uint32_t>(next);
    }
  }
}

void Pathfinder::FleeMap(const TileMap& map, const CellFilter& filter, MapWindow window,
                         std::span<const std::int32_t> distance,
                         std::span<std::int32_t> out) noexcept {
  const std::size_t cells = window.Cells();
  if (out.size() < cells || !WithinMap(map, window)) return;
  for (std::size_t i = 0; i < cells; ++i) out[i] = kUnreachable;
  if (distance.size() < cells) return;
  if (map.Width() != width_ || map.Height() != height_) return;  // within the map searched
  // Each cell is pushed once to start and each pop that closes one pushes at most 8: the heap
  // never holds more than 8 a cell (the 16: the smallest windows' slack).
  if (!ReserveHeap(cells * 8 + 16)) return;
  heap_size_ = 0;
  for (std::size_t i = 0; i < cells; ++i) {
    if (distance[i] == kUnreachable) continue;
    out[i] = -distance[i] * 12;  // tenths of a step; steeper than 1 per step, so it prefers far
    HeapPush(HeapNode{out[i], static_cast<std::uint32_t>(i)});
  }
  const auto width = static_cast<std::uint32_t>(window.width);
  while (heap_size_ > 0) {
    const HeapNode node = HeapPop();
    if (node.f != out[node.cell]) continue;  // stale
    const std::int32_t x = window.x + static_cast<std::int32_t>(node.cell % width);
    const std::int32_t y = window.y + static_cast<std::int32_t>(node.cell / width);
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = x + kStepDx[d];
      const std::int32_t ny = y + kStepDy[d];
      if (!window.Contains(nx, ny) || !filter.Enterable(map, nx, ny)) continue;
      const std::size_t next = window.Index(nx, ny);
      if (out[next] <= node.f + 10) continue;
      out[next] = node.f + 10;
      HeapPush(HeapNode{out[next], static_cast<std::uint32_t>(next)});
    }
  }
}

}  // namespace cairn
