#include "game/definitions.h"

namespace cairn {

const char* ItemCategoryName(ItemCategory category) noexcept {
  switch (category) {
    case ItemCategory::Potion: return "potion";
    case ItemCategory::Scroll: return "scroll";
    case ItemCategory::Weapon: return "weapon";
    case ItemCategory::Armour: return "armour";
    case ItemCategory::Food: return "food";
    case ItemCategory::Wand: return "wand";
    case ItemCategory::Thrown: return "thrown";
    case ItemCategory::Artifact: return "artifact";
  }
  return "unknown";
}

const char* ItemEffectName(ItemEffect effect) noexcept {
  switch (effect) {
    case ItemEffect::None: return "none";
    case ItemEffect::Heal: return "heal";
    case ItemEffect::Vigor: return "vigor";
    case ItemEffect::Haste: return "haste";
    case ItemEffect::Teleport: return "teleport";
    case ItemEffect::MagicMapping: return "magic-mapping";
    case ItemEffect::Enchant: return "enchant";
    case ItemEffect::Identify: return "identify";
    case ItemEffect::Lightning: return "lightning";
    case ItemEffect::Slow: return "slow";
    case ItemEffect::Fire: return "fire";
  }
  return "unknown";
}

const MonsterDefinition* DefinitionSet::FindMonster(std::string_view id) const noexcept {
  for (const MonsterDefinition& m : monsters)
    if (m.id == id) return &m;
  return nullptr;
}

const ItemDefinition* DefinitionSet::FindItem(std::string_view id) const noexcept {
  for (const ItemDefinition& i : items)
    if (i.id == id) return &i;
  return nullptr;
}

}  // namespace cairn
