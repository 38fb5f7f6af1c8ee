// `cairn console [--level PATH] [--seed N] [--capacity N] [FILE]`: the debug console protocol on
// FILE or standard input.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli_args.h"
#include "console/console.h"
#include "term_commands.h"

namespace cairn {

int RunConsoleCommand(const std::vector<std::string>& args) {
  constexpr const char* kUsageLine = "usage: cairn console [--level PATH] [--seed N] [--capacity N] [FILE]\n";
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--capacity", true}, {"--seed", true}, {"--level", true}}, parsed,
                 error) ||
      parsed.positional.size() > 1) {
    if (error.empty()) error = "console takes at most one FILE";
    std::cerr << "cairn console: " << error << "\n" << kUsageLine;
    return kExitUsage;
  }
  ConsoleOptions options;
  std::uint64_t n = 0;
  if (auto capacity = parsed.Value("--capacity")) {
    if (!ParseUnsigned("--capacity", *capacity, 1, 1u << 24, n, error)) {
      std::cerr << "cairn console: " << error << "\n";
      return kExitUsage;
    }
    options.capacity = static_cast<std::uint32_t>(n);
  }
  if (auto seed = parsed.Value("--seed")) {
    if (!ParseUnsigned("--seed", *seed, 0, ~std::uint64_t{0}, n, error)) {
      std::cerr << "cairn console: " << error << "\n";
      return kExitUsage;
    }
    options.seed = n;
  }
  if (auto level = parsed.Value("--level")) {
    if (!LoadLevelForCommand(*level, options.level)) return kExitInvalid;
  }
  std::unique_ptr<Console> console;
  if (Status s = Console::TryCreate(options, console); s != Status::Ok) {
    std::cerr << "cairn console: error: cannot build the world: " << StatusName(s) << "\n";
    return kExitInvalid;
  }
  if (parsed.positional.empty()) {
    if (!RunConsole(*console, std::cin, std::cout)) {
      std::cerr << "cairn console: error: reading standard input failed\n";
      return kExitInvalid;
    }
    return kExitOk;
  }
  const std::string& path = parsed.positional.front();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    std::cerr << path << ": error: is a directory, not a file of commands\n";
    return kExitInvalid;
  }
  std::ifstream file(path);
  if (!file) {
    std::cerr << path << ": error: cannot open the file\n";
    return kExitInvalid;
  }
  if (!RunConsole(*console, file, std::cout)) {
    std::cerr << path << ": error: reading the file failed\n";
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace cairn
