// The `cairn` program: dispatches to the subcommands in SPEC.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "base/closest_name.h"
#include "base/terminal_text.h"
#include "cli_args.h"
#include "content/level_document.h"
#include "dungeon/dungeon_plan.h"
#include "replay/recording.h"
#include "save/save_codec.h"
#include "term_commands.h"

#ifndef CAIRN_VERSION
#define CAIRN_VERSION "0.0.0"
#endif
#ifndef CAIRN_BUILD_ID
#define CAIRN_BUILD_ID "unknown"
#endif

namespace {

constexpr const char* kUsage =
    "cairn " CAIRN_VERSION
    ": a roguelike on an inspectable entity core\n"
    "\n"
    "usage:\n"
    "  cairn [--seed N] [--level PATH] [--load SAVE] [--save PATH] [--record FILE] [--debug]\n"
    "        [--ascii] [--mono] [--colour-blind] [--no-mouse] [--log PATH] [--log-level L]\n"
    "        [--morgue DIR] [--more important|all|off]\n"
    "                                        play in the terminal (--debug: pane shown, paused)\n"
    "  cairn sim [--seed N] [--level PATH] [--load SAVE] [--input KEYS|@FILE] [--ticks N]\n"
    "            [--record FILE] [--save FILE] [--trace]\n"
    "                                        play headless; last line: tick T state H\n"
    "  cairn replay FILE [--verify]          replay a recording; --verify names the first "
    "difference\n"
    "  cairn check PATH...                   validate levels, definitions, recordings and saves\n"
    "  cairn format [--write] LEVEL...       print (or rewrite) levels in canonical form\n"
    "  cairn identity migrate ROOT MANIFEST LEVEL...   mint UUIDs for version-1 levels\n"
    "  cairn identity apply ROOT MANIFEST LEVEL OUTPUT write the version-2 level\n"
    "  cairn bot [--seed N] [--runs K]       play by itself, headless: one line per run\n"
    "  cairn generate [--seed N] [--depth D] print a generated floor as text\n"
    "  cairn keys [KEYFILE]                  the keys table (README's) from the key map\n"
    "  cairn lesson [--auto | --text]        a guided walk through the entity-component world\n"
    "  cairn frame [--seed N] [--level PATH] [--size WxH] [--keys \"KEY ...\"] [--debug]\n"
    "              [--ascii] [--colours | --attributes]\n"
    "                                        draw one frame as text (golden-frame tests)\n"
    "  cairn console [--seed N] [--capacity N] [FILE]\n"
    "                                        the debug console protocol on FILE or stdin\n"
    "  sim, replay, bot and console also take [--log FILE] [--log-level L]: a log of what\n"
    "  they load and why they stop, in FILE only (docs/CLI.md)\n"
    "  cairn --help                          this text\n"
    "  cairn --version                       version, build identity and file formats\n"
    "\n"
    "Exit status: 0 success, 1 invalid content or failed verification, 2 wrong usage,\n"
    "3 entropy unavailable, 4 simulation fault. See docs/CLI.md.\n";

constexpr std::string_view kCommands[] = {"console",  "sim", "replay",   "check", "frame", "format",
                                          "generate", "bot", "identity", "keys",  "lesson"};

// `cairn COMMAND --help`: the lines of the usage that are about COMMAND (its own and the lines
// that continue it), then where the rest is said.
int CommandHelp(const std::string& command) {
  std::istringstream usage(kUsage);
  std::string line;
  bool in = false;
  while (std::getline(usage, line)) {
    const bool starts = line.rfind("  cairn ", 0) == 0 || line.rfind("  sim, ", 0) == 0;
    if (starts) in = line.rfind("  cairn " + command + " ", 0) == 0 || line == "  cairn " + command;
    if (in && !line.empty()) std::cout << line << "\n";
  }
  std::cout << "See docs/CLI.md (or cairn(6)) for every option and the exit statuses.\n";
  return cairn::kExitOk;
}

int Run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args.front().rfind("--", 0) == 0) {
    if (!args.empty() && (args.front() == "--help" || args.front() == "--version")) {
      // handled below
    } else {
      return cairn::RunPlayCommand(args);
    }
  }
  const std::string command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return cairn::kExitOk;
  }
  if (command == "--version") {
    // Then the file formats this build writes, and the oldest of each it still reads, and the
    // dungeon rules a new run is made under, and the oldest a resumed or replayed run may have.
    std::cout << "cairn " CAIRN_VERSION " (build " CAIRN_BUILD_ID ")\n"
              << "save format " << cairn::kSaveVersion << " (reads " << cairn::kOldestSaveVersion
              << " to " << cairn::kSaveVersion << ")\n"
              << "recording format " << cairn::kReplayVersion << " (reads "
              << cairn::kReplayHandleVersion << " to " << cairn::kReplayVersion << ")\n"
              << "level format " << cairn::kLevelVersionUuids << " (reads "
              << cairn::kLevelVersionLabels << " to " << cairn::kLevelVersionUuids << ")\n"
              << "dungeon rules " << cairn::kDungeonRules << " (makes "
              << cairn::kOldestDungeonRules << " to " << cairn::kDungeonRules << ")\n";
    return cairn::kExitOk;
  }
  const bool known =
      std::find(std::begin(kCommands), std::end(kCommands), command) != std::end(kCommands);
  if (known && std::find_if(rest.begin(), rest.end(), [](const std::string& a) {
                 return a == "--help" || a == "-h";
               }) != rest.end())
    return CommandHelp(command);
  if (command == "console") return cairn::RunConsoleCommand(rest);
  if (command == "sim") return cairn::RunSimCommand(rest);
  if (command == "replay") return cairn::RunReplayCommand(rest);
  if (command == "check") return cairn::RunCheckCommand(rest);
  if (command == "frame") return cairn::RunFrameCommand(rest);
  if (command == "format") return cairn::RunFormatCommand(rest);
  if (command == "generate") return cairn::RunGenerateCommand(rest);
  if (command == "bot") return cairn::RunBotCommand(rest);
  if (command == "identity") return cairn::RunIdentityCommand(rest);
  if (command == "keys") return cairn::RunKeysCommand(rest);
  if (command == "lesson") return cairn::RunLessonCommand(rest);
  std::cerr << "cairn: unknown command or option '" << cairn::EscapeForTerminal(command) << "'"
            << cairn::DidYouMean(command, kCommands) << "\n"
            << kUsage;
  return cairn::kExitUsage;
}

}  // namespace

// Each command reports running out of memory while it reads a file as a problem with that file
// (out_of_memory.h); this is the last resort for whatever is left, so it is an error line and
// exit status 1, never an abort.
int main(int argc, char** argv) {
  // A file-size limit (ulimit -f, as a quota sets) would kill the process mid-write with
  // SIGXFSZ, leaving temporaries, a lock and a terminal in curses behind. Ignored, the write
  // fails with EFBIG instead, and every writer reports that as it reports a full disk: a clear
  // error, the old file kept.
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    return Run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs("cairn: error: out of memory\n", stderr);
    return cairn::kExitInvalid;
  }
}
