#include "game/definitions.h"

#include <utility>

#include "base/closest_name.h"
#include "game/random.h"
#include "game/state_hash.h"

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
    case ItemCategory::Staff: return "staff";
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
    case ItemEffect::TeleportOther: return "teleport-other";
    case ItemEffect::Dominate: return "dominate";
    case ItemEffect::Recharge: return "recharge";
    case ItemEffect::Aggravate: return "aggravate";
    case ItemEffect::Summon: return "summon";
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

std::string DefinitionSet::NoMonsterKind(std::string_view id) const {
  ClosestName closest(id);
  for (const MonsterDefinition& m : monsters) closest.Consider(m.id);
  return "there is no monster kind '" + std::string(id) + "'" + DidYouMeanText(closest.Best());
}

std::string DefinitionSet::NoItemKind(std::string_view id) const {
  ClosestName closest(id);
  for (const ItemDefinition& i : items) closest.Consider(i.id);
  return "there is no item kind '" + std::string(id) + "'" + DidYouMeanText(closest.Best());
}

DefinitionSet ShuffledAppearances(const DefinitionSet& definitions, std::uint64_t seed) {
  DefinitionSet run = definitions;
  Rng rng(Mix64(seed ^ 0xA99EA2A1CEull));
  for (int c = 0; c < kItemCategoryCount; ++c) {
    std::vector<std::size_t> kinds;
    for (std::size_t i = 0; i < run.items.size(); ++i)
      if (static_cast<int>(run.items[i].category) == c && !run.items[i].unidentified.empty())
        kinds.push_back(i);
    for (std::size_t i = kinds.size(); i > 1; --i) {
      const std::size_t j = rng.Below(static_cast<std::uint32_t>(i));
      ItemDefinition& a = run.items[kinds[i - 1]];
      ItemDefinition& b = run.items[kinds[j]];
      std::swap(a.unidentified, b.unidentified);
      std::swap(a.colour, b.colour);
    }
  }
  return run;
}

std::uint64_t DigestDefinitions(const DefinitionSet& definitions) {
  Hasher h(0x446566730000001ull);  // "Defs" 1
  h.Add(definitions.monsters.size());
  for (const MonsterDefinition& m : definitions.monsters) {
    h.AddText(m.id);
    h.AddText(m.name);
    h.Add(m.glyph);
    h.Add(static_cast<std::uint64_t>(m.colour));
    h.AddSigned(m.health);
    Feed(h, m.combat);
    h.Add(static_cast<std::uint64_t>(m.profile));
    for (std::int32_t v : {m.sight, m.flee_percent, m.min_depth, m.max_depth, m.frequency,
                           m.ranged.count, m.ranged.sides, m.ranged.bonus, m.range, m.regeneration,
                           m.group, m.cooldown, m.combat.move_speed, m.recover, m.search})
      h.AddSigned(v);
    h.AddText(m.ranged_verb);
    // Members added since the first edition count only when set, so a definition without
    // them digests as it always did (older saves and recordings keep their content digest).
    if (!m.summons.empty() || m.summon_count != 0) {
      h.AddText(m.summons);
      h.AddSigned(m.summon_count);
    }
    h.Add(m.loot.size());
    for (const MonsterLoot& loot : m.loot) {
      h.AddText(loot.item);
      h.AddSigned(loot.chance);
    }
  }
  h.Add(definitions.items.size());
  for (const ItemDefinition& i : definitions.items) {
    h.AddText(i.id);
    h.AddText(i.name);
    h.AddText(i.unidentified);
    h.Add(static_cast<std::uint64_t>(i.category));
    h.Add(i.glyph);
    h.Add(static_cast<std::uint64_t>(i.colour));
    h.Add(static_cast<std::uint64_t>(i.effect));
    for (std::int32_t v : {i.power, i.damage.count, i.damage.sides, i.damage.bonus, i.accuracy,
                           i.defense, i.nutrition, i.min_charges, i.max_charges, i.min_quantity,
                           i.max_quantity, i.min_depth, i.max_depth, i.frequency})
      h.AddSigned(v);
    if (i.recharge != 0 || i.noise != 0 || i.move_speed != 0)  // as for a monster's, above
      for (std::int32_t v : {i.recharge, i.noise, i.move_speed}) h.AddSigned(v);
  }
  return h.Value();
}

}  // namespace cairn
