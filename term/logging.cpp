#include "logging.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <filesystem>

#include "base/terminal_text.h"
#include "save_files.h"
#include "user_folders.h"

namespace cairn {
namespace {
std::shared_ptr<spdlog::logger> g_log;

std::string DefaultPath() {
  const std::string state = StateFolder();
  return state.empty() ? "" : state + "/cairn.log";
}
}  // namespace

bool StartLogging(const std::string& path, const std::string& level, std::string& error,
                  std::string& warning) {
  const spdlog::level::level_enum parsed = spdlog::level::from_str(level);
  if (parsed == spdlog::level::off && level != "off") {
    error = "unknown log level '" + EscapeForTerminal(level) +
            "' (trace, debug, info, warn, error, critical, off)";
    return false;
  }
  const std::string file = path.empty() ? DefaultPath() : path;
  // A log appends to its file: never to one a character lives in.
  if (const std::string why = path.empty() ? "" : WhyNotOverACharacter(path); !why.empty()) {
    error = "--log " + why + "; a log never goes where a character is (choose another file)";
    return false;
  }
  if (file.empty()) {
    warning = "cannot log: " + NoHomeReason() + "; logging is off";
    g_log.reset();
    return true;
  }
  if (std::string why; !MakeFolder(std::filesystem::path(file).parent_path().string(), why)) {
    warning = "cannot log to " + EscapeForTerminal(file) + " (" + why + "); logging is off";
    g_log.reset();
    return true;
  }
  try {
    g_log = spdlog::basic_logger_mt("cairn", file);
    g_log->set_level(parsed);
    g_log->flush_on(spdlog::level::warn);
    g_log->set_pattern("%Y-%m-%d %H:%M:%S.%e %l %v");
  } catch (const std::exception& e) {
    warning = "cannot log to " + EscapeForTerminal(file) + " (" + e.what() + "); logging is off";
    g_log.reset();
  }
  return true;
}

// Every entry is one line of text as a terminal shows it: paths, command lines and words from files
// or users are escaped (EscapeForTerminal), so `tail` or `cat` of the log runs no terminal command
// and a newline cannot forge an entry.
void LogInfo(const std::string& text) {
  if (g_log && g_log->should_log(spdlog::level::info)) g_log->info(EscapeForTerminal(text));
}
void LogDebug(const std::string& text) {
  if (g_log && g_log->should_log(spdlog::level::debug)) g_log->debug(EscapeForTerminal(text));
}
bool LogsDebug() {
  return g_log && g_log->should_log(spdlog::level::debug);
}
void LogWarn(const std::string& text) {
  if (g_log && g_log->should_log(spdlog::level::warn)) g_log->warn(EscapeForTerminal(text));
}
void StopLogging() {
  if (g_log) g_log->flush();
  g_log.reset();
  spdlog::drop_all();
}

}  // namespace cairn
