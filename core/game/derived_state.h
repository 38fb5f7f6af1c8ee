// Derived state: what GameWorld keeps beside the pools to answer fast (who stands on each cell,
// when each monster next acts), each declared here with the pools it is computed from.
//
// Whatever writes one of those pools outside the phases that keep the derived state current (a
// structural scope, a console edit, a restore, a commit that published such a component) leaves
// it stale, and the next read rebuilds it. GameWorld follows this table, not a list of its own:
// a new piece of derived state is a line here, and a pool it reads is a bit of its line.
#pragma once

#include <cstdint>

#include "game/component_kind.h"

namespace cairn {

enum class DerivedState : std::uint8_t {
  Occupancy,  // the occupancy grids (GameWorld::OccupantAt, BlockedCells): blockers by cell
  WakeTicks,  // the copy of every EnemyAi's wake_tick the AI phase scans (ai_wake_ticks.h)
};
inline constexpr int kDerivedStateCount = 2;

struct DerivedInputs {
  DerivedState state;
  const char* name;
  std::uint32_t inputs;  // KindBit of each component pool it is computed from
};

inline constexpr DerivedInputs kDerivedInputs[kDerivedStateCount] = {
    {DerivedState::Occupancy, "occupancy",
     KindBit(ComponentKind::Position) | KindBit(ComponentKind::Blocker)},
    {DerivedState::WakeTicks, "wake ticks", KindBit(ComponentKind::EnemyAi)},
};

// The pools `state` is computed from.
[[nodiscard]] constexpr std::uint32_t InputsOf(DerivedState state) noexcept {
  for (const DerivedInputs& d : kDerivedInputs)
    if (d.state == state) return d.inputs;
  return 0;
}

// Whether writing the pools in `written` (KindBit mask) may leave `state` stale.
[[nodiscard]] constexpr bool Touches(std::uint32_t written, DerivedState state) noexcept {
  return (written & InputsOf(state)) != 0;
}

}  // namespace cairn
