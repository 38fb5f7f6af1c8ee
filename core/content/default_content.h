// The content cairn starts with when no file is given: all of it compiled in from data/.
#pragma once

#include <memory>

#include "dungeon/dungeon_plan.h"
#include "game/level.h"

namespace cairn {

// data/levels/cellar.toml: a small hand-made level (tests, and a set piece of the dungeon).
// Null if the built-in content does not read, which the tests keep from ever shipping.
[[nodiscard]] std::shared_ptr<const LevelDefinition> DefaultLevel();

// data/dungeon.toml with its set pieces: the built-in default dungeon `cairn` plays.
// Null if it does not read (the tests keep that from shipping either).
[[nodiscard]] std::shared_ptr<const DungeonPlan> DefaultDungeon();

}  // namespace cairn
