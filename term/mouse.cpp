#include "mouse.h"

#include <charconv>

namespace cairn {
namespace {

bool ParseCoordinate(const char*& at, const char* end, std::int32_t& out) {
  const auto [next, error] = std::from_chars(at, end, out);
  if (error != std::errc() || next == at || out < 0) return false;
  at = next;
  return true;
}

}  // namespace

std::string MouseKeyName(const MouseEvent& event) {
  return std::string(event.kind == MouseKind::Click ? "click:" : "hover:") +
         std::to_string(event.x) + "," + std::to_string(event.y);
}

bool ParseMouseKey(const std::string& key, MouseEvent& out) {
  MouseEvent event;
  std::size_t prefix = 0;
  if (key.rfind("click:", 0) == 0) {
    event.kind = MouseKind::Click;
    prefix = 6;
  } else if (key.rfind("hover:", 0) == 0) {
    event.kind = MouseKind::Hover;
    prefix = 6;
  } else {
    return false;
  }
  const char* at = key.data() + prefix;
  const char* end = key.data() + key.size();
  if (!ParseCoordinate(at, end, event.x) || at == end || *at++ != ',' ||
      !ParseCoordinate(at, end, event.y) || at != end)
    return false;
  out = event;
  return true;
}

}  // namespace cairn
