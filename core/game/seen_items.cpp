#include "game/seen_items.h"

#include <algorithm>

namespace cairn {

Status SeenItems::Initialize(std::uint32_t capacity) noexcept {
  // Only the first count_ are ever read: the room past them is left unwritten (fixed_array.h).
  if (Status s = items_.AllocateUninitialized(std::max<std::uint32_t>(capacity, 1));
      s != Status::Ok)
    return s;
  count_ = 0;
  return Status::Ok;
}

const SeenItem* SeenItems::Find(std::uint32_t cell) const noexcept {
  const SeenItem* end = items_.data() + count_;
  const SeenItem* at = std::lower_bound(
      items_.data(), end, cell, [](const SeenItem& s, std::uint32_t c) { return s.cell < c; });
  return at != end && at->cell == cell ? at : nullptr;
}

void SeenItems::Remember(std::uint32_t cell, EntityId item, const Appearance& look) noexcept {
  // Seen here now: remembered anywhere else no longer.
  if (!item.IsNull()) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < count_; ++i)
      if (items_[i].item != item || items_[i].cell == cell) items_[kept++] = items_[i];
    count_ = kept;
  }
  SeenItem* end = items_.data() + count_;
  SeenItem* at = std::lower_bound(items_.data(), end, cell,
                                  [](const SeenItem& s, std::uint32_t c) { return s.cell < c; });
  if (at != end && at->cell == cell) {
    if (at->item == item || look.layer >= at->look.layer) *at = SeenItem{cell, item, look};
    return;
  }
  if (count_ == items_.size()) return;
  std::move_backward(at, end, end + 1);
  *at = SeenItem{cell, item, look};
  ++count_;
}

void SeenItems::Restore(std::span<const SeenItem> items) noexcept {
  count_ = 0;
  for (const SeenItem& s : items) Remember(s.cell, s.item, s.look);
}

}  // namespace cairn
