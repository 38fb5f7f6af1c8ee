// Reading the dungeon plan (`cairn-dungeon` TOML: data/dungeon.toml): how deep the dungeon is,
// the size of its floors, what the player starts with, and which authored set pieces may
// appear at which depths.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dungeon/dungeon_plan.h"
#include "game/definitions.h"
#include "game/world_limits.h"
#include "toml/table_reader.h"

namespace cairn {

// Fetches a set piece's level text by the path the plan names ("levels/vault.toml"); false if
// there is no such file (then `error` says why).
using LevelSource =
    std::function<bool(const std::string& path, std::string& text, std::string& error)>;

// Reads a plan; every problem is reported, including those inside the set pieces' levels (with
// their own file named). `out` is set only when there were none.
[[nodiscard]] bool ReadDungeonPlan(std::string_view text, const DefinitionSet& definitions,
                                   const WorldLimits& limits, const LevelSource& levels,
                                   DungeonPlan& out, std::vector<TextProblem>& problems);

}  // namespace cairn
