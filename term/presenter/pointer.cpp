#include "presenter/pointer.h"

#include "presenter/sidebar.h"

namespace cairn {

PointerTarget PointAt(const RenderFrame& frame, const PresenterState& state, std::int32_t width,
                      std::int32_t height, std::int32_t sx, std::int32_t sy) {
  PointerTarget target;
  switch (state.screen) {
    case Screen::Map:
    case Screen::Look:
    case Screen::Target: break;
    default: return target;  // a screen over the map, or a question: the pointer points at nothing
  }
  if (width < kMinWidth || height < kMinHeight) return target;
  const ScreenLayout layout = LayOut(state, width, height);
  if (layout.sidebar_shown) {
    target.entry = SidebarEntryAt(frame, layout.sidebar, sx, sy);
    if (target.entry >= 0) {
      target.kind = PointerTarget::Kind::SidebarEntry;
      return target;
    }
  }
  const ScreenRect map = layout.map;
  if (sx < map.x || sy < map.y || sx >= map.x + map.w || sy >= map.y + map.h) return target;
  std::int32_t cx = 0, cy = 0;
  MapOrigin(frame, state, map, cx, cy);
  const std::int32_t mx = cx + sx - map.x, my = cy + sy - map.y;
  if (mx < 0 || my < 0 || mx >= frame.map_width || my >= frame.map_height) return target;
  target.kind = PointerTarget::Kind::MapCell;
  target.x = mx;
  target.y = my;
  return target;
}

}  // namespace cairn
