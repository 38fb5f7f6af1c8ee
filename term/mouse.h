// Mouse events as key names, so they travel the same road as keys: CursesScreen reads them from
// ncurses and names them, the controller takes them in HandleKey, and `cairn frame --keys` and
// the tests write them by hand. "click:X,Y" is the left button pressed on screen column X, row Y
// (both from 0, the top left); "hover:X,Y" is the pointer moved there with no button held.
// A click becomes ordinary player commands (a step, a travel run), so a recording holds only
// those and replays stay deterministic.
#pragma once

#include <cstdint>
#include <string>

namespace cairn {

enum class MouseKind : std::uint8_t { Click, Hover };

struct MouseEvent {
  MouseKind kind = MouseKind::Click;
  std::int32_t x = 0;
  std::int32_t y = 0;
};

[[nodiscard]] std::string MouseKeyName(const MouseEvent& event);
// Whether `key` names a mouse event, and which; false for every key name.
[[nodiscard]] bool ParseMouseKey(const std::string& key, MouseEvent& out);

}  // namespace cairn
