#include "user_folders.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <vector>

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

}  // namespace cairn
