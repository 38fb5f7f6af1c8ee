#include "content/dungeon_reader.h"

#include "content/level_loader.h"
#include "toml/toml_reader.h"

namespace cairn {

bool ReadDungeonPlan(std::string_view text, const DefinitionSet& definitions,
                     const WorldLimits& limits, const LevelSource& levels, DungeonPlan& out,
                     std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  TableReader file(root, "the dungeon file", problems);
  constexpr std::int64_t kVersions[] = {1};
  std::int64_t version = 0;
  if (!ReadFileHeader(file, "cairn-dungeon", "dungeon", kVersions, version)) return false;
  DungeonPlan plan;
  (void)file.Int("floors", plan.floors, 1, DungeonPlan::kMaxFloors);
  std::int64_t width = plan.width, height = plan.height;
  if (const TomlValue* size = file.Get("size", TomlKind::Array, false)) {
    if (size->array.size() != 2 || size->array[0].kind != TomlKind::Integer ||
        size->array[1].kind != TomlKind::Integer || size->array[0].integer < 30 ||
        size->array[0].integer > 1000 || size->array[1].integer < 15 ||
        size->array[1].integer > 1000)
      file.Problem(size->position,
                   "size must be [width, height] with width 30..1000 and height 15..1000");
    else {
      width = size->array[0].integer;
      height = size->array[1].integer;
    }
  }
  plan.width = static_cast<std::int32_t>(width);
  plan.height = static_cast<std::int32_t>(height);

  if (const TomlValue* kit = file.Get("start", TomlKind::Array, false)) {
    for (const TomlValue& entry : kit->array) {
      if (!entry.IsTable()) {
        file.Problem(entry.position, "each start item must be a table like { item = \"dagger\" }");
        continue;
      }
      TableReader r(entry, "start item", problems);
      StartItem start;
      std::string id;
      if (r.String("item", id)) {
        if (const ItemDefinition* kind = definitions.FindItem(id))
          start.item = definitions.ItemIndex(*kind);
        else
          r.Problem(entry.Find("item")->position, "start item: " + definitions.NoItemKind(id));
      }
      (void)r.Int("quantity", start.quantity, 1, 1000, false);
      if (const TomlValue* equipped = r.Get("equipped", TomlKind::Boolean, false))
        start.equipped = equipped->boolean;
      r.RejectUnknown();
      plan.start_kit.push_back(start);
    }
    if (plan.start_kit.size() > 26)
      file.Problem(kit->position, "at most 26 start items (one per letter)");
  }

  if (const TomlValue* pieces = file.Get("set_piece", TomlKind::Array, false)) {
    for (const TomlValue& table : pieces->array) {
      if (!table.IsTable()) {
        file.Problem(table.position, "each [[set_piece]] must be a table");
        continue;
      }
      TableReader r(table, "set piece", problems);
      SetPiece piece;
      std::int64_t low = 1, high = 1;
      if (r.Range("depth", low, high, 1, plan.floors)) {
        piece.min_depth = static_cast<std::int32_t>(low);
        piece.max_depth = static_cast<std::int32_t>(high);
      }
      (void)r.Int("chance", piece.chance, 1, 100, false);
      if (r.String("level", piece.source)) {
        const TextPosition at = table.Find("level")->position;
        std::string level_text, why;
        auto level = std::make_shared<LevelDefinition>();
        std::vector<TextProblem> found;
        if (!levels(piece.source, level_text, why)) {
          r.Problem(at, "set piece '" + piece.source + "': " + why);
        } else if (!LoadLevelText(level_text, definitions, limits, *level, found)) {
          r.Problem(at, "set piece '" + piece.source + "' does not load (" +
                            std::to_string(found.size()) + " problem(s), listed below)");
          for (TextProblem& p : found) {
            if (p.file.empty()) p.file = piece.source;
            problems.push_back(std::move(p));
          }
        } else if (level->width + 4 > plan.width || level->height + 4 > plan.height) {
          r.Problem(at, "set piece '" + piece.source + "' (" + std::to_string(level->width) + "x" +
                            std::to_string(level->height) + ") does not fit a " +
                            std::to_string(plan.width) + "x" + std::to_string(plan.height) +
                            " floor with two cells to spare on every side");
        } else {
          piece.level = std::move(level);
        }
      }
      r.RejectUnknown();
      plan.set_pieces.push_back(std::move(piece));
    }
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  out = std::move(plan);
  return true;
}

}  // namespace cairn
