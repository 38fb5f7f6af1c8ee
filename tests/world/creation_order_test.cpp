// CreationOrder (world/creation_order.h): a pool's dense indices by creation sequence, kept while
// membership is unchanged and right again after removals reshuffle dense order.
#include "world/creation_order.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "world/component_pool.h"
#include "world_test_support.h"

namespace creation_order_test {

using namespace cairn;
using cairn::test::MustCreate;

namespace {

struct Value {
  std::int64_t v = 0;
};

struct Store {
  EntityRegistry registry;
  ComponentPool<Value> pool;
  CreationOrder order;
  explicit Store(std::uint32_t capacity) {
    REQUIRE(registry.Initialize(capacity) == Status::Ok);
    REQUIRE(pool.Initialize(registry, capacity) == Status::Ok);
    REQUIRE(order.Initialize(capacity) == Status::Ok);
  }
  void Insert(EntityId id) {
    StructuralScope scope(registry, WorldPhase::Commit, test::Key());
    REQUIRE(pool.Insert(id, Value{static_cast<std::int64_t>(id.Slot)}) == Status::Ok);
  }
  void Remove(EntityId id) {
    StructuralScope scope(registry, WorldPhase::Commit, test::Key());
    REQUIRE(pool.Remove(id) == Status::Ok);
  }
  // The owners in the order CreationOrder gives.
  std::vector<EntityId> Ordered() {
    std::vector<EntityId> out;
    const auto owners = pool.Owners();
    for (std::uint32_t i : order.Of(pool, registry)) out.push_back(owners[i]);
    return out;
  }
};

}  // namespace

TEST_CASE("creation order follows creation sequences after removals reshuffle dense order",
          "[creation_order]") {
  Store s(64);
  std::vector<EntityId> made;
  for (int i = 0; i < 10; ++i) made.push_back(MustCreate(s.registry));
  // Inserted out of creation order: dense order is not creation order from the start.
  for (int i = 9; i >= 0; i -= 2) s.Insert(made[static_cast<std::size_t>(i)]);
  for (int i = 0; i < 10; i += 2) s.Insert(made[static_cast<std::size_t>(i)]);
  CHECK(s.Ordered() == made);

  // A removal moves the last dense entry into the hole.
  s.Remove(made[3]);
  s.Remove(made[0]);
  std::vector<EntityId> expected = made;
  expected.erase(expected.begin() + 3);
  expected.erase(expected.begin());
  CHECK(s.Ordered() == expected);

  // A newer entity comes last, whatever dense position it takes.
  const EntityId newest = MustCreate(s.registry);
  s.Insert(newest);
  expected.push_back(newest);
  CHECK(s.Ordered() == expected);
}

TEST_CASE("creation order is kept while membership is unchanged", "[creation_order]") {
  Store s(16);
  std::vector<EntityId> made;
  for (int i = 0; i < 5; ++i) {
    made.push_back(MustCreate(s.registry));
    s.Insert(made.back());
  }
  const auto first = s.order.Of(s.pool, s.registry);
  REQUIRE(first.size() == 5);
  // Value writes keep membership: the same order, from the same storage.
  for (Value& value : s.pool.MutableValues()) value.v += 1;
  const auto again = s.order.Of(s.pool, s.registry);
  CHECK(again.data() == first.data());
  CHECK(s.Ordered() == made);
  // An empty pool orders nothing.
  for (EntityId id : made) s.Remove(id);
  CHECK(s.order.Of(s.pool, s.registry).empty());
}

}  // namespace creation_order_test
