#include "base/assert.h"

#include <cstdio>
#include <cstdlib>

namespace cairn {

void AssertionFailed(const char* condition, const char* message, const char* file,
                     int line) noexcept {
  std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", file, line, message, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace cairn
