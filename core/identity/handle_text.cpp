#include "identity/handle_text.h"

#include <charconv>
#include <limits>

namespace cairn {

std::string FormatEntity(EntityId id) {
  return "Entity{World=" + std::to_string(id.Owner) + ", Slot=" + std::to_string(id.Slot) +
         ", Generation=" + std::to_string(id.Generation) + "}";
}

std::string FormatShortHandle(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

std::string FormatQualifiedHandle(EntityId id) {
  return std::to_string(id.Owner) + ":" + FormatShortHandle(id);
}

namespace {

template <class Number>
bool ParseDecimal(std::string_view text, Number& out) noexcept {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  Number value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return false;
  out = value;
  return true;
}

}  // namespace

Status ParseHandleText(std::string_view text, std::uint64_t world, EntityId& out) noexcept {
  const std::size_t first = text.find(':');
  if (first == std::string_view::npos) return Status::InvalidArgument;
  const std::size_t second = text.find(':', first + 1);
  EntityId parsed{world, 0, 0};
  std::string_view slot_text = text.substr(0, first);
  std::string_view generation_text = text.substr(first + 1);
  if (second != std::string_view::npos) {
    if (!ParseDecimal(text.substr(0, first), parsed.Owner)) return Status::InvalidArgument;
    slot_text = text.substr(first + 1, second - first - 1);
    generation_text = text.substr(second + 1);
  }
  if (!ParseDecimal(slot_text, parsed.Slot) || !ParseDecimal(generation_text, parsed.Generation))
    return Status::InvalidArgument;
  out = parsed;
  return Status::Ok;
}

}  // namespace cairn
