#include "game/items.h"

#include <algorithm>

#include "game/article.h"
#include "game/rules.h"

namespace cairn {
namespace {

const ItemDefinition* KindOfItem(const GameWorld& world, const Item& item) noexcept {
  const auto& items = world.Definitions().items;
  return item.kind < items.size() ? &items[item.kind] : nullptr;
}

}  // namespace

Combat PlayerBaseCombat(std::int32_t level) noexcept {
  return Combat{4 + (level > 1 ? level - 1 : 0), 0, 1, 3, 0, kNormalActionTicks, 0};
}

void CarriedItems(const GameWorld& world, EntityId holder, std::vector<EntityId>& out) {
  out.clear();
  const auto owners = world.Items().Owners();
  const auto items = world.Items().Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (items[i].holder == holder && !holder.IsNull() && world.Registry().IsActive(owners[i]))
      out.push_back(owners[i]);
  std::sort(out.begin(), out.end(), [&](EntityId a, EntityId b) {
    const char la = world.Items().Find(a)->letter;
    const char lb = world.Items().Find(b)->letter;
    // Lower case before upper case, as the letters are handed out.
    const auto rank = [](char c) { return c >= 'a' && c <= 'z' ? c - 'a' : 26 + (c - 'A'); };
    if (la != lb) return rank(la) < rank(lb);
    return world.Registry().CreationSequenceOf(a) < world.Registry().CreationSequenceOf(b);
  });
}

EntityId CarriedItem(const GameWorld& world, EntityId holder, char letter) noexcept {
  if (holder.IsNull() || letter == 0) return {};
  const auto owners = world.Items().Owners();
  const auto items = world.Items().Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (items[i].holder == holder && items[i].letter == letter &&
        world.Registry().IsActive(owners[i]))
      return owners[i];
  return {};
}

char FreeLetter(const GameWorld& world, EntityId holder) noexcept {
  std::uint64_t used = 0;
  const auto items = world.Items().Values();
  for (const Item& item : items) {
    if (item.holder != holder) continue;
    if (item.letter >= 'a' && item.letter <= 'z') used |= 1ull << (item.letter - 'a');
    if (item.letter >= 'A' && item.letter <= 'Z') used |= 1ull << (26 + item.letter - 'A');
  }
  for (int i = 0; i < 52; ++i)
    if ((used & (1ull << i)) == 0) return static_cast<char>(i < 26 ? 'a' + i : 'A' + (i - 26));
  return 0;
}

EntityId EquippedIn(const GameWorld& world, EntityId holder, ItemCategory category) noexcept {
  const auto owners = world.Items().Owners();
  const auto items = world.Items().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    if (items[i].holder != holder || !items[i].equipped) continue;
    const ItemDefinition* kind = KindOfItem(world, items[i]);
    if (kind != nullptr && kind->category == category) return owners[i];
  }
  return {};
}

bool WantedItem(const GameWorld& world, EntityId item) noexcept {
  const Item* value = world.Items().Find(item);
  // A vault's treasure is taken by choice, never by autopickup (game/machines.h).
  return value != nullptr && value->dropped == 0 && world.Registry().IsActive(item) &&
         !world.Triggers().Contains(item) &&
         AutoPickupWants(world, world.PlayerEntity(), value->kind);
}

static_assert(static_cast<int>(ItemCategory::Potion) == 0 &&
                  static_cast<int>(ItemCategory::Staff) == 8 && kItemCategoryCount == 9,
              "AutoPickup's masks have one bit per item class, in ItemCategory's order");
static_assert(kAutoPickupClasses == (1 << kItemCategoryCount) - 1);
static_assert(kNewRunAutoPickup.always == (kAutoPickupAlways | CategoryBit(ItemCategory::Staff)));
static_assert(kAutoPickupAlways ==
                  (CategoryBit(ItemCategory::Potion) | CategoryBit(ItemCategory::Scroll) |
                   CategoryBit(ItemCategory::Food) | CategoryBit(ItemCategory::Wand) |
                   CategoryBit(ItemCategory::Thrown) | CategoryBit(ItemCategory::Artifact)) &&
              kAutoPickupNewKinds ==
                  (CategoryBit(ItemCategory::Weapon) | CategoryBit(ItemCategory::Armour)));

PickupRule RuleOf(const AutoPickup& rule, ItemCategory category) noexcept {
  const std::uint16_t bit = CategoryBit(category);
  if ((rule.always & bit) != 0) return PickupRule::Always;
  return (rule.new_kinds & bit) != 0 ? PickupRule::New : PickupRule::Never;
}

