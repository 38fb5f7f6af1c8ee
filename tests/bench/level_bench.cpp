// Content benchmark (issue 4): loading a 200x200 level with 10,000 entity instances and the
// player, from text to a built world, beside parsing the same text into a TOML tree only (the
// floor any loader pays).
#include <benchmark/benchmark.h>

#include <string>

#include "content/definitions_reader.h"
#include "content/level_loader.h"
#include "game/random.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

std::string BigLevel() {
  std::string text =
      "format = \"cairn-level\"\nversion = 1\nname = \"big\"\n\n[map]\n"
      "legend = { \"#\" = \"wall\", \".\" = \"floor\" }\nrows = [\n";
  for (int y = 0; y < 200; ++y) {
    std::string row(200, '.');
    if (y == 0 || y == 199) row.assign(200, '#');
    row.front() = row.back() = '#';
    text += "  \"" + row + "\",\n";
  }
  text += "]\n";
  // A level has a player (the loader checks it), placed clear of the crowd below.
  text +=
      "\n[[entity]]\nid = \"player\"\nkind = \"player\"\ncomponents = [\n  { type = "
      "\"position\", version = 1, slot = 0, body = { x = 100, y = 150 } },\n]\n";
  static const char* kinds[] = {"monster:rat", "monster:goblin", "item:dagger", "item:ration",
                                "monster:jackal"};
  Rng rng(3);
  for (int i = 0; i < 10000; ++i) {
    const int x = 1 + i % 198, y = 1 + (i / 198) % 198;
    text += "\n[[entity]]\nid = \"e" + std::to_string(i) + "\"\nkind = \"" + kinds[rng.Below(5)] +
            "\"\ncomponents = [\n  { type = \"position\", version = 1, slot = 0, body = { x = " +
            std::to_string(x) + ", y = " + std::to_string(y) + " } },\n]\n";
  }
  return text;
}

const std::string& Text() {
  static const std::string text = BigLevel();
  return text;
}

void LevelLoad_cairn(benchmark::State& state) {
  const auto definitions = DefaultDefinitions();
  const WorldLimits limits = WorldLimits::Uniform(16384);
  for (auto _ : state) {
    LevelDefinition level;
    std::vector<TextProblem> problems;
    if (!LoadLevelText(Text(), *definitions, limits, level, problems)) state.SkipWithError("load");
    std::unique_ptr<GameWorld> world;
    if (BuildWorld(level, limits, definitions, 1, world) != Status::Ok)
      state.SkipWithError("build");
    benchmark::DoNotOptimize(world.get());
  }
  state.counters["entities"] = 10001;
  state.counters["bytes"] = static_cast<double>(Text().size());
}

void LevelLoad_baseline(benchmark::State& state) {
  for (auto _ : state) {
    TomlValue root;
    TextProblem error;
    if (!ParseToml(Text(), root, error)) state.SkipWithError("parse");
    benchmark::DoNotOptimize(root.members.size());
  }
}

BENCHMARK(LevelLoad_cairn)->Unit(benchmark::kMillisecond);
BENCHMARK(LevelLoad_baseline)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cairn
