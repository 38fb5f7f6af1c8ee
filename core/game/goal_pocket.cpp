#include "game/goal_pocket.h"

#include "game/pathing.h"

namespace cairn {

Status GoalPocket::Initialize(std::size_t cells) noexcept {
  FixedArray<std::uint32_t> mark, queue;
  if (Status s = mark.Allocate(cells); s != Status::Ok) return s;
  if (Status s = queue.Allocate(kMaxCells + 1); s != Status::Ok) return s;
  mark_.swap(mark);
  queue_.swap(queue);
  stamp_ = 0;
  known_ = false;
  return Status::Ok;
}

void GoalPocket::Find(const TileMap& map, std::span<const std::uint8_t> blocked,
                      Position goal) noexcept {
  if (++stamp_ == 0) {  // wrapped: old marks could match again
    for (std::uint32_t& m : mark_.span()) m = 0;
    stamp_ = 1;
  }
  const auto width = static_cast<std::uint32_t>(map.Width());
  std::uint32_t head = 0, tail = 0;
  const auto goal_cell = static_cast<std::uint32_t>(map.Index(goal.x, goal.y));
  mark_[goal_cell] = stamp_;
  queue_[tail++] = goal_cell;
  closed_ = true;
  while (head < tail) {
    const std::uint32_t cell = queue_[head++];
    const auto x = static_cast<std::int32_t>(cell % width);
    const auto y = static_cast<std::int32_t>(cell / width);
    for (int d = 0; d < 8; ++d) {
      const std::int32_t nx = x + kStepDx[d], ny = y + kStepDy[d];
      if (!map.Passable(nx, ny)) continue;  // out of bounds is not passable
      const std::size_t next = map.Index(nx, ny);
      if (blocked[next] != 0 || mark_[next] == stamp_) continue;
      if (tail == kMaxCells) {
        closed_ = false;  // too large to tell: the search decides
        return;
      }
      mark_[next] = stamp_;
      queue_[tail++] = static_cast<std::uint32_t>(next);
    }
  }
}

bool GoalPocket::Unreachable(const TileMap& map, std::span<const std::uint8_t> blocked,
                             std::uint64_t occupancy_revision, Position from,
                             Position goal) noexcept {
  if (mark_.size() != map.Cells().size() || !PreSearchAnswerable(map, blocked, from, goal))
    return false;
  if (!known_ || goal.x != goal_.x || goal.y != goal_.y ||
      occupancy_revision != occupancy_revision_ ||
      map.PassabilityRevision() != passability_revision_) {
    Find(map, blocked, goal);
    goal_ = goal;
    occupancy_revision_ = occupancy_revision;
    passability_revision_ = map.PassabilityRevision();
    known_ = true;
  }
  if (!closed_) return false;
  for (int d = 0; d < 8; ++d) {
    const std::int32_t nx = from.x + kStepDx[d], ny = from.y + kStepDy[d];
    if (map.InBounds(nx, ny) && mark_[map.Index(nx, ny)] == stamp_) return false;
  }
  return true;
}

}  // namespace cairn
