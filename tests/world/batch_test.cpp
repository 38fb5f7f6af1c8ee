// The batch forms of issue 17 (decision 0026): CreateMany, InsertMany, RemoveMany and
// ReleaseMany against the single calls they stand for, on twin worlds driven by one random
// sequence (flat and paged sparse arrays), and every kind of refusal leaving the world as it was.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "world/component_pool.h"
#include "world_test_support.h"

namespace batch_test {

using namespace cairn;
using cairn::test::Key;
using cairn::test::Rng;

namespace {

struct Pair {
  std::int32_t x = 0;
  std::int32_t y = 0;
  bool operator==(const Pair&) const = default;
};

struct World {
  EntityRegistry registry;
  ComponentPool<Pair> pool;
  World(std::uint32_t capacity, std::uint32_t pool_capacity) {
    REQUIRE(registry.Initialize(capacity) == Status::Ok);
    REQUIRE(pool.Initialize(registry, pool_capacity) == Status::Ok);
  }
  // This world's handle for a slot's live entity.
  EntityId At(std::uint32_t slot) const { return registry.EntityAtSlot(slot); }
  // Handles for slots; the kBad values below stand for handles no entity of this world answers to.
  std::vector<EntityId> Handles(const std::vector<std::uint32_t>& slots) const {
    std::vector<EntityId> ids;
    for (std::uint32_t slot : slots) ids.push_back(slot >= kBad ? Bad(slot) : At(slot));
    return ids;
  }
  static constexpr std::uint32_t kBad = 0xFFFFFFF0u;  // kBad + 0..3: the kinds Bad makes
  EntityId Bad(std::uint32_t kind) const {
    const EntityId first = registry.EntityAtSlot(0);
    switch (kind - kBad) {
      case 0: return EntityId{registry.WorldId() + 1000, 0, 1};              // another world's
      case 1: return EntityId{registry.WorldId(), 0, first.Generation + 1};  // stale or unborn
      case 2: return EntityId{registry.WorldId(), registry.Capacity(), 1};   // out of range
      default: return EntityId{};                                            // null
    }
  }
  std::uint32_t AnyBad(Rng& rng) const { return kBad + rng.Below(4); }
};

// Everything a caller can observe of a world, to compare twins and a world before and after.
struct Observed {
  std::vector<std::uint64_t> counts;
  std::vector<std::uint32_t> slot_state;  // per slot: generation, held count, pending, value
  std::vector<std::uint64_t> sequences;   // per live slot: its entity's creation sequence
  std::vector<std::uint32_t> owners;
  std::vector<Pair> values;
  bool operator==(const Observed&) const = default;
};

Observed Observe(const World& w) {
  const EntityRegistry& r = w.registry;
  Observed o;
  o.counts = {r.LiveCount(),          r.FreeCount(),
              r.PendingCount(),       r.RetiredCount(),
              r.SlotsTouched(),       r.PeakGeneration(),
              r.StructuralRevision(), r.CreationsRemaining(),
              w.pool.Size(),          w.pool.MembershipRevision(),
              w.pool.HighWaterMark(), w.pool.SparsePagesInUse()};
  for (std::uint32_t slot = 0; slot < r.Capacity(); ++slot) {
    const EntityId id = r.EntityAtSlot(slot);
    o.slot_state.push_back(id.Generation);
    o.slot_state.push_back(r.ComponentsHeld(slot));
    o.slot_state.push_back(id.IsNull() ? 0 : (r.IsActive(id) ? 1 : 2));
    if (!id.IsNull()) {
      o.sequences.push_back(r.CreationSequenceOf(id));
      const Pair* value = w.pool.Find(id);
      o.slot_state.push_back(value != nullptr ? static_cast<std::uint32_t>(value->x) : 0xFFFFFFFFu);
    }
  }
  o.owners.assign(w.pool.OwnerSlots().begin(), w.pool.OwnerSlots().end());
  o.values.assign(w.pool.Values().begin(), w.pool.Values().end());
  return o;
}

void RequireSound(const World& w) {
  const char* broken = EntityRegistryTestSeam::CheckInvariants(w.registry);
  if (broken == nullptr) broken = w.pool.CheckInvariants();
  INFO((broken ? broken : "ok"));
  REQUIRE(broken == nullptr);
}

// The slots of live entities with (or without) the pool's component.
std::vector<std::uint32_t> LiveSlots(const World& w, bool holding) {
  std::vector<std::uint32_t> slots;
  for (std::uint32_t slot = 0; slot < w.registry.Capacity(); ++slot) {
    const EntityId id = w.At(slot);
    if (!id.IsNull() && w.pool.Contains(id) == holding) slots.push_back(slot);
  }
  return slots;
}

std::vector<std::uint32_t> Pick(Rng& rng, std::vector<std::uint32_t> from, std::uint32_t most) {
  rng.Shuffle(from);
  const std::uint32_t count =
      from.empty()
          ? 0
          : rng.Below(std::min<std::uint32_t>(most, static_cast<std::uint32_t>(from.size())) + 1);
  from.resize(count);
  return from;
}

// Puts one bad handle at a random place of `slots`: a second place of a handle already there
// (refused with `twice`), one of `wrong` (refused with `wrong_status`), or one no entity of the
// world answers to (InvalidEntity). Returns the place and the status the batch must get.
struct Spoiled {
  std::uint32_t at = 0;
  Status expected = Status::Ok;
};
Spoiled Spoil(Rng& rng, const World& w, std::vector<std::uint32_t>& slots, Status twice,
              const std::vector<std::uint32_t>& wrong, Status wrong_status) {
  Spoiled spoiled;
  spoiled.at = rng.Below(static_cast<std::uint32_t>(slots.size()) + 1);
  const std::uint32_t how = rng.Below(3);
  std::uint32_t bad = 0;
  if (how == 0 && !slots.empty()) {
    bad = slots[rng.Below(static_cast<std::uint32_t>(slots.size()))];
    spoiled.expected = twice;
  } else if (how == 1 && !wrong.empty()) {
    bad = wrong[rng.Below(static_cast<std::uint32_t>(wrong.size()))];
    spoiled.expected = wrong_status;
  } else {
    bad = w.AnyBad(rng);
    spoiled.expected = Status::InvalidEntity;
  }
  slots.insert(slots.begin() + spoiled.at, bad);
  return spoiled;
}

// A refused batch changes nothing a caller can see, and breaks nothing.
void RequireUnchanged(const World& w, const Observed& before) {
  REQUIRE(Observe(w) == before);
  RequireSound(w);
}

// Runs `steps` random batches on `batched` and the same changes as single calls on `single`,
// comparing after each; every fourth batch carries one bad handle and must change nothing.
void RunTwins(std::uint32_t capacity, std::uint32_t pool_capacity, std::uint64_t seed, int steps,
              bool paged) {
  World batched(capacity, pool_capacity);
  World single(capacity, pool_capacity);
  const std::uint32_t page = ComponentPool<Pair>::SparsePageSize();
  REQUIRE((batched.pool.SparsePageReserve() < (capacity + page - 1) / page) == paged);
  Rng rng{seed};
  int refusals = 0;
  for (int step = 0; step < steps; ++step) {
    INFO("step " << step);
    StructuralScope scope_b(batched.registry, WorldPhase::Commit, Key());
    StructuralScope scope_s(single.registry, WorldPhase::Commit, Key());
    const std::uint32_t kind = rng.Below(5);
    const bool spoil = rng.Below(4) == 0;
    if (kind == 0) {  // create
      const std::uint32_t room = batched.registry.FreeCount();
      std::vector<EntityId> made(room == 0 ? 0 : rng.Below(std::min<std::uint32_t>(room, 40) + 1));
      REQUIRE(batched.registry.CreateMany(made) == Status::Ok);
      for (EntityId id : made) {
        EntityId twin;
        REQUIRE(single.registry.Create(twin) == Status::Ok);
        REQUIRE(twin.Slot == id.Slot);
        REQUIRE(twin.Generation == id.Generation);
        REQUIRE(id.Owner == batched.registry.WorldId());
      }
    } else if (kind == 1) {  // insert
      const std::uint32_t room = pool_capacity - batched.pool.Size();
      if (room == 0) continue;
      // One place is kept for a bad handle, so that the pool's room is never what refuses.
      std::vector<std::uint32_t> slots = Pick(rng, LiveSlots(batched, false), room - 1);
      std::vector<Pair> values;
      for (std::uint32_t slot : slots)
        values.push_back(
            Pair{static_cast<std::int32_t>(rng.Below(1000)), static_cast<std::int32_t>(slot)});
      Status expected = Status::Ok;
      if (spoil) {  // a handle twice, one that has the component already, or a bad one
        const Spoiled spoiled = Spoil(rng, batched, slots, Status::DuplicateComponent,
                                      LiveSlots(batched, true), Status::DuplicateComponent);
        expected = spoiled.expected;
        values.insert(values.begin() + spoiled.at, Pair{-1, -1});
      }
      const Observed before = Observe(batched);
      REQUIRE(batched.pool.InsertMany(batched.Handles(slots), values) == expected);
      if (expected != Status::Ok) {
        ++refusals;
        RequireUnchanged(batched, before);
        continue;
      }
      for (std::size_t i = 0; i < slots.size(); ++i)
        REQUIRE(single.pool.Insert(single.At(slots[i]), values[i]) == Status::Ok);
    } else if (kind == 2) {  // remove
      std::vector<std::uint32_t> slots = Pick(rng, LiveSlots(batched, true), 40);
      Status expected = Status::Ok;
      if (spoil)  // a handle twice, one without the component, or a bad one
        expected = Spoil(rng, batched, slots, Status::MissingComponent, LiveSlots(batched, false),
                         Status::MissingComponent)
                       .expected;
      const Observed before = Observe(batched);
      REQUIRE(batched.pool.RemoveMany(batched.Handles(slots)) == expected);
      if (expected != Status::Ok) {
        ++refusals;
        RequireUnchanged(batched, before);
        continue;
      }
      for (std::uint32_t slot : slots) REQUIRE(single.pool.Remove(single.At(slot)) == Status::Ok);
    } else if (kind == 3) {  // release
      std::vector<std::uint32_t> slots = Pick(rng, LiveSlots(batched, false), 40);
      Status expected = Status::Ok;
      if (spoil)  // a handle twice, one a pool still holds, or a bad one
        expected = Spoil(rng, batched, slots, Status::InvalidEntity, LiveSlots(batched, true),
                         Status::InvalidOperation)
                       .expected;
      const Observed before = Observe(batched);
      REQUIRE(StructuralTestAccess::ReleaseMany(scope_b, batched.Handles(slots)) == expected);
      if (expected != Status::Ok) {
        ++refusals;
        RequireUnchanged(batched, before);
        continue;
      }
      for (std::uint32_t slot : slots)
        REQUIRE(StructuralTestAccess::Release(scope_s, single.At(slot)) == Status::Ok);
    } else {  // mark a few pending, so releases count pending entities down
      for (std::uint32_t slot : Pick(rng, LiveSlots(batched, false), 3)) {
        REQUIRE(batched.registry.MarkPendingDestroy(batched.At(slot)) == Status::Ok);
        REQUIRE(single.registry.MarkPendingDestroy(single.At(slot)) == Status::Ok);
      }
    }
    RequireSound(batched);
    RequireSound(single);
    REQUIRE(Observe(batched) == Observe(single));
  }
  CHECK(refusals > steps / 10);
  CHECK(batched.registry.PeakGeneration() > 1);  // slots were reused
}

}  // namespace

TEST_CASE("batches change a world exactly as the single calls in their order do", "[batch]") {
  SECTION("flat sparse array") {
    RunTwins(300, 300, 17, 600, false);
  }
  SECTION("paged sparse array with a small reserve") {
    RunTwins(2048, 6, 29, 600, true);
  }
  SECTION("paged sparse array across many pages") {
    RunTwins(8192, 24, 31, 600, true);
  }
}

TEST_CASE("a batch is refused whole before anything changes", "[batch]") {
  World w(8, 8);
  std::vector<EntityId> ids(9);
  SECTION("outside a structural scope") {
    REQUIRE(w.registry.CreateMany(std::span<EntityId>(ids).first(1)) == Status::InvalidPhase);
    REQUIRE(ids[0].IsNull());
    const std::vector<Pair> none;
    REQUIRE(w.pool.InsertMany(std::span<const EntityId>(ids).first(1), none) ==
            Status::InvalidPhase);  // the phase is told before the spans' lengths
    REQUIRE(w.pool.RemoveMany(std::span<const EntityId>(ids).first(1)) == Status::InvalidPhase);
  }
  StructuralScope scope(w.registry, WorldPhase::Commit, Key());
  SECTION("more creations than free slots") {
    const Observed before = Observe(w);
    REQUIRE(w.registry.CreateMany(ids) == Status::CapacityExceeded);
    REQUIRE(Observe(w) == before);
    REQUIRE(w.registry.CapacityFailures() == 1);
    REQUIRE(std::all_of(ids.begin(), ids.end(), [](EntityId id) { return id.IsNull(); }));
    REQUIRE(w.registry.CreateMany(std::span<EntityId>(ids).first(8)) == Status::Ok);
    REQUIRE(w.registry.LiveCount() == 8);
  }
  SECTION("an empty batch changes nothing") {
    const Observed before = Observe(w);
    REQUIRE(w.registry.CreateMany({}) == Status::Ok);
    REQUIRE(w.pool.InsertMany({}, Pair{}) == Status::Ok);
    REQUIRE(w.pool.RemoveMany({}) == Status::Ok);
    REQUIRE(StructuralTestAccess::ReleaseMany(scope, {}) == Status::Ok);
    REQUIRE(Observe(w) == before);
  }
  SECTION("handles read from the pool's own values") {
    EntityRegistry registry;
    ComponentPool<EntityId> links;  // each entity's value is its own handle
    REQUIRE(registry.Initialize(4) == Status::Ok);
    REQUIRE(links.Initialize(registry, 4) == Status::Ok);
    StructuralScope links_scope(registry, WorldPhase::Commit, Key());
    std::vector<EntityId> made(4);
    REQUIRE(registry.CreateMany(made) == Status::Ok);
    REQUIRE(links.InsertMany(made, std::span<const EntityId>(made)) == Status::Ok);
    REQUIRE(links.RemoveMany(links.Values()) == Status::InvalidArgument);
    REQUIRE(links.Size() == 4);
    REQUIRE(links.CheckInvariants() == nullptr);
    REQUIRE(links.RemoveMany(made) == Status::Ok);  // a copy of them is fine
    REQUIRE(links.Size() == 0);
  }
  SECTION("values and handles of different lengths") {
    REQUIRE(w.registry.CreateMany(std::span<EntityId>(ids).first(2)) == Status::Ok);
    const std::vector<Pair> one{Pair{1, 1}};
    REQUIRE(w.pool.InsertMany(std::span<const EntityId>(ids).first(2), one) ==
            Status::InvalidArgument);
    REQUIRE(w.pool.Size() == 0);
  }
  SECTION("more inserts than the pool has room for") {
    World small(8, 2);
    StructuralScope small_scope(small.registry, WorldPhase::Commit, Key());
    REQUIRE(small.registry.CreateMany(std::span<EntityId>(ids).first(3)) == Status::Ok);
    REQUIRE(small.pool.InsertMany(std::span<const EntityId>(ids).first(3), Pair{}) ==
            Status::CapacityExceeded);
    REQUIRE(small.pool.Size() == 0);
    REQUIRE(small.pool.CapacityFailures() == 1);
  }
  SECTION("counters that would run out") {
    REQUIRE(w.registry.CreateMany(std::span<EntityId>(ids).first(2)) == Status::Ok);
    EntityRegistryTestSeam::SetStructuralRevision(w.registry, ~std::uint64_t{0} - 1);
    const Observed before = Observe(w);
    const std::span<const EntityId> two = std::span<const EntityId>(ids).first(2);
    REQUIRE(w.pool.InsertMany(two, Pair{}) == Status::SequenceExhausted);
    REQUIRE(StructuralTestAccess::ReleaseMany(scope, two) == Status::SequenceExhausted);
    REQUIRE(Observe(w) == before);
    REQUIRE(w.pool.InsertMany(two.first(1), Pair{}) == Status::Ok);
    REQUIRE(w.pool.RemoveMany(two.first(1)) == Status::SequenceExhausted);
    EntityRegistryTestSeam::SetLastCreationSequence(w.registry, ~std::uint64_t{0} - 1);
    EntityRegistryTestSeam::SetStructuralRevision(w.registry, 0);
    std::vector<EntityId> more(2);
    REQUIRE(w.registry.CreateMany(more) == Status::SequenceExhausted);
    REQUIRE(more[0].IsNull());
    REQUIRE(w.registry.CreateMany(std::span<EntityId>(more).first(1)) == Status::Ok);
  }
  SECTION("a handle at the largest generation retires its slot") {
    REQUIRE(w.registry.CreateMany(std::span<EntityId>(ids).first(2)) == Status::Ok);
    EntityRegistryTestSeam::SetGeneration(w.registry, ids[1].Slot, ~std::uint32_t{0});
    const EntityId last{ids[1].Owner, ids[1].Slot, ~std::uint32_t{0}};
    const std::vector<EntityId> both{ids[0], last};
    REQUIRE(StructuralTestAccess::ReleaseMany(scope, both) == Status::Ok);
    REQUIRE(w.registry.RetiredCount() == 1);
    REQUIRE(w.registry.FreeCount() == 7);
    RequireSound(w);
  }
}

}  // namespace batch_test
