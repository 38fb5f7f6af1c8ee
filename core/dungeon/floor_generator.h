// GenerateFloor: one floor of the dungeon, as a level definition (terrain and a flat list of
// entity instances), built from the session seed and the depth alone.
//
// The result is an ordinary LevelDefinition, so a generated floor goes through the same
// BuildWorld as a hand-made level, and `cairn generate` can write it out as TOML to read or edit.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "dungeon/dungeon_plan.h"
#include "game/definitions.h"
#include "game/level.h"

namespace cairn {

enum class FloorStyle : std::uint8_t { Rooms, Caverns, Mixed };
[[nodiscard]] const char* FloorStyleName(FloorStyle style) noexcept;

// The seed of floor `depth`'s world and its generation: independent of every other floor.
[[nodiscard]] std::uint64_t FloorSeed(std::uint64_t session_seed, std::int32_t depth) noexcept;

// Floor `depth` (1 = top) of the dungeon `plan` for `seed`. Floor 1 holds the player on the up
// staircase (the way out); every floor but the last has a staircase down; the last holds the
// artifact (the first item kind of category artifact) unless a set piece brought one.
// `rules` is the dungeon rules version (dungeon_plan.h: kDungeonRules) the run was made under.
// InvalidArgument for a depth outside 1..plan.floors, a plan whose floors are too small or rules
// this build does not know; `out` is unchanged on failure.
[[nodiscard]] Status GenerateFloor(const DungeonPlan& plan, const DefinitionSet& definitions,
                                   std::uint64_t seed, std::int32_t depth, LevelDefinition& out,
                                   std::int32_t rules = kDungeonRules);

}  // namespace cairn
