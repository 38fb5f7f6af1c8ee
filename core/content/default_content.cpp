// The built-in default floor: a small hand-made map, so `cairn` and `cairn sim` run with no files
// at all. Legend (LevelFromAscii): # wall, . floor, + door, ~ shallow water, @ the player,
// > stairs down, and monster letters (r rat, j jackal, g goblin). Every second monster sleeps.
#include "content/default_content.h"

#include "content/definitions_reader.h"

namespace cairn {
namespace {

constexpr std::string_view kRows[] = {
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

}  // namespace

std::shared_ptr<const LevelDefinition> DefaultLevel() {
  static const std::shared_ptr<const LevelDefinition> level =
      []() -> std::shared_ptr<const LevelDefinition> {
    const auto definitions = DefaultDefinitions();
    if (!definitions) return nullptr;
    return std::make_shared<LevelDefinition>(
        LevelFromAscii("default", kRows, *definitions, true));
  }();
  return level;
}

}  // namespace cairn
