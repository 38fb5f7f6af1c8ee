#include "game/level.h"

#include "game/state_hash.h"

namespace cairn {

std::uint64_t DigestLevel(const LevelDefinition& level) {
  Hasher h(0x4C6576656C000001ull);  // "Level" 1
  h.AddText(level.name);
  h.AddSigned(level.width);
  h.AddSigned(level.height);
  for (Terrain t : level.cells) h.Add(static_cast<std::uint64_t>(t));
  h.Add(level.entities.size());
  for (const LevelEntity& entity : level.entities) {
    h.AddText(entity.authored_id);
    FeedBundle(h, entity.components);
  }
  return h.Value();
}

Status BuildWorld(const LevelDefinition& level, const WorldLimits& limits,
                  std::shared_ptr<const DefinitionSet> definitions, std::uint64_t seed,
                  std::unique_ptr<GameWorld>& out) noexcept {
  if (level.width <= 0 || level.height <= 0 ||
      level.cells.size() != static_cast<std::size_t>(level.width) *
                                static_cast<std::size_t>(level.height))
    return Status::InvalidArgument;
  if (level.entities.size() > limits.entities) return Status::CapacityExceeded;
  std::unique_ptr<GameWorld> candidate;
  if (Status s = GameWorld::TryCreate(limits, std::move(definitions), level.width, level.height,
                                      seed, candidate);
      s != Status::Ok)
    return s;
  TileMap& map = candidate->Map();
  for (std::int32_t y = 0; y < level.height; ++y)
    for (std::int32_t x = 0; x < level.width; ++x) map.Set(x, y, level.At(x, y));
  std::optional<StructuralScope> scope;
  if (Status s = candidate->TryOpenStructural(WorldPhase::Construction, scope); s != Status::Ok)
    return s;
  for (const LevelEntity& entity : level.entities) {
    EntityId id;
    if (Status s = candidate->CreateFromBundle(*scope, entity.components, id); s != Status::Ok)
      return s;  // the candidate is dropped: nothing reached the caller
  }
  scope.reset();
  candidate->RebuildOccupancy();
  out = std::move(candidate);
  return Status::Ok;
}

}  // namespace cairn
