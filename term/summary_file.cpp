#include "summary_file.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "base/terminal_text.h"
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
  if (std::string why; !MakeFolder(folder, why)) return "The summary could not be written: " + why;
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  const std::string stem = folder + "/cairn-" + std::to_string(seed) + "-" + stamp;
  // The text as a terminal shows it, line by line: a save's message text may hold escape
  // sequences, and `cat` of a morgue file must not run them.
  std::string text = "cairn " CAIRN_VERSION " (" CAIRN_BUILD_ID ")\n";
  std::size_t from = 0;
  while (from <= summary.size()) {
    const std::size_t end = std::min(summary.find('\n', from), summary.size());
    text += EscapeForTerminal(std::string_view(summary).substr(from, end - from));
    if (end < summary.size()) text += '\n';
    from = end + 1;
  }
  // Never over another run's file: two runs of one seed that end in the same second get -2, -3...
  // (created exclusively, so two games ending at once cannot take the same name either).
  std::string error;
  std::error_code ec;
  for (int n = 1; n <= 100; ++n) {
    const std::string path = stem + (n == 1 ? "" : "-" + std::to_string(n)) + ".txt";
    if (CreateFileExclusively(path, text, error))
      return "The summary is in " + EscapeForTerminal(path);
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
      return "The summary could not be written: " + error;
  }
  return "The summary could not be written: " + error;
}

}  // namespace cairn
