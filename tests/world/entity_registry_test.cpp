#include "world/entity_registry.h"

#include <catch2/catch.hpp>
#include <limits>

#include "identity/owner_id.h"
#include "world/component_pool.h"
#include "world_test_support.h"

namespace entity_registry_test {

using namespace cairn;
using cairn::test::MustCreate;
using cairn::test::MustRelease;
using cairn::test::RequireInvariants;

TEST_CASE("a registry initializes once, with a fresh nonzero world id", "[registry]") {
  EntityRegistry a, b;
  REQUIRE(a.Initialize(8) == Status::Ok);
  REQUIRE(b.Initialize(8) == Status::Ok);
  CHECK(a.WorldId() != 0);
  CHECK(b.WorldId() > a.WorldId());
  const std::uint64_t world = a.WorldId();
  CHECK(a.Initialize(16) == Status::InvalidOperation);  // never reset in place
  CHECK(a.WorldId() == world);
  CHECK(a.Capacity() == 8);
  EntityRegistry zero;
  CHECK(zero.Initialize(0) == Status::InvalidArgument);
  CHECK_FALSE(zero.IsInitialized());
}

TEST_CASE("generations start at 1 and slots are handed out in order", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  const EntityId a = MustCreate(r);
  const EntityId b = MustCreate(r);
  CHECK(a == EntityId{r.WorldId(), 0, 1});
  CHECK(b == EntityId{r.WorldId(), 1, 1});
  CHECK(r.CreationSequenceOf(a) == 1);
  CHECK(r.CreationSequenceOf(b) == 2);
  CHECK(r.IsAlive(a));
  CHECK(r.IsActive(a));
}

TEST_CASE("structural changes outside a scope answer InvalidPhase in every build", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  CHECK(r.Phase() == WorldPhase::Simulation);
  EntityId out{1, 2, 3};
  CHECK(r.Create(out) == Status::InvalidPhase);
  CHECK(out == EntityId{1, 2, 3});
  CHECK(r.LiveCount() == 0);
  {
    StructuralScope outer(r, WorldPhase::Construction, cairn::test::Key());
    CHECK(r.Phase() == WorldPhase::Construction);
    {
      StructuralScope inner(r, WorldPhase::Commit, cairn::test::Key());
      CHECK(r.Phase() == WorldPhase::Commit);
    }
    CHECK(r.Phase() == WorldPhase::Construction);
  }
  CHECK(r.Phase() == WorldPhase::Simulation);
}

TEST_CASE("a stale handle is rejected after its slot is reused", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  const EntityId old = MustCreate(r);
  MustRelease(r, old);
  CHECK_FALSE(r.IsAlive(old));
  CHECK(r.DiagnoseHandle(old) == HandleDiagnosis::Free);
  const EntityId fresh = MustCreate(r);
  CHECK(fresh.Slot == old.Slot);
  CHECK(fresh.Generation == old.Generation + 1);
  CHECK_FALSE(r.IsAlive(old));
  CHECK(r.DiagnoseHandle(old) == HandleDiagnosis::StaleGeneration);
  CHECK(r.IsAlive(fresh));
  CHECK(r.CreationSequenceOf(old) == 0);
}

TEST_CASE("two worlds issuing identical slot and generation patterns reject each other",
          "[registry]") {
  EntityRegistry first, second;
  REQUIRE(first.Initialize(4) == Status::Ok);
  REQUIRE(second.Initialize(4) == Status::Ok);
  const EntityId a = MustCreate(first);
  const EntityId b = MustCreate(second);
  CHECK(a.Slot == b.Slot);
  CHECK(a.Generation == b.Generation);
  CHECK_FALSE(a == b);
  CHECK_FALSE(first.IsAlive(b));
  CHECK_FALSE(second.IsAlive(a));
  CHECK(first.DiagnoseHandle(b) == HandleDiagnosis::OwnerMismatch);
  {
    StructuralScope scope(first, WorldPhase::Commit, cairn::test::Key());
    CHECK(StructuralTestAccess::Release(scope, b) == Status::InvalidEntity);
  }
  CHECK(first.IsAlive(a));
}

TEST_CASE("a rebuilt world rejects old handles even where slot and generation coincide",
          "[registry]") {
  EntityId old;
  {
    EntityRegistry original;
    REQUIRE(original.Initialize(4) == Status::Ok);
    old = MustCreate(original);
  }
  EntityRegistry rebuilt;
  REQUIRE(rebuilt.Initialize(4) == Status::Ok);
  const EntityId fresh = MustCreate(rebuilt);
  CHECK(fresh.Slot == old.Slot);
  CHECK(fresh.Generation == old.Generation);
  CHECK_FALSE(rebuilt.IsAlive(old));
}

TEST_CASE("zero and out-of-range ids are rejected with their reason", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  const EntityId live = MustCreate(r);
  const std::uint64_t w = r.WorldId();
  CHECK_FALSE(r.IsAlive(EntityId{}));
  CHECK(r.DiagnoseHandle(EntityId{}) == HandleDiagnosis::Null);
  CHECK_FALSE(r.IsAlive(EntityId{0, live.Slot, live.Generation}));
  CHECK(r.DiagnoseHandle(EntityId{0, 0, 1}) == HandleDiagnosis::OwnerMismatch);
  CHECK_FALSE(r.IsAlive(EntityId{w, live.Slot, 0}));
  CHECK(r.DiagnoseHandle(EntityId{w, 0, 0}) == HandleDiagnosis::InvalidGeneration);
  CHECK_FALSE(r.IsAlive(EntityId{w, 4, 1}));
  CHECK(r.DiagnoseHandle(EntityId{w, 4, 1}) == HandleDiagnosis::SlotOutOfRange);
  CHECK_FALSE(r.IsAlive(EntityId{w, std::numeric_limits<std::uint32_t>::max(), 1}));
  CHECK_FALSE(r.IsAlive(EntityId{w, 3, 1}));  // in range, never used
  CHECK(r.DiagnoseHandle(EntityId{w, 3, 1}) == HandleDiagnosis::Free);
  CHECK(r.DiagnoseHandle(live) == HandleDiagnosis::Active);
}

TEST_CASE("freed slots are reused most recently freed first", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(8) == Status::Ok);
  EntityId ids[5];
  for (EntityId& id : ids) id = MustCreate(r);
  MustRelease(r, ids[1]);
  MustRelease(r, ids[3]);
  MustRelease(r, ids[2]);
  CHECK(MustCreate(r).Slot == 2);
  CHECK(MustCreate(r).Slot == 3);
  CHECK(MustCreate(r).Slot == 1);
  CHECK(MustCreate(r).Slot == 5);  // the free stack is empty: the next unused slot
  RequireInvariants(r);
}

