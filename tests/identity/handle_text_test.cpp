#include "identity/handle_text.h"

#include <catch2/catch.hpp>

namespace handle_text_test {

using namespace cairn;

TEST_CASE("handles are written for people and for the console", "[identity]") {
  const EntityId id{12, 3, 4};
  CHECK(FormatEntity(id) == "Entity{World=12, Slot=3, Generation=4}");
  CHECK(FormatShortHandle(id) == "3:4");
  CHECK(FormatQualifiedHandle(id) == "12:3:4");
}

TEST_CASE("console handle text parses in both forms", "[identity]") {
  EntityId out;
  REQUIRE(ParseHandleText("3:4", 12, out) == Status::Ok);
  CHECK(out == EntityId{12, 3, 4});
  REQUIRE(ParseHandleText("99:0:1", 12, out) == Status::Ok);
  CHECK(out == EntityId{99, 0, 1});
  REQUIRE(ParseHandleText("4294967295:4294967295", 1, out) == Status::Ok);
  CHECK(out == EntityId{1, 4294967295u, 4294967295u});
}

TEST_CASE("malformed handle text is refused and leaves the output unchanged", "[identity]") {
  const EntityId before{5, 6, 7};
  for (const char* bad :
       {"", "3", "3:", ":4", "a:1", "1:b", "-1:1", "+1:1", "1:2:3:4", "4294967296:1",
        "1:4294967296", " 1:1", "1:1 ", "1::1", "0x1:1", "18446744073709551616:0:1"}) {
    EntityId out = before;
    CHECK(ParseHandleText(bad, 1, out) == Status::InvalidArgument);
    CHECK(out == before);
  }
}

}  // namespace handle_text_test
