#include "game/game_world.h"

#include <array>
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "base/fault_injection.h"
#include "schema/component_access.h"
#include "schema/component_types.h"
#include "support/test_content.h"

namespace game_world_test {

using namespace cairn;

namespace {

std::unique_ptr<GameWorld> MakeWorld(std::uint32_t n = 64) {
  std::unique_ptr<GameWorld> world;
  REQUIRE(GameWorld::Create(WorldLimits::Uniform(n), cairn::test::Definitions(), 8, 8, 1, world) ==
          Status::Ok);
  return world;
}

StructuralScope& Open(GameWorld& world, std::optional<StructuralScope>& scope,
                      WorldPhase phase = WorldPhase::Commit) {
  REQUIRE(world.OpenStructural(phase, scope) == Status::Ok);
  return *scope;
}

// Gives `id` one component of every registered type, each with non-default values.
void AddEveryComponent(GameWorld& world, StructuralScope& scope, EntityId id) {
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    std::array<FieldValue, kMaxFieldsPerComponent> fields{};
    for (std::size_t i = 0; i < type.fields.size(); ++i) fields[i].integer = type.fields[i].max;
    INFO(type.name);
    REQUIRE(WriteComponent(world, scope, id, type.id, fields) == Status::Ok);
  }
}

}  // namespace

TEST_CASE("every pool the world visits has a registered component type, and back", "[game]") {
  auto world = MakeWorld();
  std::set<std::string> pools;
  world->ForEachPool(
      [&](const auto&, ComponentKind kind) { pools.insert(ComponentKindName(kind)); });
  std::set<std::string> types;
  for (const ComponentTypeInfo& type : AllComponentTypes()) types.insert(std::string(type.name));
  CHECK(pools == types);
}

TEST_CASE("destroying an entity clears it from every pool", "[game]") {
  auto world = MakeWorld();
  EntityId doomed, bystander;
  {
    std::optional<StructuralScope> opened;
    StructuralScope& scope = Open(*world, opened, WorldPhase::Construction);
    REQUIRE(world->CreateEntity(scope, doomed) == Status::Ok);
    REQUIRE(world->CreateEntity(scope, bystander) == Status::Ok);
    AddEveryComponent(*world, scope, doomed);
    AddEveryComponent(*world, scope, bystander);
    for (const ComponentTypeInfo& type : AllComponentTypes())
      REQUIRE(HasComponent(*world, doomed, type.id));
    REQUIRE(world->DestroyEntity(scope, doomed) == Status::Ok);
  }
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    INFO(type.name);
    CHECK(StatsOf(*world, type.id).size == 1);
    CHECK(HasComponent(*world, bystander, type.id));
  }
  CHECK_FALSE(world->Registry().IsAlive(doomed));
  CHECK(world->FirstBrokenInvariant() == "");

  // The recycled slot starts with no component in any pool.
  std::optional<StructuralScope> opened;
  StructuralScope& scope = Open(*world, opened);
  EntityId reborn;
  REQUIRE(world->CreateEntity(scope, reborn) == Status::Ok);
  REQUIRE(reborn.Slot == doomed.Slot);
  CHECK(world->HasNoComponents(reborn));
}

TEST_CASE("destroying twice is refused the second time", "[game]") {
  auto world = MakeWorld();
  std::optional<StructuralScope> opened;
  StructuralScope& scope = Open(*world, opened);
  EntityId id;
  REQUIRE(world->CreateEntity(scope, id) == Status::Ok);
  REQUIRE(world->DestroyEntity(scope, id) == Status::Ok);
  CHECK(world->DestroyEntity(scope, id) == Status::InvalidEntity);
  CHECK(world->Registry().FreeCount() == 64);
}

TEST_CASE("the structural API is closed while systems run", "[game]") {
  auto world = MakeWorld();
  EntityId id;
  {
    std::optional<StructuralScope> opened;
    REQUIRE(world->CreateEntity(Open(*world, opened), id) == Status::Ok);
  }
  // Outside any scope the world is in its Simulation phase.
  CHECK(world->MutablePositions().Insert(id, Position{1, 1}) == Status::InvalidPhase);
  CHECK(world->MutableHealths().Remove(id) == Status::InvalidPhase);
}

TEST_CASE("world creation fails cleanly at each reserve", "[game][alloc]") {
  fault_injection::FailAllocationAt(-1);
  { MakeWorld(32); }
  const std::int64_t reserves = fault_injection::AllocationsSeen();
  REQUIRE(reserves >= 3);
  for (std::int64_t at = 0; at < reserves; ++at) {
    INFO("failing reserve " << at);
    std::unique_ptr<GameWorld> out;
    fault_injection::FailAllocationAt(at);
    CHECK(GameWorld::Create(WorldLimits::Uniform(32), cairn::test::Definitions(), 8, 8, 1, out) ==
          Status::AllocationFailed);
    fault_injection::Disarm();
    CHECK(out == nullptr);
  }
}

TEST_CASE("a pool with less room than the registry fills independently", "[game]") {
  WorldLimits limits = WorldLimits::Uniform(8);
  limits.pools[static_cast<std::size_t>(ComponentKind::Position)] = 2;
  std::unique_ptr<GameWorld> world;
  REQUIRE(GameWorld::Create(limits, cairn::test::Definitions(), 8, 8, 1, world) == Status::Ok);
  std::optional<StructuralScope> opened;
  StructuralScope& scope = Open(*world, opened, WorldPhase::Construction);
  EntityId ids[3];
  for (EntityId& id : ids) REQUIRE(world->CreateEntity(scope, id) == Status::Ok);
  REQUIRE(world->AddComponent(scope, ids[0], Position{}) == Status::Ok);
  REQUIRE(world->AddComponent(scope, ids[1], Position{}) == Status::Ok);
  CHECK(world->AddComponent(scope, ids[2], Position{}) == Status::CapacityExceeded);
  CHECK(world->AddComponent(scope, ids[2], Health{1, 1}) == Status::Ok);
}

}  // namespace game_world_test
