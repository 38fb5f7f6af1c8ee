// Mix64: splitmix64's finalizer, a cheap, well-mixed 64-bit bijection. Seeds random streams and
// feeds every digest (engine/hasher.h).
#pragma once

#include <cstdint>

namespace cairn {

[[nodiscard]] constexpr std::uint64_t Mix64(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace cairn
