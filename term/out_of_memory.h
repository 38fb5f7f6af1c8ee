// Running out of memory while reading a file is a problem with that file, reported like any other:
// PATH: error: out of memory ..., exit status 1, never an abort. The readers in core/ answer
// statuses and catch what they allocate themselves (ParseToml, ReadWholeFile), but the trees and
// images built after parsing are ordinary containers, so each command wraps the reading of one
// file in ReadingOutOfMemory; main() catches anything left as a last resort.
#pragma once

#include <cstdio>
#include <new>
#include <string>

// After a standard header: __GLIBC__ comes from the C library's own headers, not the compiler.
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "term_commands.h"

namespace cairn {

inline constexpr const char* kOutOfMemoryMessage =
    "out of memory while reading (it needs more memory than this process may use)";

// Runs `read` (a callable answering true when the file at `path` was read and valid); a
// std::bad_alloc thrown from it is reported as a problem with `path` and answers false. What
// `read` allocated has been released by then (unwinding freed it), so the message can be built;
// if even that fails, a fixed line is written instead.
//
// Either way the memory the reading freed goes back to the system: a parsed tree takes many times
// its file (a 32 MiB level's, some 500 MB), and glibc keeps freed heap resident for the process's
// life, which on a large floor is the whole game (decision 0033's note on memory).
template <class Read>
[[nodiscard]] bool ReadingOutOfMemory(const std::string& path, Read&& read) {
  bool read_ok = false;
  try {
    read_ok = read();
  } catch (const std::bad_alloc&) {
    try {
      PrintFileError(path, kOutOfMemoryMessage);
    } catch (...) {
      std::fputs("cairn: error: out of memory\n", stderr);
    }
  }
#ifdef __GLIBC__
  (void)malloc_trim(0);
#endif
  return read_ok;
}

}  // namespace cairn
