// GameWorld: the one game-owned aggregate of everything authoritative.
//
// It owns the entity registry and an explicitly named pool per component (no type-erased
// registry, no reflection). Systems read and write component values through the pools; structural
// changes (create, destroy, add or remove a component) happen only inside a StructuralScope, which
// world construction and commit open. DestroyEntity is the one destruction path: it removes the
// entity from every pool, then releases its slot.
//
// GameWorld is created on the heap and never moves: its pools hold the address of its registry.
#pragma once

#include <cstdint>
#include <memory>

#include "base/status.h"
#include "game/components.h"
#include "identity/handle.h"
#include "world/component_pool.h"
#include "world/entity_registry.h"

namespace cairn {

// Limits configured up front; every pool's storage is reserved when the world is built.
struct WorldLimits {
  std::uint32_t entities = 4096;
  std::uint32_t positions = 4096;
  std::uint32_t healths = 4096;
};

class GameWorld {
 public:
  // Builds an empty world with every pool reserved. `out` is unchanged on failure.
  [[nodiscard]] static Status TryCreate(const WorldLimits& limits,
                                        std::unique_ptr<GameWorld>& out) noexcept;

  GameWorld(const GameWorld&) = delete;
  GameWorld& operator=(const GameWorld&) = delete;

  [[nodiscard]] const EntityRegistry& Registry() const noexcept { return registry_; }
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return registry_.WorldId(); }
  [[nodiscard]] const WorldLimits& Limits() const noexcept { return limits_; }

  // The named pools.
  [[nodiscard]] ComponentPool<Position>& Positions() noexcept { return positions_; }
  [[nodiscard]] const ComponentPool<Position>& Positions() const noexcept { return positions_; }
  [[nodiscard]] ComponentPool<Health>& Healths() noexcept { return healths_; }
  [[nodiscard]] const ComponentPool<Health>& Healths() const noexcept { return healths_; }

  // The pool of a component type, for code generic over components (schema, hashing, stats).
  template <class T>
  [[nodiscard]] ComponentPool<T>& Pool() noexcept;
  template <class T>
  [[nodiscard]] const ComponentPool<T>& Pool() const noexcept {
    return const_cast<GameWorld*>(this)->Pool<T>();
  }

  // Calls visit(pool, name) for every pool, in declaration order.
  template <class Visit>
  void ForEachPool(Visit&& visit) const {
    visit(positions_, "position");
    visit(healths_, "health");
  }

  // Opens structural changes for world construction or commit (see StructuralScope).
  [[nodiscard]] StructuralScope OpenStructural(WorldPhase phase) noexcept {
    return StructuralScope(registry_, phase);
  }

  // Creates an empty entity. Needs an open StructuralScope.
  [[nodiscard]] Status CreateEntity(StructuralScope& scope, EntityId& out) noexcept;
  // Removes `id` from every pool, then releases its slot. Needs an open StructuralScope.
  [[nodiscard]] Status DestroyEntity(StructuralScope& scope, EntityId id) noexcept;
  // Adds or removes one component, recording the structural change.
  template <class T>
  [[nodiscard]] Status AddComponent(StructuralScope& scope, EntityId id, const T& value) noexcept {
    if (Status s = Pool<T>().TryInsert(id, value); s != Status::Ok) return s;
    return scope.NoteStructuralChange();
  }
  template <class T>
  [[nodiscard]] Status RemoveComponent(StructuralScope& scope, EntityId id) noexcept {
    if (Status s = Pool<T>().TryRemove(id); s != Status::Ok) return s;
    return scope.NoteStructuralChange();
  }

  // Whether `id` holds no component in any pool (a recycled slot must start empty).
  [[nodiscard]] bool HasNoComponents(EntityId id) const noexcept;
  // The first broken invariant of the registry or any pool, or null.
  [[nodiscard]] const char* CheckInvariants() const;

 private:
  GameWorld() noexcept = default;
  [[nodiscard]] Status TryInitialize(const WorldLimits& limits) noexcept;

  EntityRegistry registry_;
  ComponentPool<Position> positions_;
  ComponentPool<Health> healths_;
  WorldLimits limits_{};
};

template <>
inline ComponentPool<Position>& GameWorld::Pool<Position>() noexcept { return positions_; }
template <>
inline ComponentPool<Health>& GameWorld::Pool<Health>() noexcept { return healths_; }

}  // namespace cairn
