#include "schema/component_access.h"

#include <algorithm>
#include <type_traits>

#include "base/assert.h"

namespace cairn {

void* ComponentIn(ComponentBundle& bundle, ComponentTypeId type) noexcept {
  void* found = nullptr;
  ForEachComponentType([&]<class T>() {
    if (KindOf<T>::value == type) found = &bundle.Get<T>();
  });
  return found;
}
const void* ComponentIn(const ComponentBundle& bundle, ComponentTypeId type) noexcept {
  return ComponentIn(const_cast<ComponentBundle&>(bundle), type);
}
namespace {

// Calls visit(pool) with the pool that stores `type`: the one place type ids meet C++ types.
template <class World, class Visit>
decltype(auto) WithPool(World& world, ComponentTypeId type, Visit&& visit) {
  switch (type) {
#define CAIRN_POOL_CASE(Type, member, Accessor, name, since) \
  case ComponentKind::Type:                                  \
    if constexpr (std::is_const_v<World>)                    \
      return visit(world.Accessor());                        \
    else                                                     \
      return visit(world.Mutable##Accessor());
    CAIRN_FOR_EACH_COMPONENT(CAIRN_POOL_CASE)
#undef CAIRN_POOL_CASE
  }
  CAIRN_ASSERT(false, "a component type id past the list");
  if constexpr (std::is_const_v<World>)  // keeps every path returning
    return visit(world.Positions());
  else
    return visit(world.MutablePositions());
}

}  // namespace

bool HasComponent(const GameWorld& world, EntityId id, ComponentTypeId type) noexcept {
  return WithPool(world, type, [&](const auto& pool) { return pool.Contains(id); });
}

namespace {

// Where a component's fields live inside its value: the value itself, or for a Many type (whose
// fields describe one entry) its first entry; null for a Many value with no entry.
const void* FieldSource(const ComponentTypeInfo& info, const void* value) {
  if (info.slots == nullptr) return value;
  if (info.slots->count(value) == 0) return nullptr;
  return info.slots->find(value, info.slots->slot_at(value, 0));
}

void SetFields(const ComponentTypeInfo& type, void* target, std::span<const FieldValue> fields) {
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i)
    type.fields[i].set(target, fields[i]);
}

// A Many component made again after its last entry went starts from the history slot_history
// kept, so its first entry takes the slot past every slot the entity's component has held.
void SeedSlotHistory(const GameWorld& world, EntityId id, const ComponentTypeInfo& info,
                     void* value) {
  if (info.slots == nullptr) return;
  if (const SlotHistory* history = world.SlotHistories().Find(id))
    info.slots->keep_slots_used(value, history->*(info.slots->history));
}

}  // namespace

bool ReadComponent(const GameWorld& world, EntityId id, ComponentTypeId type,
                   std::span<FieldValue> fields) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  return WithPool(world, type, [&](const auto& pool) {
    const auto* value = pool.Find(id);
    const void* source = value != nullptr ? FieldSource(info, value) : nullptr;
    if (source == nullptr) return false;
    for (std::size_t i = 0; i < info.fields.size() && i < fields.size(); ++i)
      fields[i] = info.fields[i].get(source);
    return true;
  });
}

