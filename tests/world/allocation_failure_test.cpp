// An allocation failure injected at each reserve leaves the registry and the pool unchanged.
#include <catch2/catch.hpp>

#include "base/fault_injection.h"
#include "identity/owner_id.h"
#include "world/component_pool.h"
#include "world_test_support.h"

namespace allocation_failure_test {

using namespace cairn;

namespace {
struct Value {
  int v = 0;
};
}  // namespace

TEST_CASE("registry initialization fails cleanly at each of its reserves", "[alloc]") {
  // Learn how many reserves a successful initialization makes.
  fault_injection::FailAllocationAt(-1);
  {
    EntityRegistry probe;
    REQUIRE(probe.Initialize(64) == Status::Ok);
  }
  const std::int64_t reserves = fault_injection::AllocationsSeen();
  REQUIRE(reserves >= 2);
  for (std::int64_t at = 0; at < reserves; ++at) {
    INFO("failing reserve " << at);
    const std::uint64_t ids_before = owner_id_test_seam::LastIssued();
    EntityRegistry r;
    fault_injection::FailAllocationAt(at);
    CHECK(r.Initialize(64) == Status::AllocationFailed);
    fault_injection::Disarm();
    CHECK_FALSE(r.IsInitialized());
    CHECK(r.Capacity() == 0);
    CHECK(r.MetadataBytes() == 0);
    CHECK(owner_id_test_seam::LastIssued() == ids_before);  // no world id consumed
    REQUIRE(r.Initialize(64) == Status::Ok);                // and it can still succeed
  }
}

TEST_CASE("pool initialization fails cleanly at each of its reserves", "[alloc]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(1024) == Status::Ok);
  // A pool of 2 against 4 pages of slots is paged: page table, sparse pages, page counts, dense
  // owners, dense values. A pool of 32 keeps a flat sparse array: it, dense owners and values.
  const std::uint32_t capacity = GENERATE(2u, 32u);
  const std::int64_t expected_reserves = capacity == 2 ? 5 : 3;
  fault_injection::FailAllocationAt(-1);
  {
    ComponentPool<Value> probe;
    REQUIRE(probe.Initialize(registry, capacity) == Status::Ok);
  }
  const std::int64_t reserves = fault_injection::AllocationsSeen();
  REQUIRE(reserves == expected_reserves);
  for (std::int64_t at = 0; at < reserves; ++at) {
    INFO("capacity " << capacity << ", failing reserve " << at);
    ComponentPool<Value> pool;
    fault_injection::FailAllocationAt(at);
    CHECK(pool.Initialize(registry, capacity) == Status::AllocationFailed);
    fault_injection::Disarm();
    CHECK_FALSE(pool.IsInitialized());
    CHECK(pool.Capacity() == 0);
    CHECK(pool.ReservedBytes() == 0);
    const EntityId id = cairn::test::MustCreate(registry);
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    CHECK(pool.Insert(id, {}) == Status::NotInitialized);
  }
}

TEST_CASE("insert and remove never allocate", "[alloc]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(16) == Status::Ok);
  ComponentPool<Value> pool;
  REQUIRE(pool.Initialize(registry, 16) == Status::Ok);
  fault_injection::FailAllocationAt(0);  // any allocation from here on would fail
  StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
  for (int i = 0; i < 16; ++i) {
    EntityId id;
    REQUIRE(registry.Create(id) == Status::Ok);
    REQUIRE(pool.Insert(id, {i}) == Status::Ok);
    if (i % 2 == 0) {
      REQUIRE(pool.Remove(id) == Status::Ok);
      REQUIRE(StructuralTestAccess::Release(scope, id) == Status::Ok);
    }
  }
  CHECK(fault_injection::AllocationsSeen() == 0);
  fault_injection::Disarm();
}

}  // namespace allocation_failure_test
