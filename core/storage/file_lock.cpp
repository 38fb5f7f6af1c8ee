#include "storage/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <utility>

namespace cairn {
namespace {

std::string Reason() {
  return std::strerror(errno);
}

// What the holder writes into its lock file: one line, for people.
std::string HolderText() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "unknown");
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", &utc);
  return "process " + std::to_string(::getpid()) + " on host " + host + " since " + stamp + "\n";
}

// Who holds the lock open at `fd`, from what it wrote: its one line, or "another process" while
// it has not written yet. Never more than a line, and only printable ASCII, since it is shown to
// the user and anyone able to write the folder could have written it.
std::string HolderOf(int fd) {
  char buffer[256] = {};
  const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
  std::string text;
  for (ssize_t i = 0; i < n && buffer[i] != '\n'; ++i)
    text += (buffer[i] >= 0x20 && buffer[i] < 0x7f) ? buffer[i] : '?';
  return text.empty() ? "another process" : text;
}

}  // namespace

std::string LockFileOf(const std::string& path) {
  return path + ".lock";
}

FileLock::FileLock(FileLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    Release();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

FileLock::~FileLock() {
  Release();
}

void FileLock::Release() noexcept {
  if (fd_ < 0) return;
  // Unlink before unlocking: whoever locks this file next finds its name gone and tries anew.
  ::unlink(LockFileOf(path_).c_str());
  ::close(fd_);
  fd_ = -1;
  path_.clear();
}

FileLock::Outcome FileLock::Take(const std::string& path, FileLock& out, std::string& error) {
  const std::string lock_path = LockFileOf(path);
  // A few rounds: each lost only to a holder that removed the file between our open and flock.
  for (int attempt = 0; attempt < 16; ++attempt) {
    const int fd =
        ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644);
    if (fd < 0) {
      error = "cannot open the lock file " + lock_path + ": " + Reason();
      return Outcome::Failed;
    }
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
      error = "the lock file " + lock_path + " is not a regular file";
      ::close(fd);
      return Outcome::Failed;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int why = errno;
      const bool held = why == EWOULDBLOCK;
      error = held ? HolderOf(fd) + " holds " + lock_path
                   : "cannot lock " + lock_path + ": " + std::strerror(why);
      ::close(fd);
      return held ? Outcome::HeldElsewhere : Outcome::Failed;
    }
    struct stat named {};
    if (::stat(lock_path.c_str(), &named) != 0 || named.st_ino != opened.st_ino ||
        named.st_dev != opened.st_dev) {
      ::close(fd);  // the holder we waited behind removed this one: lock the new file
      continue;
    }
    const std::string holder = HolderText();
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, holder.data(), holder.size(), 0) != static_cast<ssize_t>(holder.size())) {
      // The lock is still held; only the note of who holds it is missing. Keep going.
    }
    out.Release();
    out.fd_ = fd;
    out.path_ = path;
    return Outcome::Taken;
  }
  error = "cannot lock " + lock_path + ": it keeps being replaced";
  return Outcome::Failed;
}

}  // namespace cairn
