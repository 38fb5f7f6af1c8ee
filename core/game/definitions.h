// Definitions: the shared, immutable description of each monster and item kind.
//
// An instance refers to its kind by a typed definition id (EnemyAi::kind, Item::kind) and holds
// only its own changing values; nothing here changes during play, so any number of worlds can
// share one DefinitionSet. The simulation reads definitions as plain values: where they come
// from (data/*.toml through the content codec) is not its concern.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game/components.h"

namespace cairn {

// NdS+B.
struct Dice {
  std::int32_t count = 0;
  std::int32_t sides = 0;
  std::int32_t bonus = 0;
  friend bool operator==(const Dice&, const Dice&) = default;
};

// One thing a monster kind may drop when it dies: generated monsters of the kind get it as an
// entry of their Loot, in slot order.
struct MonsterLoot {
  std::string item;           // the item kind's id, as the definitions file names it
  std::uint16_t index = 0;    // that item kind's index, resolved when the definitions are read
  std::int32_t chance = 100;  // percent
  friend bool operator==(const MonsterLoot&, const MonsterLoot&) = default;
};

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
  std::int32_t frequency = 10;  // relative weight when floors are populated
  Dice ranged{};                // a ranged attack (count 0: none)
  std::int32_t range = 0;
  std::int32_t cooldown = 0;      // turns between ranged attacks or spells (0: every turn)
  std::int32_t recover = 0;       // ticks it regains its footing after a blow (game/ai.h: Recover)
  std::int32_t search = 40;       // ticks it searches where it lost its target before giving up
  std::string ranged_verb;        // "shoots an arrow at"
  std::int32_t regeneration = 0;  // hit points regained every 10 turns
  std::int32_t group = 1;         // how many appear together
  std::vector<MonsterLoot> loot;  // what it may drop (game/recipes.cpp gives it to each one)
  // A summoner's call: `summon_count` monsters of the kind `summons` (its index resolved when
  // the definitions are read) appear beside it, hunting.
  std::string summons;
  std::uint16_t summons_index = 0;
  std::int32_t summon_count = 0;
};

enum class ItemCategory : std::uint8_t {
  Potion,
  Scroll,
  Weapon,
  Armour,
  Food,
  Wand,
  Thrown,
  Artifact,
  Staff  // a wand that recharges: one charge back every `recharge` turns
};
inline constexpr int kItemCategoryCount = 9;
[[nodiscard]] const char* ItemCategoryName(ItemCategory category) noexcept;

enum class ItemEffect : std::uint8_t {
  None,
  Heal,
  Vigor,
  Haste,
  Teleport,
  MagicMapping,
  Enchant,
  Identify,
  Lightning,
  Slow,
  Fire,
  TeleportOther,  // a bolt that sends the monster it strikes far away
  Dominate,       // a bolt that may make the monster it strikes an ally (likelier when it is hurt)
  Recharge,       // fills every wand and staff the reader carries
  Aggravate,      // every monster on the floor hears the reader
  Summon          // monsters of the floor's depth appear around the reader
};
inline constexpr int kItemEffectCount = 16;
[[nodiscard]] const char* ItemEffectName(ItemEffect effect) noexcept;

struct ItemDefinition {
  std::string id;            // "potion-healing"
  std::string name;          // "potion of healing"
  std::string unidentified;  // "murky potion" until identified ("" : always known)
  ItemCategory category = ItemCategory::Potion;
  std::uint32_t glyph = '!';
  char ascii = '!';
  Colour colour = Colour::Default;
  ItemEffect effect = ItemEffect::None;
  std::int32_t power = 0;     // the effect's strength
  Dice damage{};              // weapons, thrown items, wands
  std::int32_t accuracy = 0;  // weapons
  std::int32_t defense = 0;   // armour
  std::int32_t nutrition = 0;
  std::int32_t min_charges = 0, max_charges = 0;
  std::int32_t min_quantity = 1, max_quantity = 1;
  std::int32_t min_depth = 1, max_depth = 10;
  std::int32_t frequency = 10;
  std::int32_t recharge = 0;    // staffs: turns to regain one charge
  std::int32_t noise = 0;       // armour: how far (in cells) its wearer's steps are heard
  std::int32_t move_speed = 0;  // armour: ticks its wearer's step takes at least (0: no slower)
};

struct DefinitionSet {
  std::vector<MonsterDefinition> monsters;
  std::vector<ItemDefinition> items;

  [[nodiscard]] const MonsterDefinition* FindMonster(std::string_view id) const noexcept;
  [[nodiscard]] const ItemDefinition* FindItem(std::string_view id) const noexcept;
  // What a file is told when its id names no kind: "there is no monster kind 'ratt' (did you
  // mean rat?)", with the closest id when one is close (base/closest_name.h).
  [[nodiscard]] std::string NoMonsterKind(std::string_view id) const;
  [[nodiscard]] std::string NoItemKind(std::string_view id) const;
  [[nodiscard]] std::uint16_t MonsterIndex(const MonsterDefinition& definition) const noexcept {
    return static_cast<std::uint16_t>(&definition - monsters.data());
  }
  [[nodiscard]] std::uint16_t ItemIndex(const ItemDefinition& definition) const noexcept {
    return static_cast<std::uint16_t>(&definition - items.data());
  }
};

// The run's own copy of `definitions`: the unidentified appearances (name and colour) of each
// category's kinds dealt out afresh by `seed`, so what a murky potion is differs between runs
// but never within one. A Fisher-Yates shuffle over the run's seed: the same seed, the same deal.
[[nodiscard]] DefinitionSet ShuffledAppearances(const DefinitionSet& definitions,
                                                std::uint64_t seed);

// A digest of every definition, for content identity (replays and saves).
[[nodiscard]] std::uint64_t DigestDefinitions(const DefinitionSet& definitions);

}  // namespace cairn
