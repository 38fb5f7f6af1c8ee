// `cairn check PATH...`: validates levels, definitions, dungeon plans, key maps, recordings and
// saves, each recognised by its `format` member, and reports every problem, one line each,
// PATH:LINE:COLUMN: error: WHAT. Exit 0 when every file is valid, 1 otherwise.
#include <filesystem>
#include <iostream>

#include "base/terminal_text.h"
#include "base/text_problem.h"
#include "cli_args.h"
#include "content/definitions_reader.h"
#include "content/dungeon_reader.h"
#include "content/level_loader.h"
#include "game_setup.h"
#include "keymap/keymap.h"
#include "out_of_memory.h"
#include "replay/recording.h"
#include "save/save_codec.h"
#include "save_files.h"
#include "sim/session_persist.h"
#include "storage/read_file.h"
#include "term_commands.h"
#include "toml/table_reader.h"
#include "toml/toml_head.h"

namespace cairn {
namespace {

// The kinds `check` knows, by the `format` a file opens with.
struct CheckedKind {
  std::string_view format;
  FileKind kind;
};
constexpr CheckedKind kCheckedKinds[] = {
    {"cairn-replay", FileKind::Recording},
    {"cairn-save", FileKind::Save},
    {"cairn-definitions", FileKind::Definitions},
    {"cairn-keys", FileKind::KeyMap},
    {"cairn-level", FileKind::Level},
    {"cairn-dungeon", FileKind::Dungeon},
    {"cairn-autopickup", FileKind::AutoPickup},
};

bool IsCheckedFormat(std::string_view format) {
  for (const CheckedKind& known : kCheckedKinds)
    if (known.format == format) return true;
  return false;
}

// The `format` string of a parsed file ("" when it has none) and where it is written.
void ReadFormat(const TomlValue& root, std::string& format, TextPosition& position) {
  const TomlValue* member = root.Find("format");
  format = member != nullptr && member->kind == TomlKind::String ? member->text : "";
  position = member != nullptr ? member->position : TextPosition{1, 1};
}

// The file's `format` ("" when it has none) and where it is written. First from the file's head
// alone (toml_head.h: the top-level key/value pairs, before the first table header) when that
// names a kind this command checks: the text is then parsed once, by the kind's reader, which
// reports any error after the head. Else from the whole text, whose syntax errors then come
// before "unknown file". The tree is dropped before the kind's reader parses the text, so a big
// file is never held twice.
bool SniffFormat(const std::string& path, std::string_view text, std::string& format,
                 TextPosition& position) {
  const std::string_view head = TomlHead(text);
  TomlValue root;
  std::vector<TextProblem> problems;
  if (head.size() < text.size() && ParseTomlFile(head, root, problems)) {
    ReadFormat(root, format, position);
    if (IsCheckedFormat(format)) return true;
  }
  problems.clear();
  root = TomlValue{};
  if (!ParseTomlFile(text, root, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  ReadFormat(root, format, position);
  return true;
}

// A recording: parsed, then replayed as `replay --verify` does.
bool CheckRecordingFile(const std::string& path, const std::string& shown,
                        const std::string& text) {
  std::vector<TextProblem> problems;
  Recording recording;
  if (!ParseRecording(text, recording, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  // Replayed as `replay --verify` does, so check refuses what it refuses.
  if (!CheckRecordingReplays(path, recording)) return false;
  std::cout << shown << ": ok (recording of " << recording.ticks.size() << " ticks, replayed)\n";
  return true;
}

// A save: the structure first (every problem, with its position), then a rebuild of the run
// against the built-in content when that is what it was made from.
bool CheckSaveFile(const std::string& path, const std::string& shown, const std::string& text) {
  std::vector<TextProblem> problems;
  SessionConfig config;
  if (!UseDefaultContent(config)) return false;
  UseEditionOf(SaveDungeonRules(text), config);  // read on the content it was made with
  config.limits = kSessionLimits;
  SessionImage image;
  if (!ReadSaveText(text, *config.definitions, kReadLimits, image, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  std::size_t entities = 0;
  for (const FloorImage& floor : image.floors) entities += floor.level.entities.size();
  const std::string summary = "save of seed " + std::to_string(image.seed) + ", depth " +
                              std::to_string(image.depth) + ", " +
                              std::to_string(image.floors.size()) + " floors built, " +
                              std::to_string(entities) + " entities";
  config.seed = image.seed;
  config.dungeon_rules = image.dungeon_rules;  // the content digest depends on them
  std::unique_ptr<GameSession> session;
  std::string why;
  std::unique_ptr<GameSession> fresh;
  if (GameSession::Create(config, fresh) == Status::Ok && fresh->ContentDigest() != image.content) {
    std::cout << shown << ": ok (" << summary << "; made with other content than the built-in "
              << "dungeon, so not rebuilt)\n";
    return true;
  }
  if (RestoreSession(config, image, session, why) != Status::Ok) {
    PrintFileError(path, why);
    return false;
  }
  std::cout << shown << ": ok (" << summary << ", rebuilt)\n";
  return true;
}

// Monster and item definitions.
bool CheckDefinitionsFile(const std::string& path, const std::string& shown,
                          const std::string& text) {
  std::vector<TextProblem> problems;
  DefinitionSet set;
  // A monsters file names the built-in items in its loot: checked on its own, it may.
  if (!ReadDefinitions(text, set, problems, nullptr, DefaultDefinitions().get())) {
    PrintProblems(path, problems);
    return false;
  }
  std::cout << shown << ": ok (" << set.monsters.size() << " monsters, " << set.items.size()
            << " items)\n";
  return true;
}

// A key map.
bool CheckKeysFile(const std::string& path, const std::string& shown, const std::string& text) {
  std::vector<TextProblem> problems;
  // What the game would play with: the defaults with this file on top, so a key the file binds
  // that a default already holds is refused here exactly as the game refuses it.
  KeyMap keys;
  if (!BuildKeyMap(&text, path, keys, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  std::cout << shown << ": ok (key map)\n";
  return true;
}

// An autopickup rule.
bool CheckAutoPickupFile(const std::string& path, const std::string& shown,
                         const std::string& text) {
  std::vector<TextProblem> problems;
  AutoPickup rule;
  if (!BuildAutoPickup(text, path, rule, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  std::cout << shown << ": ok (autopickup rule, " << (rule.enabled != 0 ? "on" : "off") << ")\n";
  return true;
}

// A level, read and loaded against the built-in definitions.
bool CheckLevelFile(const std::string& path, const std::string& shown, const std::string& text) {
  std::vector<TextProblem> problems;
  const auto definitions = DefaultDefinitions(&problems);
  LevelDocument document;
  LevelDefinition level;
  if (!definitions || !ReadLevelDocument(text, document, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  // A type this build does not know loads (kept unread), but one a typo away from a known
  // type is most likely a mistake: said, without failing the file.
  for (const TextProblem& note : LikelyMisspeltTypes(document))
    std::cerr << FormatProblem(path, note, "warning") << "\n";
  if (!LoadLevelDocument(document, *definitions, kReadLimits, level, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  std::cout << shown << ": ok (level \"" << EscapeForTerminal(level.name) << "\", " << level.width
            << "x" << level.height << ", " << level.entities.size() << " entities)\n";
  return true;
}

// A dungeon plan, with the set pieces it names read from beside it.
bool CheckDungeonFile(const std::string& path, const std::string& shown, const std::string& text) {
  std::vector<TextProblem> problems;
  const auto definitions = DefaultDefinitions(&problems);
  // Set pieces are named relative to the dungeon file's folder (data/levels/... from data/).
  const std::string folder = std::filesystem::path(path).parent_path().string();
  const LevelSource files = [&](const std::string& name, std::string& level_text,
                                std::string& why) {
    return ReadWholeFile(folder.empty() ? name : folder + "/" + name, FileKind::Level, level_text,
                         why);
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
  std::cout << shown << ": ok (dungeon of " << plan.floors << " floors, " << plan.width << "x"
            << plan.height << ", " << plan.set_pieces.size() << " set pieces, "
            << plan.machines.size() << " machine templates, " << plan.start_kit.size()
            << " start items)\n";
  return true;
}

// Checks one file; prints its problems; true when it is valid. The format member says which
// kind of file it is, and each kind has its own check.
bool CheckFile(const std::string& path) {
  const std::string shown = EscapeForTerminal(path);
  std::string text, error;
  // The kind is known only from the text, so the largest cap first, then the kind's own.
  if (!ReadWholeFileCapped(path, kLargestFileCap, "a cairn file", text, error)) {
    PrintFileError(path, error);
    return false;
  }
  std::string kind;
  TextPosition format_position;
  if (!SniffFormat(path, text, kind, format_position)) return false;
  for (const CheckedKind& known : kCheckedKinds) {
    const FileKindLimit& limit = LimitOf(known.kind);
    if (known.format == kind && text.size() > limit.cap) {
      PrintFileError(path, OverCapMessage(text.size(), limit.cap, limit.name));
      return false;
    }
  }
  if (kind == "cairn-replay") return CheckRecordingFile(path, shown, text);
  if (kind == "cairn-save") return CheckSaveFile(path, shown, text);
  if (kind == "cairn-definitions") return CheckDefinitionsFile(path, shown, text);
  if (kind == "cairn-keys") return CheckKeysFile(path, shown, text);
  if (kind == "cairn-autopickup") return CheckAutoPickupFile(path, shown, text);
  if (kind == "cairn-level") return CheckLevelFile(path, shown, text);
  if (kind == "cairn-dungeon") return CheckDungeonFile(path, shown, text);
  PrintProblems(path,
                {TextProblem{format_position,
                             "unknown file: its format is not cairn-level, cairn-definitions, "
                             "cairn-dungeon, cairn-keys, cairn-autopickup, cairn-replay or "
                             "cairn-save"}});
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
  for (const std::string& path : parsed.positional)
    all_valid = ReadingOutOfMemory(path, [&] { return CheckFile(path); }) && all_valid;
  return all_valid ? kExitOk : kExitInvalid;
}

}  // namespace cairn
