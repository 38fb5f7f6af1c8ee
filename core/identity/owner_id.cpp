#include "identity/owner_id.h"

#include <atomic>
#include <limits>

namespace cairn {
namespace {
// Relaxed is enough: the id is a name, not a publication of other memory.
std::atomic<std::uint64_t> g_last_issued{0};
}  // namespace

Status IssueOwnerId(std::uint64_t& out) noexcept {
  std::uint64_t last = g_last_issued.load(std::memory_order_relaxed);
  do {
    if (last == std::numeric_limits<std::uint64_t>::max()) return Status::IdentityExhausted;
  } while (!g_last_issued.compare_exchange_weak(last, last + 1, std::memory_order_relaxed));
  out = last + 1;
  return Status::Ok;
}

namespace owner_id_test_seam {
std::uint64_t LastIssued() noexcept {
  return g_last_issued.load(std::memory_order_relaxed);
}
void SetLastIssued(std::uint64_t value) noexcept {
  g_last_issued.store(value, std::memory_order_relaxed);
}
}  // namespace owner_id_test_seam
}  // namespace cairn
