#include "base/status.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

namespace status_test {

using cairn::Status;

TEST_CASE("every status has its own printable name", "[base]") {
  std::set<std::string> names;
  const int last = static_cast<int>(Status::ProtectedEntity);
  for (int i = 0; i <= last; ++i) {
    const std::string name = cairn::StatusName(static_cast<Status>(i));
    CHECK(name != "unknown-status");
    CHECK(names.insert(name).second);
  }
  CHECK(std::string(cairn::StatusName(Status::Ok)) == "ok");
  CHECK(std::string(cairn::StatusName(Status::CapacityExceeded)) == "capacity-exceeded");
  CHECK(std::string(cairn::StatusName(Status::Unsupported)) == "unsupported");
  CHECK(std::string(cairn::StatusName(Status::ProtectedEntity)) == "protected-entity");
  CHECK(std::string(cairn::StatusName(static_cast<Status>(last + 1))) == "unknown-status");
}

}  // namespace status_test
