#include "base/fault_injection.h"

namespace cairn {
namespace {
thread_local std::int64_t g_fail_at = -1;
thread_local std::int64_t g_seen = 0;
}  // namespace

bool ShouldFailAllocation() noexcept {
  const std::int64_t position = g_seen++;
  if (g_fail_at < 0 || position != g_fail_at) return false;
  g_fail_at = -1;
  return true;
}

namespace fault_injection {
void FailAllocationAt(std::int64_t index) noexcept {
  g_fail_at = index;
  g_seen = 0;
}
void Disarm() noexcept {
  g_fail_at = -1;
  g_seen = 0;
}
std::int64_t AllocationsSeen() noexcept {
  return g_seen;
}
}  // namespace fault_injection
}  // namespace cairn
