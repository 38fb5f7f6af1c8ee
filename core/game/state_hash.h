// The state hash: one 64-bit digest of everything authoritative (the entities, every component
// pool, map, random streams and the seed they came from, tick), plus a digest per part so a
// divergence can be traced to the pool and the entity where it began.
//
// Components are fed field by field (never as raw bytes: padding is not state), integers only.
// The digest is canonical: it describes the game, not this process's runtime identity. Entities
// are taken in creation order (never slot or dense order, which depend on history), and a
// reference is fed as its target's place in that order, never as a slot and generation. So a
// world restored from a save (same entities, same order, other slots) hashes as the original,
// and the same state gives the same digest on every build (decision 0008).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "game/component_bundle.h"
#include "game/component_kind.h"
#include "game/game_world.h"

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

// Feeds one component's fields, as its struct's Fields() lists them: integers and enumerations
// as numbers (signed ones sign-extended), text with its length, entity references through
// Hasher::AddReference (canonical in a world's digest; slot and generation, without the world id,
// elsewhere). Never raw bytes: padding is not state.
template <class T>
void Feed(Hasher& h, const T& component) noexcept {
  T::Fields(component, [&h](const auto& field, auto&&...) noexcept {
    using Field = std::remove_cvref_t<decltype(field)>;
    if constexpr (std::is_same_v<Field, EntityId>)
      h.AddReference(field);
    else if constexpr (std::is_enum_v<Field>)
      h.Add(static_cast<std::uint64_t>(field));
    else if constexpr (std::is_integral_v<Field> && std::is_signed_v<Field>)
      h.AddSigned(field);
    else if constexpr (std::is_integral_v<Field>)
      h.Add(field);
    else
      h.AddText(field.View());  // FixedString
  });
}
void FeedBundle(Hasher& h, const ComponentBundle& bundle) noexcept;

struct StateDigest {
  std::uint64_t total = 0;
  std::uint64_t registry = 0;
  std::uint64_t map = 0;
  std::uint64_t random = 0;
  std::array<std::uint64_t, kComponentKindCount> pools{};
};

// Not noexcept: the canonical order is built on the heap (std::bad_alloc propagates).
// `pools_in_total`: how many component pools, in ComponentKind order, the total covers (all of
// them; fewer only to check a save from a build that knew fewer components, formats/save.md).
[[nodiscard]] StateDigest DigestState(const GameWorld& world,
                                      std::size_t pools_in_total = kComponentKindCount);

// The digest of one entity's component of kind `kind`, or 0 when it has none.
[[nodiscard]] std::uint64_t DigestComponent(const GameWorld& world, EntityId id,
                                            ComponentKind kind) noexcept;

// Writes `value` as 16 lowercase hexadecimal digits into `out` (17 bytes with the terminator).
void FormatHash(std::uint64_t value, char (&out)[17]) noexcept;

}  // namespace cairn
