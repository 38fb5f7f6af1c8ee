// The compact storage of issue 17 (docs/decisions/0017, 0022): FindMany against Find, the paged
// sparse array across page boundaries and with a small reserve, the flat array of a pool with a
// member per page of slots, owners rebuilt from slots, the registry refusing to release an entity
// a pool still holds, and the bytes per entity.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <vector>

#include "support/resident_memory.h"
#include "world/component_pool.h"
#include "world/pool_join.h"
#include "world_test_support.h"

namespace pool_storage_test {

using namespace cairn;
using cairn::test::MustCreate;
using cairn::test::MustRelease;
using cairn::test::RequireInvariants;

namespace {

struct Value {
  std::int64_t v = 0;
};

void RequirePoolInvariants(const ComponentPool<Value>& pool) {
  const char* broken = pool.CheckInvariants();
  INFO((broken ? broken : "ok"));
  REQUIRE(broken == nullptr);
}

struct Store {
  EntityRegistry registry;
  ComponentPool<Value> pool;
  Store(std::uint32_t capacity, std::uint32_t pool_capacity) {
    REQUIRE(registry.Initialize(capacity) == Status::Ok);
    REQUIRE(pool.Initialize(registry, pool_capacity) == Status::Ok);
  }
  // Creates entities until one lands in `slot` (slots are handed out in order), returning it.
  EntityId CreateUpTo(std::uint32_t slot) {
    EntityId id;
    do id = MustCreate(registry);
    while (id.Slot < slot);
    REQUIRE(id.Slot == slot);
    return id;
  }
  Status Insert(EntityId id, std::int64_t v) {
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    return pool.Insert(id, Value{v});
  }
  Status Remove(EntityId id) {
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    return pool.Remove(id);
  }
};

}  // namespace

TEST_CASE("FindMany answers as Find does for every kind of handle", "[pool][findmany]") {
  Store s(600, 600);
  Store other(4, 4);
  std::vector<EntityId> live;
  for (std::uint32_t i = 0; i < 500; ++i) {
    const EntityId id = MustCreate(s.registry);
    live.push_back(id);
    if (i % 3 != 0) REQUIRE(s.Insert(id, i) == Status::Ok);  // a third have no component
  }
  // A released entity's handle goes stale; its slot's next entity has a component.
  REQUIRE(s.Remove(live[1]) == Status::Ok);
  MustRelease(s.registry, live[1]);
  const EntityId reborn = MustCreate(s.registry);
  REQUIRE(reborn.Slot == live[1].Slot);
  REQUIRE(s.Insert(reborn, -1) == Status::Ok);
  const EntityId foreign = MustCreate(other.registry);
  REQUIRE(other.Insert(foreign, 99) == Status::Ok);
  {
    StructuralScope scope(s.registry, WorldPhase::Commit, cairn::test::Key());
    REQUIRE(s.registry.MarkPendingDestroy(live[2]) == Status::Ok);  // still found while pending
  }

  std::vector<EntityId> handles;
  for (std::uint32_t round = 0; round < 4; ++round) {
    for (std::uint32_t i = round; i < live.size(); i += 7) handles.push_back(live[i]);
    handles.push_back(reborn);
    handles.push_back(live[1]);                                 // stale
    handles.push_back(foreign);                                 // another world's
    handles.push_back(EntityId{foreign.Owner, 2, 1});           // another world, our slot
    handles.push_back(EntityId{s.registry.WorldId(), 600, 1});  // slot out of range
    handles.push_back(EntityId{s.registry.WorldId(), 0xFFFFFFFFu, 1});
    handles.push_back(EntityId{s.registry.WorldId(), 550, 1});  // in range, never used
    handles.push_back(EntityId{s.registry.WorldId(), 3, 0});    // generation zero
    handles.push_back(EntityId{});                              // null
  }
  REQUIRE(handles.size() > 100);  // long enough for both prefetch stages to run

  std::vector<Value*> found(handles.size(), nullptr);
  REQUIRE(s.pool.FindMany(handles, found) == Status::Ok);
  std::vector<const Value*> found_const(handles.size(), nullptr);
  const ComponentPool<Value>& read_only = s.pool;
  REQUIRE(read_only.FindMany(handles, found_const) == Status::Ok);
  std::uint32_t hits = 0, misses = 0;
  for (std::size_t i = 0; i < handles.size(); ++i) {
    INFO("handle " << i << " slot " << handles[i].Slot);
    REQUIRE(found[i] == s.pool.Find(handles[i]));
    REQUIRE(found_const[i] == read_only.Find(handles[i]));
    (found[i] != nullptr ? hits : misses) += 1;
  }
  CHECK(hits > 50);
  CHECK(misses > 50);
  // The answers that matter, spelt out.
  std::vector<Value*> one(1);
  REQUIRE(s.pool.FindMany(std::span<const EntityId>(&reborn, 1), one) == Status::Ok);
  REQUIRE(one[0] != nullptr);
  CHECK(one[0]->v == -1);
  REQUIRE(s.pool.FindMany(std::span<const EntityId>(&live[1], 1), one) == Status::Ok);
  CHECK(one[0] == nullptr);
  REQUIRE(s.pool.FindMany(std::span<const EntityId>(&foreign, 1), one) == Status::Ok);
  CHECK(one[0] == nullptr);
}

TEST_CASE("FindMany on a registry large enough to prefetch answers as Find does",
          "[pool][findmany]") {
  // From 2^17 slots the batch prefetches ahead (kPrefetchFromSlots): the same answers.
  constexpr std::uint32_t kSlots = (1u << 17) + 5;
  Store s(kSlots, kSlots);
  Store other(4, 4);
  const EntityId foreign = MustCreate(other.registry);
  REQUIRE(other.Insert(foreign, 1) == Status::Ok);
  std::vector<EntityId> live;
  {
    StructuralScope scope(s.registry, WorldPhase::Commit, cairn::test::Key());
    for (std::uint32_t i = 0; i < kSlots; ++i) {
      EntityId id;
      REQUIRE(s.registry.Create(id) == Status::Ok);
      live.push_back(id);
      if (i % 5 != 0) REQUIRE(s.pool.Insert(id, Value{std::int64_t{i}}) == Status::Ok);
    }
  }
  std::vector<EntityId> handles;
  std::uint64_t state = 12345;
  for (std::uint32_t i = 0; i < 5000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    EntityId id = live[(state >> 33) % kSlots];
    switch ((state >> 20) % 8) {
      case 0: id.Generation += 1; break;                 // stale
      case 1: id.Owner = foreign.Owner; break;           // another world's
      case 2: id.Slot = kSlots + (i % 3) * 1000; break;  // out of range
      case 3: id = EntityId{}; break;                    // null
      default: break;
    }
    handles.push_back(id);
  }
  handles.push_back(live.back());  // the last slot, in the registry's partial last page
  std::vector<Value*> found(handles.size());
  REQUIRE(s.pool.FindMany(handles, found) == Status::Ok);
  std::uint32_t hits = 0;
  for (std::size_t i = 0; i < handles.size(); ++i) {
    INFO("handle " << i << " slot " << handles[i].Slot);
    REQUIRE(found[i] == s.pool.Find(handles[i]));
    hits += found[i] != nullptr;
  }
  CHECK(hits > 1000);
  CHECK(hits < 4000);
  CHECK(found.back() != nullptr);
}

TEST_CASE("FindMany refuses an output shorter than its input and writes nothing",
          "[pool][findmany]") {
  Store s(8, 8);
  const EntityId id = MustCreate(s.registry);
  REQUIRE(s.Insert(id, 5) == Status::Ok);
  const std::vector<EntityId> handles{id, id, id};
  Value sentinel;
  std::vector<Value*> out(2, &sentinel);
  CHECK(s.pool.FindMany(handles, out) == Status::InvalidArgument);
  CHECK(out[0] == &sentinel);
  CHECK(out[1] == &sentinel);
  CHECK(s.pool.FindMany(std::span<const EntityId>(), out) == Status::Ok);
  CHECK(out[0] == &sentinel);
  ComponentPool<Value> uninitialized;
  std::vector<Value*> three(3, &sentinel);
  REQUIRE(uninitialized.FindMany(handles, three) == Status::Ok);
  CHECK(three[0] == nullptr);
  CHECK(three[2] == nullptr);
}

TEST_CASE("the sparse array takes pages as entities in new slot ranges join", "[pool][paged]") {
  // Seven members at most against eight pages of slots (2000 in pages of 256): paged.
  Store s(2000, 7);
  const std::uint32_t page = ComponentPool<Value>::SparsePageSize();
  REQUIRE(page == 256);
  CHECK(s.pool.SparsePageReserve() == 7);
  CHECK(s.pool.SparsePagesInUse() == 0);

  // Entities on both sides of two page boundaries and in the last, partial page.
  const EntityId a = s.CreateUpTo(page - 1);
  const EntityId b = s.CreateUpTo(page);
  const EntityId c = s.CreateUpTo(2 * page - 1);
  const EntityId d = s.CreateUpTo(2 * page);
  const EntityId e = s.CreateUpTo(1999);
  REQUIRE(s.Insert(a, 1) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 1);
  REQUIRE(s.Insert(b, 2) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 2);
  REQUIRE(s.Insert(c, 3) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 2);  // same page as b
  REQUIRE(s.Insert(d, 4) == Status::Ok);
  REQUIRE(s.Insert(e, 5) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 4);
  RequirePoolInvariants(s.pool);

  // Each answers with its own value; its neighbours across the boundary answer nothing.
  const std::vector<std::pair<EntityId, std::int64_t>> expected{
      {a, 1}, {b, 2}, {c, 3}, {d, 4}, {e, 5}};
  for (const auto& [id, v] : expected) {
    REQUIRE(s.pool.Find(id) != nullptr);
    CHECK(s.pool.Find(id)->v == v);
  }
  for (std::uint32_t slot : {0u, page - 2, page + 1, 2 * page - 2, 2 * page + 1, 1998u}) {
    const EntityId neighbour = s.registry.EntityAtSlot(slot);
    REQUIRE_FALSE(neighbour.IsNull());
    CHECK(s.pool.Find(neighbour) == nullptr);
  }

  // The last entry of a page returns it; the next entity there gets a page again.
  REQUIRE(s.Remove(a) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 3);
  CHECK(s.pool.Find(a) == nullptr);
  CHECK(s.pool.Find(b)->v == 2);
  REQUIRE(s.Remove(b) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 3);  // c keeps the second page
  CHECK(s.pool.Find(c)->v == 3);
  const EntityId zero = s.registry.EntityAtSlot(0);
  REQUIRE(s.Insert(zero, 10) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 4);
  CHECK(s.pool.Find(zero)->v == 10);
  CHECK(s.pool.Find(a) == nullptr);
  RequirePoolInvariants(s.pool);
}

TEST_CASE("a small pool reserves a page per member and reuses returned pages", "[pool][paged]") {
  Store s(4096, 3);
  Store flat(4096, 4096);
  CHECK(s.pool.SparsePageReserve() == 3);
  CHECK(flat.pool.SparsePageReserve() == 16);
  // Three pages of 256 entries against sixteen: what a pool of three saves.
  CHECK(s.pool.ReservedBytes() < flat.pool.ReservedBytes() / 4);

  std::vector<EntityId> ids;
  for (std::uint32_t i = 0; i < 4096; ++i) ids.push_back(MustCreate(s.registry));
  // Members far apart take one page each; the reserve is exactly used up.
  REQUIRE(s.Insert(ids[10], 1) == Status::Ok);
  REQUIRE(s.Insert(ids[1000], 2) == Status::Ok);
  REQUIRE(s.Insert(ids[4000], 3) == Status::Ok);
  CHECK(s.pool.SparsePagesInUse() == 3);
  CHECK(s.Insert(ids[2000], 4) == Status::CapacityExceeded);  // the pool is full, not the pages
  // A member leaves and another joins in a fourth slot range: the returned page serves it.
  for (int round = 0; round < 20; ++round) {
    const std::uint32_t from = round % 2 == 0 ? 1000 : 2000;
    const std::uint32_t to = round % 2 == 0 ? 2000 : 1000;
    REQUIRE(s.Remove(ids[from]) == Status::Ok);
    REQUIRE(s.Insert(ids[to], round) == Status::Ok);
    CHECK(s.pool.SparsePagesInUse() == 3);
    CHECK(s.pool.Find(ids[to])->v == round);
    CHECK(s.pool.Find(ids[from]) == nullptr);
    RequirePoolInvariants(s.pool);
  }
  CHECK(s.pool.Find(ids[10])->v == 1);
  CHECK(s.pool.Find(ids[4000])->v == 3);
}

TEST_CASE("a pool with a member per page of slots keeps one flat sparse array", "[pool][flat]") {
  const std::uint32_t page = ComponentPool<Value>::SparsePageSize();
  Store s(2000, 8);  // eight pages of slots, eight members: the reserve would be every page
  CHECK(s.pool.SparsePageReserve() == 8);
  CHECK(s.pool.SparsePagesInUse() == 8);  // every page in place from the start, for good
  // The flat array and the dense arrays, with no page table or page counts beside them.
  CHECK(s.pool.ReservedBytes() ==
        8 * page * sizeof(std::uint32_t) + 8 * (sizeof(std::uint32_t) + sizeof(Value)));
  RequirePoolInvariants(s.pool);

  std::vector<EntityId> ids;
  for (std::uint32_t i = 0; i < 2000; ++i) ids.push_back(MustCreate(s.registry));
  const std::vector<std::uint32_t> members{0, page - 1, page, 2 * page, 1000, 1999};
  for (std::uint32_t slot : members) REQUIRE(s.Insert(ids[slot], slot) == Status::Ok);
  CHECK(s.Insert(ids[0], 1) == Status::DuplicateComponent);
  for (std::uint32_t slot : members) {
    REQUIRE(s.pool.Find(ids[slot]) != nullptr);
    CHECK(s.pool.Find(ids[slot])->v == slot);
  }
  for (std::uint32_t slot : {1u, page - 2, page + 1, 1998u})
    CHECK(s.pool.Find(ids[slot]) == nullptr);
  CHECK(s.pool.SparsePagesInUse() == 8);
  RequirePoolInvariants(s.pool);

  // Swap removal moves the last member's entry; a removed slot answers nothing, and its next
  // entity does not inherit the component.
  REQUIRE(s.Remove(ids[page]) == Status::Ok);
  CHECK(s.Remove(ids[page]) == Status::MissingComponent);
  CHECK(s.pool.Find(ids[page]) == nullptr);
  CHECK(s.pool.Find(ids[1999])->v == 1999);
  REQUIRE(s.Remove(ids[0]) == Status::Ok);
  MustRelease(s.registry, ids[0]);
  const EntityId reused = MustCreate(s.registry);
  REQUIRE(reused.Slot == 0);
  CHECK(s.pool.Find(reused) == nullptr);
  CHECK(s.pool.Find(ids[0]) == nullptr);
  for (std::uint32_t slot : {page - 1, 2 * page, 1000u, 1999u})
    CHECK(s.pool.Find(ids[slot])->v == slot);
  CHECK(s.pool.Size() == 4);
  CHECK(s.pool.SparsePagesInUse() == 8);
  RequirePoolInvariants(s.pool);
}

TEST_CASE("a registry smaller than a page has one page of slots", "[pool][paged]") {
  Store s(5, 5);
  CHECK(s.pool.SparsePageReserve() == 1);
  std::vector<EntityId> ids;
  for (std::int64_t i = 0; i < 5; ++i) {
    ids.push_back(MustCreate(s.registry));
    REQUIRE(s.Insert(ids.back(), i) == Status::Ok);
  }
  for (std::int64_t i = 0; i < 5; ++i) CHECK(s.pool.Find(ids[i])->v == i);
  RequirePoolInvariants(s.pool);
}

TEST_CASE("owners are rebuilt from slots with the registry's live generation", "[pool]") {
  Store s(8, 8);
  const EntityId first = MustCreate(s.registry);
  const EntityId second = MustCreate(s.registry);
  REQUIRE(s.Insert(first, 1) == Status::Ok);
  REQUIRE(s.Insert(second, 2) == Status::Ok);
  REQUIRE(s.pool.Owners().size() == 2);
  CHECK(s.pool.Owners()[0] == first);
  CHECK(s.pool.Owners()[1] == second);
  // The slot's next incarnation appears with its own generation.
  REQUIRE(s.Remove(first) == Status::Ok);
  MustRelease(s.registry, first);
  const EntityId again = MustCreate(s.registry);
  REQUIRE(again.Slot == first.Slot);
  REQUIRE(again.Generation == first.Generation + 1);
  REQUIRE(s.Insert(again, 3) == Status::Ok);
  std::vector<EntityId> seen;
  for (EntityId id : s.pool.Owners()) seen.push_back(id);
  CHECK(seen == std::vector<EntityId>{second, again});
  CHECK(s.pool.OwnerSlots()[1] == again.Slot);
  const auto it = s.pool.Owners().begin();  // an iterator outlives the view it came from
  CHECK(*it == second);
}

TEST_CASE("an entity a pool still holds cannot be released", "[registry][pool]") {
  Store s(4, 4);
  ComponentPool<Value> second;
  REQUIRE(second.Initialize(s.registry, 4) == Status::Ok);
  const EntityId id = MustCreate(s.registry);
  CHECK(s.registry.ComponentsHeld(id.Slot) == 0);
  REQUIRE(s.Insert(id, 1) == Status::Ok);
  {
    StructuralScope scope(s.registry, WorldPhase::Commit, cairn::test::Key());
    REQUIRE(second.Insert(id, Value{2}) == Status::Ok);
  }
  CHECK(s.registry.ComponentsHeld(id.Slot) == 2);
  const std::uint64_t revision = s.registry.StructuralRevision();
  {
    StructuralScope scope(s.registry, WorldPhase::Commit, cairn::test::Key());
    CHECK(StructuralTestAccess::Release(scope, id) == Status::InvalidOperation);
    REQUIRE(s.pool.Remove(id) == Status::Ok);
    CHECK(StructuralTestAccess::Release(scope, id) == Status::InvalidOperation);
    REQUIRE(second.Remove(id) == Status::Ok);
  }
  CHECK(s.registry.IsAlive(id));
  CHECK(s.registry.StructuralRevision() == revision + 2);  // the refusals changed nothing
  CHECK(s.registry.ComponentsHeld(id.Slot) == 0);
  MustRelease(s.registry, id);
  CHECK_FALSE(s.registry.IsAlive(id));
  CHECK(s.registry.ComponentsHeld(99) == 0);  // out of range reads as none
  RequireInvariants(s.registry);
}

TEST_CASE("pools of different worlds share no aligned prefix", "[pool][join]") {
  Store a(4, 4);
  Store b(4, 4);
  const EntityId in_a = MustCreate(a.registry);
  const EntityId in_b = MustCreate(b.registry);
  REQUIRE(in_a.Slot == in_b.Slot);
  REQUIRE(a.Insert(in_a, 1) == Status::Ok);
  REQUIRE(b.Insert(in_b, 2) == Status::Ok);
  PoolJoin join(a.pool, b.pool);
  CHECK(join.AlignedPrefix() == 0);
  int visits = 0;
  join.ForEach([&](EntityId, Value&, Value&) { ++visits; });
  CHECK(visits == 0);
}

TEST_CASE("a registry and two pools of 8-byte components take at most 48 bytes per entity",
          "[registry][pool][memory]") {
  constexpr std::uint32_t kEntities = 1u << 16;
  EntityRegistry registry;
  REQUIRE(registry.Initialize(kEntities) == Status::Ok);
  ComponentPool<Value> first;
  ComponentPool<Value> second;
  REQUIRE(first.Initialize(registry, kEntities) == Status::Ok);
  REQUIRE(second.Initialize(registry, kEntities) == Status::Ok);
  // 4 live generation, 1 pending flag, 1 component count, 8 creation sequence or free link.
  CHECK(registry.MetadataBytes() == 14u * kEntities);
  // 4 sparse entry, 4 owner slot, 8 value, and the page table and page counts on top.
  const std::size_t pool_bytes = first.ReservedBytes();
  CHECK(pool_bytes >= 16u * kEntities);
  CHECK(pool_bytes <= 16u * kEntities + kEntities / 16);
  const double per_entity = static_cast<double>(registry.MetadataBytes() + first.ReservedBytes() +
                                                second.ReservedBytes()) /
                            kEntities;
  CHECK(per_entity <= 48.0);
}

TEST_CASE("a pool's storage past its size takes memory only as the pool fills", "[pool]") {
  // A component with a default member initializer, as the game's are: value-initialized storage
  // would be written in full at once. A world's pools share the capacity its fullest needs, so on
  // a floor of 320,000 rats the item, loot and player pools stood resident and empty.
  struct Wide {
    std::int64_t kind = 5;
    std::int64_t rest[5]{};
  };
  constexpr std::uint32_t kCapacity = std::uint32_t{1} << 22;  // 192 MiB of Wide
  EntityRegistry registry;
  REQUIRE(registry.Initialize(kCapacity) == Status::Ok);
  const std::size_t before = test::ResidentBytes();
  ComponentPool<Wide> pool;
  REQUIRE(pool.Initialize(registry, kCapacity) == Status::Ok);
#ifdef CAIRN_ASSERTIONS
  // Filled where assertions are on, so that a read past the size would show in a result.
  const auto* bytes = reinterpret_cast<const unsigned char*>(pool.Values().data());
  CHECK(bytes[0] == 0xA5);
  CHECK(bytes[sizeof(Wide) * (kCapacity - 1)] == 0xA5);
  (void)before;
#else
  // The flat sparse array (16 MiB, every entry written missing) is all that is resident.
  if (before != 0) CHECK(test::ResidentBytes() <= before + (std::size_t{48} << 20));
#endif
  const EntityId id = MustCreate(registry);
  StructuralScope scope(registry, WorldPhase::Commit, test::Key());
  REQUIRE(pool.Insert(id, Wide{}) == Status::Ok);
  CHECK(pool.Find(id)->kind == 5);
  RequireInvariants(registry);
}

}  // namespace pool_storage_test
