// The content cairn starts with when no file is given.
#pragma once

#include <memory>

#include "game/level.h"

namespace cairn {

// The built-in default dungeon's first floor (the definitions are DefaultDefinitions()).
// Null if the built-in content does not read, which the tests keep from ever shipping.
[[nodiscard]] std::shared_ptr<const LevelDefinition> DefaultLevel();

}  // namespace cairn
