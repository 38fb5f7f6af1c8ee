// The declared writes, checked: what a phase changed or queued that its system does not declare
// (systems.h: kPhaseAccess). A build with assertions runs the check after every phase on worlds
// of up to kDeclaredWritesCheckLimit entities (tick.cpp); tests call it directly.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "game/game_world.h"
#include "game/systems.h"

namespace cairn {

// Past this many entities the fingerprints would cost more than the tick: not checked.
inline constexpr std::uint32_t kDeclaredWritesCheckLimit = 4096;

// Each pool's fingerprint: its membership revision and its values' bytes, in dense order; only the
// pools of `kinds` (KindBit masks), the others 0.
using PoolFingerprints = std::array<std::uint64_t, kComponentKindCount>;
[[nodiscard]] PoolFingerprints FingerprintPools(const GameWorld& world,
                                                std::uint32_t kinds = ~std::uint32_t{0});

// What `phase` did that it does not declare, in words ("AI wrote stairs, which kPhaseAccess does
// not declare it writes"), given the fingerprints of (at least) the pools it does not declare it
// writes and the number of queued commands from before it ran; "" when it kept to its
// declaration.
[[nodiscard]] std::string UndeclaredWrite(const GameWorld& world, TickPhase phase,
                                          const PoolFingerprints& before,
                                          std::size_t queued_before);

// The watched entity's components (GameWorld::Watch), a digest each; 0 for a component it has
// not (and for every one when nothing alive is watched).
using WatchedValues = std::array<std::uint64_t, kComponentKindCount>;
[[nodiscard]] WatchedValues DigestWatched(const GameWorld& world);
// Traces a `value-written` entry for each component of the watched entity whose value differs
// from `before` (taken before the phase that just ran; a component added or removed is a
// structural change, traced at the commit instead).
void TraceValueWrites(GameWorld& world, const WatchedValues& before);

}  // namespace cairn
