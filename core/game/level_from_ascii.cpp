// Levels from rows of characters, for tests and built-in maps (see level.h for the legend).
#include "game/definitions.h"
#include "game/level.h"
#include "game/recipes.h"

namespace cairn {

LevelDefinition LevelFromAscii(std::string name, std::span<const std::string_view> rows,
                               const DefinitionSet& definitions, bool sleepers) {
  LevelDefinition level;
  level.name = std::move(name);
  level.height = static_cast<std::int32_t>(rows.size());
  level.width = rows.empty() ? 0 : static_cast<std::int32_t>(rows[0].size());
  level.cells.assign(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
                     Terrain::Wall);
  int monsters = 0;
  for (std::int32_t y = 0; y < level.height; ++y) {
    const std::string_view row = rows[static_cast<std::size_t>(y)];
    for (std::int32_t x = 0; x < level.width && x < static_cast<std::int32_t>(row.size()); ++x) {
      const char c = row[static_cast<std::size_t>(x)];
      Terrain terrain = Terrain::Floor;
      switch (c) {
        case '#': terrain = Terrain::Wall; break;
        case '+': terrain = Terrain::DoorClosed; break;
        case '\'': terrain = Terrain::DoorOpen; break;
        case '~': terrain = Terrain::Water; break;
        case ':': terrain = Terrain::Chasm; break;
        default: break;
      }
      level.cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(level.width) +
                  static_cast<std::size_t>(x)] = terrain;
      const Position at{x, y};
      if (c == '@') {
        level.entities.push_back({"player", PlayerRecipe(at), {}, {}});
      } else if (c == '>' || c == '<') {
        level.entities.push_back(
            {c == '>' ? "stairs-down" : "stairs-up", StairsRecipe(at, c == '>' ? 1 : -1), {}, {}});
      } else {
        for (const MonsterDefinition& kind : definitions.monsters) {
          if (kind.ascii != c) continue;
          ++monsters;
          level.entities.push_back(
              {kind.id + "-" + std::to_string(monsters),
               MonsterRecipe(definitions, kind, at, sleepers && monsters % 2 == 0),
               {},
               {}});
          break;
        }
      }
    }
  }
  level.digest = DigestLevel(level);
  return level;
}

}  // namespace cairn
