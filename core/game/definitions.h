// Definitions: the shared, immutable description of each monster and item kind.
//
// An instance refers to its kind by a typed definition id (EnemyAi::kind, Item::kind) and holds
// only its own changing values; nothing here changes during play, so any number of worlds can
// share one DefinitionSet. The simulation reads definitions as plain values: where they come
// from (built in, or data/ files through the content codec) is not its concern.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/components.h"

namespace cairn {

struct MonsterDefinition {
  std::string id;    // "goblin": what files refer to
  std::string name;  // "goblin": what the message log says
  std::uint32_t glyph = 'm';
  char ascii = 'm';
  Colour colour = Colour::Default;
  std::int32_t health = 1;
  Combat combat{};
  AiProfile profile = AiProfile::Melee;
  std::int32_t sight = 8;         // how far it sees, in cells
  std::int32_t flee_percent = 0;  // flees below this share of its health (0: never)
  std::int32_t min_depth = 1;     // where it appears
  std::int32_t max_depth = 10;
};

struct DefinitionSet {
  std::vector<MonsterDefinition> monsters;

  // The monster kind with this id, or null.
  [[nodiscard]] const MonsterDefinition* FindMonster(std::string_view id) const noexcept;
  [[nodiscard]] std::uint16_t MonsterIndex(const MonsterDefinition& definition) const noexcept {
    return static_cast<std::uint16_t>(&definition - monsters.data());
  }
};

// The definitions cairn carries in its binary, used when no data files are given.
[[nodiscard]] std::shared_ptr<const DefinitionSet> BuiltinDefinitions();

}  // namespace cairn
