// The player's own panels, extracted from the session for the presenter: what is carried, the
// character sheet, the status line's extras (level, hunger, haste), and how the run ended.
#pragma once

#include <string>
#include <vector>

#include "sim/session.h"
#include "view/render_frame.h"

namespace cairn {

void ExtractPlayerPanels(const GameSession& session, RenderFrame& frame);

// The character sheet, line by line: numbers, equipment, conditions, discoveries.
[[nodiscard]] std::vector<std::string> CharacterSheet(const GameSession& session);

// How a monster looks to the player: "asleep", "wandering", "hunting you", "fleeing", and how
// hurt it is ("unhurt", "lightly wounded", ...).
[[nodiscard]] std::string MonsterState(const GameWorld& world, EntityId monster);

}  // namespace cairn