void SetRule(AutoPickup& rule, ItemCategory category, PickupRule value) noexcept {
  const std::uint16_t bit = CategoryBit(category);
  rule.always = static_cast<std::uint16_t>(value == PickupRule::Always ? rule.always | bit
                                                                       : rule.always & ~bit);
  rule.new_kinds = static_cast<std::uint16_t>(value == PickupRule::New ? rule.new_kinds | bit
                                                                       : rule.new_kinds & ~bit);
}

AutoPickup AutoPickupOf(const GameWorld& world, EntityId holder) noexcept {
  const AutoPickup* rule = world.AutoPickups().Find(holder);
  return rule != nullptr ? *rule : AutoPickup{};
}

bool AutoPickupOn(const GameWorld& world, EntityId holder) noexcept {
  return !holder.IsNull() && AutoPickupOf(world, holder).enabled != 0;
}

bool CarriesKind(const GameWorld& world, EntityId holder, std::uint16_t kind) noexcept {
  if (holder.IsNull()) return false;
  const auto owners = world.Items().Owners();
  const auto items = world.Items().Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (items[i].holder == holder && items[i].kind == kind && world.Registry().IsActive(owners[i]))
      return true;
  return false;
}

bool AutoPickupWants(const GameWorld& world, EntityId holder, std::uint16_t kind) noexcept {
  if (holder.IsNull() || kind >= world.Definitions().items.size()) return false;
  const AutoPickup rule = AutoPickupOf(world, holder);
  const std::uint16_t bit = CategoryBit(world.Definitions().items[kind].category);
  if ((rule.always & bit) != 0) return true;
  return (rule.new_kinds & bit) != 0 && !CarriesKind(world, holder, kind);
}

bool Quivered(const GameWorld& world, EntityId holder, std::uint16_t kind) noexcept {
  const Quiver* quiver = world.Quivers().Find(holder);
  return quiver != nullptr && quiver->filled != 0 && quiver->kind == kind;
}

EntityId FireChoice(const GameWorld& world, EntityId holder) noexcept {
  // The first letter (lower case before upper case, as they are handed out) of what fits: no
  // list is made, so the tick that asks allocates nothing.
  const auto rank = [](char c) { return c >= 'a' && c <= 'z' ? c - 'a' : 26 + (c - 'A'); };
  const Quiver* quiver = world.Quivers().Find(holder);
  const auto owners = world.Items().Owners();
  const auto items = world.Items().Values();
  EntityId quivered{}, first{};
  int quivered_rank = 0, first_rank = 0;
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const Item& item = items[i];
    if (holder.IsNull() || item.holder != holder || item.equipped != 0 ||
        !world.Registry().IsActive(owners[i]))
      continue;
    const ItemDefinition* kind = KindOfItem(world, item);
    if (kind == nullptr || kind->category != ItemCategory::Thrown) continue;
    const int r = rank(item.letter);
    if (first.IsNull() || r < first_rank) {
      first = owners[i];
      first_rank = r;
    }
    if (quiver != nullptr && quiver->filled != 0 && item.kind == quiver->kind &&
        (quivered.IsNull() || r < quivered_rank)) {
      quivered = owners[i];
      quivered_rank = r;
    }
  }
  return quivered.IsNull() ? first : quivered;
}

std::string KindPlural(const GameWorld& world, std::uint16_t kind) {
  Item two;
  two.kind = kind;
  two.quantity = 2;
  two.identified = 1;
  std::string name = ItemDisplayName(world, two, world.Players().Find(world.PlayerEntity()), false);
  return name.rfind("2 ", 0) == 0 ? name.substr(2) : name;
}

bool CarriesArtifact(const GameWorld& world, EntityId holder) noexcept {
  for (const Item& item : world.Items().Values()) {
    if (item.holder != holder || holder.IsNull()) continue;
    const ItemDefinition* kind = KindOfItem(world, item);
    if (kind != nullptr && kind->category == ItemCategory::Artifact) return true;
  }
  return false;
}

bool KindKnown(const Player& player, std::uint16_t kind) noexcept {
  return kind < kMaxItemKinds && (player.known_items & (std::int64_t{1} << kind)) != 0;
}

void LearnKind(Player& player, std::uint16_t kind) noexcept {
  if (kind < kMaxItemKinds) player.known_items |= std::int64_t{1} << kind;
}

bool ItemKnown(const GameWorld& world, const Item& item) noexcept {
  const ItemDefinition* kind = KindOfItem(world, item);
  return kind == nullptr || kind->unidentified.empty();
}

