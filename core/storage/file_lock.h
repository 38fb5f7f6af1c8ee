// An exclusive, advisory lock that makes a file one process's: "PATH.lock" beside it, held with
// flock(2) for as long as the FileLock lives. The kernel drops the lock when its holder dies in
// any way (SIGKILL, a crash, an OOM kill), so a lock is never left stale; the holder writes who it
// is into the lock file so a refused process can name it.
//
// The lock file is removed on release. That is safe because taking the lock checks, once it holds
// the lock, that the name still leads to the file it locked; a process that locked a file just
// removed by its last holder lets go and tries the new one.
#pragma once

#include <string>

namespace cairn {

class FileLock {
 public:
  FileLock() = default;
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

  enum class Outcome : unsigned char { Taken, HeldElsewhere, Failed };
  // Takes the lock on `path` (the lock file is `path` + ".lock") without waiting. Taken: `out`
  // holds it (a lock `out` held before is released first). HeldElsewhere: another process holds
  // it, and `error` names that process ("process 1234 on host h since 2026-12-01 11:07:15 UTC
  // holds PATH.lock"). Failed: the lock file could not be made or locked; `error` says why.
  // `out` is unchanged unless Taken.
  [[nodiscard]] static Outcome Take(const std::string& path, FileLock& out, std::string& error);

  [[nodiscard]] bool Held() const noexcept { return fd_ >= 0; }
  // The locked file's path (not the lock file's); empty when nothing is held.
  [[nodiscard]] const std::string& Path() const noexcept { return path_; }
  // Removes the lock file and lets the lock go. Idempotent.
  void Release() noexcept;

 private:
  int fd_ = -1;
  std::string path_;
};

// The lock file of `path`.
[[nodiscard]] std::string LockFileOf(const std::string& path);

}  // namespace cairn
