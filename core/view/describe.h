// What look mode tells a player, in a player's words: no coordinates, handles or AI phases (the
// debug pane's DescribeCell keeps those). LookText is the line under the cursor ("A rat, asleep,
// unhurt."); Describe is the longer account `v` asks for, made from the definitions: what a
// monster does and how dangerous it is to you now, what an item does once known.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/game_world.h"
#include "sim/session.h"

namespace cairn {

[[nodiscard]] std::string LookText(const GameSession& session, std::int32_t x, std::int32_t y);

// The account of what is drawn on top at (x, y) in view: a monster, else an item, else the
// place. Lines to show one below the other.
[[nodiscard]] std::vector<std::string> Describe(const GameSession& session, std::int32_t x,
                                                std::int32_t y);

// The monsters and items in view, nearest first (ties: the older first): where Tab goes next.
// Without items (aiming a throw, a shot or a wand) allies and captives are left out.
[[nodiscard]] std::vector<Position> ThingsInView(const GameSession& session, bool items);

}  // namespace cairn
