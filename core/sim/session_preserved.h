// Editing an entity's unknown components (console `REMOVE H NAME`): the components whose type this
// build does not know are kept as written (sim/session.h Preserved); removing one drops that entry
// only, and the entity and its other components stay (design 002, docs/decisions/0014).
#pragma once

#include <cstdint>
#include <string_view>

#include "base/status.h"
#include "sim/session.h"

namespace cairn {

// Drops the unknown component `type` in `slot` from `id`, on the active floor: the next save no
// longer writes it, and a step back (the rewind keeps the list it had) brings it back. NotFound
// when the entity keeps no such entry; AllocationFailed leaves it unchanged.
[[nodiscard]] Status RemovePreservedComponent(GameSession& session, EntityId id,
                                              std::string_view type, std::uint32_t slot) noexcept;

// Whether `type` names an unknown component of the active floor: one its level was written with,
// or one an entity keeps now. A name the floor never held is an unknown type, not an absent one.
[[nodiscard]] bool IsPreservedType(const GameSession& session, std::string_view type) noexcept;

}  // namespace cairn
