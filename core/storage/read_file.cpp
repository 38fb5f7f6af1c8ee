#include "storage/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

namespace cairn {
namespace {

// What a path that is not a regular file names, for the refusal.
const char* NotRegularReason(mode_t mode) noexcept {
  if (S_ISDIR(mode)) return "is a directory, not a regular file";
  if (S_ISFIFO(mode)) return "is a FIFO, not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

// "32 MiB", "1.5 GiB": sizes in messages, rounded to one decimal where that says more.
std::string Size(std::uint64_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024.0 && unit < 4) {
    value /= 1024.0;
    ++unit;
  }
  char buffer[32];
  if (unit == 0 || value == static_cast<double>(static_cast<std::uint64_t>(value)))
    std::snprintf(buffer, sizeof buffer, "%llu %s", static_cast<unsigned long long>(value),
                  units[unit]);
  else
    std::snprintf(buffer, sizeof buffer, "%.1f %s", value, units[unit]);
  return buffer;
}

// Sets the out-of-memory message and answers false. Messages are short; if even this one cannot
// be built, `error` stays as it was.
bool OutOfMemory(std::string& error) noexcept {
  try {
    error = "out of memory while reading";
  } catch (...) {
  }
  return false;
}

// Closes the descriptor on every way out.
class Descriptor {
 public:
  explicit Descriptor(int fd) noexcept : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  [[nodiscard]] int Get() const noexcept { return fd_; }
  [[nodiscard]] int Release() noexcept {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

}  // namespace

bool OpenForReading(const std::string& path, std::uint64_t cap, std::string_view what,
                    OpenedFile& out, std::string& error) noexcept {
  try {
    // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, forever. O_NOCTTY: a
    // terminal device named here must never become this process's controlling terminal.
    Descriptor opened(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (opened.Get() < 0) {
      const int why = errno;
      struct stat link {};
      if (why == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
        error =
            "is a symbolic link to nothing (cannot open: " + std::string(std::strerror(why)) + ")";
      else
        error = "cannot open: " + std::string(std::strerror(why));
      return false;
    }
    struct stat info {};
    if (::fstat(opened.Get(), &info) != 0) {
      error = "cannot read: " + std::string(std::strerror(errno));
      return false;
    }
    if (!S_ISREG(info.st_mode)) {
      error = NotRegularReason(info.st_mode);
      return false;
    }
    const auto size = static_cast<std::uint64_t>(info.st_size < 0 ? 0 : info.st_size);
    if (size > cap) {
      error = OverCapMessage(size, cap, what);
      return false;
    }
    out.size = size;
    out.fd = opened.Release();
    return true;
  } catch (const std::bad_alloc&) {
    return OutOfMemory(error);
  }
}

namespace {

// The body of ReadWholeFileCapped; std::bad_alloc may escape (the caller turns it into an error).
bool ReadOrThrowBadAlloc(const std::string& path, std::uint64_t cap, std::string_view what,
                         std::string& text, std::string& error) {
  OpenedFile file;
  if (!OpenForReading(path, cap, what, file, error)) return false;
  const Descriptor fd(file.fd);
  std::string data;
  data.reserve(static_cast<std::size_t>(file.size));
  char buffer[1 << 16];
  while (true) {
    // Never ask for more than one byte past the cap: a file that grows while it is read (or that
    // reports no size, as /proc files do) stops there.
    const std::uint64_t room = cap + 1 - data.size();
    const std::size_t want = room < sizeof buffer ? static_cast<std::size_t>(room) : sizeof buffer;
    const ssize_t n = ::read(fd.Get(), buffer, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = "cannot read: " + std::string(std::strerror(errno));
      return false;
    }
    if (n == 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
    if (data.size() > cap) {
      error = "grew past the " + Size(cap) + " limit for " + std::string(what) +
              " while it was being read";
      return false;
    }
  }
  text = std::move(data);
  return true;
}

}  // namespace

std::string OverCapMessage(std::uint64_t size, std::uint64_t cap, std::string_view what) {
  const std::string exact = size >= 1024 ? " (" + std::to_string(size) + " bytes)" : "";
  return "is " + Size(size) + exact + ", over the " + Size(cap) + " limit for " + std::string(what);
}

std::string WhyUnreadable(std::string_view text, FileKind kind) {
  const FileKindLimit& limit = LimitOf(kind);
  if (text.size() <= limit.cap) return "";
  return "it " + OverCapMessage(text.size(), limit.cap, limit.name) +
         ", so cairn could not read it back; nothing was written";
}

bool ReadWholeFileCapped(const std::string& path, std::uint64_t cap, std::string_view what,
                         std::string& text, std::string& error) noexcept {
  try {
    return ReadOrThrowBadAlloc(path, cap, what, text, error);
  } catch (const std::bad_alloc&) {
    return OutOfMemory(error);
  }
}

bool ReadWholeFile(const std::string& path, FileKind kind, std::string& text,
                   std::string& error) noexcept {
  const FileKindLimit& limit = LimitOf(kind);
  return ReadWholeFileCapped(path, limit.cap, limit.name, text, error);
}

}  // namespace cairn
