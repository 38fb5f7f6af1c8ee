// OpaqueMask(condition): all ones when `condition` holds, else zero, as a value the optimizer
// cannot see through.
//
// Code that must not branch on a condition (a batch lookup whose condition waits for a cache miss
// and is false for an unpredictable share of its inputs) selects with masks instead. A compiler
// that can follow the mask back to the comparison is free to turn the select into a branch again,
// and g++ 12 does; an empty asm statement that claims to change the value stops it. A compiler
// without GNU asm gets the plain mask.
#pragma once

#include <cstdint>

namespace cairn {

[[nodiscard]] inline std::uint32_t OpaqueMask(bool condition) noexcept {
  std::uint32_t mask = 0u - static_cast<std::uint32_t>(condition);
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(mask));
#endif
  return mask;
}

}  // namespace cairn
