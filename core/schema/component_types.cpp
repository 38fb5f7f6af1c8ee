#include "schema/component_types.h"

#include "game/components.h"

namespace cairn {
namespace {

// Builds an integer field whose get/set go straight to `Member`.
template <class T, auto Member>
constexpr FieldInfo IntegerField(std::string_view name, std::int64_t min, std::int64_t max,
                                 std::int64_t default_value, std::string_view description) {
  using Value = std::remove_reference_t<decltype(std::declval<T&>().*Member)>;
  FieldInfo info;
  info.name = name;
  info.kind = FieldKind::Integer;
  info.min = min;
  info.max = max;
  info.default_value = default_value;
  info.description = description;
  info.get = [](const void* c) {
    return FieldValue{static_cast<std::int64_t>(static_cast<const T*>(c)->*Member)};
  };
  info.set = [](void* c, const FieldValue& v) {
    static_cast<T*>(c)->*Member = static_cast<Value>(v.integer);
  };
  return info;
}

constexpr std::int64_t kCoordinateLimit = 1'000'000;
constexpr std::int64_t kHealthLimit = 1'000'000;

constexpr FieldInfo kPositionFields[] = {
    IntegerField<Position, &Position::x>("x", -kCoordinateLimit, kCoordinateLimit, 0,
                                         "column, 0 at the left edge"),
    IntegerField<Position, &Position::y>("y", -kCoordinateLimit, kCoordinateLimit, 0,
                                         "row, 0 at the top edge"),
};

constexpr FieldInfo kHealthFields[] = {
    IntegerField<Health, &Health::current>("current", -kHealthLimit, kHealthLimit, 1,
                                           "hit points left; at zero or below the entity dies"),
    IntegerField<Health, &Health::max>("max", 1, kHealthLimit, 1, "hit points when unhurt"),
};

constexpr ComponentTypeInfo kTypes[] = {
    {ComponentTypeId::Position, "position", "Position", "spatial", 1, Multiplicity::One, 1, {}, {},
     kPositionFields},
    {ComponentTypeId::Health, "health", "Health", "vitals", 1, Multiplicity::One, 1, {}, {},
     kHealthFields},
};

}  // namespace

const char* FieldKindName(FieldKind kind) noexcept {
  switch (kind) {
    case FieldKind::Integer: return "an integer";
  }
  return "value";
}

std::span<const ComponentTypeInfo> AllComponentTypes() noexcept { return kTypes; }

const ComponentTypeInfo& TypeInfoOf(ComponentTypeId id) noexcept {
  return kTypes[static_cast<std::size_t>(id)];
}

const ComponentTypeInfo* FindComponentType(std::string_view name) noexcept {
  for (const ComponentTypeInfo& info : kTypes)
    if (info.name == name) return &info;
  return nullptr;
}

}  // namespace cairn
