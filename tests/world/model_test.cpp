// A randomized run of mixed operations on a registry and two pools, compared after every step
// with a deliberately simple reference model, plus a full invariant check after every step.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <vector>

#include "world/component_pool.h"
#include "world_test_support.h"

namespace model_test {

using namespace cairn;
using cairn::test::Rng;

namespace {

struct A {
  std::int32_t value = 0;
};
struct B {
  std::int64_t value = 0;
};

// The reference: what a registry with two pools should look like, written the obvious way.
struct ModelSlot {
  bool used = false;
  bool live = false;
  bool retired = false;
  bool pending = false;
  std::uint32_t generation = 0;
  std::optional<std::int32_t> a;
  std::optional<std::int64_t> b;
};

struct Model {
  std::uint64_t world = 0;
  std::vector<ModelSlot> slots;
  std::vector<std::uint32_t> free_stack;
  std::uint32_t next_unused = 0;

  std::uint32_t CountA() const {
    std::uint32_t n = 0;
    for (const ModelSlot& m : slots) n += m.a.has_value();
    return n;
  }
  std::uint32_t CountB() const {
    std::uint32_t n = 0;
    for (const ModelSlot& m : slots) n += m.b.has_value();
    return n;
  }

  bool Alive(EntityId id) const {
    return id.Owner == world && id.Owner != 0 && id.Slot < slots.size() && slots[id.Slot].live &&
           slots[id.Slot].generation == id.Generation && id.Generation != 0;
  }
};

constexpr std::uint32_t kCapacity = 48;
constexpr std::uint32_t kPoolACapacity = 24;
constexpr std::uint32_t kPoolBCapacity = 12;
constexpr int kSteps = 200'000;

}  // namespace

TEST_CASE("200,000 random operations agree with a reference model at every step", "[model]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(kCapacity) == Status::Ok);
  ComponentPool<A> pool_a;
  ComponentPool<B> pool_b;
  REQUIRE(pool_a.Initialize(registry, kPoolACapacity) == Status::Ok);
  REQUIRE(pool_b.Initialize(registry, kPoolBCapacity) == Status::Ok);
  EntityRegistry foreign;
  REQUIRE(foreign.Initialize(kCapacity) == Status::Ok);
  const EntityId foreign_id = cairn::test::MustCreate(foreign);

  Model model;
  model.world = registry.WorldId();
  model.slots.resize(kCapacity);
  std::vector<EntityId> issued;  // every handle ever issued, live or not
  Rng rng{0xC0FFEE};
  std::uint32_t retired_seen = 0;
  std::uint32_t registry_full_seen = 0;

  auto pick_handle = [&]() -> EntityId {
    switch (rng.Below(8)) {
      case 0: return EntityId{};
      case 1: return foreign_id;
      case 2: return EntityId{model.world, rng.Below(kCapacity + 4), rng.Below(4)};
      case 3:
      case 4:  // any handle ever issued: mostly stale ones
        if (issued.empty()) return EntityId{};
        return issued[rng.Below(static_cast<std::uint32_t>(issued.size()))];
      default: {  // a live one
        std::vector<EntityId> live;
        for (std::uint32_t slot = 0; slot < kCapacity; ++slot)
          if (model.slots[slot].live)
            live.push_back({model.world, slot, model.slots[slot].generation});
        if (live.empty()) return EntityId{};
        return live[rng.Below(static_cast<std::uint32_t>(live.size()))];
      }
    }
  };

  for (int step = 0; step < kSteps; ++step) {
    INFO("step " << step);
    const std::uint32_t op = rng.Below(100);
    StructuralScope scope(registry, WorldPhase::Commit, cairn::test::Key());
    if (op < 22) {  // create
      EntityId id{};
      const Status s = registry.Create(id);
      const bool can = !model.free_stack.empty() || model.next_unused < kCapacity;
      REQUIRE((s == Status::Ok) == can);
      if (can) {
        std::uint32_t slot;
        if (!model.free_stack.empty()) {
          slot = model.free_stack.back();
          model.free_stack.pop_back();
        } else {
          slot = model.next_unused++;
          model.slots[slot].generation = 1;
        }
        ModelSlot& m = model.slots[slot];
        m.used = m.live = true;
        m.pending = false;
        REQUIRE(id == EntityId{model.world, slot, m.generation});
        REQUIRE(!m.a.has_value());  // a recycled slot starts empty
        REQUIRE(!m.b.has_value());
        REQUIRE(!pool_a.Contains(id));
        REQUIRE(!pool_b.Contains(id));
        issued.push_back(id);
      } else {
        REQUIRE(s == Status::CapacityExceeded);
        REQUIRE(id.IsNull());
        ++registry_full_seen;
      }
    } else if (op < 38) {  // destroy: remove every component, then release
      const EntityId id = pick_handle();
      const bool alive = model.Alive(id);
      REQUIRE(registry.IsAlive(id) == alive);
      if (alive) {
        ModelSlot& m = model.slots[id.Slot];
        REQUIRE((pool_a.Remove(id) == Status::Ok) == m.a.has_value());
        REQUIRE((pool_b.Remove(id) == Status::Ok) == m.b.has_value());
        REQUIRE(StructuralTestAccess::Release(scope, id) == Status::Ok);
        m.a.reset();
        m.b.reset();
        m.live = m.pending = false;
        if (m.generation == std::numeric_limits<std::uint32_t>::max()) {
          m.retired = true;
          ++retired_seen;
        } else {
          ++m.generation;
          model.free_stack.push_back(id.Slot);
        }
      } else {
        REQUIRE(StructuralTestAccess::Release(scope, id) == Status::InvalidEntity);
        REQUIRE(pool_a.Remove(id) == Status::InvalidEntity);
      }
    } else if (op < 43) {  // mark pending destroy
      const EntityId id = pick_handle();
      const Status s = registry.MarkPendingDestroy(id);
      REQUIRE((s == Status::Ok) == model.Alive(id));
      if (s == Status::Ok) model.slots[id.Slot].pending = true;
    } else if (op < 60) {  // insert A
      const EntityId id = pick_handle();
      const std::int32_t value = static_cast<std::int32_t>(rng.Next());
      const Status s = pool_a.Insert(id, A{value});
      if (!model.Alive(id)) {
        REQUIRE(s == Status::InvalidEntity);
      } else if (model.slots[id.Slot].a) {
        REQUIRE(s == Status::DuplicateComponent);
      } else if (model.CountA() == kPoolACapacity) {
        REQUIRE(s == Status::CapacityExceeded);
      } else {
        REQUIRE(s == Status::Ok);
        model.slots[id.Slot].a = value;
      }
    } else if (op < 72) {  // insert B
      const EntityId id = pick_handle();
      const std::int64_t value = static_cast<std::int64_t>(rng.Next());
      const Status s = pool_b.Insert(id, B{value});
      if (!model.Alive(id)) {
        REQUIRE(s == Status::InvalidEntity);
      } else if (model.slots[id.Slot].b) {
        REQUIRE(s == Status::DuplicateComponent);
      } else if (model.CountB() == kPoolBCapacity) {
        REQUIRE(s == Status::CapacityExceeded);
      } else {
        REQUIRE(s == Status::Ok);
        model.slots[id.Slot].b = value;
      }
    } else if (op < 80) {  // remove A or B
      const EntityId id = pick_handle();
      const bool which = rng.Below(2) == 0;
      const Status s = which ? pool_a.Remove(id) : pool_b.Remove(id);
      if (!model.Alive(id)) {
        REQUIRE(s == Status::InvalidEntity);
      } else {
        ModelSlot& m = model.slots[id.Slot];
        const bool had = which ? m.a.has_value() : m.b.has_value();
        REQUIRE(s == (had ? Status::Ok : Status::MissingComponent));
        if (which)
          m.a.reset();
        else
          m.b.reset();
      }
    } else if (op < 85) {  // value write through Find
      const EntityId id = pick_handle();
      if (A* a = pool_a.Find(id)) {
        REQUIRE(model.Alive(id));
        a->value += 1;
        *model.slots[id.Slot].a += 1;
      }
    } else if (op < 86) {  // push a free slot near the end of its generations
      // Capped, so retirement is exercised without closing the whole registry.
      if (!model.free_stack.empty() && retired_seen < kCapacity / 4) {
        const std::uint32_t slot = model.free_stack.back();
        const std::uint32_t generation = std::numeric_limits<std::uint32_t>::max() - rng.Below(2);
        EntityRegistryTestSeam::SetGeneration(registry, slot, generation);
        model.slots[slot].generation = generation;
      }
    } else {  // lookups of every kind of handle
      const EntityId id = pick_handle();
      const bool alive = model.Alive(id);
      REQUIRE(registry.IsAlive(id) == alive);
      REQUIRE(registry.IsActive(id) == (alive && !model.slots[id.Slot].pending));
      const A* a = pool_a.Find(id);
      const B* b = pool_b.Find(id);
      if (!alive) {
        REQUIRE(a == nullptr);
        REQUIRE(b == nullptr);
      } else {
        const ModelSlot& m = model.slots[id.Slot];
        REQUIRE((a != nullptr) == m.a.has_value());
        REQUIRE((b != nullptr) == m.b.has_value());
        if (a) REQUIRE(a->value == *m.a);
        if (b) REQUIRE(b->value == *m.b);
      }
    }

    // After every step: counts agree with the model and every invariant holds.
    std::uint32_t live = 0, pending = 0, retired = 0, a_count = 0, b_count = 0;
    for (const ModelSlot& m : model.slots) {
      live += m.live;
      pending += m.live && m.pending;
      retired += m.retired;
      a_count += m.a.has_value();
      b_count += m.b.has_value();
    }
    REQUIRE(registry.LiveCount() == live);
    REQUIRE(registry.PendingCount() == pending);
    REQUIRE(registry.RetiredCount() == retired);
    REQUIRE(pool_a.Size() == a_count);
    REQUIRE(pool_b.Size() == b_count);
    const char* broken = EntityRegistryTestSeam::CheckInvariants(registry);
    if (!broken) broken = pool_a.CheckInvariants();
    if (!broken) broken = pool_b.CheckInvariants();
    INFO((broken ? broken : "ok"));
    REQUIRE(broken == nullptr);
  }
  // The run must have exercised what it claims to: reuse, retirement and full pools.
  CHECK(issued.size() > 10'000);
  CHECK(retired_seen > 0);
  CHECK(registry_full_seen > 0);
  CHECK(pool_a.HighWaterMark() == kPoolACapacity);
  CHECK(pool_b.HighWaterMark() == kPoolBCapacity);
}

}  // namespace model_test
