#include "save/kind_bases.h"

#include "game/recipes.h"
#include "schema/component_access.h"

namespace cairn {
namespace {

ComponentBundle Placeless(ComponentBundle bundle) {
  bundle.mask &= ~KindBit(ComponentKind::Position);
  bundle.position = Position{};
  return bundle;
}

const ComponentBundle* At(const std::vector<ComponentBundle>& bundles,
                          std::int64_t index) noexcept {
  return index >= 0 && static_cast<std::size_t>(index) < bundles.size()
             ? &bundles[static_cast<std::size_t>(index)]
             : nullptr;
}

}  // namespace

KindBases::KindBases(const DefinitionSet& definitions) {
  monsters_.reserve(definitions.monsters.size());
  for (const MonsterDefinition& kind : definitions.monsters)
    monsters_.push_back(Placeless(MonsterRecipe(definitions, kind, Position{}, true)));
  items_.reserve(definitions.items.size());
  for (const ItemDefinition& kind : definitions.items)
    items_.push_back(Placeless(ItemRecipe(definitions, kind, Position{})));
}

const ComponentBundle* KindBases::Monster(std::int64_t index) const noexcept {
  return At(monsters_, index);
}

const ComponentBundle* KindBases::Item(std::int64_t index) const noexcept {
  return At(items_, index);
}

const ComponentBundle* KindBases::Of(const ComponentBundle& components) const noexcept {
  if (components.Has<EnemyAi>()) return Monster(components.ai.kind);
  if (components.Has<cairn::Item>()) return Item(components.item.kind);
  return nullptr;
}

const void* KindBases::Base(const ComponentBundle* kind, const ComponentTypeInfo& type) noexcept {
  if (kind == nullptr || type.slots != nullptr || !kind->Has(type.id)) return nullptr;
  return ComponentIn(*kind, type.id);
}

void KindBases::Copy(const ComponentBundle& kind, ComponentTypeId type, ComponentBundle& to) {
  ForEachComponentType([&]<class T>() {
    if (KindOf<T>::value == type) to.Get<T>() = kind.Get<T>();
  });
}

}  // namespace cairn
