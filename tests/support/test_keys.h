// Durable keys for tests: version-4 UUIDs whose bytes are all one number (apart from the version
// and variant bits), so a test names a key by two small numbers.
#pragma once

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>

#include "identity/uuid.h"

namespace cairn::test {

inline Uuid FilledUuid(std::uint8_t n) {
  std::array<std::uint8_t, 16> bytes;
  bytes.fill(n);
  Uuid out;
  REQUIRE(MakeUuidV4(bytes, out) == Status::Ok);
  return out;
}

inline PersistentObjectKey TestKey(std::uint8_t instance, std::uint8_t source) {
  return PersistentObjectKey{InstanceId{FilledUuid(instance)}, SourceObjectId{FilledUuid(source)}};
}

}  // namespace cairn::test
