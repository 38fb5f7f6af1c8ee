// The content cairn starts with when no file is given: all of it compiled in from data/.
//
// The built-in content comes in editions, each tied to the dungeon rules a run is made under
// (dungeon/dungeon_plan.h, decision 0042): a save or a recording names its rules, and is resumed
// or replayed on the edition it was made with. Rules 1 to 3: the classic edition
// (data/editions/classic/: ten floors); the newest rules: data/ itself. Levels are shared.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "dungeon/dungeon_plan.h"
#include "game/level.h"

namespace cairn {

// Where the edition of `rules` keeps its definitions and dungeon plan, under data/: "" for the
// newest, "editions/classic/" for rules 1 to 3.
[[nodiscard]] std::string EditionFolder(std::int32_t rules);

// data/levels/cellar.toml: a small hand-made level (tests, and a set piece of the dungeon).
// Null if the built-in content does not read, which the tests keep from ever shipping.
[[nodiscard]] std::shared_ptr<const LevelDefinition> DefaultLevel();

// data/dungeon.toml with its set pieces: the built-in default dungeon `cairn` plays; with
// `rules`, the dungeon of that edition. Null if it does not read (the tests keep that from
// shipping either).
[[nodiscard]] std::shared_ptr<const DungeonPlan> DefaultDungeon(std::int32_t rules = kDungeonRules);

}  // namespace cairn
