// PlacementInstance: the InstanceId of one placement of a level in a run, derived, never minted.
//
// A level document's UUID is its AssetId; each placement of it (the authored first floor, a set
// piece stamped into a generated floor) is a scope of its own, so two placements of one set piece
// never share a PersistentObjectKey. The simulation may not draw entropy (a tick must replay
// exactly), and a floor is built the first time the player reaches it, so the scope is derived
// from what makes the floor: the run's seed, the floor's depth and the placement's ordinal on the
// floor (0: the floor's own level; 1: its set piece). SplitMix64 finalisers spread those into
// 122 bits, then the version-4 and variant bits are set, so every reader that requires a v4
// identity accepts it. It is not random: uniqueness is enforced exactly where it matters, by the
// binding table's and the save reader's duplicate checks (docs/decisions/0015).
#pragma once

#include <cstdint>

#include "identity/uuid.h"

namespace cairn {

inline constexpr std::uint32_t kFloorLevelPlacement = 0;  // the level the floor is built from
inline constexpr std::uint32_t kSetPiecePlacement = 1;    // the set piece stamped into it
inline constexpr std::uint32_t kMachinePlacement = 2;     // the machine template stamped into it

[[nodiscard]] InstanceId PlacementInstance(std::uint64_t seed, std::int32_t depth,
                                           std::uint32_t ordinal) noexcept;

}  // namespace cairn
