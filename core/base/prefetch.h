// Prefetch: a hint that `address` will be read soon, so a batch of lookups can start its cache
// misses early and let them overlap. Never faults (the address may be anything); a compiler
// without the builtin gets a no-op.
#pragma once

namespace cairn {

inline void Prefetch(const void* address) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  (void)address;
#endif
}

}  // namespace cairn
