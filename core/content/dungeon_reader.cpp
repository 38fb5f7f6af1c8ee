#include "content/dungeon_reader.h"

#include "content/level_loader.h"
#include "toml/table_reader.h"

namespace cairn {

namespace {

// `size`: [width, height] of every floor, when the file gives it.
void ReadFloorSize(TableReader& file, DungeonPlan& plan) {
  const TomlValue* size = file.Get("size", TomlKind::Array, false);
  if (size == nullptr) return;
  if (size->array.size() != 2 || size->array[0].kind != TomlKind::Integer ||
      size->array[1].kind != TomlKind::Integer || size->array[0].integer < 30 ||
      size->array[0].integer > 1000 || size->array[1].integer < 15 ||
      size->array[1].integer > 1000) {
    file.Problem(size->position,
                 "size must be [width, height] with width 30..1000 and height 15..1000");
    return;
  }
  plan.width = static_cast<std::int32_t>(size->array[0].integer);
  plan.height = static_cast<std::int32_t>(size->array[1].integer);
}

// `start`: the kit the player starts with, one item kind per letter at most.
void ReadStartKit(TableReader& file, const DefinitionSet& definitions, DungeonPlan& plan,
                  std::vector<TextProblem>& problems) {
  const TomlValue* kit = file.Get("start", TomlKind::Array, false);
  if (kit == nullptr) return;
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

// A set piece's level: read through `levels`, loaded, and small enough for the plan's floors.
// Its own problems are named after its file.
void LoadSetPiece(TableReader& r, TextPosition at, const DefinitionSet& definitions,
                  const WorldLimits& limits, const LevelSource& levels, const DungeonPlan& plan,
                  SetPiece& piece, std::vector<TextProblem>& problems) {
  std::string level_text, why;
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> found;
  if (!levels(piece.source, level_text, why)) {
    r.Problem(at, "set piece '" + piece.source + "': " + why);
  } else if (!LoadLevelText(level_text, definitions, limits, *level, found)) {
    r.Problem(at, "set piece '" + piece.source + "' does not load (" +
                      std::to_string(found.size()) + " problem(s), listed below)");
    SetProblemFile(found, 0, piece.source);
    problems.insert(problems.end(), found.begin(), found.end());
  } else if (level->width + 4 > plan.width || level->height + 4 > plan.height) {
    r.Problem(at, "set piece '" + piece.source + "' (" + std::to_string(level->width) + "x" +
                      std::to_string(level->height) + ") does not fit a " +
                      std::to_string(plan.width) + "x" + std::to_string(plan.height) +
                      " floor with two cells to spare on every side");
  } else {
    piece.level = std::move(level);
  }
}

// Two different files may not claim one level UUID (an asset identity): the second is refused
// at its `level`, with the first's place. One file listed twice is one asset placed twice, which
// is fine: each placement has its own instance (identity/placement.h).
void CheckSetPieceUnique(const SetPiece& piece, const std::vector<SetPiece>& earlier,
                         const std::vector<TextPosition>& level_at,
                         std::vector<TextProblem>& problems) {
  if (!piece.level || piece.level->uuid.IsNil()) return;
  for (std::size_t i = 0; i < earlier.size(); ++i) {
    if (!earlier[i].level || earlier[i].level->uuid != piece.level->uuid ||
        earlier[i].source == piece.source)
      continue;
    problems.push_back(DuplicateProblem(
        level_at[earlier.size()],
        "duplicate level uuid " + UuidText(piece.level->uuid) + ": set piece '" + piece.source +
            "' has the uuid of set piece '" + earlier[i].source + "'",
        level_at[i]));
    return;
  }
}

// [[set_piece]] (and [[machine]], into `into`): hand-made levels stamped into floors of a depth
// range, with a chance.
void ReadSetPieces(TableReader& file, const char* key, const DefinitionSet& definitions,
                   const WorldLimits& limits, const LevelSource& levels, DungeonPlan& plan,
                   std::vector<SetPiece>& into, std::vector<TextProblem>& problems) {
  const TomlValue* pieces = file.Get(key, TomlKind::Array, false);
  if (pieces == nullptr) return;
  std::vector<TextPosition> level_at(pieces->array.size());  // of each set piece's `level`
  for (const TomlValue& table : pieces->array) {
    if (!table.IsTable()) {
      file.Problem(table.position, std::string("each [[") + key + "]] must be a table");
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
      level_at[into.size()] = table.Find("level")->position;
      LoadSetPiece(r, level_at[into.size()], definitions, limits, levels, plan, piece, problems);
    }
    r.RejectUnknown();
    CheckSetPieceUnique(piece, into, level_at, problems);
    into.push_back(std::move(piece));
  }
}

}  // namespace

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
  ReadFloorSize(file, plan);
  ReadStartKit(file, definitions, plan, problems);
  ReadSetPieces(file, "set_piece", definitions, limits, levels, plan, plan.set_pieces, problems);
  ReadSetPieces(file, "machine", definitions, limits, levels, plan, plan.machines, problems);
  file.RejectUnknown();
  if (problems.size() != before) return false;
  out = std::move(plan);
  return true;
}

}  // namespace cairn
