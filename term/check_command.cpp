// `cairn check PATH...`: validates levels, definitions, dungeon plans, key maps, recordings and
// saves, each recognised by its `format` member, and reports every problem, one line each,
// PATH:LINE:COLUMN: error: WHAT. Exit 0 when every file is valid, 1 otherwise.
#include <filesystem>
#include <iostream>

#include "cli_args.h"
#include "content/definitions_reader.h"
#include "content/dungeon_reader.h"
#include "content/level_loader.h"
#include "keymap/keymap.h"
#include "game_setup.h"
#include "replay/recording.h"
#include "save/save_codec.h"
#include "storage/files.h"
#include "term_commands.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

// Checks one file; prints its problems; true when it is valid.
bool CheckFile(const std::string& path) {
  std::string text, error;
  if (!ReadWholeFile(path, text, error)) {
    std::cerr << path << ": error: " << error << "\n";
    return false;
  }
  TomlValue root;
  TomlError toml_error;
  if (!ParseToml(text, root, toml_error)) {
    PrintProblems(path, {TextProblem{toml_error.position, toml_error.message, {}}});
    return false;
  }
  const TomlValue* format = root.Find("format");
  const std::string kind = format != nullptr && format->kind == TomlKind::String ? format->text : "";
  std::vector<TextProblem> problems;
  if (kind == "cairn-replay") {
    Recording recording;
    std::vector<RecordingProblem> found;
    if (!ParseRecording(text, recording, found)) {
      for (const RecordingProblem& p : found) problems.push_back({p.position, p.message, {}});
      PrintProblems(path, problems);
      return false;
    }
    std::string note;  // replayed as `replay --verify` does, so check refuses what it refuses
    if (!CheckRecordingReplays(path, recording, note)) return false;
    std::cout << path << ": ok (recording of " << recording.ticks.size() << " ticks" << note << ")\n";
    return true;
  }
  if (kind == "cairn-save") {
    // The structure first (every problem, with its position), then a rebuild of the run against
    // the built-in content when that is what it was made from.
    SessionConfig config;
    if (!UseDefaultContent(config)) return false;
    config.limits = kSessionLimits;
    SessionImage image;
    if (!ReadSaveText(text, *config.definitions, config.limits, image, problems)) {
      PrintProblems(path, problems);
      return false;
    }
    std::size_t entities = 0;
    for (const FloorImage& floor : image.floors) entities += floor.level.entities.size();
    const std::string summary = "save of seed " + std::to_string(image.seed) + ", depth " +
                                std::to_string(image.depth) + ", " + std::to_string(image.floors.size()) +
                                " floors built, " + std::to_string(entities) + " entities";
    config.seed = image.seed;
    std::unique_ptr<GameSession> session;
    std::string why;
    std::unique_ptr<GameSession> fresh;
    if (GameSession::TryCreate(config, fresh) == Status::Ok && fresh->ContentDigest() != image.content) {
      std::cout << path << ": ok (" << summary << "; made with other content than the built-in "
                << "dungeon, so not rebuilt)\n";
      return true;
    }
    if (GameSession::TryRestore(config, image, session, why) != Status::Ok) {
      std::cerr << path << ": error: " << why << "\n";
      return false;
    }
    std::cout << path << ": ok (" << summary << ", rebuilt)\n";
    return true;
  }
  if (kind == "cairn-definitions") {
    DefinitionSet set;
    if (!ReadDefinitions(text, set, problems)) {
      PrintProblems(path, problems);
      return false;
    }
    std::cout << path << ": ok (" << set.monsters.size() << " monsters, " << set.items.size()
              << " items)\n";
    return true;
  }
  if (kind == "cairn-keys") {
    KeyMap keys;
    std::vector<KeyMapProblem> found;
    if (!keys.Apply(text, path, found)) {
      for (const KeyMapProblem& p : found) problems.push_back({p.position, p.message, {}});
      PrintProblems(path, problems);
      return false;
    }
    std::cout << path << ": ok (key map)\n";
    return true;
  }
  if (kind == "cairn-level") {
    const auto definitions = DefaultDefinitions(&problems);
    LevelDefinition level;
    if (!definitions || !LoadLevelText(text, *definitions, kSessionLimits, level, problems)) {
      PrintProblems(path, problems);
      return false;
    }
    std::cout << path << ": ok (level \"" << level.name << "\", " << level.width << "x"
              << level.height << ", " << level.entities.size() << " entities)\n";
    return true;
  }
  if (kind == "cairn-dungeon") {
    const auto definitions = DefaultDefinitions(&problems);
    // Set pieces are named relative to the dungeon file's folder (data/levels/... from data/).
    const std::string folder = std::filesystem::path(path).parent_path().string();
    const LevelSource files = [&](const std::string& name, std::string& level_text, std::string& why) {
      return ReadWholeFile(folder.empty() ? name : folder + "/" + name, level_text, why);
    };
    DungeonPlan plan;
    if (!definitions || !ReadDungeonPlan(text, *definitions, kSessionLimits, files, plan, problems)) {
      std::vector<TextProblem> own, theirs;
      for (TextProblem& p : problems) (p.file.empty() ? own : theirs).push_back(std::move(p));
      PrintProblems(path, own);
      for (TextProblem& p : theirs) {
        if (!folder.empty()) p.file = folder + "/" + p.file;
        PrintProblems(p.file, {p});
      }
      return false;
    }
    std::cout << path << ": ok (dungeon of " << plan.floors << " floors, " << plan.width << "x"
              << plan.height << ", " << plan.set_pieces.size() << " set pieces, "
              << plan.start_kit.size() << " start items)\n";
    return true;
  }
  PrintProblems(path, {TextProblem{format != nullptr ? format->position : TextPosition{1, 1},
                                   "unknown file: its format is not cairn-level, cairn-definitions, "
                                   "cairn-dungeon, cairn-keys, cairn-replay or cairn-save",
                                   {}}});
  return false;
}

}  // namespace

int RunCheckCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {}, parsed, error) || parsed.positional.empty()) {
    if (error.empty()) error = "check takes one or more files";
    std::cerr << "cairn check: " << error << "\nusage: cairn check PATH...\n";
    return kExitUsage;
  }
  bool all_valid = true;
  for (const std::string& path : parsed.positional) all_valid = CheckFile(path) && all_valid;
  return all_valid ? kExitOk : kExitInvalid;
}

}  // namespace cairn
