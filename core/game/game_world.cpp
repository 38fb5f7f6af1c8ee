#include "game/game_world.h"

#include <new>

namespace cairn {

Status GameWorld::TryCreate(const WorldLimits& limits, std::unique_ptr<GameWorld>& out) noexcept {
  if (ShouldFailAllocation()) return Status::AllocationFailed;
  std::unique_ptr<GameWorld> world(new (std::nothrow) GameWorld());
  if (!world) return Status::AllocationFailed;
  if (Status s = world->TryInitialize(limits); s != Status::Ok) return s;
  out = std::move(world);
  return Status::Ok;
}

Status GameWorld::TryInitialize(const WorldLimits& limits) noexcept {
  // The registry takes its world id only after its own storage is reserved. A pool that then
  // fails to reserve leaves that id unused, which is harmless: ids are never reused anyway.
  if (Status s = registry_.TryInitialize(limits.entities); s != Status::Ok) return s;
  if (Status s = positions_.TryInitialize(registry_, limits.positions); s != Status::Ok) return s;
  if (Status s = healths_.TryInitialize(registry_, limits.healths); s != Status::Ok) return s;
  limits_ = limits;
  return Status::Ok;
}

Status GameWorld::CreateEntity(StructuralScope& scope, EntityId& out) noexcept {
  return scope.Registry().TryCreate(out);
}

Status GameWorld::DestroyEntity(StructuralScope& scope, EntityId id) noexcept {
  if (!registry_.StructuralChangesAllowed()) return Status::InvalidPhase;
  if (!registry_.IsAlive(id)) return Status::InvalidEntity;
  // Every pool, by name: a new pool adds its line here and its case to tests/game.
  (void)positions_.TryRemove(id);
  (void)healths_.TryRemove(id);
  return scope.TryRelease(id);
}

bool GameWorld::HasNoComponents(EntityId id) const noexcept {
  bool none = true;
  ForEachPool([&](const auto& pool, const char*) { none = none && !pool.Contains(id); });
  return none;
}

const char* GameWorld::CheckInvariants() const {
  if (const char* broken = EntityRegistryTestSeam::CheckInvariants(registry_)) return broken;
  const char* broken = nullptr;
  ForEachPool([&](const auto& pool, const char*) {
    if (broken == nullptr) broken = pool.CheckInvariants();
  });
  return broken;
}

}  // namespace cairn
