#include "base/unique_number.h"

#include <atomic>

namespace cairn {

std::uint64_t NextUniqueNumber() noexcept {
  static std::atomic<std::uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

}  // namespace cairn
