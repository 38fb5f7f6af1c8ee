#include "game/fov.h"

#include "base/assert.h"

namespace cairn {
namespace {

// Floor and ceiling of a / b for b > 0, correct for negative a.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) noexcept {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
std::int64_t CeilDiv(std::int64_t a, std::int64_t b) noexcept {
  return -FloorDiv(-a, b);
}

// A slope num/den with den > 0, as a column offset per row of depth.
struct Slope {
  std::int64_t num;
  std::int64_t den;
};

// Row tiles: columns from round_ties_up(depth * start) to round_ties_down(depth * end).
std::int64_t MinColumn(std::int64_t depth, Slope s) noexcept {
  return FloorDiv(2 * depth * s.num + s.den, 2 * s.den);
}
std::int64_t MaxColumn(std::int64_t depth, Slope s) noexcept {
  return CeilDiv(2 * depth * s.num - s.den, 2 * s.den);
}
// The slope through the left edge of tile (depth, column): (2 col - 1) / (2 depth).
Slope TileSlope(std::int64_t depth, std::int64_t column) noexcept {
  return Slope{2 * column - 1, 2 * depth};
}
// Whether the tile's centre lies inside the row's sector: what makes the algorithm symmetric.
bool IsSymmetric(std::int64_t depth, std::int64_t column, Slope start, Slope end) noexcept {
  return column * start.den >= depth * start.num && column * end.den <= depth * end.num;
}

}  // namespace

Status FieldOfView::Initialize(std::int32_t width, std::int32_t height) noexcept {
  if (width <= 0 || height <= 0) return Status::InvalidArgument;
  FixedArray<std::uint32_t> visible;
  FixedArray<std::uint32_t> listed;
  FixedArray<std::int32_t> stack;
  const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  if (Status s = visible.Allocate(cells); s != Status::Ok) return s;
  // Every visible cell lies within the largest radius of the origin.
  constexpr std::size_t kSide = 2 * static_cast<std::size_t>(kMaxRadius) + 1;
  constexpr std::size_t kMostInView = kSide * kSide;
  if (Status s = listed.Allocate(cells < kMostInView ? cells : kMostInView); s != Status::Ok)
    return s;
  // Each pending row is 5 numbers. Scanning depth-first, the rows pending at once are at most the
  // siblings waiting at each depth along the current path: a row of depth d has at most d + 1
  // children, so fewer than R^2/2 + 2R rows for a radius R (capped at kMaxRadius).
  const std::size_t side = static_cast<std::size_t>(width > height ? width : height);
  const std::size_t r = side < kMaxRadius ? side : kMaxRadius;
  if (Status s = stack.Allocate(5 * (r * r / 2 + 2 * r + 8)); s != Status::Ok) return s;
  visible_.swap(visible);
  cells_.swap(listed);
  stack_.swap(stack);
  width_ = width;
  height_ = height;
  visible_count_ = 0;
  sight_revision_ = 0;
  origin_x_ = -1;
  origin_y_ = -1;
  radius_ = 0;
  return Status::Ok;
}

void FieldOfView::Mark(std::int32_t x, std::int32_t y) noexcept {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  const std::int64_t dx = x - origin_x_;
  const std::int64_t dy = y - origin_y_;
  // Inside the light: the same test from both ends keeps the radius symmetric too.
  if (dx * dx + dy * dy > static_cast<std::int64_t>(radius_) * radius_ + radius_) return;
  const std::size_t index =
      static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x);
  if (visible_[index] == stamp_) return;  // (the quadrants share their edges)
  visible_[index] = stamp_;
  CAIRN_ASSERT(visible_count_ < cells_.size(), "the visible list holds every cell in reach");
  cells_[visible_count_++] = static_cast<std::uint32_t>(index);
}

void FieldOfView::Compute(const TileMap& map, std::int32_t ox, std::int32_t oy,
                          std::int32_t radius) noexcept {
  if (visible_.empty()) return;
  const std::int32_t clamped = radius < 0 ? 0 : (radius > kMaxRadius ? kMaxRadius : radius);
  if (sight_revision_ != 0 && sight_revision_ == map.SightRevision() && ox == origin_x_ &&
      oy == origin_y_ && clamped == radius_)
    return;
  sight_revision_ = map.SightRevision();
  visible_count_ = 0;
  if (++stamp_ == 0) {  // the stamp wrapped: clear once, then start again
    for (std::uint32_t& v : visible_.span()) v = 0;
    stamp_ = 1;
  }
  origin_x_ = ox;
  origin_y_ = oy;
  radius_ = clamped;
  Mark(ox, oy);
  if (!map.InBounds(ox, oy)) return;

  for (int quadrant = 0; quadrant < 4; ++quadrant) {
    // Maps (depth, column) in this quadrant to map coordinates.
    auto transform = [&](std::int64_t depth, std::int64_t column, std::int32_t& x,
                         std::int32_t& y) {
      switch (quadrant) {
        case 0:
          x = static_cast<std::int32_t>(ox + column);
          y = static_cast<std::int32_t>(oy - depth);
          break;  // north
        case 1:
          x = static_cast<std::int32_t>(ox + column);
          y = static_cast<std::int32_t>(oy + depth);
          break;  // south
        case 2:
          x = static_cast<std::int32_t>(ox + depth);
          y = static_cast<std::int32_t>(oy + column);
          break;  // east
        default:
          x = static_cast<std::int32_t>(ox - depth);
          y = static_cast<std::int32_t>(oy + column);
          break;  // west
      }
    };
    auto is_wall = [&](std::int64_t depth, std::int64_t column) {
      std::int32_t x, y;
      transform(depth, column, x, y);
      return map.BlocksSight(x, y);
    };

    // An explicit stack of rows instead of recursion: (depth, start num/den, end num/den).
    std::size_t top = 0;
    auto push = [&](std::int64_t depth, Slope start, Slope end) {
      CAIRN_ASSERT(top + 5 <= stack_.size(),
                   "the row stack is sized for every row within the radius");
      if (top + 5 > stack_.size()) return;
      stack_[top++] = static_cast<std::int32_t>(depth);
      stack_[top++] = static_cast<std::int32_t>(start.num);
      stack_[top++] = static_cast<std::int32_t>(start.den);
      stack_[top++] = static_cast<std::int32_t>(end.num);
      stack_[top++] = static_cast<std::int32_t>(end.den);
    };
    push(1, Slope{-1, 1}, Slope{1, 1});
    while (top > 0) {
      top -= 5;
      const std::int64_t depth = stack_[top];
      Slope start{stack_[top + 1], stack_[top + 2]};
      const Slope end{stack_[top + 3], stack_[top + 4]};
      if (depth > radius_) continue;
      bool has_previous = false;
      bool previous_wall = false;
      const std::int64_t first = MinColumn(depth, start);
      const std::int64_t last = MaxColumn(depth, end);
      for (std::int64_t column = first; column <= last; ++column) {
        const bool wall = is_wall(depth, column);
        if (wall || IsSymmetric(depth, column, start, end)) {
          std::int32_t x, y;
          transform(depth, column, x, y);
          Mark(x, y);
        }
        if (has_previous && previous_wall && !wall) start = TileSlope(depth, column);
        if (has_previous && !previous_wall && wall)
          push(depth + 1, start, TileSlope(depth, column));
        has_previous = true;
        previous_wall = wall;
      }
      if (has_previous && !previous_wall) push(depth + 1, start, end);
    }
  }
}

}  // namespace cairn
