// Reading a whole file, safely whatever the path names: every file cairn reads comes through here.
//
// Only a regular file is read. The path is opened non-blocking (a FIFO with no writer would
// otherwise block the open forever) and without becoming a controlling terminal; what it opened
// is checked with fstat, so a FIFO, a device (/dev/zero never ends, /dev/tty waits for a person),
// a socket or a directory is refused at once, by name. A file over its kind's cap
// (read_limits.h) is refused from its size before a byte is read, and reading stops at the cap
// plus one byte in case the file grows meanwhile. Running out of memory is an error too. So every
// answer comes in well under a second, and no file costs more memory than its cap.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "storage/read_limits.h"

namespace cairn {

// Reads all of `path`, a file of `kind`, into `text`; false with `error` saying why otherwise
// ("cannot open: No such file or directory", "is a FIFO, not a regular file", "is 10 GiB, over
// the 32 MiB limit for a level"), and `text` unchanged.
[[nodiscard]] bool ReadWholeFile(const std::string& path, FileKind kind, std::string& text,
                                 std::string& error) noexcept;

// The same with an explicit cap in bytes, and `what` naming the kind in the message ("a level").
[[nodiscard]] bool ReadWholeFileCapped(const std::string& path, std::uint64_t cap,
                                       std::string_view what, std::string& text,
                                       std::string& error) noexcept;

// The first half of ReadWholeFile, for a reader that streams (the console reads its FILE line by
// line): opens `path` as above and checks it is a regular file of at most `cap` bytes. On success
// `out.fd` is the caller's to close.
struct OpenedFile {
  int fd = -1;
  std::uint64_t size = 0;  // as fstat saw it when opened
};
[[nodiscard]] bool OpenForReading(const std::string& path, std::uint64_t cap, std::string_view what,
                                  OpenedFile& out, std::string& error) noexcept;

// "is 12 MiB, over the 1 MiB limit for a key map": the message for `size` bytes over `cap`, shared
// by the readers and `cairn check` (which learns a file's kind only after reading it).
[[nodiscard]] std::string OverCapMessage(std::uint64_t size, std::uint64_t cap,
                                         std::string_view what);

// Why `text`, to be written as a file of `kind`, could not be read back ("" when it can): every
// file cairn writes is held to the size it is read at before it is written (decision 0032).
[[nodiscard]] std::string WhyUnreadable(std::string_view text, FileKind kind);

}  // namespace cairn
