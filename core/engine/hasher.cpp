#include "engine/hasher.h"

#include "world/creation_order.h"

namespace cairn {

void Hasher::AddText(std::string_view text) noexcept {
  Add(text.size());
  std::uint64_t word = 0;
  int filled = 0;
  for (unsigned char c : text) {
    word = (word << 8) | c;
    if (++filled == 8) {
      Add(word);
      word = 0;
      filled = 0;
    }
  }
  if (filled > 0) Add(word);
}

namespace {
constexpr std::uint64_t kStaleReference = 0xDEADull << 48;
}  // namespace

CanonicalOrder::CanonicalOrder(const EntityRegistry& registry) : registry_(registry) {
  const std::uint32_t slots = registry.SlotsTouched();
  place_by_slot_.assign(slots, 0);
  std::vector<SequencedIndex> by_slot;
  for (std::uint32_t slot = 0; slot < slots; ++slot) {
    const EntityId id = registry.EntityAtSlot(slot);
    if (!id.IsNull()) by_slot.push_back(SequencedIndex{registry.CreationSequenceOf(id), slot});
  }
  SortByCreation(by_slot);
  order_.reserve(by_slot.size());
  for (const SequencedIndex& item : by_slot) {
    place_by_slot_[item.index] = static_cast<std::uint32_t>(order_.size());
    order_.push_back(registry.EntityAtSlot(item.index));
  }
}

std::uint64_t CanonicalOrder::Encode(EntityId id) const noexcept {
  if (id.IsNull()) return 0;
  if (!registry_.IsAlive(id) || id.Slot >= place_by_slot_.size()) return kStaleReference;
  return 1 + std::uint64_t{place_by_slot_[id.Slot]};
}

}  // namespace cairn
