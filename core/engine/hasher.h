// Hasher: the seeded, order-sensitive 64-bit digest a game's state hash is made of, and
// CanonicalOrder: a world's live entities in creation order, by which references are fed.
//
// A digest that describes the game and not this process feeds integers only (never raw bytes:
// padding is not state), takes entities in creation order (never slot or dense order, which
// depend on history) and feeds a reference as its target's place in that order. So a world
// rebuilt elsewhere with other slots digests the same (docs/decisions/0008).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "base/mix64.h"
#include "identity/handle.h"
#include "world/entity_registry.h"

namespace cairn {

// Every live entity of a world in creation order, and each one's place in it: how references are
// fed to a world's digest.
class CanonicalOrder {
 public:
  explicit CanonicalOrder(const EntityRegistry& registry);
  [[nodiscard]] const std::vector<EntityId>& Entities() const noexcept { return order_; }
  // 0 for null, 1 + place for a live entity, a marker for a handle that is no longer alive.
  [[nodiscard]] std::uint64_t Encode(EntityId id) const noexcept;

 private:
  const EntityRegistry& registry_;
  std::vector<EntityId> order_;
  std::vector<std::uint32_t> place_by_slot_;
};

class Hasher {
 public:
  explicit Hasher(std::uint64_t seed = 0x6A09E667F3BCC908ull) noexcept : h_(seed) {}
  // References fed from now on are encoded by `order` (null: as slot and generation).
  void UseOrder(const CanonicalOrder* order) noexcept { order_ = order; }
  void AddReference(EntityId id) noexcept {
    Add(order_ != nullptr ? order_->Encode(id) : (std::uint64_t{id.Slot} << 32) | id.Generation);
  }
  void Add(std::uint64_t value) noexcept {
    h_ = Mix64(h_ ^ (value * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull));
  }
  void AddSigned(std::int64_t value) noexcept { Add(static_cast<std::uint64_t>(value)); }
  void AddText(std::string_view text) noexcept;
  void AddEntity(EntityId id) noexcept {
    Add(id.Owner);
    Add((std::uint64_t{id.Slot} << 32) | id.Generation);
  }
  [[nodiscard]] std::uint64_t Value() const noexcept { return Mix64(h_); }

 private:
  std::uint64_t h_;
  const CanonicalOrder* order_ = nullptr;
};

}  // namespace cairn