TEST_CASE("pending destroy keeps an entity alive but not active, and is idempotent", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  const EntityId id = MustCreate(r);
  REQUIRE(r.MarkPendingDestroy(id) == Status::Ok);
  CHECK(r.IsAlive(id));
  CHECK_FALSE(r.IsActive(id));
  CHECK(r.DiagnoseHandle(id) == HandleDiagnosis::PendingDestroy);
  CHECK(r.PendingCount() == 1);
  REQUIRE(r.MarkPendingDestroy(id) == Status::Ok);
  CHECK(r.PendingCount() == 1);
  MustRelease(r, id);
  CHECK(r.PendingCount() == 0);
  CHECK(r.MarkPendingDestroy(id) == Status::InvalidEntity);
  RequireInvariants(r);
}

TEST_CASE("a slot released at the largest generation is retired and still counts", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(2) == Status::Ok);
  MustCreate(r);
  EntityRegistryTestSeam::SetGeneration(r, 0, std::numeric_limits<std::uint32_t>::max());
  const EntityId last = r.EntityAtSlot(0);
  REQUIRE(last.Generation == std::numeric_limits<std::uint32_t>::max());
  MustRelease(r, last);
  CHECK(r.RetiredCount() == 1);
  CHECK(r.FreeCount() == 1);
  CHECK(r.DiagnoseHandle(last) == HandleDiagnosis::Retired);
  const EntityId next = MustCreate(r);
  CHECK(next.Slot == 1);  // the retired slot is never reused
  StructuralScope scope(r, WorldPhase::Commit, cairn::test::Key());
  EntityId out{};
  CHECK(r.Create(out) == Status::CapacityExceeded);  // retired counts against capacity
  CHECK(out.IsNull());
  RequireInvariants(r);
}

TEST_CASE("creation sequence exhaustion is a status, not a wrap", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  EntityRegistryTestSeam::SetLastCreationSequence(r, std::numeric_limits<std::uint64_t>::max() - 1);
  const EntityId last = MustCreate(r);
  CHECK(r.CreationSequenceOf(last) == std::numeric_limits<std::uint64_t>::max());
  StructuralScope scope(r, WorldPhase::Commit, cairn::test::Key());
  EntityId out{};
  CHECK(r.Create(out) == Status::SequenceExhausted);
  CHECK(out.IsNull());
  CHECK(r.LiveCount() == 1);
}

