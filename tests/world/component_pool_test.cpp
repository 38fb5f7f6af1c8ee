#include "world/component_pool.h"

#include <catch2/catch.hpp>
#include <vector>

#include "world_test_support.h"

namespace component_pool_test {

using namespace cairn;
using cairn::test::MustCreate;
using cairn::test::MustRelease;

namespace {

struct Value {
  int a = 0;
  int b = 0;
};

struct Fixture {
  EntityRegistry registry;
  ComponentPool<Value> pool;
  explicit Fixture(std::uint32_t capacity = 16, std::uint32_t pool_capacity = 16) {
    REQUIRE(registry.Initialize(capacity) == Status::Ok);
    REQUIRE(pool.Initialize(registry, pool_capacity) == Status::Ok);
  }
  Status Insert(EntityId id, Value v) {
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    return pool.Insert(id, v);
  }
  Status Remove(EntityId id) {
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    return pool.Remove(id);
  }
  void RequireInvariants() {
    const char* broken = pool.CheckInvariants();
    INFO((broken ? broken : "ok"));
    REQUIRE(broken == nullptr);
  }
};

}  // namespace

TEST_CASE("a pool records its world and reserves storage up front", "[pool]") {
  Fixture f(32, 8);
  CHECK(f.pool.WorldId() == f.registry.WorldId());
  CHECK(f.pool.Capacity() == 8);
  CHECK(f.pool.Size() == 0);
  // One sparse page covers all 32 slots, kept as a flat array (a member per page of slots, so no
  // page table); then a 4-byte owner slot and the value for each of the 8 components.
  CHECK(f.pool.SparsePageReserve() == 1);
  CHECK(f.pool.ReservedBytes() == f.pool.SparsePageSize() * sizeof(std::uint32_t) +
                                      8 * (sizeof(std::uint32_t) + sizeof(Value)));
  ComponentPool<Value> too_big;
  CHECK(too_big.Initialize(f.registry, 33) == Status::InvalidArgument);
  EntityRegistry uninitialized;
  CHECK(too_big.Initialize(uninitialized, 1) == Status::NotInitialized);
  CHECK(f.pool.Initialize(f.registry, 8) == Status::InvalidOperation);
}

TEST_CASE("insert publishes a value that Find returns, const and mutable", "[pool]") {
  Fixture f;
  const EntityId id = MustCreate(f.registry);
  CHECK(f.pool.Find(id) == nullptr);
  REQUIRE(f.Insert(id, {1, 2}) == Status::Ok);
  Value* found = f.pool.Find(id);
  REQUIRE(found != nullptr);
  CHECK(found->a == 1);
  found->b = 9;  // a value write
  const ComponentPool<Value>& read_only = f.pool;
  REQUIRE(read_only.Find(id) != nullptr);
  CHECK(read_only.Find(id)->b == 9);
  CHECK(f.pool.Size() == 1);
  CHECK(f.pool.HighWaterMark() == 1);
}

TEST_CASE("a second component of the same type is refused and changes nothing", "[pool]") {
  Fixture f;
  const EntityId id = MustCreate(f.registry);
  REQUIRE(f.Insert(id, {1, 1}) == Status::Ok);
  CHECK(f.Insert(id, {2, 2}) == Status::DuplicateComponent);
  CHECK(f.pool.Find(id)->a == 1);
  CHECK(f.pool.Size() == 1);
  f.RequireInvariants();
}

TEST_CASE("only a live entity of this world may receive a component", "[pool]") {
  Fixture f;
  EntityRegistry other;
  REQUIRE(other.Initialize(16) == Status::Ok);
  const EntityId foreign = MustCreate(other);
  const EntityId dead = MustCreate(f.registry);
  MustRelease(f.registry, dead);
  CHECK(f.Insert(foreign, {}) == Status::InvalidEntity);
  CHECK(f.Insert(dead, {}) == Status::InvalidEntity);
  CHECK(f.Insert(EntityId{}, {}) == Status::InvalidEntity);
  CHECK(f.Insert(EntityId{f.registry.WorldId(), 99, 1}, {}) == Status::InvalidEntity);
  CHECK(f.pool.Size() == 0);
}

TEST_CASE("pool structural changes outside a scope answer InvalidPhase", "[pool]") {
  Fixture f;
  const EntityId id = MustCreate(f.registry);
  CHECK(f.pool.Insert(id, {}) == Status::InvalidPhase);
  REQUIRE(f.Insert(id, {3, 3}) == Status::Ok);
  CHECK(f.pool.Remove(id) == Status::InvalidPhase);
  CHECK(f.pool.Find(id) != nullptr);
}

TEST_CASE("remove distinguishes an invalid entity from an absent component", "[pool]") {
  Fixture f;
  const EntityId id = MustCreate(f.registry);
  CHECK(f.Remove(id) == Status::MissingComponent);
  CHECK(f.Remove(EntityId{}) == Status::InvalidEntity);
  EntityRegistry other;
  REQUIRE(other.Initialize(4) == Status::Ok);
  CHECK(f.Remove(MustCreate(other)) == Status::InvalidEntity);
}

TEST_CASE("swap removal keeps every other lookup right", "[pool]") {
  Fixture f(64, 64);
  std::vector<EntityId> ids;
  for (int i = 0; i < 40; ++i) {
    ids.push_back(MustCreate(f.registry));
    REQUIRE(f.Insert(ids.back(), {i, -i}) == Status::Ok);
  }
  // Remove from the front, the middle and the back.
  for (int index : {0, 20, 39, 5, 6, 38}) {
    REQUIRE(f.Remove(ids[index]) == Status::Ok);
    f.RequireInvariants();
  }
  for (int i = 0; i < 40; ++i) {
    const bool removed = i == 0 || i == 20 || i == 39 || i == 5 || i == 6 || i == 38;
    const Value* v = f.pool.Find(ids[i]);
    if (removed) {
      CHECK(v == nullptr);
    } else {
      REQUIRE(v != nullptr);
      CHECK(v->a == i);
      CHECK(v->b == -i);
    }
  }
  CHECK(f.pool.Size() == 34);
  CHECK(f.pool.HighWaterMark() == 40);
  // Spans match index for index.
  for (std::size_t i = 0; i < f.pool.Size(); ++i)
    CHECK(f.pool.Find(f.pool.Owners()[i]) == &f.pool.Values()[i]);
}

TEST_CASE("a stale handle never reaches the component of its slot's next entity", "[pool]") {
  Fixture f;
  const EntityId old = MustCreate(f.registry);
  REQUIRE(f.Insert(old, {1, 1}) == Status::Ok);
  REQUIRE(f.Remove(old) == Status::Ok);
  MustRelease(f.registry, old);
  const EntityId fresh = MustCreate(f.registry);
  REQUIRE(fresh.Slot == old.Slot);
  CHECK(f.pool.Find(fresh) == nullptr);  // a recycled slot starts empty
  REQUIRE(f.Insert(fresh, {2, 2}) == Status::Ok);
  CHECK(f.pool.Find(old) == nullptr);
  CHECK_FALSE(f.pool.Contains(old));
  CHECK(f.pool.Find(fresh)->a == 2);
}

TEST_CASE("a pool rejects handles from another world even with the same slot pattern", "[pool]") {
  Fixture f;
  Fixture g;
  const EntityId a = MustCreate(f.registry);
  const EntityId b = MustCreate(g.registry);
  REQUIRE(f.Insert(a, {1, 1}) == Status::Ok);
  REQUIRE(a.Slot == b.Slot);
  CHECK(f.pool.Find(b) == nullptr);
  CHECK(f.Remove(b) == Status::InvalidEntity);
}

TEST_CASE("a full pool reports CapacityExceeded and changes nothing", "[pool]") {
  Fixture f(8, 2);
  const EntityId a = MustCreate(f.registry);
  const EntityId b = MustCreate(f.registry);
  const EntityId c = MustCreate(f.registry);
  REQUIRE(f.Insert(a, {}) == Status::Ok);
  REQUIRE(f.Insert(b, {}) == Status::Ok);
  CHECK(f.Insert(c, {}) == Status::CapacityExceeded);
  CHECK(f.pool.Find(c) == nullptr);
  CHECK(f.pool.Size() == 2);
  f.RequireInvariants();
}

TEST_CASE("pending-destroy entities keep their components until commit", "[pool]") {
  Fixture f;
  const EntityId id = MustCreate(f.registry);
  REQUIRE(f.Insert(id, {4, 4}) == Status::Ok);
  REQUIRE(f.registry.MarkPendingDestroy(id) == Status::Ok);
  CHECK(f.pool.Find(id) != nullptr);
}

TEST_CASE("an uninitialized pool finds nothing and refuses changes", "[pool]") {
  ComponentPool<Value> pool;
  CHECK(pool.Find(EntityId{1, 0, 1}) == nullptr);
  CHECK(pool.Insert(EntityId{1, 0, 1}, {}) == Status::NotInitialized);
  CHECK(pool.Remove(EntityId{1, 0, 1}) == Status::NotInitialized);
  CHECK(pool.Owners().empty());
}

}  // namespace component_pool_test
