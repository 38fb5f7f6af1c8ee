// LevelDefinition: a level as plain data, and the one path that builds a world from it.
//
// A level is an initial condition: a map of terrain and a flat list of entity instances, each a
// complete component bundle. Building goes level -> candidate world with all capacity reserved ->
// the caller publishes the candidate only if every step succeeded, so a bad level never replaces
// a running world. Where the definition came from (built in, or a TOML file through the content
// codec) does not matter here.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <string>
#include <vector>

#include "base/status.h"
#include "game/component_bundle.h"
#include "game/game_world.h"
#include "game/tile_map.h"

namespace cairn {

struct LevelEntity {
  std::string authored_id;  // the level's label for it (may be empty for generated entities)
  ComponentBundle components;
};

struct LevelDefinition {
  std::string name;
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::vector<Terrain> cells;  // row-major, width * height
  std::vector<LevelEntity> entities;
  std::uint64_t digest = 0;    // content identity, recorded by replays and saves

  [[nodiscard]] Terrain At(std::int32_t x, std::int32_t y) const noexcept {
    return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(x)];
  }
};

// A digest of the level's content (terrain, entities and their components), for identity.
[[nodiscard]] std::uint64_t DigestLevel(const LevelDefinition& level);

// Builds a fresh world (new world id) from `level`. `out` is unchanged on failure.
[[nodiscard]] Status BuildWorld(const LevelDefinition& level, const WorldLimits& limits,
                                std::shared_ptr<const DefinitionSet> definitions,
                                std::uint64_t seed, std::unique_ptr<GameWorld>& out) noexcept;

// A level from rows of characters: # wall, . floor, + closed door, ' open door, ~ water, : chasm,
// @ the player, > and < stairs, and any monster definition's ASCII letter (on floor). With
// `sleepers`, every second monster starts asleep. For built-in maps and tests.
[[nodiscard]] LevelDefinition LevelFromAscii(std::string name,
                                             std::span<const std::string_view> rows,
                                             const DefinitionSet& definitions, bool sleepers);

}  // namespace cairn
