// The built-in default dungeon: a small hand-made floor, so `cairn` and `cairn sim` run with no
// files at all. Legend: # wall, . floor, + door, ~ shallow water, @ the player, > stairs down,
// and monster letters from the built-in definitions (r rat, j jackal, g goblin).
#include "game/definitions.h"
#include "game/level.h"
#include "game/recipes.h"

namespace cairn {
namespace {

constexpr const char* kRows[] = {
    "##########################################################",
    "#........#...........#.................#.................#",
    "#..@.....+...........+.......r.........#.......g.........#",
    "#........#...........#.................+.................#",
    "#........#####+#######.................#.................#",
    "#........#....#......#######+###########.................#",
    "#........#....#......#.........#.......######+############",
    "######+###....#......#..~~~....#.......#.................#",
    "#.............#......#..~~~~...+.......#.......j.........#",
    "#.............#......#...~~....#.......+.........j.......#",
    "#..r..........#......#.........#.......#.................#",
    "#.............########.........#.......#.................#",
    "#.............+.......+........#########..........>......#",
    "#.............#.......#................#.................#",
    "##########################################################",
};

LevelDefinition MakeDefaultLevel() {
  LevelDefinition level;
  level.name = "default";
  level.height = static_cast<std::int32_t>(sizeof kRows / sizeof kRows[0]);
  level.width = static_cast<std::int32_t>(std::string_view(kRows[0]).size());
  level.cells.assign(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
                     Terrain::Wall);
  const auto definitions = BuiltinDefinitions();
  int monsters = 0;
  for (std::int32_t y = 0; y < level.height; ++y) {
    const std::string_view row(kRows[y]);
    for (std::int32_t x = 0; x < level.width; ++x) {
      const char c = row[static_cast<std::size_t>(x)];
      Terrain terrain = Terrain::Floor;
      switch (c) {
        case '#': terrain = Terrain::Wall; break;
        case '+': terrain = Terrain::DoorClosed; break;
        case '~': terrain = Terrain::Water; break;
        default: break;
      }
      level.cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(level.width) +
                  static_cast<std::size_t>(x)] = terrain;
      const Position at{x, y};
      if (c == '@') {
        level.entities.push_back({"player", PlayerRecipe(at)});
      } else if (c == '>') {
        level.entities.push_back({"stairs-down", StairsRecipe(at, 1)});
      } else {
        for (const MonsterDefinition& kind : definitions->monsters) {
          if (kind.ascii != c) continue;
          level.entities.push_back({kind.id + "-" + std::to_string(++monsters),
                                    MonsterRecipe(*definitions, kind, at, monsters % 2 == 0)});
          break;
        }
      }
    }
  }
  level.digest = DigestLevel(level);
  return level;
}

}  // namespace

const LevelDefinition& DefaultLevel() {
  static const LevelDefinition level = MakeDefaultLevel();
  return level;
}

}  // namespace cairn
