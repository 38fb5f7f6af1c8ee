// The process-wide source of owner ids (world ids, and later other runtime owners).
//
// Ids are nonzero and strictly increasing for the life of the process; nothing resets or reuses
// them, which is what lets a rebuilt world reject every handle of the world it replaced even when
// slot and generation coincide. When the last value has been issued the source answers
// IdentityExhausted forever rather than wrap.
#pragma once

#include <cstdint>

#include "base/status.h"

namespace cairn {

// Issues the next owner id into `out`; `out` is unchanged on failure.
[[nodiscard]] Status IssueOwnerId(std::uint64_t& out) noexcept;

namespace owner_id_test_seam {
// The last id issued (0 before the first). Tests save it, move it, and put it back.
[[nodiscard]] std::uint64_t LastIssued() noexcept;
void SetLastIssued(std::uint64_t value) noexcept;
}  // namespace owner_id_test_seam

}  // namespace cairn
