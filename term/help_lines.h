// What the help screen says, made from what the game plays with, in three parts: every key from
// the key map (each action's description); what every sign on the map means (core/view/legend.h,
// from the terrain table and the definitions); the goal (with the keys it names) and the status
// line's words (the presenter's own list).
#pragma once

#include <vector>

#include "game/definitions.h"
#include "keymap/keymap.h"
#include "presenter/presenter.h"

namespace cairn {

[[nodiscard]] std::vector<HelpLine> HelpLines(const KeyMap& keys, const DefinitionSet& definitions);

}  // namespace cairn
