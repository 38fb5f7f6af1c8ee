// Numbers unique in the process: each call returns one never returned before (from 1), on any
// thread. What a cache keyed on "which state is this" draws from, so that two objects, or one
// object before and after it was replaced, never share a number (a map's passability and sight
// revisions, a trace ring's lineage).
#pragma once

#include <cstdint>

namespace cairn {

[[nodiscard]] std::uint64_t NextUniqueNumber() noexcept;

}  // namespace cairn
