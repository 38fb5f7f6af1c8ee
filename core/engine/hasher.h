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
#include "world/component_pool.h"
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

// A part's key: its name, hashed (FNV-1a). Seeds a named part's digest and names it in a total.
[[nodiscard]] constexpr std::uint64_t PartKey(std::string_view name) noexcept {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  return h;
}

// One pool's digest from `seed`: its size, then each entry's place in creation order and its
// value, fed by `feed(hasher, value)`. Creation order, not dense order: the same set of components
// hashes the same way however it was built up, and wherever its entities landed.
template <class T, class Feed>
[[nodiscard]] std::uint64_t DigestPool(const ComponentPool<T>& pool, std::uint64_t seed,
                                       const CanonicalOrder& order, Feed&& feed) {
  Hasher h(seed);
  h.UseOrder(&order);
  h.Add(pool.Size());
  for (std::size_t place = 0; place < order.Entities().size(); ++place)
    if (const T* value = pool.Find(order.Entities()[place])) {
      h.Add(place);
      feed(h, *value);
    }
  return h.Value();
}

// A pool as a named part of a state hash: no part (0) when it is empty, else its digest seeded by
// its name, never 0. With AddPart, a kind a game adds hashes nothing until something has one, so
// the states it had before hash as they did.
template <class T, class Feed>
[[nodiscard]] std::uint64_t DigestPoolPart(const ComponentPool<T>& pool, std::string_view name,
                                           const CanonicalOrder& order, Feed&& feed) {
  if (pool.Size() == 0) return 0;
  const std::uint64_t digest = DigestPool(pool, PartKey(name), order, feed);
  return digest == 0 ? 1 : digest;  // a present part never reads as absent
}

// Adds a named part to a total: its key and digest, or nothing for an absent part (0). A total
// takes its parts in one fixed order (by name), so a part's place depends on no list's order.
inline void AddPart(Hasher& total, std::string_view name, std::uint64_t part) noexcept {
  if (part == 0) return;
  total.Add(PartKey(name));
  total.Add(part);
}

}  // namespace cairn
