#include "storage/line_reader.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>

namespace cairn {

LineReader::Result LineReader::Next(std::string& line, std::string& error) noexcept {
  try {
    if (end_ && pending_start_ >= pending_.size()) return Result::End;
    ++line_number_;
    std::size_t scanned = pending_start_;
    while (true) {
      const std::size_t newline = pending_.find('\n', scanned);
      const std::size_t end = newline == std::string::npos ? pending_.size() : newline;
      if (end - pending_start_ > cap_) return Result::TooLong;
      if (newline != std::string::npos || (end_ && end > pending_start_)) {
        line.assign(pending_, pending_start_, end - pending_start_);
        pending_start_ = newline == std::string::npos ? end : newline + 1;
        return Result::Line;
      }
      if (end_) return Result::End;
      // Keep only what is unread, then read more.
      pending_.erase(0, pending_start_);
      pending_start_ = 0;
      scanned = pending_.size();
      char buffer[1 << 16];
      const ssize_t n = ::read(fd_, buffer, sizeof buffer);
      if (n < 0) {
        if (errno == EINTR) continue;
        error = std::strerror(errno);
        return Result::Failed;
      }
      if (n == 0) end_ = true;
      pending_.append(buffer, static_cast<std::size_t>(n));
    }
  } catch (const std::bad_alloc&) {
    try {
      error = "out of memory";
    } catch (...) {
    }
    return Result::Failed;
  }
}

}  // namespace cairn
