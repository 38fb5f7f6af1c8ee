// The allocation-failure test seam.
//
// Tests ask "what if the Nth allocation from now fails?" and then check that the operation left
// everything unchanged. Production code never arms the seam, so ShouldFailAllocation is one load
// of a thread-local counter that stays negative.
#pragma once

#include <cstdint>

namespace cairn {

// True when an armed test wants this allocation to fail. Counts allocations while armed.
[[nodiscard]] bool ShouldFailAllocation() noexcept;

namespace fault_injection {

// Arms the seam: the allocation at zero-based position `index` from now fails, once.
void FailAllocationAt(std::int64_t index) noexcept;
// Disarms the seam.
void Disarm() noexcept;
// Allocations seen since the seam was last armed or disarmed (to learn how many to try).
[[nodiscard]] std::int64_t AllocationsSeen() noexcept;

}  // namespace fault_injection
}  // namespace cairn
