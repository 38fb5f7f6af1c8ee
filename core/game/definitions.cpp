#include "game/definitions.h"

namespace cairn {

const MonsterDefinition* DefinitionSet::FindMonster(std::string_view id) const noexcept {
  for (const MonsterDefinition& m : monsters)
    if (m.id == id) return &m;
  return nullptr;
}

std::shared_ptr<const DefinitionSet> BuiltinDefinitions() {
  static const std::shared_ptr<const DefinitionSet> set = [] {
    auto d = std::make_shared<DefinitionSet>();
    //                 id        name      glyph ascii colour          hp  {acc def dice sides bonus speed}  profile           sight flee
    d->monsters.push_back({"rat", "rat", 'r', 'r', Colour::Brown, 4, {2, 0, 1, 3, 0, 10}, AiProfile::Melee, 6, 0, 1, 3});
    d->monsters.push_back({"jackal", "jackal", 'j', 'j', Colour::Yellow, 6, {3, 1, 1, 3, 0, 5}, AiProfile::Pack, 8, 0, 1, 4});
    d->monsters.push_back({"goblin", "goblin", 'g', 'g', Colour::Green, 12, {4, 2, 1, 6, 0, 10}, AiProfile::Coward, 8, 30, 2, 6});
    return std::shared_ptr<const DefinitionSet>(d);
  }();
  return set;
}

}  // namespace cairn
