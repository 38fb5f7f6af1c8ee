#include "summary_file.h"

#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "storage/files.h"
#include "user_folders.h"

namespace cairn {

std::string DefaultMorgueFolder() {
  const std::string state = StateFolder();
  return state.empty() ? "" : state + "/morgue";
}

std::string WriteRunSummary(const std::string& folder, std::uint64_t seed,
                            const std::string& summary) {
  if (folder.empty()) return "The summary could not be written: " + NoHomeReason() + ".";
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
