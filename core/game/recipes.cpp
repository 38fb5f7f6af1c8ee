#include "game/recipes.h"

namespace cairn {

ComponentBundle PlayerRecipe(Position where) {
  ComponentBundle b;
  Named named;
  named.id.Assign("player");
  named.name.Assign("you");
  b.Set(where)
      .Set(Intent{})
      .Set(Blocker{})
      .Set(Appearance{'@', '@', Colour::White, 3})
      .Set(Player{})
      .Set(Health{24, 24})
      .Set(Combat{5, 2, 1, 6, 1, 10})
      .Set(named)
      .Set(Inventory{26, 0});
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
  return b;
}

ComponentBundle StairsRecipe(Position where, std::int8_t direction) {
  ComponentBundle b;
  Named named;
  named.name.Assign(direction > 0 ? "staircase down" : "staircase up");
  const char glyph = direction > 0 ? '>' : '<';
  b.Set(where).Set(Stairs{direction}).Set(Appearance{static_cast<std::uint32_t>(glyph), glyph,
                                                    Colour::Yellow, 0}).Set(named);
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

}  // namespace cairn
