#include "storage/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <ctime>

namespace cairn {
namespace {

std::string Reason() {
  return std::strerror(errno);
}

std::string FolderOf(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Each write() call of WriteFileAtomically hands over at most this much.
constexpr std::size_t kWriteChunk = std::size_t{1} << 16;

// The write-step seam (files.h): negative g_fail_at is disarmed, and no step position is negative.
thread_local std::int64_t g_fail_at = -1;
thread_local std::int64_t g_seen = 0;

// One step of WriteFileAtomically: its position, and whether an armed test wants it to fail.
struct Step {
  std::int64_t index;
  bool injected;
};

Step NextStep() noexcept {
  const std::int64_t position = g_seen++;
  if (position != g_fail_at) return {position, false};
  g_fail_at = -1;
  return {position, true};
}

// Why a step failed: the injection, or errno's text (so call it before anything resets errno).
std::string Why(const Step& step) {
  if (step.injected) return "injected failure at step " + std::to_string(step.index);
  return Reason();
}

// A name for the next temporary: "PATH.tmp-PID-RANDOM", RANDOM 16 hexadecimal digits. The kernel's
// random bytes when it has them; otherwise the clock mixed with a counter, which is still unique
// enough because the name is created exclusively and a taken name is simply tried again.
std::string TemporaryName(const std::string& path) {
  static thread_local std::uint64_t counter = 0;
  std::uint64_t bits = 0;
  if (::getrandom(&bits, sizeof bits, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof bits)) {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    bits = static_cast<std::uint64_t>(now.tv_nsec) * 0x9E3779B97F4A7C15ull ^
           static_cast<std::uint64_t>(now.tv_sec) << 32 ^ ++counter * 0xBF58476D1CE4E5B9ull;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string random(16, '0');
  for (int i = 15; i >= 0; --i, bits >>= 4) random[static_cast<std::size_t>(i)] = kHex[bits & 15u];
  return path + ".tmp-" + std::to_string(::getpid()) + "-" + random;
}

// Creates a new temporary beside `path`, exclusively: O_EXCL refuses any name that exists, a
// symbolic link included (planted or dangling, it is never followed), so a taken name is tried
// again with new random bits; eight tries all taken is an error (EEXIST).
int CreateTemporary(const std::string& path, std::string& temporary) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    temporary = TemporaryName(path);
    const int fd =
        ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// Removes "NAME.tmp-PID" and "NAME.tmp-PID-RANDOM" beside `path` when process PID no longer exists
// and the file has not changed for an hour: what a writer killed mid-write left. Both, because
// neither alone is proof: a writer in another PID namespace (a container, another host sharing the
// folder) looks gone from here, and a process that reuses the number looks alive. No writer takes
// an hour between creating its temporary and renaming it. Best effort: a folder that cannot be read
// or a file that cannot be removed is left alone.
constexpr time_t kAbandonedAfterSeconds = 3600;

void RemoveAbandonedTemporaries(const std::string& path) {
  const time_t now = ::time(nullptr);
  const std::string folder = FolderOf(path);
  const std::size_t slash = path.rfind('/');
  const std::string prefix = (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp-";
  DIR* dir = ::opendir(folder.c_str());
  if (dir == nullptr) return;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string_view name = entry->d_name;
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) continue;
    const std::string_view rest = name.substr(prefix.size());
    pid_t pid = 0;
    const auto [end, problem] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (problem != std::errc{}) continue;  // not a PID
    const std::string_view tail(end, static_cast<std::size_t>(rest.data() + rest.size() - end));
    if (!tail.empty() && (tail.size() != 17 || tail[0] != '-' ||
                          tail.find_first_not_of("0123456789abcdef", 1) != std::string_view::npos))
      continue;  // not a temporary of ours
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    const std::string file = folder + "/" + std::string(name);
    struct stat info {};
    if (::lstat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) continue;
    if (now - info.st_mtime < kAbandonedAfterSeconds) continue;  // perhaps still being written
    ::unlink(file.c_str());
  }
  ::closedir(dir);
}

// How the finished temporary takes `path`'s name.
enum class Publish { kReplace, kCreateOnly };

// Gives the finished `temporary` the name `path`: rename(2) for kReplace; for kCreateOnly a link
// (then the temporary's own name is dropped) or, where the file system has no hard links,
// renameat2 with RENAME_NOREPLACE. Both refuse an existing `path` with EEXIST.
bool PublishTemporary(const std::string& temporary, const std::string& path, Publish mode) {
  if (mode == Publish::kReplace) return ::rename(temporary.c_str(), path.c_str()) == 0;
  if (::link(temporary.c_str(), path.c_str()) == 0) {
    ::unlink(temporary.c_str());
    return true;
  }
  if (errno != EPERM && errno != EOPNOTSUPP && errno != EMLINK) return false;
  return ::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0;
}

bool WriteFile(const std::string& path, std::string_view text, Publish mode, std::string& error) {
  std::string temporary = path + ".tmp-" + std::to_string(::getpid());
  const Step create_step = NextStep();
  const int fd = create_step.injected ? -1 : CreateTemporary(path, temporary);
  if (fd < 0) {
    error = "cannot create " + temporary + ": " + Why(create_step);
    return false;
  }
  const auto fail = [&](const std::string& what, const Step& step) {
    error = what + ": " + Why(step);  // before close and unlink can change errno
    ::close(fd);
    ::unlink(temporary.c_str());
    return false;
  };
  std::size_t written = 0;
  while (written < text.size()) {
    const Step write_step = NextStep();
    const std::size_t chunk = std::min(text.size() - written, kWriteChunk);
    const ssize_t n = write_step.injected ? -1 : ::write(fd, text.data() + written, chunk);
    if (n < 0) {
      if (!write_step.injected && errno == EINTR) continue;
      return fail("cannot write " + temporary, write_step);
    }
    written += static_cast<std::size_t>(n);
  }
  const Step flush_step = NextStep();
  if (flush_step.injected || ::fsync(fd) != 0) return fail("cannot flush " + temporary, flush_step);
  // Linux releases the descriptor even when close reports an error, so close is never retried;
  // an injected failure closes it too, as a real one would.
  const Step close_step = NextStep();
  const int closed = ::close(fd);
  if (close_step.injected || closed != 0) {
    error = "cannot close " + temporary + ": " + Why(close_step);
    ::unlink(temporary.c_str());
    return false;
  }
  const Step rename_step = NextStep();
  if (rename_step.injected || !PublishTemporary(temporary, path, mode)) {
    if (!rename_step.injected && errno == EEXIST)
      error = path + " exists already (created by another writer meanwhile?); it was not replaced";
    else if (mode == Publish::kCreateOnly)
      error = "cannot create " + path + " from " + temporary + ": " + Why(rename_step);
    else
      error = "cannot rename " + temporary + " over " + path + ": " + Why(rename_step);
    ::unlink(temporary.c_str());
    return false;
  }
  // The rename is durable only once the folder's entry is: fsync the folder. Nothing is undone
  // past the rename: `path` holds the new text, whole, but a system crash could still lose it,
  // so a failure here is reported and nothing is removed.
  const std::string folder = FolderOf(path);
  const Step folder_step = NextStep();
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) {
    error = "wrote " + path + " but cannot open its folder " + folder +
            " to fsync it, so the new file may not survive a system crash: " + Reason();
    return false;
  }
  const int synced = folder_step.injected ? -1 : ::fsync(dir);
  const int sync_errno = errno;
  ::close(dir);
  // EINVAL and EOPNOTSUPP: a file system that cannot sync folders; nothing more can be done.
  const bool unsupported = sync_errno == EINVAL || sync_errno == EOPNOTSUPP;
  if (synced != 0 && (folder_step.injected || !unsupported)) {
    errno = sync_errno;
    error = "wrote " + path + " but cannot fsync its folder " + folder +
            ", so the new file may not survive a system crash: " + Why(folder_step);
    return false;
  }
  RemoveAbandonedTemporaries(path);
  return true;
}

}  // namespace

bool WriteFileAtomically(const std::string& path, std::string_view text, std::string& error) {
  return WriteFile(path, text, Publish::kReplace, error);
}

bool CreateFileExclusively(const std::string& path, std::string_view text, std::string& error) {
  return WriteFile(path, text, Publish::kCreateOnly, error);
}

namespace storage_fault {
void FailStepAt(std::int64_t index) noexcept {
  g_fail_at = index;
  g_seen = 0;
}
void Disarm() noexcept {
  g_fail_at = -1;
  g_seen = 0;
}
std::int64_t StepsSeen() noexcept {
  return g_seen;
}
}  // namespace storage_fault

}  // namespace cairn
