// The log: spdlog writing to a file, never to the terminal (curses owns it while the game runs).
#pragma once

#include <string>

namespace cairn {

// Starts logging to `path` (or, when empty, $XDG_STATE_HOME/cairn/cairn.log, or
// ~/.local/state/cairn/cairn.log) at `level` (trace, debug, info, warn, error, critical, off).
// False with `error` set when the level is unknown (a usage error); a file that cannot be opened
// is not fatal: logging is then off and `warning` says why.
[[nodiscard]] bool StartLogging(const std::string& path, const std::string& level,
                                std::string& error, std::string& warning);
void LogInfo(const std::string& text);
void LogDebug(const std::string& text);
// Whether a LogDebug line would be written: a caller building one per command or line asks first,
// so a command run without a log pays nothing for it.
[[nodiscard]] bool LogsDebug();
void LogWarn(const std::string& text);
void StopLogging();

}  // namespace cairn
