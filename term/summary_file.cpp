#include "summary_file.h"

#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "storage/files.h"

namespace cairn {

std::string StateFolder() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && state[0] == '/')
    return std::string(state) + "/cairn";
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] != '\0')
    return std::string(home) + "/.local/state/cairn";
  return "cairn-state";
}

std::string DefaultMorgueFolder() { return StateFolder() + "/morgue"; }

std::string WriteRunSummary(const std::string& folder, std::uint64_t seed, const std::string& summary) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) return "The summary could not be written: " + folder + ": " + ec.message();
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  const std::string path = folder + "/cairn-" + std::to_string(seed) + "-" + stamp + ".txt";
  std::string error;
  if (!WriteFileAtomically(path, "cairn " CAIRN_VERSION " (" CAIRN_BUILD_ID ")\n" + summary, error))
    return "The summary could not be written: " + error;
  return "The summary is in " + path;
}

}  // namespace cairn
