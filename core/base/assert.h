// CAIRN_ASSERT(condition, "message"): a programmer error, an invariant of the code itself that
// does not hold (an index past a buffer the code sized, a "cannot happen" branch taken).
//
// The one error model per layer (status.h): statuses report content, handle and capacity
// problems; assertions report bugs. So an assertion is never about a file's contents, user input
// or anything an adversary controls: those are statuses and positioned problems, and no file can
// make an assertion fire (the fuzz targets run with assertions on to keep it so).
//
// On in Debug, sanitizer and fuzz builds (CMake defines CAIRN_ASSERTIONS): a failed assertion
// prints its place, the condition and the message on standard error and aborts. Off in release
// builds: the condition is type-checked but never evaluated, so it costs nothing and the core
// stays noexcept and allocation-free.
#pragma once

namespace cairn {
[[noreturn]] void AssertionFailed(const char* condition, const char* message, const char* file,
                                  int line) noexcept;
}  // namespace cairn

#ifdef CAIRN_ASSERTIONS
#define CAIRN_ASSERT(condition, message) \
  ((condition) ? static_cast<void>(0)    \
               : ::cairn::AssertionFailed(#condition, message, __FILE__, __LINE__))
#else
#define CAIRN_ASSERT(condition, message) static_cast<void>(sizeof((condition) ? 1 : 0))
#endif
