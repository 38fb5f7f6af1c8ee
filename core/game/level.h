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
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "game/component_bundle.h"
#include "game/game_world.h"
#include "game/tile_map.h"
#include "identity/uuid.h"

namespace cairn {

// A component whose type this build does not know: kept as written, so saving the level writes
// it back unchanged (docs/formats/level.md).
struct PreservedComponent {
  std::string type;
  std::int64_t version = 1;
  std::uint32_t slot = 0;
  std::string body;  // the body's TOML text, exactly as it was written
};

struct LevelEntity {
  std::string authored_id;  // the level's label for it (may be empty for generated entities)
  ComponentBundle components;
  // Entity references inside `components` are written as level-local references until the world
  // is built: LevelReference(i) names entities[i]. BuildWorld turns them into handles.
  std::vector<PreservedComponent> preserved;
  Uuid source{};  // version 2: the entity's durable identity (nil in version 1)
  // The instance scope of its durable key when it is not the placement BuildWorld is given (a
  // save's entities keep the scope they were first bound in; a set piece's entities carry their
  // own placement's). Never the level document's uuid: that is an asset, not a placement.
  Uuid instance{};
};

// A reference to the level's entity number `index`, before the world exists: owner 0 (which no
// world has) and generation 1, so it is neither null nor a handle of any world.
[[nodiscard]] constexpr EntityId LevelReference(std::uint32_t index) noexcept {
  return EntityId{0, index, 1};
}
[[nodiscard]] constexpr bool IsLevelReference(EntityId id) noexcept {
  return id.Owner == 0 && id.Generation == 1;
}

// A reference whose target no longer exists, as a save records it (a monster still "hunting" a
// dead rival): never null, never alive in any world, so the rules treat it as they did before
// the save.
inline constexpr EntityId kGoneReference{~std::uint64_t{0}, ~std::uint32_t{0}, ~std::uint32_t{0}};

// The longest name a level (a floor) may have: it is shown on the status line and in messages.
inline constexpr std::size_t kMaxLevelNameBytes = 80;

struct LevelDefinition {
  std::string name;
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::vector<Terrain> cells;  // row-major, width * height
  std::vector<LevelEntity> entities;
  std::uint64_t digest = 0;  // content identity, recorded by replays and saves
  Uuid uuid{};               // version 2: the document's identity (its AssetId)

  [[nodiscard]] Terrain At(std::int32_t x, std::int32_t y) const noexcept {
    return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(x)];
  }
};

// A digest of the level's content (terrain, entities and their components), for identity.
[[nodiscard]] std::uint64_t DigestLevel(const LevelDefinition& level);

// Builds a fresh world (new world id) from `level`: creates every entity, then turns level-local
// references into handles. `out` is unchanged on failure; `created` (if given) receives the
// handle of each level entity, index for index. Entities with a source UUID are bound in the
// world's binding table under (their own instance, or else `placement`; the source): the
// placement is this building of the level (identity/placement.h), nil for a level not placed in
// a run (then only entities with their own instance are bound).
[[nodiscard]] Status BuildWorld(const LevelDefinition& level, const WorldLimits& limits,
                                std::shared_ptr<const DefinitionSet> definitions,
                                std::uint64_t seed, std::unique_ptr<GameWorld>& out,
                                std::vector<EntityId>* created = nullptr,
                                InstanceId placement = {}) noexcept;

// A level from rows of characters: # wall, . floor, + closed door, ' open door, ~ water, : chasm,
// @ the player, > and < stairs, and any monster definition's ASCII letter (on floor). With
// `sleepers`, every second monster starts asleep. For built-in maps and tests.
[[nodiscard]] LevelDefinition LevelFromAscii(std::string name,
                                             std::span<const std::string_view> rows,
                                             const DefinitionSet& definitions, bool sleepers);

}  // namespace cairn
