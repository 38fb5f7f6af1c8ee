#include "schema/component_access.h"

namespace cairn {
namespace {

// Calls visit(pool) with the pool that stores `type`: the one place type ids meet C++ types.
template <class World, class Visit>
decltype(auto) WithPool(World& world, ComponentTypeId type, Visit&& visit) {
  switch (type) {
    case ComponentKind::Position: return visit(world.Positions());
    case ComponentKind::Intent: return visit(world.Intents());
    case ComponentKind::Blocker: return visit(world.Blockers());
    case ComponentKind::Appearance: return visit(world.Appearances());
    case ComponentKind::Player: return visit(world.Players());
    case ComponentKind::EnemyAi: return visit(world.Ais());
    case ComponentKind::Stairs: return visit(world.StairsPool());
    case ComponentKind::Health: return visit(world.Healths());
    case ComponentKind::Combat: return visit(world.Combats());
    case ComponentKind::Named: return visit(world.Names());
    case ComponentKind::Item: return visit(world.Items());
    case ComponentKind::Inventory: return visit(world.Inventories());
  }
  return visit(world.Positions());  // unreachable for valid ids; keeps every path returning
}

}  // namespace

bool HasComponent(const GameWorld& world, EntityId id, ComponentTypeId type) noexcept {
  return WithPool(world, type, [&](const auto& pool) { return pool.Contains(id); });
}

bool ReadComponent(const GameWorld& world, EntityId id, ComponentTypeId type,
                   std::span<FieldValue> fields) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  return WithPool(world, type, [&](const auto& pool) {
    const auto* value = pool.Find(id);
    if (value == nullptr) return false;
    for (std::size_t i = 0; i < info.fields.size() && i < fields.size(); ++i)
      fields[i] = info.fields[i].get(value);
    return true;
  });
}

Status WriteComponent(GameWorld& world, StructuralScope& scope, EntityId id, ComponentTypeId type,
                      std::span<const FieldValue> fields) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  return WithPool(world, type, [&](auto& pool) {
    using T = typename std::remove_cvref_t<decltype(pool.Values())>::value_type;
    T value{};
    for (std::size_t i = 0; i < info.fields.size() && i < fields.size(); ++i)
      info.fields[i].set(&value, fields[i]);
    if (T* existing = pool.Find(id)) {
      *existing = value;  // a value write: no structural change
      return Status::Ok;
    }
    return world.AddComponent(scope, id, value);
  });
}

Status RemoveComponentOfType(GameWorld& world, StructuralScope& scope, EntityId id,
                             ComponentTypeId type) noexcept {
  return WithPool(world, type, [&](auto& pool) {
    using T = typename std::remove_cvref_t<decltype(pool.Values())>::value_type;
    return world.template RemoveComponent<std::remove_const_t<T>>(scope, id);
  });
}

PoolStats StatsOf(const GameWorld& world, ComponentTypeId type) noexcept {
  return WithPool(world, type, [](const auto& pool) {
    return PoolStats{pool.Size(), pool.Capacity(), pool.HighWaterMark(), pool.ReservedBytes()};
  });
}

std::span<const EntityId> OwnersOf(const GameWorld& world, ComponentTypeId type) noexcept {
  return WithPool(world, type, [](const auto& pool) { return pool.Owners(); });
}

}  // namespace cairn
