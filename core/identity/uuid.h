// Durable identity: RFC 9562 UUIDs in canonical (network) byte order.
//
// cairn mints version-4 UUIDs only, from an injected entropy source, and accepts only version 4
// with the RFC variant as a durable identity. The all-zero (nil) UUID is reserved to mean "no
// reference": it is never an identity, and only ParseOptionalUuid accepts it. Text is always
// the 36-character lowercase 8-4-4-4-12 form. Semantic wrappers (AssetId, SourceObjectId,
// InstanceId) keep ids of different kinds from being mixed up by the compiler.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "base/status.h"

namespace cairn {

struct Uuid {
  std::array<std::uint8_t, 16> Bytes{};

  [[nodiscard]] constexpr bool IsNil() const noexcept {
    for (std::uint8_t b : Bytes)
      if (b != 0) return false;
    return true;
  }
  // The bytes as two big-endian words: comparing them is byte-wise order in two steps.
  [[nodiscard]] constexpr std::uint64_t High() const noexcept { return Word(0); }
  [[nodiscard]] constexpr std::uint64_t Low() const noexcept { return Word(8); }
  // Byte-wise order: the order of the canonical text, and of sorted binding tables (two word
  // comparisons, not a memcmp of 16 bytes: binding lookups are mostly this).
  friend constexpr std::strong_ordering operator<=>(const Uuid& a, const Uuid& b) noexcept {
    if (const auto high = a.High() <=> b.High(); high != 0) return high;
    return a.Low() <=> b.Low();
  }
  friend constexpr bool operator==(const Uuid& a, const Uuid& b) noexcept {
    return a.High() == b.High() && a.Low() == b.Low();
  }

 private:
  [[nodiscard]] constexpr std::uint64_t Word(std::size_t at) const noexcept {
    if (!std::is_constant_evaluated()) {
      // One load and a byte swap: g++ 12 makes the loop below eight loads, and sorting a floor's
      // 10,000 bindings on a resume is mostly this.
      std::uint64_t word = 0;
      std::memcpy(&word, Bytes.data() + at, sizeof word);
      if constexpr (std::endian::native == std::endian::little) word = __builtin_bswap64(word);
      return word;
    }
    std::uint64_t word = 0;
    for (std::size_t i = 0; i < 8; ++i) word = (word << 8) | Bytes[at + i];
    return word;
  }
};

inline constexpr std::size_t kUuidTextLength = 36;

// Parses exactly 36 characters 8-4-4-4-12 of case-insensitive hex naming a version-4, RFC-variant
// UUID. Anything else (braces, whitespace, other separators or lengths, nil, other versions or
// variants) is InvalidArgument and leaves `out` unchanged.
[[nodiscard]] Status ParseUuid(std::string_view text, Uuid& out) noexcept;
// As ParseUuid, but also accepts the nil UUID (an absent optional reference).
[[nodiscard]] Status ParseOptionalUuid(std::string_view text, Uuid& out) noexcept;

// Writes the 36 lowercase characters into `buffer`, plus a terminating zero when there is room for
// it. Fewer than 36 characters of room is BufferTooSmall, with the buffer untouched.
[[nodiscard]] Status FormatUuid(const Uuid& uuid, std::span<char> buffer) noexcept;

// Makes a version-4 UUID from 16 given bytes by setting the version and variant bits.
[[nodiscard]] Status MakeUuidV4(std::span<const std::uint8_t, 16> bytes, Uuid& out) noexcept;

// Where random bytes come from. Production uses SystemEntropySource; tests inject their own.
class EntropySource {
 public:
  virtual ~EntropySource() = default;
  // Fills every byte or fails with EntropyUnavailable; never a partial fill reported as Ok.
  [[nodiscard]] virtual Status Fill(std::span<std::uint8_t> bytes) noexcept = 0;
};

// The operating system's entropy (getentropy). No fallback to time, addresses or a game PRNG.
class SystemEntropySource final : public EntropySource {
 public:
  [[nodiscard]] Status Fill(std::span<std::uint8_t> bytes) noexcept override;
};

// Draws 16 bytes from `source` and makes a version-4 UUID; EntropyUnavailable leaves `out` as it
// was.
[[nodiscard]] Status GenerateUuidV4(EntropySource& source, Uuid& out) noexcept;

// How many times a freshly minted identity that collides with a known one is drawn again.
inline constexpr int kMintRetries = 4;

// A v4 UUID from `source` that is not in `known` (and is then added to it): the first candidate
// and at most kMintRetries more. IdentityConflict when all of them collided, EntropyUnavailable
// when the source failed; `out` unchanged either way. Exact equality of all 16 bytes decides.
[[nodiscard]] Status MintUniqueUuid(EntropySource& source, std::set<Uuid>& known, Uuid& out);

// The 36-character canonical text (lower case).
[[nodiscard]] std::string UuidText(const Uuid& uuid);

// A UUID with a meaning. Different Tags are different types that do not convert into each other.
template <class Tag>
struct TypedUuid {
  Uuid Value{};
  [[nodiscard]] constexpr bool IsNil() const noexcept { return Value.IsNil(); }
  friend constexpr auto operator<=>(const TypedUuid&, const TypedUuid&) noexcept = default;
};

struct AssetTag;
struct SourceObjectTag;
struct InstanceTag;
using AssetId = TypedUuid<AssetTag>;                // a document or definition asset
using SourceObjectId = TypedUuid<SourceObjectTag>;  // an authored or persisted object
using InstanceId = TypedUuid<InstanceTag>;          // one placement of a level (its scope)

// The durable key of one persisted object: which placement, and which object inside it.
struct PersistentObjectKey {
  InstanceId Instance{};
  SourceObjectId Source{};
  friend constexpr auto operator<=>(const PersistentObjectKey&,
                                    const PersistentObjectKey&) noexcept = default;
};

}  // namespace cairn
