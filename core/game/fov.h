// Field of view by symmetric shadowcasting (Albert Ford's formulation of Björn Bergström's
// algorithm): if A sees B then B sees A, walls are lit when seen, and there are no blind corners
// or artifacts along diagonals. Slopes are exact fractions of small integers, so the result is
// the same on every machine; there is no floating point.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/tile_map.h"

namespace cairn {

class FieldOfView {
 public:
  static constexpr std::int32_t kMaxRadius = 512;

  [[nodiscard]] Status Initialize(std::int32_t width, std::int32_t height) noexcept;

  // Computes what is visible from (x, y) within `radius` cells (Euclidean, rounded so that a
  // radius-r circle includes its r-distance axis cells), replacing the previous result. The same
  // origin and radius on a map whose sight revision is unchanged keep the previous result: it is
  // the same (a player who waits sees the same cells for the ten ticks of a turn).
  void Compute(const TileMap& map, std::int32_t x, std::int32_t y, std::int32_t radius) noexcept;

  [[nodiscard]] bool Visible(std::int32_t x, std::int32_t y) const noexcept {
    return x >= 0 && y >= 0 && x < width_ && y < height_ &&
           visible_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                    static_cast<std::size_t>(x)] == stamp_;
  }
  // The visible cells as map indices (y * width + x), each once, in no useful order.
  [[nodiscard]] std::span<const std::uint32_t> VisibleCells() const noexcept {
    return {cells_.data(), visible_count_};
  }
  [[nodiscard]] std::int32_t OriginX() const noexcept { return origin_x_; }
  [[nodiscard]] std::int32_t OriginY() const noexcept { return origin_y_; }
  [[nodiscard]] std::int32_t Radius() const noexcept { return radius_; }

 private:
  void Mark(std::int32_t x, std::int32_t y) noexcept;

  FixedArray<std::uint32_t> visible_;  // == stamp_ when visible in the current result
  FixedArray<std::uint32_t> cells_;    // the indices stamped, the first visible_count_ of them
  FixedArray<std::int32_t> stack_;     // rows still to scan (depth, start and end slopes)
  std::uint32_t stamp_ = 0;
  std::size_t visible_count_ = 0;
  std::uint64_t sight_revision_ = 0;  // of the map the result was computed on (0: none yet)
  std::int32_t width_ = 0;
  std::int32_t height_ = 0;
  std::int32_t origin_x_ = -1;
  std::int32_t origin_y_ = -1;
  std::int32_t radius_ = 0;
};

}  // namespace cairn
