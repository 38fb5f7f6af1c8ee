#include "identity/handle.h"

#include <catch2/catch.hpp>
#include <type_traits>

namespace handle_test {

using namespace cairn;

namespace {
struct OtherTag;
using OtherHandle = Handle<OtherTag>;
}  // namespace

// Compile-time contract: handles of different tags are unrelated types.
static_assert(!std::is_convertible_v<EntityId, OtherHandle>);
static_assert(!std::is_convertible_v<OtherHandle, EntityId>);
static_assert(!std::is_constructible_v<OtherHandle, EntityId>);
static_assert(!std::is_assignable_v<OtherHandle&, EntityId>);
static_assert(std::is_trivially_copyable_v<EntityId>);
static_assert(std::is_trivially_copyable_v<OtherHandle>);
static_assert(EntityId{}.IsNull());
static_assert(!EntityId{1, 0, 1}.IsNull());

TEST_CASE("handle equality compares owner, slot and generation", "[identity]") {
  const EntityId a{7, 3, 2};
  CHECK(a == EntityId{7, 3, 2});
  CHECK_FALSE(a == EntityId{8, 3, 2});
  CHECK_FALSE(a == EntityId{7, 4, 2});
  CHECK_FALSE(a == EntityId{7, 3, 3});
}

TEST_CASE("only the all-zero handle is null", "[identity]") {
  CHECK(EntityId{}.IsNull());
  CHECK_FALSE((EntityId{0, 0, 1}.IsNull()));
  CHECK_FALSE((EntityId{0, 1, 0}.IsNull()));
  CHECK_FALSE((EntityId{1, 0, 0}.IsNull()));
  CHECK(WorldOf(EntityId{9, 1, 1}) == 9);
}

}  // namespace handle_test
