// `cairn console [--capacity N] [FILE]`: the debug console protocol on FILE or standard input.
#include <fstream>
#include <iostream>

#include "cli_args.h"
#include "console/console.h"
#include "term_commands.h"

namespace cairn {

int RunConsoleCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--capacity", true}}, parsed, error) || parsed.positional.size() > 1) {
    if (error.empty()) error = "console takes at most one FILE";
    std::cerr << "cairn console: " << error << "\n"
              << "usage: cairn console [--capacity N] [FILE]\n";
    return kExitUsage;
  }
  ConsoleOptions options;
  if (auto capacity = parsed.Value("--capacity")) {
    std::uint64_t n = 0;
    if (!ParseUnsigned("--capacity", *capacity, 1, 1u << 24, n, error)) {
      std::cerr << "cairn console: " << error << "\n";
      return kExitUsage;
    }
    const auto slots = static_cast<std::uint32_t>(n);
    options.limits = WorldLimits{slots, slots, slots};
  }
  std::unique_ptr<Console> console;
  if (Status s = Console::TryCreate(options, console); s != Status::Ok) {
    std::cerr << "cairn console: error: cannot build the world: " << StatusName(s) << "\n";
    return kExitInvalid;
  }
  if (parsed.positional.empty()) {
    RunConsole(*console, std::cin, std::cout);
    return kExitOk;
  }
  const std::string& path = parsed.positional.front();
  std::ifstream file(path);
  if (!file) {
    std::cerr << path << ": error: cannot open the file\n";
    return kExitInvalid;
  }
  RunConsole(*console, file, std::cout);
  return kExitOk;
}

}  // namespace cairn