TEST_CASE("structural revision advances on every structural change and never wraps", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  ComponentPool<int> pool;
  REQUIRE(pool.Initialize(r, 4) == Status::Ok);
  const std::uint64_t r0 = r.StructuralRevision();
  const EntityId id = MustCreate(r);
  CHECK(r.StructuralRevision() == r0 + 1);
  {
    StructuralScope scope(r, WorldPhase::Commit, cairn::test::Key());
    REQUIRE(pool.Insert(id, 7) == Status::Ok);  // a pool insert is structural too
    CHECK(r.StructuralRevision() == r0 + 2);
    REQUIRE(pool.Remove(id) == Status::Ok);
    CHECK(r.StructuralRevision() == r0 + 3);
    REQUIRE(pool.Insert(id, 8) == Status::Ok);
  }
  CHECK(*pool.Find(id) == 8);
  const EntityId bare = MustCreate(r);  // holds no component
  const std::uint64_t before_max = r.StructuralRevision();
  CHECK(before_max == r0 + 5);

  // At the last revision every structural operation refuses and changes nothing.
  EntityRegistryTestSeam::SetStructuralRevision(r, std::numeric_limits<std::uint64_t>::max());
  StructuralScope scope(r, WorldPhase::Commit, cairn::test::Key());
  EntityId out{};
  CHECK(r.Create(out) == Status::SequenceExhausted);
  CHECK(out.IsNull());
  CHECK(pool.Remove(id) == Status::SequenceExhausted);
  CHECK(pool.Find(id) != nullptr);
  CHECK(StructuralTestAccess::Release(scope, bare) == Status::SequenceExhausted);
  CHECK(r.IsAlive(bare));
  CHECK(StructuralTestAccess::Release(scope, id) == Status::InvalidOperation);  // holds a component
  CHECK(r.IsAlive(id));
  CHECK(r.StructuralRevision() == std::numeric_limits<std::uint64_t>::max());
  RequireInvariants(r);
  CHECK(pool.CheckInvariants() == nullptr);
}

TEST_CASE("world id exhaustion fails initialization and consumes nothing", "[registry]") {
  const std::uint64_t saved = owner_id_test_seam::LastIssued();
  owner_id_test_seam::SetLastIssued(std::numeric_limits<std::uint64_t>::max());
  EntityRegistry r;
  CHECK(r.Initialize(4) == Status::IdentityExhausted);
  CHECK_FALSE(r.IsInitialized());
  CHECK(r.Capacity() == 0);
  owner_id_test_seam::SetLastIssued(saved);
  REQUIRE(r.Initialize(4) == Status::Ok);
  CHECK(r.WorldId() == saved + 1);
}

TEST_CASE("counts partition the capacity", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(10) == Status::Ok);
  EntityId ids[6];
  for (EntityId& id : ids) id = MustCreate(r);
  MustRelease(r, ids[0]);
  REQUIRE(r.MarkPendingDestroy(ids[1]) == Status::Ok);
  CHECK(r.LiveCount() == 5);
  CHECK(r.PendingCount() == 1);
  CHECK(r.FreeCount() == 5);
  CHECK(r.RetiredCount() == 0);
  CHECK(r.LiveCount() + r.FreeCount() + r.RetiredCount() == r.Capacity());
  CHECK(r.SlotsTouched() == 6);
  CHECK(r.MetadataBytes() >= 10 * (sizeof(std::uint32_t) + 8));
  RequireInvariants(r);
}

TEST_CASE("releasing a dead or null handle is refused", "[registry]") {
  EntityRegistry r;
  REQUIRE(r.Initialize(4) == Status::Ok);
  const EntityId id = MustCreate(r);
  MustRelease(r, id);
  StructuralScope scope(r, WorldPhase::Commit, cairn::test::Key());
  CHECK(StructuralTestAccess::Release(scope, id) == Status::InvalidEntity);  // duplicate release
  CHECK(StructuralTestAccess::Release(scope, EntityId{}) == Status::InvalidEntity);
  RequireInvariants(r);
}

TEST_CASE("an uninitialized registry refuses everything", "[registry]") {
  EntityRegistry r;
  EntityId out{};
  StructuralScope scope(r, WorldPhase::Commit, cairn::test::Key());
  CHECK(r.Create(out) == Status::NotInitialized);
  CHECK_FALSE(r.IsAlive(EntityId{1, 0, 1}));
  CHECK(r.DiagnoseHandle(EntityId{1, 0, 1}) == HandleDiagnosis::OwnerMismatch);
}

// Compile-time contract: a slot is released only through GameWorld::DestroyEntity (which empties
// every pool first). Holding a scope is not enough to release, and only GameWorld and the tests
// can make the key that opens one.
template <class T>
concept CanRelease = requires(T& holder, EntityId id) {
  holder.Release(id);
};
static_assert(!CanRelease<StructuralScope>);
static_assert(!CanRelease<EntityRegistry>);
static_assert(!std::is_default_constructible_v<StructuralKey>);

}  // namespace entity_registry_test
