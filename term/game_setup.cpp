#include "game_setup.h"

#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "content/autopickup_reader.h"
#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "data/embedded_data.h"
#include "identity/uuid.h"
#include "out_of_memory.h"
#include "storage/read_file.h"
#include "term_commands.h"
#include "user_folders.h"

namespace cairn {
namespace {

std::string UserKeyFile() {
  const std::string config = ConfigFolder();
  return config.empty() ? "" : config + "/keys.toml";
}

std::string UserAutoPickupFile() {
  const std::string config = ConfigFolder();
  return config.empty() ? "" : config + "/autopickup.toml";
}

}  // namespace

bool BuildKeyMap(const std::string* user_text, const std::string& origin, KeyMap& out,
                 std::vector<TextProblem>& problems) {
  KeyMap built;
  if (!built.Apply(EmbeddedFile("keys.toml"), "data/keys.toml", problems)) return false;
  if (user_text != nullptr && !built.Apply(*user_text, origin, problems)) return false;
  out = std::move(built);
  return true;
}

bool LoadKeyMap(KeyMap& keys) {
  const std::string user = UserKeyFile();
  std::string text, error;
  bool has_user_file = false;
  // Anything at the path is read, so a dangling link or a FIFO there is reported, not skipped;
  // only "nothing there" means the defaults alone.
  struct stat info {};
  if (!user.empty() && ::lstat(user.c_str(), &info) == 0) {
    if (!ReadWholeFile(user, FileKind::KeyMap, text, error)) {
      PrintFileError(user, error);
      return false;
    }
    has_user_file = true;
  }
  return ReadingOutOfMemory(user, [&] {
    std::vector<TextProblem> problems;
    if (BuildKeyMap(has_user_file ? &text : nullptr, user, keys, problems)) return true;
    PrintProblems(user, problems);
    return false;
  });
}

bool BuildAutoPickup(const std::string& text, const std::string& origin, AutoPickup& out,
                     std::vector<TextProblem>& problems) {
  // The new run's default (data/autopickup.toml writes it out, tests/content): a class the file
  // does not name keeps it.
  AutoPickup rule = kNewRunAutoPickup;
  const std::size_t before = problems.size();
  if (!ReadAutoPickup(text, rule, problems)) {
    SetProblemFile(problems, before, origin);
    return false;
  }
  out = rule;
  return true;
}

bool LoadAutoPickup(AutoPickup& rule, const std::string& path) {
  const std::string file = path.empty() ? UserAutoPickupFile() : path;
  // As the key map: anything at the user's path is read (a dangling link or a FIFO is reported);
  // only "nothing there" means the default. A path given on the command line must be there.
  struct stat info {};
  if (file.empty() || (path.empty() && ::lstat(file.c_str(), &info) != 0)) return true;
  std::string text, error;
  if (!ReadWholeFile(file, FileKind::AutoPickup, text, error)) {
    PrintFileError(file, error);
    return false;
  }
  return ReadingOutOfMemory(file, [&] {
    std::vector<TextProblem> problems;
    if (BuildAutoPickup(text, file, rule, problems)) return true;
    PrintProblems(file, problems);
    return false;
  });
}

void UseEditionOf(std::int32_t rules, SessionConfig& config) {
  if (auto definitions = DefaultDefinitions(rules)) config.definitions = std::move(definitions);
  if (config.dungeon)
    if (auto dungeon = DefaultDungeon(rules)) config.dungeon = std::move(dungeon);
}

bool UseDefaultContent(SessionConfig& config) {
  std::vector<TextProblem> problems;
  config.definitions = DefaultDefinitions(&problems);
  config.dungeon = DefaultDungeon();
  if (config.definitions && config.dungeon) return true;
  for (const TextProblem& p : problems) std::cerr << FormatProblem("cairn", p) << "\n";
  if (problems.empty()) std::cerr << "cairn: error: the built-in content does not read\n";
  return false;
}

namespace {
class NoEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t>) noexcept override { return Status::EntropyUnavailable; }
};
}  // namespace

EntropySource& ProgramEntropy() {
  static SystemEntropySource system;
  static NoEntropy none;
  const char* hook = std::getenv("CAIRN_TEST_NO_ENTROPY");
  return hook != nullptr && hook[0] == '1' ? static_cast<EntropySource&>(none) : system;
}

std::uint64_t FreshSeed() {
  SystemEntropySource entropy;
  std::array<std::uint8_t, 8> bytes{};
  std::uint64_t seed = 0;
  if (entropy.Fill(bytes) == Status::Ok) {
    for (std::uint8_t b : bytes) seed = (seed << 8) | b;
  } else {
    seed = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  }
  return seed % 1'000'000'000ull;  // short enough to read off the screen and type back
}

}  // namespace cairn
