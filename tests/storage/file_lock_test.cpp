// FileLock makes a file one process's: a second taker is refused and told who holds it, a dead
// holder's lock is free at once, and release leaves no lock file behind.
#include "storage/file_lock.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

namespace file_lock_test {

using namespace cairn;

namespace {

std::string TempFolder() {
  std::string pattern = "/tmp/cairn-lock-XXXXXX";
  REQUIRE(::mkdtemp(pattern.data()) != nullptr);
  return pattern;
}

}  // namespace

TEST_CASE("a held lock refuses a second taker and names the holder", "[storage][lock]") {
  const std::string folder = TempFolder();
  const std::string save = folder + "/save.toml";
  FileLock first;
  std::string error;
  REQUIRE(FileLock::Take(save, first, error) == FileLock::Outcome::Taken);
  CHECK(first.Held());
  CHECK(first.Path() == save);
  CHECK(std::filesystem::exists(save + ".lock"));

  FileLock second;
  CHECK(FileLock::Take(save, second, error) == FileLock::Outcome::HeldElsewhere);
  CHECK_FALSE(second.Held());
  CHECK(error.find("process " + std::to_string(::getpid())) != std::string::npos);
  CHECK(error.find(save + ".lock") != std::string::npos);

  first.Release();
  CHECK_FALSE(first.Held());
  CHECK_FALSE(std::filesystem::exists(save + ".lock"));
  REQUIRE(FileLock::Take(save, second, error) == FileLock::Outcome::Taken);
  CHECK(second.Held());
  second.Release();
  std::filesystem::remove_all(folder);
}

TEST_CASE("a lock whose holder was killed is free at once", "[storage][lock]") {
  const std::string folder = TempFolder();
  const std::string save = folder + "/save.toml";
  int ready[2];
  REQUIRE(::pipe(ready) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    FileLock held;
    std::string why;
    const char ok = FileLock::Take(save, held, why) == FileLock::Outcome::Taken ? 'y' : 'n';
    (void)!::write(ready[1], &ok, 1);
    ::pause();
    ::_exit(0);
  }
  char ok = 0;
  REQUIRE(::read(ready[0], &ok, 1) == 1);
  REQUIRE(ok == 'y');
  FileLock mine;
  std::string error;
  CHECK(FileLock::Take(save, mine, error) == FileLock::Outcome::HeldElsewhere);
  CHECK(error.find("process " + std::to_string(child)) != std::string::npos);
  ::kill(child, SIGKILL);
  REQUIRE(::waitpid(child, nullptr, 0) == child);
  // The dead holder's lock file is still there (it could not remove it); the lock is not.
  CHECK(std::filesystem::exists(save + ".lock"));
  REQUIRE(FileLock::Take(save, mine, error) == FileLock::Outcome::Taken);
  CHECK(mine.Held());
  ::close(ready[0]);
  ::close(ready[1]);
  mine.Release();
  std::filesystem::remove_all(folder);
}

TEST_CASE("a symbolic link at the lock file's name is refused, not followed",
          "[storage][lock][hostile]") {
  const std::string folder = TempFolder();
  const std::string save = folder + "/save.toml";
  const std::string victim = folder + "/victim";
  REQUIRE(::symlink(victim.c_str(), (save + ".lock").c_str()) == 0);
  FileLock lock;
  std::string error;
  CHECK(FileLock::Take(save, lock, error) == FileLock::Outcome::Failed);
  CHECK_FALSE(lock.Held());
  CHECK(error.find("cannot open the lock file") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(victim));
  std::filesystem::remove_all(folder);
}

TEST_CASE("a lock moved into another FileLock is still held, once", "[storage][lock]") {
  const std::string folder = TempFolder();
  const std::string save = folder + "/save.toml";
  FileLock a;
  std::string error;
  REQUIRE(FileLock::Take(save, a, error) == FileLock::Outcome::Taken);
  FileLock b = std::move(a);
  CHECK(b.Held());
  CHECK_FALSE(a.Held());  // NOLINT(bugprone-use-after-move): moved-from state is specified
  a.Release();            // releasing the moved-from lock must not free b's
  FileLock c;
  CHECK(FileLock::Take(save, c, error) == FileLock::Outcome::HeldElsewhere);
  b.Release();
  std::filesystem::remove_all(folder);
}

}  // namespace file_lock_test