Status WriteComponent(GameWorld& world, StructuralScope& scope, EntityId id, ComponentTypeId type,
                      std::span<const FieldValue> fields) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  return WithPool(world, type, [&](auto& pool) {
    using T = typename std::remove_cvref_t<decltype(pool.Values())>::value_type;
    T* existing = pool.Find(id);
    T value{};
    if (info.slots != nullptr && existing != nullptr) value = *existing;  // its other entries
    if (existing == nullptr) SeedSlotHistory(world, id, info, &value);
    void* target = const_cast<void*>(FieldSource(info, &value));
    if (target == nullptr) target = info.slots->insert(&value, info.slots->slots_used(&value));
    SetFields(info, target, fields);
    if (existing != nullptr) {
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

OwnerView OwnersOf(const GameWorld& world, ComponentTypeId type) noexcept {
  return WithPool(world, type, [](const auto& pool) { return pool.Owners(); });
}

namespace {

std::string MembershipProblem(const GameWorld& world, EntityId id, const ComponentTypeInfo& type) {
  for (ComponentTypeId needed : type.requires_types)
    if (!HasComponent(world, id, needed))
      return std::string(type.name) + " requires " + std::string(TypeInfoOf(needed).name) +
             " first";
  for (ComponentTypeId rejected : type.rejects_types)
    if (HasComponent(world, id, rejected))
      return std::string(type.name) + " cannot join " + std::string(TypeInfoOf(rejected).name);
  for (const ComponentTypeInfo& other : AllComponentTypes()) {
    if (!HasComponent(world, id, other.id)) continue;
    for (ComponentTypeId rejected : other.rejects_types)
      if (rejected == type.id)
        return std::string(other.name) + " rejects " + std::string(type.name);
  }
  return "";
}

std::string RemovalProblem(const GameWorld& world, EntityId id, const ComponentTypeInfo& type) {
  for (const ComponentTypeInfo& other : AllComponentTypes()) {
    if (other.id == type.id || !HasComponent(world, id, other.id)) continue;
    for (ComponentTypeId needed : other.requires_types)
      if (needed == type.id)
        return "cannot remove " + std::string(type.name) + ": " + std::string(other.name) +
               " requires it";
  }
  return "";
}

}  // namespace

std::vector<std::uint32_t> SlotsOf(const GameWorld& world, EntityId id, ComponentTypeId type) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  return WithPool(world, type, [&](const auto& pool) {
    std::vector<std::uint32_t> slots;
    const auto* value = pool.Find(id);
    if (value == nullptr) return slots;
    if (info.slots == nullptr) {
      slots.push_back(0);
    } else {
      for (std::size_t i = 0; i < info.slots->count(value); ++i)
        slots.push_back(info.slots->slot_at(value, i));
    }
    return slots;
  });
}

bool ReadSlot(const GameWorld& world, EntityId id, ComponentTypeId type, std::uint32_t slot,
              std::span<FieldValue> fields) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  if (info.slots == nullptr) return slot == 0 && ReadComponent(world, id, type, fields);
  return WithPool(world, type, [&](const auto& pool) {
    const auto* value = pool.Find(id);
    const void* entry = value != nullptr ? info.slots->find(value, slot) : nullptr;
    if (entry == nullptr) return false;
    for (std::size_t i = 0; i < info.fields.size() && i < fields.size(); ++i)
      fields[i] = info.fields[i].get(entry);
    return true;
  });
}

namespace {

// The slot a new entry of a Many component takes: the next (past every slot ever held, so none is
// handed out twice), or `slot` when it is an undo of a removal. Why not, otherwise.
Status ChooseSlot(const ComponentTypeInfo& info, const void* value, std::uint32_t slot,
                  std::uint32_t& chosen, std::string& why) {
  const std::size_t count = info.slots->count(value);
  if (info.max_slots != 0 && count >= info.max_slots) {
    why = std::string(info.name) + " holds at most " + std::to_string(info.max_slots) + " entries";
    return Status::CapacityExceeded;
  }
  // A slot is never reused within the entity's life, not even the top one just removed: a
  // holder of the old slot must not bind to a new entry (design 002, ADR-0049).
  const std::uint32_t next = std::max(count == 0 ? 0 : info.slots->slot_at(value, count - 1) + 1,
                                      info.slots->slots_used(value));
  if (next > kMaxSlot) {  // the highest slot used is the last there is
    why = std::string(info.name) + " has no slot left above " + std::to_string(kMaxSlot);
    return Status::CapacityExceeded;
  }
  chosen = slot == kNextSlot ? next : slot;
  if (slot != kNextSlot) {
    if (info.slots->find(value, slot) != nullptr) {
      why = std::string(info.name) + " slot " + std::to_string(slot) + " is taken";
      return Status::InvalidOperation;
    }
    // Only an undo may ask for a slot: one this component held before (below its slot
    // history), or the very slot a plain add would take.
    if (slot != next && slot >= info.slots->slots_used(value)) {
      why = std::string(info.name) + " slot " + std::to_string(slot) +
            " was never removed: a new entry takes the next slot (" + std::to_string(next) +
            "); only a removed slot may be restored";
      return Status::InvalidOperation;
    }
  }
  return Status::Ok;
}

// Before a Many component's last entry goes (and the component with it), its slot history moves
// to the entity's slot_history, which outlives it (design 002: no slot twice in one life).
Status KeepSlotHistory(GameWorld& world, StructuralScope& scope, EntityId id,
                       const ComponentTypeInfo& info) {
  if (info.slots == nullptr) return Status::Ok;  // a One type has no history past slot 0
  const std::uint32_t used = WithPool(world, info.id, [&](const auto& pool) {
    const auto* value = pool.Find(id);
    return value != nullptr ? info.slots->slots_used(value) : 0u;
  });
  if (SlotHistory* history = world.MutableSlotHistories().Find(id)) {
    history->*(info.slots->history) = std::max(history->*(info.slots->history), used);
    return Status::Ok;
  }
  SlotHistory history{};
  history.*(info.slots->history) = used;
  return world.AddComponent(scope, id, history);
}

}  // namespace

Status AddEntry(GameWorld& world, StructuralScope& scope, EntityId id, ComponentTypeId type,
                std::span<const FieldValue> fields, std::uint32_t slot, std::uint32_t& added,
                std::string& why) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  if (!world.Registry().IsAlive(id)) {
    why = "the entity is not alive";
    return Status::InvalidEntity;
  }
  const bool present = HasComponent(world, id, type);
  if (info.multiplicity == Multiplicity::One) {
    if (slot != kNextSlot && slot != 0) {
      why = std::string(info.name) + " is a single component: it has only slot 0";
      return Status::InvalidOperation;
    }
    if (present) {
      why = "the entity already has " + std::string(info.name) + " (a single component)";
      return Status::InvalidOperation;
    }
  }
  if (!present) {
    if (std::string problem = MembershipProblem(world, id, info); !problem.empty()) {
      why = problem;
      return Status::InvalidOperation;
    }
  }
  return WithPool(world, type, [&](auto& pool) -> Status {
    using T = typename std::remove_cvref_t<decltype(pool.Values())>::value_type;
    T value{};
    if (const T* existing = pool.Find(id))
      value = *existing;
    else
      SeedSlotHistory(world, id, info, &value);
    std::uint32_t chosen = 0;
    if (info.slots == nullptr) {
      SetFields(info, &value, fields);
    } else {
      if (Status s = ChooseSlot(info, &value, slot, chosen, why); s != Status::Ok) return s;
      void* entry = info.slots->insert(&value, chosen);
      if (entry == nullptr) {
        why = std::string(info.name) + " cannot take slot " + std::to_string(chosen);
        return Status::InvalidOperation;
      }
      SetFields(info, entry, fields);
    }
    if (T* existing = pool.Find(id)) {
      *existing = value;  // another entry of a Many component: a value write
    } else if (Status s = world.AddComponent(scope, id, value); s != Status::Ok) {
      why = std::string("cannot add ") + std::string(info.name) + ": " + StatusName(s);
      return s;
    }
    added = chosen;
    return Status::Ok;
  });
}

