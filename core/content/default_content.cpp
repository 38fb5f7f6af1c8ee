// The built-in content: data/ compiled in, so `cairn` and `cairn sim` run with no files at all.
#include "content/default_content.h"

#include "content/definitions_reader.h"
#include "content/dungeon_reader.h"
#include "content/level_loader.h"
#include "data/embedded_data.h"

namespace cairn {
namespace {

constexpr std::int32_t kLastClassicRules = 3;

// 0 the newest edition, 1 the classic: the index of each edition's cache.
std::size_t EditionIndex(std::int32_t rules) {
  return rules <= kLastClassicRules ? 1 : 0;
}

struct ReadDefinitionsResult {
  std::shared_ptr<const DefinitionSet> set;
  std::vector<TextProblem> problems;
};

ReadDefinitionsResult ReadEditionDefinitions(const std::string& folder) {
  ReadDefinitionsResult result;
  auto set = std::make_shared<DefinitionSet>();
  DefinitionPlaces places;
  bool ok = true;
  // Items first: a monster's loot names them.
  for (std::string_view file : {"items.toml", "monsters.toml"}) {
    std::vector<TextProblem> found;
    const std::string path = folder + std::string(file);
    places.file = "data/" + path;
    if (!ReadDefinitions(EmbeddedFile(path), *set, found, &places)) {
      ok = false;
      SetProblemFile(found, 0, "data/" + path);
      result.problems.insert(result.problems.end(), found.begin(), found.end());
    }
  }
  if (ok) result.set = set;
  return result;
}

// Each edition is read the first time it is asked for: a new run never reads the classic one.
const ReadDefinitionsResult& EditionDefinitions(std::int32_t rules) {
  if (EditionIndex(rules) == 0) {
    static const ReadDefinitionsResult newest =
        ReadEditionDefinitions(EditionFolder(kDungeonRules));
    return newest;
  }
  static const ReadDefinitionsResult classic =
      ReadEditionDefinitions(EditionFolder(kLastClassicRules));
  return classic;
}

std::shared_ptr<const DungeonPlan> ReadEditionDungeon(std::int32_t rules) {
  const auto definitions = DefaultDefinitions(rules);
  if (!definitions) return nullptr;
  auto read = std::make_shared<DungeonPlan>();
  std::vector<TextProblem> problems;
  // Levels are shared by every edition: a plan names them from data/.
  const LevelSource embedded = [](const std::string& path, std::string& text, std::string& error) {
    text = std::string(EmbeddedFile(path));
    if (text.empty()) error = "no such file in data/";
    return !text.empty();
  };
  if (!ReadDungeonPlan(EmbeddedFile(EditionFolder(rules) + "dungeon.toml"), *definitions,
                       WorldLimits::Uniform(4096), embedded, *read, problems))
    return nullptr;
  return read;
}

}  // namespace

std::string EditionFolder(std::int32_t rules) {
  return EditionIndex(rules) == 0 ? "" : "editions/classic/";
}

std::shared_ptr<const DefinitionSet> DefaultDefinitions(std::vector<TextProblem>* problems) {
  return DefaultDefinitions(kDungeonRules, problems);
}

std::shared_ptr<const DefinitionSet> DefaultDefinitions(std::int32_t rules,
                                                        std::vector<TextProblem>* problems) {
  const ReadDefinitionsResult& edition = EditionDefinitions(rules);
  if (problems != nullptr) *problems = edition.problems;
  return edition.set;
}

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

std::shared_ptr<const DungeonPlan> DefaultDungeon(std::int32_t rules) {
  if (EditionIndex(rules) == 0) {
    static const std::shared_ptr<const DungeonPlan> newest = ReadEditionDungeon(kDungeonRules);
    return newest;
  }
  static const std::shared_ptr<const DungeonPlan> classic = ReadEditionDungeon(kLastClassicRules);
  return classic;
}

}  // namespace cairn
