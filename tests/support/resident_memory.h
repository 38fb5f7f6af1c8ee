// Resident memory of this process, for tests and benchmarks that measure what an allocation
// really costs (a reservation left unwritten costs nothing until it is written).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdio>

namespace cairn::test {

// Resident bytes now (Linux: /proc/self/statm), or 0 where unknown.
inline std::size_t ResidentBytes() {
  std::FILE* file = std::fopen("/proc/self/statm", "r");
  if (file == nullptr) return 0;
  unsigned long size = 0, resident = 0;
  const int read = std::fscanf(file, "%lu %lu", &size, &resident);
  std::fclose(file);
  return read == 2 ? resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

}  // namespace cairn::test
