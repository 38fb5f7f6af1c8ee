#include "content/autopickup_reader.h"

#include "game/definitions.h"
#include "game/items.h"

namespace cairn {
namespace {

// "potion, scroll, weapon, armour, food, wand, thrown, artifact": the classes, for messages.
std::string ClassList() {
  std::string list;
  for (int c = 0; c < kItemCategoryCount; ++c)
    list += (c == 0 ? "" : ", ") + std::string(ItemCategoryName(static_cast<ItemCategory>(c)));
  return list;
}

}  // namespace

bool ReadAutoPickup(std::string_view text, AutoPickup& rule, std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  TableReader file(root, "the autopickup file", problems);
  constexpr std::int64_t kVersions[] = {kAutoPickupVersion};
  std::int64_t version = 0;
  if (!ReadFileHeader(file, kAutoPickupFormat, "autopickup", kVersions, version)) return false;
  AutoPickup result = rule;
  if (const TomlValue* enabled = file.Get("enabled", TomlKind::Boolean, false))
    result.enabled = enabled->boolean ? 1 : 0;
  if (const TomlValue* classes = file.Get("classes", TomlKind::Table, false)) {
    TableReader table(*classes, "[classes]", problems);
    for (int c = 0; c < kItemCategoryCount; ++c) {
      const auto category = static_cast<ItemCategory>(c);
      std::size_t chosen = 0;
      if (table.Choice(ItemCategoryName(category), kPickupRuleNames, chosen, false))
        SetRule(result, category, static_cast<PickupRule>(chosen));
    }
    // A class the game does not have is named with the ones it has (missiles are "thrown").
    for (const TomlMember& m : classes->members) {
      bool known = false;
      for (int c = 0; c < kItemCategoryCount; ++c)
        known = known || m.key == ItemCategoryName(static_cast<ItemCategory>(c));
      if (!known)
        table.Problem(m.key_position, "[classes]: '" + m.key + "' is not an item class (they are " +
                                          ClassList() + "; darts and javelins are thrown)");
    }
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  rule = result;
  return true;
}

}  // namespace cairn
