#include "content/definitions_reader.h"

#include <charconv>

#include "base/utf8.h"
#include "toml/table_reader.h"

namespace cairn {
namespace {

constexpr std::string_view kColours[] = {"default", "white",   "grey", "red",    "green", "yellow",
                                         "blue",    "magenta", "cyan", "orange", "brown", "purple"};
constexpr std::string_view kProfiles[] = {"melee",   "coward", "pack",     "ranged",
                                          "caster",  "thief",  "breeder",  "summoner",
                                          "blinker", "lurker", "breather", "erratic"};
constexpr std::string_view kCategories[] = {"potion", "scroll", "weapon",   "armour", "food",
                                            "wand",   "thrown", "artifact", "staff"};
constexpr std::string_view kEffects[] = {
    "none",     "heal",     "vigor",     "haste", "teleport", "magic-mapping",
    "enchant",  "identify", "lightning", "slow",  "fire",     "teleport-other",
    "dominate", "recharge", "aggravate", "summon"};
static_assert(std::size(kProfiles) == kAiProfileCount);
static_assert(std::size(kCategories) == kItemCategoryCount);
static_assert(std::size(kEffects) == kItemEffectCount);

bool ValidId(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  return true;
}

// glyph (one character) and ascii (one printable ASCII character; defaults to the glyph when the
// glyph is ASCII).
void ReadLook(TableReader& r, std::uint32_t& glyph, char& ascii, Colour& colour) {
  std::string text;
  if (r.String("glyph", text)) {
    std::uint32_t cp = 0;
    std::size_t length = 0;
    if (!DecodeUtf8(text, 0, cp, length) || length != text.size() || cp < 0x21) {
      r.Problem(r.Get("glyph", TomlKind::String, false)->position,
                r.What() + ": glyph must be exactly one visible character");
    } else {
      glyph = cp;
      if (cp < 0x7F) ascii = static_cast<char>(cp);
    }
  }
  std::string ascii_text;
  if (r.String("ascii", ascii_text, glyph >= 0x7F)) {
    if (ascii_text.size() != 1 || ascii_text[0] <= ' ' || ascii_text[0] >= 0x7F)
      r.Problem(r.Get("ascii", TomlKind::String, false)->position,
                r.What() + ": ascii must be one printable ASCII character");
    else
      ascii = ascii_text[0];
  }
  std::size_t c = 0;
  if (r.Choice("colour", kColours, c)) colour = static_cast<Colour>(c);
}

void ReadDiceMember(TableReader& r, std::string_view key, Dice& out, bool required) {
  std::string text;
  if (!r.String(key, text, required)) return;
  if (!ParseDice(text, out))
    r.Problem(r.Get(key, TomlKind::String, false)->position,
              r.What() + ": '" + std::string(key) + "' must be dice like \"1d6\" or \"2d4+1\"");
}

// A definition's id: valid, and not a monster's or item's already defined. The reader is then
// named after it ("monster 'rat'").
std::string ReadDefinitionId(TableReader& r, std::string_view kind, const DefinitionSet& added,
                             DefinitionPlaces& places, std::vector<TextProblem>& problems) {
  std::string id;
  if (r.String("id", id)) {
    const TextPosition at = r.Table().Find("id")->position;
    if (!ValidId(id)) {
      r.Problem(at, std::string(kind == "item" ? "an " : "a ") + std::string(kind) +
                        " id is 1 to 64 of a-z 0-9 - _");
    } else if (added.FindMonster(id) != nullptr || added.FindItem(id) != nullptr) {
      const std::string why = "duplicate definition id '" + id + "'";
      const auto first = places.first.find(id);
      if (first == places.first.end())
        r.Problem(at, why + " (first defined before this file)");
      else
        problems.push_back(DuplicateProblem(at, why, first->second.at, first->second.file));
    } else {
      places.first.emplace(id, DefinitionPlaces::Place{places.file, at});
    }
  }
  r.SetWhat(std::string(kind) + " '" + id + "'");
  return id;
}

// Where a monster's loot names an item: checked once the whole file is read, since items may be
// defined after the monsters that drop them.
struct LootName {
  std::size_t monster = 0;  // in the set being read
  std::size_t entry = 0;
  TextPosition position;
  std::string what;  // "monster 'rat'"
};

// Where a summoner names the kind it calls: checked once the whole file is read, since it may be
// defined after the summoner.
struct SummonName {
  std::size_t monster = 0;  // in the set being read
  TextPosition position;
  std::string what;  // "monster 'bone-caller'"
};

// loot = [{ item = "ration", chance = 20 }, ...]: in slot order.
void ReadLoot(TableReader& r, std::size_t monster, MonsterDefinition& m,
              std::vector<LootName>& names, std::vector<TextProblem>& problems) {
  const TomlValue* list = r.Get("loot", TomlKind::Array, false);
  if (list == nullptr) return;
  if (list->array.size() > kMaxLootEntries) {
    r.Problem(list->position, r.What() + ": loot lists " + std::to_string(list->array.size()) +
                                  " entries; a monster drops from at most " +
                                  std::to_string(kMaxLootEntries));
    return;
  }
  for (const TomlValue& entry : list->array) {
    if (!entry.IsTable()) {
      r.Problem(entry.position, r.What() + ": each loot entry is a table { item, chance }");
      continue;
    }
    TableReader er(entry, r.What() + " loot", problems);
    MonsterLoot loot;
    if (er.String("item", loot.item))
      names.push_back(LootName{monster, m.loot.size(), entry.Find("item")->position, r.What()});
    (void)er.Int("chance", loot.chance, 1, 100, false);
    er.RejectUnknown();
    m.loot.push_back(std::move(loot));
  }
}

// What each profile acts with must be there: a call, a leap's reach, a breath.
void CheckProfileNeeds(TableReader& r, const TomlValue& table, const MonsterDefinition& m) {
  if (m.profile == AiProfile::Summoner &&
      (m.summons.empty() || m.summon_count <= 0 || m.cooldown <= 0))
    r.Problem(table.position, r.What() + ": a summoner needs summons, summon_count and cooldown");
  if (!m.summons.empty() && m.summons == m.id)
    r.Problem(table.Find("summons")->position, r.What() + ": a summoner cannot call its own kind");
  if (m.profile != AiProfile::Summoner && !m.summons.empty())
    r.Problem(table.Find("summons")->position,
              r.What() + ": only a summoner summons (its profile is " +
                  std::string(kProfiles[static_cast<std::size_t>(m.profile)]) + ")");
  if (m.profile == AiProfile::Blinker && m.range <= 0)
    r.Problem(table.position, r.What() + ": a blinker needs the range it blinks from");
  if (m.profile == AiProfile::Breather && m.ranged.count == 0)
    r.Problem(table.position, r.What() + ": a breather needs a ranged attack (its breath)");
}

// One [[monster]]: its look, combat, behaviour, what it drops and where it is found.
MonsterDefinition ReadMonster(const TomlValue& table, const DefinitionSet& added,
                              DefinitionPlaces& places, std::vector<LootName>& loot_names,
                              std::vector<SummonName>& summon_names,
                              std::vector<TextProblem>& problems) {
  MonsterDefinition m;
  TableReader r(table, "monster", problems);
  m.id = ReadDefinitionId(r, "monster", added, places, problems);
  (void)r.ShownString("name", m.name);
  ReadLook(r, m.glyph, m.ascii, m.colour);
  (void)r.Int("health", m.health, 1, 100000);
  (void)r.Int("accuracy", m.combat.accuracy, -100, 100);
  (void)r.Int("defense", m.combat.defense, -100, 100);
  Dice damage;
  ReadDiceMember(r, "damage", damage, true);
  m.combat.damage_dice = damage.count;
  m.combat.damage_sides = damage.sides;
  m.combat.damage_bonus = damage.bonus;
  (void)r.Int("speed", m.combat.speed, 1, 1000);
  (void)r.Int("move_speed", m.combat.move_speed, 1, 1000, false);
  (void)r.Int("cooldown", m.cooldown, 0, 100, false);
  (void)r.Int("recover", m.recover, 0, 1000, false);
  (void)r.Int("search", m.search, 0, 1000, false);
  std::size_t profile = 0;
  if (r.Choice("profile", kProfiles, profile)) m.profile = static_cast<AiProfile>(profile);
  (void)r.Int("sight", m.sight, 1, 50);
  (void)r.Int("flee_percent", m.flee_percent, 0, 100, false);
  std::int64_t low = 1, high = 10;
  if (r.Range("depth", low, high, 1, 99)) {
    m.min_depth = static_cast<std::int32_t>(low);
    m.max_depth = static_cast<std::int32_t>(high);
  }
  (void)r.Int("frequency", m.frequency, 0, 1000);
  ReadDiceMember(r, "ranged", m.ranged, false);
  (void)r.Int("range", m.range, 0, 50, false);
  (void)r.ShownString("ranged_verb", m.ranged_verb, false);
  (void)r.Int("regeneration", m.regeneration, 0, 100, false);
  (void)r.Int("group", m.group, 1, 20, false);
  if (r.String("summons", m.summons, false))
    summon_names.push_back(
        SummonName{added.monsters.size(), table.Find("summons")->position, r.What()});
  (void)r.Int("summon_count", m.summon_count, 1, 6, false);
  ReadLoot(r, added.monsters.size(), m, loot_names, problems);
  if (m.ranged.count > 0 && (m.range <= 0 || m.ranged_verb.empty()))
    r.Problem(table.position, r.What() + ": a ranged attack needs range and ranged_verb");
  CheckProfileNeeds(r, table, m);
  r.RejectUnknown();
  return m;
}

// One [[item]]: its category, look, effect, figures and where it is found.
ItemDefinition ReadItem(const TomlValue& table, const DefinitionSet& added,
                        DefinitionPlaces& places, std::vector<TextProblem>& problems) {
  ItemDefinition item;
  TableReader r(table, "item", problems);
  item.id = ReadDefinitionId(r, "item", added, places, problems);
  (void)r.ShownString("name", item.name);
  (void)r.ShownString("unidentified", item.unidentified, false);
  std::size_t category = 0, effect = 0;
  if (r.Choice("category", kCategories, category))
    item.category = static_cast<ItemCategory>(category);
  ReadLook(r, item.glyph, item.ascii, item.colour);
  if (r.Choice("effect", kEffects, effect, false)) item.effect = static_cast<ItemEffect>(effect);
  (void)r.Int("power", item.power, 0, 10000, false);
  ReadDiceMember(r, "damage", item.damage, false);
  (void)r.Int("accuracy", item.accuracy, -100, 100, false);
  (void)r.Int("defense", item.defense, 0, 100, false);
  (void)r.Int("nutrition", item.nutrition, 0, 100000, false);
  std::int64_t low = 0, high = 0;
  if (r.Range("charges", low, high, 0, 100, false)) {
    item.min_charges = static_cast<std::int32_t>(low);
    item.max_charges = static_cast<std::int32_t>(high);
  }
  if (r.Range("quantity", low, high, 1, 1000, false)) {
    item.min_quantity = static_cast<std::int32_t>(low);
    item.max_quantity = static_cast<std::int32_t>(high);
  }
  low = 1, high = 10;
  if (r.Range("depth", low, high, 1, 99)) {
    item.min_depth = static_cast<std::int32_t>(low);
    item.max_depth = static_cast<std::int32_t>(high);
  }
  (void)r.Int("frequency", item.frequency, 0, 1000);
  (void)r.Int("recharge", item.recharge, 1, 1000, false);
  (void)r.Int("noise", item.noise, 0, 20, false);
  (void)r.Int("move_speed", item.move_speed, 0, 100, false);
  if (item.category == ItemCategory::Staff && (item.recharge <= 0 || item.max_charges <= 0))
    r.Problem(table.position, r.What() + ": a staff needs charges and recharge");
  if (item.category != ItemCategory::Staff && item.recharge > 0)
    r.Problem(table.Find("recharge")->position, r.What() + ": only a staff recharges");
  if (item.category != ItemCategory::Armour && (item.noise > 0 || item.move_speed > 0))
    r.Problem(table.position, r.What() + ": only armour has noise and move_speed");
  const bool needs_damage =
      item.category == ItemCategory::Weapon || item.category == ItemCategory::Thrown;
  if (needs_damage && item.damage.count == 0)
    r.Problem(table.position,
              r.What() + ": a " + ItemCategoryName(item.category) + " needs damage");
  if (item.category == ItemCategory::Food && item.nutrition <= 0)
    r.Problem(table.position, r.What() + ": food needs nutrition");
  r.RejectUnknown();
  return item;
}

}  // namespace

bool ParseDice(std::string_view text, Dice& out) noexcept {
  const auto number = [](std::string_view s, std::int32_t& v) {
    if (s.empty() || s.size() > 4) return false;
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return std::from_chars(s.data(), s.data() + s.size(), v).ec == std::errc();
  };
  const std::size_t d = text.find('d');
  if (d == std::string_view::npos) return false;
  const std::size_t sign = text.find_first_of("+-", d);
  Dice dice;
  if (!number(text.substr(0, d), dice.count)) return false;
  if (!number(text.substr(d + 1,
                          sign == std::string_view::npos ? std::string_view::npos : sign - d - 1),
              dice.sides))
    return false;
  if (sign != std::string_view::npos) {
    if (!number(text.substr(sign + 1), dice.bonus)) return false;
    if (text[sign] == '-') dice.bonus = -dice.bonus;
  }
  if (dice.count < 1 || dice.count > 100 || dice.sides < 1 || dice.sides > 1000) return false;
  out = dice;
  return true;
}

bool ReadDefinitions(std::string_view text, DefinitionSet& into, std::vector<TextProblem>& problems,
                     DefinitionPlaces* places, const DefinitionSet* known_items) {
  const std::size_t before = problems.size();
  DefinitionPlaces own;
  DefinitionPlaces& known = places != nullptr ? *places : own;
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  TableReader file(root, "the definitions file", problems);
  constexpr std::int64_t kVersions[] = {1};
  std::int64_t version = 0;
  if (!ReadFileHeader(file, "cairn-definitions", "definitions", kVersions, version)) return false;
  DefinitionSet added = into;
  std::vector<LootName> loot_names;
  std::vector<SummonName> summon_names;
  if (const TomlValue* monsters = file.Get("monster", TomlKind::Array, false)) {
    for (const TomlValue& table : monsters->array) {
      if (table.IsTable())
        added.monsters.push_back(
            ReadMonster(table, added, known, loot_names, summon_names, problems));
      else
        file.Problem(table.position, "each [[monster]] must be a table");
    }
  }
  if (const TomlValue* items = file.Get("item", TomlKind::Array, false)) {
    for (const TomlValue& table : items->array) {
      if (table.IsTable())
        added.items.push_back(ReadItem(table, added, known, problems));
      else
        file.Problem(table.position, "each [[item]] must be a table");
    }
  }
  file.RejectUnknown();
  for (const LootName& name : loot_names) {
    MonsterLoot& loot = added.monsters[name.monster].loot[name.entry];
    if (const ItemDefinition* item = added.FindItem(loot.item))
      loot.index = added.ItemIndex(*item);
    else if (known_items == nullptr || known_items->FindItem(loot.item) == nullptr)
      problems.emplace_back(name.position,
                            name.what + ": loot names '" + loot.item + "', which is not an item");
  }
  for (const SummonName& name : summon_names) {
    MonsterDefinition& summoner = added.monsters[name.monster];
    if (const MonsterDefinition* called = added.FindMonster(summoner.summons);
        called != nullptr && called->profile == AiProfile::Summoner)
      problems.emplace_back(name.position, name.what + ": summons '" + summoner.summons +
                                               "', a summoner itself (its calls would call more)");
    else if (called != nullptr)
      summoner.summons_index = added.MonsterIndex(*called);
    else
      problems.emplace_back(name.position, name.what + ": summons '" + summoner.summons +
                                               "', which is not a monster (" +
                                               added.NoMonsterKind(summoner.summons) + ")");
  }
  if (problems.size() != before) return false;
  into = std::move(added);
  return true;
}

}  // namespace cairn
