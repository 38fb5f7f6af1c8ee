// The state hash: one 64-bit digest of everything authoritative (the entities, every component
// pool, map, random streams and the seed they came from, tick), plus a digest per part so a
// divergence can be traced to the pool and the entity where it began.
//
// The parts are named: "registry", "map", "random" and each component's canonical name. A pool
// with no component in it is no part at all, and the total takes the parts in the order of their
// names, so a new component (an empty pool in every world that does not use it) moves no hash,
// and the place of its line in component_list.h decides nothing (decision 0037). Saves up to
// version 6 and recordings up to version 4 hold hashes of the older, positional form, which is
// kept to check them (DigestForm).
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

#include "engine/hasher.h"
#include "game/component_bundle.h"
#include "game/component_kind.h"
#include "game/game_world.h"

namespace cairn {

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

// How a digest is formed.
//   Named (what this build writes): a pool's part is seeded by its name, an empty pool is no part
//   (its digest reads 0), and the total takes tick, registry, map, random, then each present
//   pool's key and digest in name order.
//   Positional (saves up to version 6, recordings up to version 4): the first `positional_pools`
//   pools of the list, each seeded by its place and fed whether empty or not, in list order
//   between the registry and the map.
struct DigestForm {
  std::size_t positional_pools = 0;  // 0: named
  [[nodiscard]] static constexpr DigestForm Named() noexcept { return {}; }
  // The form of a save of `save_version` (up to kLastPositionalSaveVersion): over the components
  // that had arrived by then.
  [[nodiscard]] static constexpr DigestForm PositionalAt(std::int64_t save_version) noexcept {
    return {ComponentsArrivedBy(save_version)};
  }
  [[nodiscard]] constexpr bool IsNamed() const noexcept { return positional_pools == 0; }
  friend constexpr bool operator==(DigestForm, DigestForm) noexcept = default;
};
// The last save format version whose hashes are positional (the next one names its parts).
inline constexpr std::int64_t kLastPositionalSaveVersion = 6;

struct StateDigest {
  std::uint64_t total = 0;
  std::uint64_t registry = 0;
  std::uint64_t map = 0;
  std::uint64_t random = 0;
  // By ComponentKind. Named form: 0 for an empty pool (no part). Positional: every pool's.
  std::array<std::uint64_t, kComponentKindCount> pools{};
};

// The parts of the state hash by index: 0 "registry", 1 "map", 2 "random", then each component
// kind (3 + its ComponentKind). Files name them; the index is this build's only.
inline constexpr std::size_t kStatePartCount = 3 + kComponentKindCount;
[[nodiscard]] const char* StatePartName(std::size_t part) noexcept;
[[nodiscard]] bool FindStatePart(std::string_view name, std::size_t& part) noexcept;
// Each part's digest, by part index (a named form's absent pool: 0).
[[nodiscard]] std::array<std::uint64_t, kStatePartCount> PartsOf(
    const StateDigest& digest) noexcept;

struct PartHash {
  std::uint32_t part = 0;  // its index (StatePartName)
  std::uint64_t hash = 0;  // 0: (named form) the part is absent
};
// The parts a digest of `form` covers, by index: every part of a positional digest (its pools
// among them, empty or not); registry, map, random and each present pool of a named one.
[[nodiscard]] std::vector<PartHash> CoveredParts(const StateDigest& digest, DigestForm form);
// Whether part `part` exists in form `form`: a positional form covers only the pools it knew.
[[nodiscard]] constexpr bool PartInForm(std::size_t part, DigestForm form) noexcept {
  return part < 3 || form.IsNamed() ? part < kStatePartCount : part - 3 < form.positional_pools;
}

// Not noexcept: the canonical order is built on the heap (std::bad_alloc propagates).
[[nodiscard]] StateDigest DigestState(const GameWorld& world,
                                      DigestForm form = DigestForm::Named());

// The seed of one entity component's digest (recordings' entity lines, the inspector).
[[nodiscard]] constexpr std::uint64_t ComponentDigestSeed(ComponentKind kind,
                                                          DigestForm form) noexcept {
  return form.IsNamed()
             ? PartKey(kComponentKindNames[static_cast<std::size_t>(kind)]) ^ 0x656E746974790000ull
             : 0x656E746974790000ull + static_cast<std::uint64_t>(kind);  // "entity" + kind
}

// Writes `value` as 16 lowercase hexadecimal digits into `out` (17 bytes with the terminator).
void FormatHash(std::uint64_t value, char (&out)[17]) noexcept;

}  // namespace cairn
