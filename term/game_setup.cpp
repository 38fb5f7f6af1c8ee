#include "game_setup.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "data/embedded_data.h"
#include "identity/uuid.h"
#include "storage/files.h"
#include "user_folders.h"

namespace cairn {
namespace {

bool ApplyKeys(KeyMap& keys, std::string_view text, const std::string& origin) {
  std::vector<KeyMapProblem> problems;
  if (keys.Apply(text, origin, problems)) return true;
  for (const KeyMapProblem& p : problems)
    std::cerr << origin << ":" << p.position.line << ":" << p.position.column
              << ": error: " << p.message << "\n";
  return false;
}

std::string UserKeyFile() {
  const std::string config = ConfigFolder();
  return config.empty() ? "" : config + "/keys.toml";
}

}  // namespace

bool LoadKeyMap(KeyMap& keys) {
  KeyMap loaded;
  if (!ApplyKeys(loaded, EmbeddedFile("keys.toml"), "data/keys.toml")) return false;
  const std::string user = UserKeyFile();
  std::error_code ec;
  if (!user.empty() && std::filesystem::exists(user, ec)) {
    std::string text, error;
    if (!ReadWholeFile(user, text, error)) {
      std::cerr << user << ": error: " << error << "\n";
      return false;
    }
    if (!ApplyKeys(loaded, text, user)) return false;
  }
  keys = std::move(loaded);
  return true;
}

bool UseDefaultContent(SessionConfig& config) {
  std::vector<TextProblem> problems;
  config.definitions = DefaultDefinitions(&problems);
  config.dungeon = DefaultDungeon();
  if (config.definitions && config.dungeon) return true;
  for (const TextProblem& p : problems)
    std::cerr << p.file << ":" << p.position.line << ":" << p.position.column << ": error: "
              << p.message << "\n";
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
