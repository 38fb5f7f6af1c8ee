// `cairn generate [--seed N] [--depth D]`: prints a generated floor of the default dungeon as
// text (terrain, with each entity's ASCII glyph on top), and what stands where: for reading
// what the generator makes of a seed without playing to it.
#include <iostream>

#include "cli_args.h"
#include "dungeon/floor_generator.h"
#include "game_setup.h"
#include "term_commands.h"
#include "view/extract.h"

namespace cairn {

int RunGenerateCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--seed", true}, {"--depth", true}}, parsed, error) ||
      !parsed.positional.empty()) {
    if (error.empty()) error = UnexpectedArgument(parsed);
    std::cerr << "cairn generate: " << error << "\nusage: cairn generate [--seed N] [--depth D]\n";
    return kExitUsage;
  }
  SessionConfig config;
  std::uint64_t depth = 1;
  if (auto seed = parsed.Value("--seed");
      seed && !ParseUnsigned("--seed", *seed, 0, ~std::uint64_t{0}, config.seed, error)) {
    std::cerr << "cairn generate: " << error << "\n";
    return kExitUsage;
  }
  if (!UseDefaultContent(config)) return kExitInvalid;
  if (auto d = parsed.Value("--depth");
      d && !ParseUnsigned("--depth", *d, 1, static_cast<std::uint64_t>(config.dungeon->floors),
                          depth, error)) {
    std::cerr << "cairn generate: " << error << "\n";
    return kExitUsage;
  }
  const DefinitionSet run = ShuffledAppearances(*config.definitions, config.seed);
  LevelDefinition level;
  if (Status s =
          GenerateFloor(*config.dungeon, run, config.seed, static_cast<std::int32_t>(depth), level);
      s != Status::Ok) {
    std::cerr << "cairn generate: error: " << StatusName(s) << "\n";
    return kExitInvalid;
  }
  std::vector<std::string> rows(static_cast<std::size_t>(level.height));
  for (std::int32_t y = 0; y < level.height; ++y)
    for (std::int32_t x = 0; x < level.width; ++x) {
      std::uint32_t glyph = ' ';
      char ascii = ' ';
      Colour colour = Colour::Default;
      TerrainLook(level.At(x, y), glyph, ascii, colour);
      rows[static_cast<std::size_t>(y)] += ascii;
    }
  std::size_t monsters = 0, items = 0;
  for (const LevelEntity& e : level.entities) {
    const ComponentBundle& c = e.components;
    if (c.Has<EnemyAi>()) ++monsters;
    if (c.Has<Item>()) ++items;
    if (!c.Has<Position>() || !c.Has<Appearance>()) continue;
    char& cell =
        rows[static_cast<std::size_t>(c.position.y)][static_cast<std::size_t>(c.position.x)];
    if (cell == '@' ||
        (cell != '.' && cell != '~' && cell != '+' && cell != '\'' && c.appearance.layer < 2))
      continue;
    cell = c.appearance.ascii;
  }
  std::cout << "Depth " << depth << ": " << level.name << " (seed " << config.seed << ", "
            << level.width << "x" << level.height << ", " << monsters << " monsters, " << items
            << " items)\n";
  for (const std::string& row : rows) std::cout << row << "\n";
  return kExitOk;
}

}  // namespace cairn
