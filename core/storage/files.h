// Files in and out. Every function reports failure with a message that names the file and the
// reason, and never leaves a half-written file where a whole one was.
#pragma once

#include <string>
#include <string_view>

namespace cairn {

// Reads all of `path`; false with `error` ("cannot open: No such file or directory") otherwise.
[[nodiscard]] bool ReadWholeFile(const std::string& path, std::string& text, std::string& error);

// Replaces `path` with `text` atomically: write "PATH.tmp-PID" in the same folder, flush and
// fsync it, rename it over `path`, fsync the folder. On failure `path` is untouched and the
// temporary file is removed.
[[nodiscard]] bool WriteFileAtomically(const std::string& path, std::string_view text,
                                       std::string& error);

}  // namespace cairn
