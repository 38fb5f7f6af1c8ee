#include "identity/owner_id.h"

#include <catch2/catch.hpp>
#include <limits>

namespace owner_id_test {

using namespace cairn;

TEST_CASE("owner ids are nonzero and strictly increasing", "[identity]") {
  std::uint64_t previous = 0;
  for (int i = 0; i < 100; ++i) {
    std::uint64_t id = 0;
    REQUIRE(IssueOwnerId(id) == Status::Ok);
    CHECK(id != 0);
    CHECK(id > previous);
    previous = id;
  }
}

TEST_CASE("the owner id source reports exhaustion at its last value and never wraps",
          "[identity]") {
  const std::uint64_t saved = owner_id_test_seam::LastIssued();
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  owner_id_test_seam::SetLastIssued(kMax - 1);
  std::uint64_t id = 0;
  REQUIRE(IssueOwnerId(id) == Status::Ok);
  CHECK(id == kMax);
  std::uint64_t untouched = 123;
  CHECK(IssueOwnerId(untouched) == Status::IdentityExhausted);
  CHECK(untouched == 123);
  CHECK(IssueOwnerId(untouched) == Status::IdentityExhausted);
  CHECK(owner_id_test_seam::LastIssued() == kMax);
  owner_id_test_seam::SetLastIssued(saved);
}

}  // namespace owner_id_test
