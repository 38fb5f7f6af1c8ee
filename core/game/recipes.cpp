#include "game/recipes.h"

#include "game/items.h"
#include "game/rules.h"

namespace cairn {

ComponentBundle PlayerRecipe(Position where) {
  ComponentBundle b;
  Named named;
  named.id.Assign("player");
  named.name.Assign("you");
  Player player;
  player.nutrition = kStartingNutrition;
  b.Set(where)
      .Set(Intent{})
      .Set(Blocker{})
      .Set(Appearance{'@', '@', Colour::White, 3})
      .Set(player)
      .Set(Health{30, 30})
      .Set(PlayerBaseCombat())
      .Set(named)
      .Set(Inventory{26, 0})
      .Set(Quiver{});
  // No AutoPickup here: a recipe's components are in every level's and floor's digest, so the
  // session gives a new run's player its rule instead (and saves made before it still match).
  return b;
}

ComponentBundle MonsterRecipe(const DefinitionSet& definitions, const MonsterDefinition& kind,
                              Position where, bool asleep) {
  ComponentBundle b;
  Named named;
  named.name.Assign(kind.name);
  EnemyAi ai;
  ai.kind = definitions.MonsterIndex(kind);
  ai.profile = kind.profile;
  asleep = asleep || kind.profile == AiProfile::Lurker;  // a lurker is always found hiding
  ai.action = asleep ? AiAction::Idle : AiAction::Wander;
  ai.phase = asleep ? AiPhase::Asleep : AiPhase::Wander;
  b.Set(where)
      .Set(Intent{})
      .Set(Blocker{})
      .Set(Appearance{kind.glyph, kind.ascii, kind.colour, 2})
      .Set(ai)
      .Set(Health{kind.health, kind.health})
      .Set(kind.combat)
      .Set(named);
  if (kind.profile == AiProfile::Thief) b.Set(Inventory{1, 0});  // room for what it steals
  if (!kind.loot.empty()) {
    Loot loot;
    for (const MonsterLoot& drop : kind.loot)  // at most kMaxLootEntries (definitions_reader)
      (void)loot.entries.push_back(LootEntry{drop.index, static_cast<std::uint8_t>(drop.chance),
                                             static_cast<std::uint32_t>(loot.entries.size())});
    loot.slots_used = static_cast<std::uint32_t>(loot.entries.size());
    b.Set(loot);
  }
  return b;
}

ComponentBundle StairsRecipe(Position where, std::int8_t direction) {
  ComponentBundle b;
  Named named;
  named.name.Assign(direction > 0 ? "staircase down" : "staircase up");
  const char glyph = direction > 0 ? '>' : '<';
  b.Set(where)
      .Set(Stairs{direction})
      .Set(Appearance{static_cast<std::uint32_t>(glyph), glyph, Colour::Yellow, 0})
      .Set(named);
  return b;
}

ComponentBundle ItemRecipe(const DefinitionSet& definitions, const ItemDefinition& kind,
                           Position where) {
  ComponentBundle b;
  Named named;
  named.name.Assign(kind.name);
  Item item;
  item.kind = definitions.ItemIndex(kind);
  item.quantity = static_cast<std::int16_t>(kind.min_quantity);
  item.charges = static_cast<std::int16_t>(kind.min_charges);
  item.identified = kind.unidentified.empty() ? 1 : 0;
  b.Set(where).Set(item).Set(Appearance{kind.glyph, kind.ascii, kind.colour, 1}).Set(named);
  return b;
}

ComponentBundle RolledItemRecipe(const DefinitionSet& definitions, const ItemDefinition& kind,
                                 Position where, std::int32_t depth, Rng& rng) {
  ComponentBundle b = ItemRecipe(definitions, kind, where);
  b.item.quantity = static_cast<std::int16_t>(rng.Range(kind.min_quantity, kind.max_quantity));
  b.item.charges = static_cast<std::int16_t>(rng.Range(kind.min_charges, kind.max_charges));
  if (kind.category == ItemCategory::Weapon || kind.category == ItemCategory::Armour) {
    const std::uint32_t roll = rng.Below(100);
    const std::int32_t deep = depth / 4;
    std::int32_t enchantment = roll < 15 ? -1 : roll < 70 ? 0 : roll < 92 ? 1 : 2;
    if (enchantment >= 0) enchantment += rng.Range(0, deep);
    b.item.enchantment = static_cast<std::int16_t>(enchantment);
    b.item.identified = 0;
  }
  return b;
}

}  // namespace cairn