std::string ItemDisplayName(const GameWorld& world, const Item& item, const Player* knower,
                            bool with_article) {
  const ItemDefinition* kind = KindOfItem(world, item);
  if (kind == nullptr) return "strange object";
  const bool known =
      kind->unidentified.empty() || knower == nullptr || KindKnown(*knower, item.kind);
  std::string name = known ? kind->name : kind->unidentified;
  const bool gear =
      kind->category == ItemCategory::Weapon || kind->category == ItemCategory::Armour;
  if (gear && (item.identified || knower == nullptr))
    name = (item.enchantment >= 0 ? "+" : "") + std::to_string(item.enchantment) + " " + name;
  if (kind->category == ItemCategory::Wand && known && (item.identified || knower == nullptr))
    name += " [" + std::to_string(item.charges) + "]";
  // A staff shows what it holds of what it can hold: it fills again by itself.
  if (kind->category == ItemCategory::Staff && known && (item.identified || knower == nullptr))
    name += " [" + std::to_string(item.charges) + "/" + std::to_string(StaffCapacity(*kind, item)) +
            "]";
  if (item.quantity > 1) {
    // The head noun takes the plural: "potions of healing", "scrolls labelled XIXAXA".
    std::size_t head = name.find(" of ");
    if (head == std::string::npos) head = name.find(" labelled ");
    if (head != std::string::npos)
      name.insert(head, "s");
    else if (name.back() != 's')
      name += "s";
    name = std::to_string(item.quantity) + " " + name;
  } else if (with_article && kind->category != ItemCategory::Artifact) {
    name = WithArticle(name);
  } else if (with_article) {
    name = "the " + name;
  }
  if (item.equipped) name += kind->category == ItemCategory::Weapon ? " (wielded)" : " (worn)";
  return name;
}

std::string DescribeItem(const GameWorld& world, EntityId id) {
  const Item* item = world.Items().Find(id);
  if (item == nullptr) return "something";
  const Player* knower = world.Players().Find(world.PlayerEntity());
  return ItemDisplayName(world, *item, knower);
}

bool Stackable(const GameWorld& world, const Item& a, const Item& b) noexcept {
  if (a.kind != b.kind || a.enchantment != b.enchantment) return false;
  const ItemDefinition* kind = KindOfItem(world, a);
  if (kind == nullptr) return false;
  switch (kind->category) {
    case ItemCategory::Potion:
    case ItemCategory::Scroll:
    case ItemCategory::Food:
    case ItemCategory::Thrown: return true;
    default: return false;
  }
}

Combat EquippedCombat(Combat base, const ItemDefinition* weapon, std::int32_t weapon_enchantment,
                      const ItemDefinition* armour, std::int32_t armour_enchantment) noexcept {
  if (weapon != nullptr) {
    base.damage_dice = weapon->damage.count;
    base.damage_sides = weapon->damage.sides;
    base.damage_bonus = weapon->damage.bonus + weapon_enchantment;
    base.accuracy += weapon->accuracy + weapon_enchantment;
  }
  if (armour != nullptr) {
    base.defense += armour->defense + armour_enchantment;
    // Heavy armour slows the wearer's step (and only the step: a blow is as quick as ever).
    const std::int32_t step = base.move_speed > 0 ? base.move_speed : base.speed;
    if (armour->move_speed > step) base.move_speed = armour->move_speed;
  }
  return base;
}

Combat CombatWithEquipment(const GameWorld& world, EntityId holder) noexcept {
  const Player* player = world.Players().Find(holder);
  Combat base = PlayerBaseCombat(player != nullptr ? player->level : 1);
  if (const Combat* now = world.Combats().Find(holder)) base.speed = now->speed;
  const Item* weapon = world.Items().Find(EquippedIn(world, holder, ItemCategory::Weapon));
  const Item* armour = world.Items().Find(EquippedIn(world, holder, ItemCategory::Armour));
  return EquippedCombat(base, weapon != nullptr ? KindOfItem(world, *weapon) : nullptr,
                        weapon != nullptr ? weapon->enchantment : 0,
                        armour != nullptr ? KindOfItem(world, *armour) : nullptr,
                        armour != nullptr ? armour->enchantment : 0);
}

void RefreshCombat(GameWorld& world, EntityId holder) noexcept {
  if (Combat* combat = world.MutableCombats().Find(holder))
    *combat = CombatWithEquipment(world, holder);
}

}  // namespace cairn
