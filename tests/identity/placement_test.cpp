// PlacementInstance (identity/placement.h): a placement's scope is derived from the run's seed,
// the floor and the placement's ordinal, the same on every run, and a valid version-4 UUID.
#include "identity/placement.h"

#include <catch2/catch.hpp>
#include <set>

namespace placement_test {

using namespace cairn;

TEST_CASE("a placement's instance is the same for the same seed, floor and ordinal", "[identity]") {
  CHECK(PlacementInstance(7, 3, kSetPiecePlacement) == PlacementInstance(7, 3, kSetPiecePlacement));
  CHECK(UuidText(PlacementInstance(1, 1, kFloorLevelPlacement).Value) ==
        UuidText(PlacementInstance(1, 1, kFloorLevelPlacement).Value));
}

TEST_CASE("placements differ by seed, floor and ordinal, and each is a version-4 UUID",
          "[identity]") {
  std::set<Uuid> seen;
  for (std::uint64_t seed : {0ull, 1ull, 2ull, ~0ull})
    for (std::int32_t depth = 1; depth <= 99; ++depth)
      for (std::uint32_t ordinal : {kFloorLevelPlacement, kSetPiecePlacement}) {
        const InstanceId id = PlacementInstance(seed, depth, ordinal);
        Uuid parsed{};
        REQUIRE(ParseUuid(UuidText(id.Value), parsed) == Status::Ok);  // v4 and its variant
        CHECK(parsed == id.Value);
        CHECK_FALSE(id.IsNil());
        seen.insert(id.Value);
      }
  CHECK(seen.size() == 4u * 99u * 2u);
}

}  // namespace placement_test
