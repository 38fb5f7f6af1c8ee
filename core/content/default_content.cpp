// The built-in default floor: data/levels/cellar.toml, compiled in, so `cairn` and `cairn sim`
// run with no files at all. (The procedural dungeon replaces it as the default with issue 6.)
#include "content/default_content.h"

#include "content/definitions_reader.h"
#include "content/level_loader.h"
#include "data/embedded_data.h"

namespace cairn {

std::shared_ptr<const LevelDefinition> DefaultLevel() {
  static const std::shared_ptr<const LevelDefinition> level =
      []() -> std::shared_ptr<const LevelDefinition> {
    const auto definitions = DefaultDefinitions();
    if (!definitions) return nullptr;
    auto loaded = std::make_shared<LevelDefinition>();
    std::vector<TextProblem> problems;
    if (!LoadLevelText(EmbeddedFile("levels/cellar.toml"), *definitions,
                       WorldLimits::Uniform(4096), *loaded, problems))
      return nullptr;
    return loaded;
  }();
  return level;
}

}  // namespace cairn
