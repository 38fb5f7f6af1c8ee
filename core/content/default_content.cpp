// The built-in content: data/ compiled in, so `cairn` and `cairn sim` run with no files at all.
#include "content/default_content.h"

#include "content/definitions_reader.h"
#include "content/dungeon_reader.h"
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
    if (!LoadLevelText(EmbeddedFile("levels/cellar.toml"), *definitions, WorldLimits::Uniform(4096),
                       *loaded, problems))
      return nullptr;
    return loaded;
  }();
  return level;
}

std::shared_ptr<const DungeonPlan> DefaultDungeon() {
  static const std::shared_ptr<const DungeonPlan> plan =
      []() -> std::shared_ptr<const DungeonPlan> {
    const auto definitions = DefaultDefinitions();
    if (!definitions) return nullptr;
    auto read = std::make_shared<DungeonPlan>();
    std::vector<TextProblem> problems;
    const LevelSource embedded = [](const std::string& path, std::string& text,
                                    std::string& error) {
      text = std::string(EmbeddedFile(path));
      if (text.empty()) error = "no such file in data/";
      return !text.empty();
    };
    if (!ReadDungeonPlan(EmbeddedFile("dungeon.toml"), *definitions, WorldLimits::Uniform(4096),
                         embedded, *read, problems))
      return nullptr;
    return read;
  }();
  return plan;
}

}  // namespace cairn
