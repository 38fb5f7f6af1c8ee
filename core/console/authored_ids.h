// `id:NAME` in the console: an entity named by its authored id (the level's `id`, kept in its
// `named` component) wherever a handle goes (docs/CONSOLE.md, "Naming entities").
//
// The console turns each such word into the handle it names before the command reads its
// arguments, so every command that takes a handle takes an authored id too, and none of them has
// to know. Exactly one live entity must hold the id: none, or several (a DUP copy keeps its
// original's id), is an error that lists the candidates' handles, never a guess.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game/game_world.h"

namespace cairn {

inline constexpr std::string_view kAuthoredIdPrefix = "id:";

// The live entities whose authored id is `name`, ascending by slot.
[[nodiscard]] std::vector<EntityId> EntitiesWithAuthoredId(const GameWorld& world,
                                                           std::string_view name);

// `args` with every word that starts with `id:` and comes before a component body (`{`) replaced
// by the handle (SLOT:GENERATION) it names. False, with `error` saying which id and why, when one
// names no live entity or several.
[[nodiscard]] bool ExpandAuthoredIds(std::string_view args, const GameWorld& world,
                                     std::string& out, std::string& error);

}  // namespace cairn
