// `cairn console [--level PATH] [--seed N] [--capacity N] [--log FILE] [--log-level L] [FILE]`:
// the debug console protocol on FILE or standard input, line by line, each line at most
// kConsoleLineCap (storage/read_limits.h) and FILE a regular file of at most its cap.
#include <unistd.h>

#include <iostream>

#include "base/terminal_text.h"
#include "cli_args.h"
#include "command_log.h"
#include "console/console.h"
#include "logging.h"
#include "out_of_memory.h"
#include "storage/line_reader.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {
namespace {

// Runs the console on the lines of `fd` (named `source` in messages), writing each reply as it
// comes, escaped for the terminal (a reply can quote what was typed). A line over the cap or a
// failed read ends it with an error line and exit 1; so does a command file that is too big.
int RunLines(Console& console, int fd, const std::string& source) {
  LineReader lines(fd, kConsoleLineCap);
  std::string line, error;
  std::uint64_t commands = 0;
  while (true) {
    switch (lines.Next(line, error)) {
      case LineReader::Result::Line: {
        bool has_reply = false;
        const std::string reply = console.Execute(line, has_reply);
        ++commands;
        // The log holds what was typed and answered as the terminal shows it, and no more of a
        // huge line than a reader wants.
        if (LogsDebug())
          LogDebug("line " + std::to_string(lines.LineNumber()) + ": " +
                   EscapeForTerminal(line.substr(0, 200)) +
                   (has_reply ? " -> " + EscapeForTerminal(reply.substr(0, 200)) : ""));
        if (has_reply) std::cout << EscapeForTerminal(reply) << '\n' << std::flush;
        continue;
      }
      case LineReader::Result::End:
        LogInfo("stopped: the end of " + source + " after " + std::to_string(commands) +
                " lines, at tick " + std::to_string(console.World().Tick()));
        return kExitOk;
      case LineReader::Result::TooLong:
        PrintProblems(source, {TextProblem{{static_cast<std::uint32_t>(lines.LineNumber()), 1},
                                           "the line is longer than the " +
                                               std::to_string(kConsoleLineCap >> 20) +
                                               " MiB limit for one console command"}});
        LogWarn("stopped: line " + std::to_string(lines.LineNumber()) + " of " + source +
                " is over the limit for one console command");
        return kExitInvalid;
      case LineReader::Result::Failed:
        PrintFileError(source, "cannot read: " + error);
        LogWarn("stopped: " + source + " cannot be read: " + error);
        return kExitInvalid;
    }
  }
}

// RunLines, with running out of memory (a huge SET body, say) an error of the source, not an abort.
int Run(Console& console, int fd, const std::string& source) {
  int status = kExitInvalid;
  (void)ReadingOutOfMemory(source, [&] {
    status = RunLines(console, fd, source);
    return true;
  });
  return status;
}

int RunConsole(const std::vector<std::string>& args) {
  constexpr const char* kUsageLine =
      "usage: cairn console [--level PATH] [--seed N] [--capacity N] [--log FILE]\n"
      "                     [--log-level LEVEL] [FILE]\n";
  ParsedArgs parsed;
  std::string error;
  std::vector<OptionSpec> specs = {{"--capacity", true}, {"--seed", true}, {"--level", true}};
  AddLogOptions(specs);
  if (!ParseArgs(args, specs, parsed, error) || parsed.positional.size() > 1) {
    if (error.empty()) error = "console takes at most one FILE";
    std::cerr << "cairn console: " << error << "\n" << kUsageLine;
    return kExitUsage;
  }
  if (const int stop = StartCommandLog(parsed, "console", args); stop >= 0) return stop;
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
  if (Status s = Console::Create(options, console); s != Status::Ok) {
    const std::string why = BuildFailureText(s);
    std::cerr << "cairn console: error: " << why << "\n";
    LogWarn(why);
    return kExitInvalid;
  }
  LogInfo("a world of " + std::to_string(options.capacity) + " entities, seed " +
          std::to_string(options.seed) + ", " +
          (parsed.Has("--level") ? "the level " + *parsed.Value("--level") : "no level"));
  if (parsed.positional.empty()) return Run(*console, STDIN_FILENO, "standard input");
  const std::string& path = parsed.positional.front();
  OpenedFile file;
  const FileKindLimit& limit = LimitOf(FileKind::ConsoleCommands);
  if (!OpenForReading(path, limit.cap, limit.name, file, error)) {
    PrintFileError(path, error);
    LogWarn("stopped: " + path + " cannot be read: " + error);
    return kExitInvalid;
  }
  LogInfo("commands from " + path);
  const int status = Run(*console, file.fd, path);
  ::close(file.fd);
  return status;
}

}  // namespace

int RunConsoleCommand(const std::vector<std::string>& args) {
  return EndCommandLog(RunConsole(args));
}

}  // namespace cairn
