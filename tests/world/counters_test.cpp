// The diagnostic counters the world's storage keeps beside what it counts (the debug pane and the
// console's COUNTERS show them): the registry's peak generation and refused creations, a pool's
// refused inserts, the binding table's conflicts and refused batches. Each counts only the
// refusal it names, and a refusal still changes nothing else.
#include <array>
#include <catch2/catch.hpp>
#include <vector>

#include "support/test_keys.h"
#include "world/binding_table.h"
#include "world/component_pool.h"
#include "world_test_support.h"

namespace counters_test {

using namespace cairn;
using cairn::test::MustCreate;
using cairn::test::MustRelease;
using cairn::test::TestKey;

namespace {

Status Create(EntityRegistry& registry, EntityId& out) {
  StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
  return registry.Create(out);
}

}  // namespace

TEST_CASE("the peak generation is the highest any entity was created with", "[counters]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(4) == Status::Ok);
  CHECK(registry.PeakGeneration() == 0);  // nothing created yet
  const EntityId other = MustCreate(registry);
  CHECK(registry.PeakGeneration() == 1);
  // Destroy and respawn in one slot: the freed slot comes back first, a generation later.
  EntityId id = MustCreate(registry);
  for (std::uint32_t round = 2; round <= 6; ++round) {
    MustRelease(registry, id);
    CHECK(registry.PeakGeneration() == round - 1);  // freeing alone issues no generation
    id = MustCreate(registry);
    REQUIRE(id.Slot == 1);
    REQUIRE(id.Generation == round);
    CHECK(registry.PeakGeneration() == round);
  }
  // A slot used less often does not lower it.
  MustRelease(registry, other);
  (void)MustCreate(registry);
  CHECK(registry.PeakGeneration() == 6);
  cairn::test::RequireInvariants(registry);
}

TEST_CASE("a creation refused for want of a slot is counted once per refusal", "[counters]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(2) == Status::Ok);
  (void)MustCreate(registry);
  const EntityId second = MustCreate(registry);
  CHECK(registry.CapacityFailures() == 0);
  EntityId out;
  CHECK(Create(registry, out) == Status::CapacityExceeded);
  CHECK(registry.CapacityFailures() == 1);
  CHECK(Create(registry, out) == Status::CapacityExceeded);
  CHECK(registry.CapacityFailures() == 2);
  // Another refusal (the wrong phase) is not a capacity failure.
  CHECK(registry.Create(out) == Status::InvalidPhase);
  CHECK(registry.CapacityFailures() == 2);
  MustRelease(registry, second);
  CHECK(Create(registry, out) == Status::Ok);
  CHECK(registry.CapacityFailures() == 2);
  CHECK(registry.LiveCount() == 2);
}

TEST_CASE("a pool filled to capacity counts the insert it refuses", "[counters]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(8) == Status::Ok);
  ComponentPool<int> pool;
  REQUIRE(pool.Initialize(registry, 3) == Status::Ok);
  std::vector<EntityId> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(MustCreate(registry));
  const auto insert = [&](EntityId id) {
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    return pool.Insert(id, 7);
  };
  for (int i = 0; i < 3; ++i) REQUIRE(insert(ids[static_cast<std::size_t>(i)]) == Status::Ok);
  CHECK(pool.CapacityFailures() == 0);
  CHECK(insert(ids[3]) == Status::CapacityExceeded);
  CHECK(pool.CapacityFailures() == 1);
  CHECK(pool.Size() == 3);
  // A duplicate is refused for another reason, before capacity is looked at.
  CHECK(insert(ids[0]) == Status::DuplicateComponent);
  CHECK(pool.CapacityFailures() == 1);
  CHECK(insert(ids[4]) == Status::CapacityExceeded);
  CHECK(pool.CapacityFailures() == 2);
  CHECK(pool.CheckInvariants() == nullptr);
}

TEST_CASE("binding a key another entity holds is a conflict, counted", "[counters]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(16) == Status::Ok);
  WorldBindingTable table;
  REQUIRE(table.Initialize(registry) == Status::Ok);
  const EntityId a = MustCreate(registry), b = MustCreate(registry), c = MustCreate(registry);
  const Binding first[] = {{TestKey(1, 1), a}};
  REQUIRE(table.Activate(first) == Status::Ok);
  CHECK(table.Conflicts() == 0);
  const Binding taken[] = {{TestKey(1, 1), b}};
  CHECK(table.Activate(taken) == Status::IdentityConflict);
  CHECK(table.Conflicts() == 1);
  const Binding twice[] = {{TestKey(1, 2), b}, {TestKey(1, 2), c}};
  CHECK(table.Activate(twice) == Status::IdentityConflict);
  CHECK(table.Conflicts() == 2);
  // Refusals of another kind are not conflicts.
  const Binding rebind[] = {{TestKey(1, 3), a}};
  CHECK(table.Activate(rebind) == Status::InvalidOperation);
  const Binding nil[] = {{PersistentObjectKey{}, b}};
  CHECK(table.Activate(nil) == Status::InvalidArgument);
  CHECK(table.Conflicts() == 2);
  CHECK(table.CapacityFailures() == 0);
  // The key freed (its holder destroyed), binding it to another entity is no conflict.
  table.Detach(a);
  MustRelease(registry, a);
  CHECK(table.Activate(taken) == Status::Ok);
  CHECK(table.Conflicts() == 2);
  CHECK(table.Size() == 1);
}

TEST_CASE("a binding batch refused for want of room is a capacity failure", "[counters]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(4) == Status::Ok);
  WorldBindingTable table;
  REQUIRE(table.Initialize(registry) == Status::Ok);
  // Four scopes remembered, every binding gone again: a fifth scope has no room.
  for (std::uint8_t i = 0; i < 4; ++i) {
    const EntityId e = MustCreate(registry);
    const Binding one[] = {{TestKey(static_cast<std::uint8_t>(50 + i), 1), e}};
    REQUIRE(table.Activate(one) == Status::Ok);
    table.Detach(e);
    MustRelease(registry, e);
  }
  const Binding fresh[] = {{TestKey(9, 1), MustCreate(registry)}};
  CHECK(table.Activate(fresh) == Status::CapacityExceeded);
  CHECK(table.CapacityFailures() == 1);
  CHECK(table.Conflicts() == 0);
}

}  // namespace counters_test
