// What the mouse pointer is over: the same geometry the presenter draws with (LayOut, the map's
// camera, the sidebar's entries), so a click lands on what the player sees under it.
#pragma once

#include <cstdint>

#include "presenter/presenter.h"

namespace cairn {

struct PointerTarget {
  enum class Kind : std::uint8_t { Nothing, MapCell, SidebarEntry };
  Kind kind = Kind::Nothing;
  std::int32_t x = 0;  // MapCell: the map cell (in bounds; possibly never seen)
  std::int32_t y = 0;
  std::int32_t entry = -1;  // SidebarEntry: an index into frame.sidebar.monsters
};

// What screen cell (sx, sy) of a WxH screen shows, on the screens that draw the map; Nothing on
// the others, outside the map's and the sidebar's rectangles, and beyond the map's edges.
[[nodiscard]] PointerTarget PointAt(const RenderFrame& frame, const PresenterState& state,
                                    std::int32_t width, std::int32_t height, std::int32_t sx,
                                    std::int32_t sy);

}  // namespace cairn
