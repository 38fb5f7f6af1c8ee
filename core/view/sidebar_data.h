// The sidebar's part of the render snapshot: what a wide terminal shows beside the map (Brogue's
// sidebar is the model). Filled from the session by Extract, like the rest of the frame, so the
// presenter still never reads the world.
#pragma once

#include <string>
#include <vector>

#include "sim/session.h"
#include "view/render_frame.h"

namespace cairn {

// Fills frame.sidebar: the monsters in view nearest first, each with its look, name, health and
// state in words; the terrain and the things underfoot; hunger (always, "Fed" too) and the
// conditions with their turns left; the quivered missile if one is carried. Reads frame.hud, so
// it runs after the player's panels. With `reveal_map` (debug) every monster counts as in view.
void ExtractSidebar(const GameSession& session, bool reveal_map, RenderFrame& frame);

// The monsters (entities with an AI) in the player's view, or all with `reveal_map`, nearest
// first by straight-line distance, then by creation: one order for the sidebar and the pane.
[[nodiscard]] std::vector<EntityId> MonstersNearestFirst(const GameSession& session,
                                                         bool reveal_map);

// An entity's name, or its short handle when it has none ("1:4").
[[nodiscard]] std::string NameOrHandle(const GameWorld& world, EntityId id);

// Each thing at (x, y) in words, as look mode lists them: "you", a monster with its state, an
// item as the player knows it, a feature by name, then what a death left there.
[[nodiscard]] std::vector<std::string> ThingsAt(const GameSession& session, std::int32_t x,
                                                std::int32_t y);

}  // namespace cairn
