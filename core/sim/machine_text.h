// The machine's insides in words (SPEC "Inside a tick and inside the pools"): the structural
// commands waiting for the commit, one pool's dense and sparse arrays, the registry's slots and
// free list, and what each tick phase declares it reads and writes. The console's COMMANDS, POOL,
// SLOTS and SYSTEMS reply with these, and the debug pane shows them; they read, never change, what
// they show.
#pragma once

#include <string>
#include <vector>

#include "game/game_world.h"

namespace cairn {

// How many entries POOL and SLOTS list before "...".
inline constexpr std::size_t kMachineViewEntries = 64;

// `cmd=SEQ KIND what` for each command recorded and not committed, oldest first, joined by
// " | "; "" when none (always, between ticks).
[[nodiscard]] std::string CommandsText(const GameWorld& world);
// One command: `cmd=7 destroy a=3:1`, `cmd=8 add a=3:1 type=condition`, `cmd=9 spawn request=2`.
[[nodiscard]] std::string CommandText(const GameWorld::Command& command);

// `NAME size=N capacity=N dense=SLOT:GEN,... sparse=SLOT>INDEX,...`: the owners in dense order,
// and for each owner, by slot, what the sparse array holds for its slot.
[[nodiscard]] std::string PoolText(const GameWorld& world, ComponentKind kind);

// `free=S,S,...`: the slots creations take, in order: the free list (most recently freed first),
// then the first slot never used and "..." for the rest of those; `free=` when the registry is
// full. Then `retired=N`, then `gen=SLOT:GEN,...` for every slot ever used: the generation its
// handle carries or last carried. Each list stops at kMachineViewEntries with "...".
[[nodiscard]] std::string SlotsText(const EntityRegistry& registry);

// For each pool holding a component of `id`, where it sits in what iteration walks: `health dense
// 1 of 3, after 0:1, before 2:1` (its neighbours in the dense array, when it has them).
[[nodiscard]] std::vector<std::string> EntityPoolLines(const GameWorld& world, EntityId id);

// Which tick phases touch `id`'s components, as each declares (kPhaseAccess), in phase order:
// `AI writes intent,enemy_ai, reads position,health`. Empty for an entity not alive.
[[nodiscard]] std::vector<std::string> PhasesTouchingLines(const GameWorld& world, EntityId id);

// `PHASE reads=TYPE,... writes=TYPE,...` for each phase, in order, joined by " | ", from the
// declarations beside the systems (game/systems.h: kPhaseAccess).
[[nodiscard]] std::string SystemsText();

}  // namespace cairn
