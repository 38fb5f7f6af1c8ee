// Running out of memory while reading a file is a problem with that file, reported like any other:
// PATH: error: out of memory ..., exit status 1, never an abort. The readers in core/ answer
// statuses and catch what they allocate themselves (ParseToml, ReadWholeFile), but the trees and
// images built after parsing are ordinary containers, so each command wraps the reading of one
// file in ReadingOutOfMemory; main() catches anything left as a last resort.
#pragma once

#include <cstdio>
#include <new>
#include <string>

#include "term_commands.h"

namespace cairn {

inline constexpr const char* kOutOfMemoryMessage =
    "out of memory while reading (it needs more memory than this process may use)";

// Runs `read` (a callable answering true when the file at `path` was read and valid); a
// std::bad_alloc thrown from it is reported as a problem with `path` and answers false. What
// `read` allocated has been released by then (unwinding freed it), so the message can be built;
// if even that fails, a fixed line is written instead.
template <class Read>
[[nodiscard]] bool ReadingOutOfMemory(const std::string& path, Read&& read) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    try {
      PrintFileError(path, kOutOfMemoryMessage);
    } catch (...) {
      std::fputs("cairn: error: out of memory\n", stderr);
    }
    return false;
  }
}

}  // namespace cairn