Status ReplaceEntry(GameWorld& world, EntityId id, ComponentTypeId type, std::uint32_t slot,
                    std::span<const FieldValue> fields, std::string& why) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  if (info.slots == nullptr && slot != 0) {
    why = std::string(info.name) + " is a single component: it has only slot 0";
    return Status::InvalidOperation;
  }
  return WithPool(world, type, [&](auto& pool) -> Status {
    auto* value = pool.Find(id);
    void* target = value;
    if (value != nullptr && info.slots != nullptr)
      target = const_cast<void*>(info.slots->find(value, slot));
    if (target == nullptr) {
      why = std::string(info.name) + " slot " + std::to_string(slot) + " does not exist";
      return Status::NotFound;
    }
    SetFields(info, target, fields);
    return Status::Ok;
  });
}

Status RemoveEntry(GameWorld& world, StructuralScope& scope, EntityId id, ComponentTypeId type,
                   std::uint32_t slot, std::string& why) {
  const ComponentTypeInfo& info = TypeInfoOf(type);
  if (info.slots == nullptr && slot != 0) {
    why = std::string(info.name) + " is a single component: it has only slot 0";
    return Status::InvalidOperation;
  }
  const std::vector<std::uint32_t> slots = SlotsOf(world, id, type);
  if (std::find(slots.begin(), slots.end(), slot) == slots.end()) {
    why = std::string(info.name) + " slot " + std::to_string(slot) + " does not exist";
    return Status::NotFound;
  }
  if (slots.size() == 1) {  // the last entry: the component goes, which others may require
    if (std::string problem = RemovalProblem(world, id, info); !problem.empty()) {
      why = problem;
      return Status::InvalidOperation;
    }
    if (Status s = KeepSlotHistory(world, scope, id, info); s != Status::Ok) {
      why = std::string("cannot keep ") + std::string(info.name) +
            "'s slot history: " + StatusName(s);
      return s;
    }
    return RemoveComponentOfType(world, scope, id, type);
  }
  return WithPool(world, type, [&](auto& pool) -> Status {
    (void)info.slots->erase(pool.Find(id), slot);  // other entries keep their slots
    return Status::Ok;
  });
}

}  // namespace cairn
