// The shared pieces of ComponentPool's paged sparse array (component_pool.h), kept out of the
// template: the missing sentinel, the page size, and the one read-only page that
// every pool's page table names for a range of slots where it holds no entry.
#pragma once

#include <array>
#include <cstdint>

namespace cairn {

inline constexpr std::uint32_t kMissingEntry = 0xFFFFFFFFu;
inline constexpr std::uint32_t kSparsePageShift = 8;
inline constexpr std::uint32_t kSparsePage = 1u << kSparsePageShift;  // entries (1 KiB)
inline constexpr std::uint32_t kSparsePageMask = kSparsePage - 1;

namespace detail {
[[nodiscard]] constexpr std::array<std::uint32_t, kSparsePage> AllMissing() noexcept {
  std::array<std::uint32_t, kSparsePage> page{};
  for (std::uint32_t& entry : page) entry = kMissingEntry;
  return page;
}
// Never written: a pool writes only into pages it took from its own reserve.
inline std::array<std::uint32_t, kSparsePage> empty_sparse_page = AllMissing();
}  // namespace detail

[[nodiscard]] inline std::uint32_t* EmptySparsePage() noexcept {
  return detail::empty_sparse_page.data();
}

}  // namespace cairn
