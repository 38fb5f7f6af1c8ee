// WorldBindingTable: durable keys to handles and back, published a batch at a time.
#include "world/binding_table.h"

#include <catch2/catch.hpp>
#include <vector>

#include "base/fault_injection.h"
#include "support/test_keys.h"
#include "world/component_pool.h"
#include "world_test_support.h"

namespace binding_table_test {

using namespace cairn;
using cairn::test::MustCreate;
using cairn::test::MustRelease;
using cairn::test::TestKey;

namespace {

struct Fixture {
  EntityRegistry registry;
  WorldBindingTable table;
  Fixture() {
    REQUIRE(registry.Initialize(16) == Status::Ok);
    REQUIRE(table.Initialize(registry) == Status::Ok);
  }
};

}  // namespace

TEST_CASE("an activated batch resolves both ways", "[bindings]") {
  Fixture f;
  const EntityId a = MustCreate(f.registry), b = MustCreate(f.registry);
  const std::uint64_t before = f.table.Revision();
  const Binding batch[] = {{TestKey(1, 9), a}, {TestKey(1, 3), b}};
  REQUIRE(f.table.Activate(batch) == Status::Ok);
  CHECK(f.table.Revision() > before);
  CHECK(f.table.Size() == 2);
  EntityId out;
  CHECK(f.table.Resolve(TestKey(1, 9), out) == ResolveStatus::Resolved);
  CHECK(out == a);
  CHECK(f.table.Resolve(TestKey(1, 3), out) == ResolveStatus::Resolved);
  CHECK(out == b);
  REQUIRE(f.table.KeyOf(a) != nullptr);
  CHECK(*f.table.KeyOf(a) == TestKey(1, 9));
  // Iteration is in key order, whatever the batch order.
  std::vector<PersistentObjectKey> keys;
  f.table.ForEach([&](const Binding& binding) { keys.push_back(binding.key); });
  CHECK(keys == std::vector<PersistentObjectKey>{TestKey(1, 3), TestKey(1, 9)});
}

TEST_CASE("resolving answers every status", "[bindings]") {
  Fixture f;
  const EntityId a = MustCreate(f.registry);
  const Binding batch[] = {{TestKey(1, 2), a}};
  REQUIRE(f.table.Activate(batch) == Status::Ok);
  EntityId out;
  CHECK(f.table.Resolve(TestKey(1, 7), out) == ResolveStatus::Missing);      // scope known
  CHECK(f.table.Resolve(TestKey(4, 2), out) == ResolveStatus::NotResident);  // scope never here
  CHECK(f.table.Resolve(PersistentObjectKey{}, out) == ResolveStatus::InvalidReference);
  CHECK(f.table.Resolve(PersistentObjectKey{InstanceId{cairn::test::FilledUuid(1)}, {}}, out) ==
        ResolveStatus::InvalidReference);
  CHECK(out.IsNull());  // untouched by every miss

  struct Health {
    int hp = 1;
  };
  ComponentPool<Health> healths;
  REQUIRE(healths.Initialize(f.registry, 16) == Status::Ok);
  CHECK(f.table.ResolveWith(TestKey(1, 2), healths, out) == ResolveStatus::TypeMismatch);
  CHECK(out.IsNull());
  {
    StructuralScope scope(f.registry, WorldPhase::Commit, test::Key());
    REQUIRE(healths.Insert(a, Health{}) == Status::Ok);
  }
  CHECK(f.table.ResolveWith(TestKey(1, 2), healths, out) == ResolveStatus::Resolved);
  CHECK(out == a);
}

TEST_CASE("a refused batch publishes nothing", "[bindings]") {
  Fixture f;
  const EntityId a = MustCreate(f.registry), b = MustCreate(f.registry), c = MustCreate(f.registry);
  const Binding first[] = {{TestKey(1, 1), a}};
  REQUIRE(f.table.Activate(first) == Status::Ok);
  const std::uint64_t revision = f.table.Revision();

  const EntityId dead = MustCreate(f.registry);
  MustRelease(f.registry, dead);
  struct Case {
    const char* what;
    std::vector<Binding> batch;
    Status expected;
  };
  const Case cases[] = {
      {"a key already bound", {{TestKey(1, 5), b}, {TestKey(1, 1), c}}, Status::IdentityConflict},
      {"a key twice in the batch",
       {{TestKey(1, 5), b}, {TestKey(1, 5), c}},
       Status::IdentityConflict},
      {"an entity already bound",
       {{TestKey(1, 5), b}, {TestKey(1, 6), a}},
       Status::InvalidOperation},
      {"an entity twice in the batch",
       {{TestKey(1, 5), b}, {TestKey(1, 6), b}},
       Status::InvalidOperation},
      {"a dead entity", {{TestKey(1, 5), b}, {TestKey(1, 6), dead}}, Status::InvalidEntity},
      {"a nil key", {{TestKey(1, 5), b}, {PersistentObjectKey{}, c}}, Status::InvalidArgument},
  };
  for (const Case& test : cases) {
    INFO(test.what);
    CHECK(f.table.Activate(test.batch) == test.expected);
    CHECK(f.table.Revision() == revision);
    CHECK(f.table.Size() == 1);
    EntityId out;
    CHECK(f.table.Resolve(TestKey(1, 5), out) == ResolveStatus::Missing);
    CHECK(f.table.KeyOf(b) == nullptr);
  }
  // And a good batch after all those refusals still goes through (no leftover marks).
  const Binding good[] = {{TestKey(1, 5), b}, {TestKey(1, 6), c}};
  CHECK(f.table.Activate(good) == Status::Ok);
  CHECK(f.table.Size() == 3);
}

TEST_CASE("a cached miss is invalidated by the binding revision", "[bindings]") {
  Fixture f;
  EntityId out;
  const Binding scope_opener[] = {{TestKey(1, 1), MustCreate(f.registry)}};
  REQUIRE(f.table.Activate(scope_opener) == Status::Ok);
  // A caller caches "missing" together with the revision it saw.
  REQUIRE(f.table.Resolve(TestKey(1, 2), out) == ResolveStatus::Missing);
  const std::uint64_t cached_at = f.table.Revision();
  // The target is loaded later: the revision moves, so the cache knows to ask again.
  const EntityId late = MustCreate(f.registry);
  const Binding batch[] = {{TestKey(1, 2), late}};
  REQUIRE(f.table.Activate(batch) == Status::Ok);
  CHECK(f.table.Revision() != cached_at);
  CHECK(f.table.Resolve(TestKey(1, 2), out) == ResolveStatus::Resolved);
  CHECK(out == late);
}

TEST_CASE("a recycled slot never inherits a key; recreating a key gives a fresh handle",
          "[bindings]") {
  Fixture f;
  const EntityId first = MustCreate(f.registry);
  const Binding batch[] = {{TestKey(1, 4), first}};
  REQUIRE(f.table.Activate(batch) == Status::Ok);

  // Unload: the destruction path detaches, then releases the slot.
  const std::uint64_t before = f.table.Revision();
  f.table.Detach(first);
  CHECK(f.table.Revision() > before);
  MustRelease(f.registry, first);
  EntityId out;
  CHECK(f.table.Resolve(TestKey(1, 4), out) == ResolveStatus::Missing);

  // The slot is reused (most recently freed first) by an unrelated entity: no key.
  const EntityId reuse = MustCreate(f.registry);
  REQUIRE(reuse.Slot == first.Slot);
  CHECK(f.table.KeyOf(reuse) == nullptr);
  CHECK(f.table.KeyOf(first) == nullptr);

  // Reloading the same key binds it to a new incarnation.
  const EntityId reload = MustCreate(f.registry);
  const Binding again[] = {{TestKey(1, 4), reload}};
  REQUIRE(f.table.Activate(again) == Status::Ok);
  CHECK(f.table.Resolve(TestKey(1, 4), out) == ResolveStatus::Resolved);
  CHECK(out == reload);
  CHECK(out != first);
}

TEST_CASE("a binding whose incarnation ended without a detach is dropped as missing",
          "[bindings]") {
  Fixture f;
  const EntityId e = MustCreate(f.registry);
  const Binding batch[] = {{TestKey(2, 2), e}};
  REQUIRE(f.table.Activate(batch) == Status::Ok);
  MustRelease(f.registry, e);  // no detach: the table must still not answer with a dead handle
  const EntityId reuse = MustCreate(f.registry);
  REQUIRE(reuse.Slot == e.Slot);
  EntityId out;
  CHECK(f.table.Resolve(TestKey(2, 2), out) == ResolveStatus::Missing);
  CHECK(out.IsNull());
  CHECK(f.table.Size() == 0);
  CHECK(f.table.KeyOf(reuse) == nullptr);
  // The key is free to bind again.
  const Binding again[] = {{TestKey(2, 2), reuse}};
  CHECK(f.table.Activate(again) == Status::Ok);
}

TEST_CASE("the table fills to the registry's capacity and no further", "[bindings]") {
  Fixture f;
  std::vector<Binding> batch;
  for (std::uint8_t i = 0; i < 16; ++i)
    batch.push_back({TestKey(1, static_cast<std::uint8_t>(i + 1)), MustCreate(f.registry)});
  REQUIRE(f.table.Activate(batch) == Status::Ok);
  CHECK(f.table.Size() == 16);
  // Detach one, bind its key again to the same live entity: room was made.
  f.table.Detach(batch[3].entity);
  const Binding back[] = {batch[3]};
  CHECK(f.table.Activate(back) == Status::Ok);
  EntityId out;
  for (const Binding& b : batch) {
    REQUIRE(f.table.Resolve(b.key, out) == ResolveStatus::Resolved);
    CHECK(out == b.entity);
  }
}

TEST_CASE("binding table initialization fails cleanly at each reserve", "[bindings][alloc]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(8) == Status::Ok);
  fault_injection::FailAllocationAt(-1);
  {
    WorldBindingTable probe;
    REQUIRE(probe.Initialize(registry) == Status::Ok);
  }
  const std::int64_t reserves = fault_injection::AllocationsSeen();
  REQUIRE(reserves >= 3);
  for (std::int64_t at = 0; at < reserves; ++at) {
    WorldBindingTable table;
    fault_injection::FailAllocationAt(at);
    CHECK(table.Initialize(registry) == Status::AllocationFailed);
    fault_injection::Disarm();
    CHECK(table.Capacity() == 0);
    REQUIRE(table.Initialize(registry) == Status::Ok);
  }
}

TEST_CASE("a batch that brings more instance scopes than the table remembers is refused",
          "[bindings]") {
  Fixture f;  // 16 slots: at most 16 scopes ever
  for (std::uint8_t i = 0; i < 16; ++i) {
    const EntityId e = MustCreate(f.registry);
    const Binding one[] = {{TestKey(static_cast<std::uint8_t>(100 + i), 1), e}};
    REQUIRE(f.table.Activate(one) == Status::Ok);
    f.table.Detach(e);  // the binding goes; the scope is remembered
    MustRelease(f.registry, e);
  }
  const std::uint64_t revision = f.table.Revision();
  const Binding fresh[] = {{TestKey(7, 1), MustCreate(f.registry)}};
  CHECK(f.table.Activate(fresh) == Status::CapacityExceeded);
  CHECK(f.table.Revision() == revision);
  // A known scope still binds.
  const Binding known[] = {{TestKey(100, 2), fresh[0].entity}};
  CHECK(f.table.Activate(known) == Status::Ok);
  EntityId out;
  CHECK(f.table.Resolve(TestKey(115, 1), out) ==
        ResolveStatus::Missing);  // its scope is remembered
}

}  // namespace binding_table_test
