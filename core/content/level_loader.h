// Loading a level: LevelDocument -> LevelDefinition, reporting every problem with its position.
//
// The path from a file to a running world is: text -> ReadLevelDocument (structure) ->
// LoadLevelDocument (meaning: map, ids, kinds, references, component bodies, multiplicity,
// requires and rejects, placement, capacity) -> LevelDefinition -> BuildWorld (a candidate world
// with all capacity reserved) -> the caller publishes it only if everything succeeded.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "content/level_document.h"
#include "game/definitions.h"
#include "game/level.h"
#include "game/world_limits.h"

namespace cairn {

[[nodiscard]] bool LoadLevelDocument(const LevelDocument& document,
                                     const DefinitionSet& definitions, const WorldLimits& limits,
                                     LevelDefinition& out, std::vector<TextProblem>& problems);

// The components of `document` whose type this build does not know but is close to one it does
// ("helth": did you mean health?). They load, kept unread (formats/level.md: a newer build's
// types survive), so they are not problems; `cairn check` prints them as warnings.
[[nodiscard]] std::vector<TextProblem> LikelyMisspeltTypes(const LevelDocument& document);

// Read and load in one step.
[[nodiscard]] bool LoadLevelText(std::string_view text, const DefinitionSet& definitions,
                                 const WorldLimits& limits, LevelDefinition& out,
                                 std::vector<TextProblem>& problems);

}  // namespace cairn
