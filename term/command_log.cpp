#include "command_log.h"

#include <iostream>

#include "logging.h"

namespace cairn {

void AddLogOptions(std::vector<OptionSpec>& specs) {
  specs.push_back({"--log", true});
  specs.push_back({"--log-level", true});
}

int StartCommandLog(const ParsedArgs& parsed, std::string_view command,
                    const std::vector<std::string>& args) {
  if (!parsed.Has("--log") && !parsed.Has("--log-level")) return -1;
  std::string error, warning;
  if (!StartLogging(parsed.Value("--log").value_or(""),
                    parsed.Value("--log-level").value_or("info"), error, warning)) {
    std::cerr << "cairn " << command << ": " << error << "\n";
    return kExitUsage;
  }
  if (!warning.empty()) std::cerr << "cairn " << command << ": warning: " << warning << "\n";
  std::string line = "cairn " + std::string(command);
  // A key string or a path can be long: the log keeps the start of each.
  constexpr std::size_t kShown = 200;
  for (const std::string& arg : args)
    line += " " + (arg.size() <= kShown
                       ? arg
                       : arg.substr(0, kShown) + "... (" + std::to_string(arg.size()) + " bytes)");
  LogInfo(line);
  return -1;
}

int EndCommandLog(int status) {
  LogInfo("exit status " + std::to_string(status));
  StopLogging();
  return status;
}

}  // namespace cairn
