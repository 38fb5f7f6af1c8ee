// The log of a headless command (sim, console, replay, bot): `--log FILE` and `--log-level
// LEVEL`, as the game takes them, but only when asked for: a scripted command writes no file the
// user did not name (with `--log-level` alone it logs where the game does). The log goes to that
// file only, never to the standard output or error the command answers on, so what a command
// prints and its exit status are the same with a log or without.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli_args.h"

namespace cairn {

// The two options, for a command's ParseArgs list.
void AddLogOptions(std::vector<OptionSpec>& specs);
// Starts the log when --log or --log-level was given and says, at info, that `command` started
// with `args`. Returns -1 to go on, or the exit status to stop with (an unknown level: usage,
// printed as "cairn COMMAND: ..."). A log that cannot be opened is a warning on standard error,
// not a failure: the command runs without one.
[[nodiscard]] int StartCommandLog(const ParsedArgs& parsed, std::string_view command,
                                  const std::vector<std::string>& args);
// Logs, at info, the exit status the command stops with, and closes the log. Returns `status`.
int EndCommandLog(int status);

}  // namespace cairn
