// What a level must be for the rules to run on it: the semantic checks every level file and
// every saved floor passes before a world is built from it, in one place.
//
// A file can be well formed, every value in range, and still describe a state the game never
// makes and the rules do not expect: two players, an item held by itself, a monster with no
// health left, a rat inside a wall, two swords wielded at once. CheckLevelInvariants finds every
// such problem in a LevelDefinition (references as LevelReference(index), as both the level
// loader and the save reader produce them), so `cairn check`, `--level`, `--load` and
// `sim --load` refuse the same things. Each problem names the entity by its place in the list and
// the component at fault, so the reader of the file can point at its line and column.
//
// Every state the simulation reaches between ticks passes (tests/save plays runs and checks every
// tick's captured image), so a save the game writes is never refused by these rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "game/component_kind.h"
#include "game/definitions.h"
#include "game/level.h"

namespace cairn {

struct LevelProblem {
  static constexpr std::size_t kWholeLevel = ~std::size_t{0};
  std::size_t entity = kWholeLevel;  // index into LevelDefinition::entities
  bool has_component = false;        // whether `component` names the component at fault
  ComponentKind component = ComponentKind::Position;
  std::string what;  // "at (3,4) is inside a wall": follows the entity's (or the level's) name
};

// How a problem names another entity than its own ("'rat-2'", "the entity at line 40").
using EntityNamer = std::function<std::string(std::size_t index)>;

// Appends every problem to `out`. `players`: how many players the level must hold, 1 for a level
// file and for the floor of a save the player is on, 0 for every other floor of a save.
void CheckLevelInvariants(const LevelDefinition& level, const DefinitionSet& definitions,
                          std::int32_t players, const EntityNamer& name,
                          std::vector<LevelProblem>& out);

}  // namespace cairn
