// LineReader: lines from a file descriptor (standard input, or a file OpenForReading opened), each
// at most a cap long, so an endless line (`cairn console < /dev/zero`) is an error as soon as it
// passes the cap instead of a buffer that grows until memory runs out. It reads with read(2)
// straight from the descriptor, so a person typing at a terminal gets each reply as soon as the
// line is entered.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn {

class LineReader {
 public:
  enum class Result : std::uint8_t { Line, End, TooLong, Failed };

  // Does not take `fd`: the caller closes it.
  LineReader(int fd, std::uint64_t line_cap) noexcept : fd_(fd), cap_(line_cap) {}

  // The next line, without its '\n' (a last line without one counts too). TooLong when a line
  // passes the cap (nothing more is read), Failed when read(2) fails (`error` says why), End
  // after the last line. Out of memory is Failed too.
  [[nodiscard]] Result Next(std::string& line, std::string& error) noexcept;

  // The 1-based number of the line Next last answered (or stopped in).
  [[nodiscard]] std::uint64_t LineNumber() const noexcept { return line_number_; }

 private:
  int fd_;
  std::uint64_t cap_;
  std::uint64_t line_number_ = 0;
  std::string pending_;  // read but not yet returned
  std::size_t pending_start_ = 0;
  bool end_ = false;
};

}  // namespace cairn
