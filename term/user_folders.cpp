#include "user_folders.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "base/terminal_text.h"

namespace cairn {
namespace {

// An environment variable's value when it is an absolute path (the XDG rule: a relative value is
// invalid and ignored), else empty.
std::string AbsoluteFromEnvironment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || value[0] != '/') return "";
  return value;
}

std::string HomeFromPasswordDatabase() {
  long hint = ::sysconf(_SC_GETPW_R_SIZE_MAX);
  std::vector<char> buffer(hint > 0 ? static_cast<std::size_t>(hint) : 16384);
  passwd entry{};
  passwd* found = nullptr;
  while (::getpwuid_r(::getuid(), &entry, buffer.data(), buffer.size(), &found) == ERANGE &&
         buffer.size() < (std::size_t{1} << 20))
    buffer.resize(buffer.size() * 2);
  if (found == nullptr || found->pw_dir == nullptr || found->pw_dir[0] != '/') return "";
  return found->pw_dir;
}

}  // namespace

std::string HomeFolder() {
  const std::string home = AbsoluteFromEnvironment("HOME");
  return home.empty() ? HomeFromPasswordDatabase() : home;
}

std::string StateFolder() {
  if (std::string state = AbsoluteFromEnvironment("XDG_STATE_HOME"); !state.empty())
    return state + "/cairn";
  const std::string home = HomeFolder();
  return home.empty() ? "" : home + "/.local/state/cairn";
}

std::string ConfigFolder() {
  if (std::string config = AbsoluteFromEnvironment("XDG_CONFIG_HOME"); !config.empty())
    return config + "/cairn";
  const std::string home = HomeFolder();
  return home.empty() ? "" : home + "/.config/cairn";
}

std::string NoHomeReason() {
  return "there is no home folder (HOME is unset and the password database has no home for user " +
         std::to_string(::getuid()) + "); set HOME or XDG_STATE_HOME";
}

namespace {

// What stands at `path` that is not a folder, or empty when it is one or is missing.
std::string WhatBlocks(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(path, ec);
  if (ec || !fs::exists(link)) return "";
  const std::string shown = EscapeForTerminal(path.string());
  if (fs::is_symlink(link)) {
    const fs::path target = fs::read_symlink(path, ec);
    const std::string to = ec ? "" : " to " + EscapeForTerminal(target.string());
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
      return shown + " is a symbolic link" + to + ", which does not exist";
    if (!fs::is_directory(status))
      return shown + " is a symbolic link" + to + ", which is not a folder";
    return "";
  }
  if (!fs::is_directory(link)) return shown + " is a file, not a folder";
  return "";
}

}  // namespace

bool MakeFolder(const std::string& folder, std::string& why) {
  if (folder.empty()) return true;
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (!ec) return true;
  // The first thing on the way down that is not a folder says more than the system's message.
  std::filesystem::path walked;
  for (const std::filesystem::path& part : std::filesystem::path(folder)) {
    walked /= part;
    if (std::string blocks = WhatBlocks(walked); !blocks.empty()) {
      why = "cannot make the folder " + EscapeForTerminal(folder) + ": " + blocks;
      return false;
    }
  }
  why = "cannot make the folder " + EscapeForTerminal(folder) + ": " + ec.message();
  return false;
}

}  // namespace cairn
