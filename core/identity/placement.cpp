#include "identity/placement.h"

#include <array>

namespace cairn {
namespace {

std::uint64_t Mix(std::uint64_t z) noexcept {  // SplitMix64's finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

InstanceId PlacementInstance(std::uint64_t seed, std::int32_t depth,
                             std::uint32_t ordinal) noexcept {
  // A domain tag keeps these apart from any other value derived from the seed.
  const std::uint64_t where =
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(depth)) << 32) | ordinal;
  const std::uint64_t high = Mix(seed ^ Mix(where ^ 0x506C6163656D6E74ull));  // "Placemnt"
  const std::uint64_t low = Mix(high ^ Mix(where + 0x9E3779B97F4A7C15ull));
  std::array<std::uint8_t, 16> bytes{};
  for (std::size_t i = 0; i < 8; ++i) {
    const unsigned shift = 56 - 8 * static_cast<unsigned>(i);
    bytes[i] = static_cast<std::uint8_t>(high >> shift);
    bytes[8 + i] = static_cast<std::uint8_t>(low >> shift);
  }
  Uuid out{};
  (void)MakeUuidV4(bytes, out);  // 16 bytes always make one
  return InstanceId{out};
}

}  // namespace cairn
