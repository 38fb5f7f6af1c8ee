#include "content/definitions_reader.h"

#include <charconv>

#include "base/utf8.h"
#include "data/embedded_data.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

constexpr std::string_view kColours[] = {"default", "white",   "grey", "red",    "green", "yellow",
                                         "blue",    "magenta", "cyan", "orange", "brown", "purple"};
constexpr std::string_view kProfiles[] = {"melee",  "coward", "pack",   "ranged",
                                          "caster", "thief",  "breeder"};
constexpr std::string_view kCategories[] = {"potion", "scroll", "weapon", "armour",
                                            "food",   "wand",   "thrown", "artifact"};
constexpr std::string_view kEffects[] = {"none",      "heal",          "vigor",   "haste",
                                         "teleport",  "magic-mapping", "enchant", "identify",
                                         "lightning", "slow",          "fire"};
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

bool ReadDefinitions(std::string_view text, DefinitionSet& into,
                     std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  TableReader file(root, "the definitions file", problems);
  constexpr std::int64_t kVersions[] = {1};
  std::int64_t version = 0;
  if (!ReadFileHeader(file, "cairn-definitions", "definitions", kVersions, version)) return false;
  DefinitionSet added = into;
  const auto duplicate = [&](const std::string& id) {
    return added.FindMonster(id) != nullptr || added.FindItem(id) != nullptr;
  };
  if (const TomlValue* monsters = file.Get("monster", TomlKind::Array, false)) {
    for (const TomlValue& table : monsters->array) {
      if (!table.IsTable()) {
        file.Problem(table.position, "each [[monster]] must be a table");
        continue;
      }
      MonsterDefinition m;
      std::string id;
      TableReader r(table, "monster", problems);
      if (r.String("id", id)) {
        if (!ValidId(id))
          r.Problem(table.Find("id")->position, "a monster id is 1 to 64 of a-z 0-9 - _");
        else if (duplicate(id))
          r.Problem(table.Find("id")->position, "the id '" + id + "' is already defined");
      }
      TableReader& named = r;
      named.SetWhat("monster '" + id + "'");
      m.id = id;
      (void)r.ShownString("name", m.name);
      ReadLook(named, m.glyph, m.ascii, m.colour);
      (void)named.Int("health", m.health, 1, 100000);
      (void)named.Int("accuracy", m.combat.accuracy, -100, 100);
      (void)named.Int("defense", m.combat.defense, -100, 100);
      Dice damage;
      ReadDiceMember(named, "damage", damage, true);
      m.combat.damage_dice = damage.count;
      m.combat.damage_sides = damage.sides;
      m.combat.damage_bonus = damage.bonus;
      (void)named.Int("speed", m.combat.speed, 1, 1000);
      (void)named.Int("move_speed", m.combat.move_speed, 1, 1000, false);
      (void)named.Int("cooldown", m.cooldown, 0, 100, false);
      (void)named.Int("recover", m.recover, 0, 1000, false);
      (void)named.Int("search", m.search, 0, 1000, false);
      std::size_t profile = 0;
      if (named.Choice("profile", kProfiles, profile)) m.profile = static_cast<AiProfile>(profile);
      (void)named.Int("sight", m.sight, 1, 50);
      (void)named.Int("flee_percent", m.flee_percent, 0, 100, false);
      std::int64_t low = 1, high = 10;
      if (named.Range("depth", low, high, 1, 99)) {
        m.min_depth = static_cast<std::int32_t>(low);
        m.max_depth = static_cast<std::int32_t>(high);
      }
      (void)named.Int("frequency", m.frequency, 0, 1000);
      ReadDiceMember(named, "ranged", m.ranged, false);
      (void)named.Int("range", m.range, 0, 50, false);
      (void)named.ShownString("ranged_verb", m.ranged_verb, false);
      (void)named.Int("regeneration", m.regeneration, 0, 100, false);
      (void)named.Int("group", m.group, 1, 20, false);
      if (m.ranged.count > 0 && (m.range <= 0 || m.ranged_verb.empty()))
        named.Problem(table.position,
                      named.What() + ": a ranged attack needs range and ranged_verb");
      r.RejectUnknown();
      added.monsters.push_back(std::move(m));
    }
  }
  if (const TomlValue* items = file.Get("item", TomlKind::Array, false)) {
    for (const TomlValue& table : items->array) {
      if (!table.IsTable()) {
        file.Problem(table.position, "each [[item]] must be a table");
        continue;
      }
      ItemDefinition item;
      std::string id;
      TableReader r(table, "item", problems);
      if (r.String("id", id)) {
        if (!ValidId(id))
          r.Problem(table.Find("id")->position, "an item id is 1 to 64 of a-z 0-9 - _");
        else if (duplicate(id))
          r.Problem(table.Find("id")->position, "the id '" + id + "' is already defined");
      }
      TableReader& named = r;
      named.SetWhat("item '" + id + "'");
      item.id = id;
      (void)r.ShownString("name", item.name);
      (void)named.ShownString("unidentified", item.unidentified, false);
      std::size_t category = 0, effect = 0;
      if (named.Choice("category", kCategories, category))
        item.category = static_cast<ItemCategory>(category);
      ReadLook(named, item.glyph, item.ascii, item.colour);
      if (named.Choice("effect", kEffects, effect, false))
        item.effect = static_cast<ItemEffect>(effect);
      (void)named.Int("power", item.power, 0, 10000, false);
      ReadDiceMember(named, "damage", item.damage, false);
      (void)named.Int("accuracy", item.accuracy, -100, 100, false);
      (void)named.Int("defense", item.defense, 0, 100, false);
      (void)named.Int("nutrition", item.nutrition, 0, 100000, false);
      std::int64_t low = 0, high = 0;
      if (named.Range("charges", low, high, 0, 100, false)) {
        item.min_charges = static_cast<std::int32_t>(low);
        item.max_charges = static_cast<std::int32_t>(high);
      }
      if (named.Range("quantity", low, high, 1, 1000, false)) {
        item.min_quantity = static_cast<std::int32_t>(low);
        item.max_quantity = static_cast<std::int32_t>(high);
      }
      low = 1, high = 10;
      if (named.Range("depth", low, high, 1, 99)) {
        item.min_depth = static_cast<std::int32_t>(low);
        item.max_depth = static_cast<std::int32_t>(high);
      }
      (void)named.Int("frequency", item.frequency, 0, 1000);
      const bool needs_damage =
          item.category == ItemCategory::Weapon || item.category == ItemCategory::Thrown;
      if (needs_damage && item.damage.count == 0)
        named.Problem(table.position,
                      named.What() + ": a " + ItemCategoryName(item.category) + " needs damage");
      if (item.category == ItemCategory::Food && item.nutrition <= 0)
        named.Problem(table.position, named.What() + ": food needs nutrition");
      r.RejectUnknown();
      added.items.push_back(std::move(item));
    }
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  into = std::move(added);
  return true;
}

std::shared_ptr<const DefinitionSet> DefaultDefinitions(std::vector<TextProblem>* problems) {
  static const auto loaded = [] {
    struct Result {
      std::shared_ptr<const DefinitionSet> set;
      std::vector<TextProblem> problems;
    } result;
    auto set = std::make_shared<DefinitionSet>();
    bool ok = true;
    for (std::string_view file : {"monsters.toml", "items.toml"}) {
      std::vector<TextProblem> found;
      if (!ReadDefinitions(EmbeddedFile(file), *set, found)) {
        ok = false;
        for (TextProblem& p : found) {
          p.file = "data/" + std::string(file);
          result.problems.push_back(std::move(p));
        }
      }
    }
    if (ok) result.set = set;
    return result;
  }();
  if (problems != nullptr) *problems = loaded.problems;
  return loaded.set;
}

}  // namespace cairn
