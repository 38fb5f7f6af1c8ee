// Where state and settings go: XDG first, then HOME, then the password database's home; never
// the current folder (a save written wherever the program started is a save lost).
#include "user_folders.h"

#include <pwd.h>
#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <optional>
#include <string>

namespace user_folders_test {

using namespace cairn;

namespace {

// Sets (or, with nullopt, unsets) an environment variable for one scope.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value->c_str(), 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnvironment() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string PasswordHome() {
  const passwd* entry = ::getpwuid(::getuid());
  REQUIRE(entry != nullptr);
  return entry->pw_dir;
}

}  // namespace

TEST_CASE("XDG folders win when they are absolute paths", "[folders]") {
  ScopedEnvironment state("XDG_STATE_HOME", "/somewhere/state");
  ScopedEnvironment config("XDG_CONFIG_HOME", "/somewhere/config");
  ScopedEnvironment home("HOME", "/home/someone");
  CHECK(StateFolder() == "/somewhere/state/cairn");
  CHECK(ConfigFolder() == "/somewhere/config/cairn");
}

TEST_CASE("without XDG folders, HOME decides; a relative XDG value is ignored", "[folders]") {
  ScopedEnvironment state("XDG_STATE_HOME", "relative/state");
  ScopedEnvironment config("XDG_CONFIG_HOME", std::nullopt);
  ScopedEnvironment home("HOME", "/home/someone");
  CHECK(HomeFolder() == "/home/someone");
  CHECK(StateFolder() == "/home/someone/.local/state/cairn");
  CHECK(ConfigFolder() == "/home/someone/.config/cairn");
}

TEST_CASE("with HOME unset, empty or relative, the password database's home is used", "[folders]") {
  ScopedEnvironment state("XDG_STATE_HOME", std::nullopt);
  ScopedEnvironment config("XDG_CONFIG_HOME", std::nullopt);
  const std::string home = PasswordHome();
  for (const std::optional<std::string>& value :
       {std::optional<std::string>{}, std::optional<std::string>{""},
        std::optional<std::string>{"."}}) {
    ScopedEnvironment unset("HOME", value);
    CHECK(HomeFolder() == home);
    CHECK(StateFolder() == home + "/.local/state/cairn");
    CHECK(ConfigFolder() == home + "/.config/cairn");
    CHECK(StateFolder().front() == '/');  // never relative to the current folder
  }
}

}  // namespace user_folders_test
