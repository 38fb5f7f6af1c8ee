#include "schema/component_types.h"

#include <algorithm>
#include <limits>

#include "base/assert.h"
#include "game/components.h"
#include "game/rules.h"

namespace cairn {
namespace {

template <class T, auto Member>
constexpr FieldInfo IntegerField(std::string_view name, std::int64_t min, std::int64_t max,
                                 std::int64_t default_value, std::string_view description) {
  using Value = std::remove_reference_t<decltype(std::declval<T&>().*Member)>;
  FieldInfo info;
  info.name = name;
  info.kind = FieldKind::Integer;
  info.min = min;
  info.max = max;
  info.default_value = default_value;
  info.description = description;
  info.get = [](const void* c) {
    FieldValue v;
    // NOLINTNEXTLINE(bugprone-signed-char-misuse): an int8_t field is a number, not text
    v.integer = static_cast<std::int64_t>(static_cast<const T*>(c)->*Member);
    return v;
  };
  info.set = [](void* c, const FieldValue& v) {
    static_cast<T*>(c)->*Member = static_cast<Value>(v.integer);
  };
  return info;
}

template <class T, auto Member>
constexpr FieldInfo GlyphField(std::string_view name, std::int64_t max, std::int64_t default_value,
                               std::string_view description) {
  FieldInfo info = IntegerField<T, Member>(name, 0x20, max, default_value, description);
  info.kind = FieldKind::Glyph;
  return info;
}

template <class T, auto Member>
constexpr FieldInfo EnumField(std::string_view name, std::span<const std::string_view> names,
                              std::int64_t default_value, std::string_view description) {
  FieldInfo info = IntegerField<T, Member>(name, 0, static_cast<std::int64_t>(names.size()) - 1,
                                           default_value, description);
  info.kind = FieldKind::Enum;
  info.names = names;
  return info;
}

template <class T, auto Member>
constexpr FieldInfo DefinitionField(std::string_view name, DefinitionKind definitions,
                                    std::string_view description) {
  FieldInfo info = IntegerField<T, Member>(name, 0, 65535, 0, description);
  info.kind = FieldKind::Definition;
  info.definitions = definitions;
  return info;
}

template <class T, auto Member>
constexpr FieldInfo EntityField(std::string_view name, std::string_view description) {
  FieldInfo info;
  info.name = name;
  info.kind = FieldKind::Entity;
  info.description = description;
  info.get = [](const void* c) {
    FieldValue v;
    v.entity = static_cast<const T*>(c)->*Member;
    return v;
  };
  info.set = [](void* c, const FieldValue& v) { static_cast<T*>(c)->*Member = v.entity; };
  return info;
}

template <class T, auto Member>
constexpr FieldInfo TextField(std::string_view name, std::int64_t max_bytes,
                              std::string_view description) {
  FieldInfo info;
  info.name = name;
  info.kind = FieldKind::Text;
  info.max = max_bytes;
  info.description = description;
  info.get = [](const void* c) {
    FieldValue v;
    v.text = std::string((static_cast<const T*>(c)->*Member).View());
    return v;
  };
  info.set = [](void* c, const FieldValue& v) {
    (void)(static_cast<T*>(c)->*Member).Assign(v.text);
  };
  return info;
}

// Ranges from the one table of caps the simulation, the save writer and the reader share
// (game/state_limits.h; tests/save checks every bounded field is listed there alike).
constexpr std::int64_t kCoordinate = kMaxCoordinate;
constexpr std::int64_t kHitPoints = kMaxHitPoints;
constexpr std::int64_t kStat = kMaxStat;
constexpr std::int64_t kTick = kMaxTickField;

constexpr std::string_view kActionKinds[] = {"none",    "wait",    "move",   "attack", "pickup",
                                             "descend", "ascend",  "drop",   "use",    "throw",
                                             "equip",   "unequip", "shoot",  "steal",  "free",
                                             "order",   "operate", "summon", "blink",  "breathe"};
constexpr std::string_view kColours[] = {"default", "white",   "grey", "red",    "green", "yellow",
                                         "blue",    "magenta", "cyan", "orange", "brown", "purple"};
constexpr std::string_view kAiActions[] = {"idle", "wander", "hunt", "flee", "follow"};
constexpr std::string_view kAiPhases[] = {"asleep",   "wander", "select-target",
                                          "approach", "attack", "recover",
                                          "flee",     "follow", "return"};
constexpr std::string_view kAllyOrders[] = {"follow", "wait"};
constexpr std::string_view kAiProfiles[] = {"melee",   "coward", "pack",     "ranged",
                                            "caster",  "thief",  "breeder",  "summoner",
                                            "blinker", "lurker", "breather", "erratic"};
constexpr std::string_view kCancelReasons[] = {"none",    "target-gone", "target-unseen", "hurt",
                                               "blocked", "lost-trail",  "recovered"};
static_assert(std::size(kActionKinds) == kActionKindCount);
static_assert(std::size(kColours) == kColourCount);
static_assert(std::size(kAiActions) == kAiActionCount);
static_assert(std::size(kAiPhases) == kAiPhaseCount);
static_assert(std::size(kAllyOrders) == kAllyOrderCount);
static_assert(std::size(kAiProfiles) == kAiProfileCount);
static_assert(std::size(kCancelReasons) == kCancelReasonCount);

constexpr FieldInfo kPositionFields[] = {
    IntegerField<Position, &Position::x>("x", -kCoordinate, kCoordinate, 0,
                                         "column, 0 at the left edge"),
    IntegerField<Position, &Position::y>("y", -kCoordinate, kCoordinate, 0,
                                         "row, 0 at the top edge"),
};
constexpr FieldInfo kIntentFields[] = {
    EnumField<Intent, &Intent::kind>("kind", kActionKinds, 0,
                                     "what the actor will do when it next acts"),
    IntegerField<Intent, &Intent::dx>("dx", -1, 1, 0, "a move's column step"),
    IntegerField<Intent, &Intent::dy>("dy", -1, 1, 0, "a move's row step"),
    IntegerField<Intent, &Intent::revision>("revision", 0, 0xFFFFFFFF, 0,
                                            "the AI action revision it belongs to"),
    EntityField<Intent, &Intent::target>("target", "whom an attack, throw or spell is aimed at"),
    EntityField<Intent, &Intent::item>("item", "the carried item it uses"),
};
constexpr FieldInfo kBlockerFields[] = {
    IntegerField<Blocker, &Blocker::solid>("solid", 0, 1, 1,
                                           "1: nothing else that blocks may share the cell"),
};
constexpr FieldInfo kAppearanceFields[] = {
    GlyphField<Appearance, &Appearance::glyph>("glyph", 0x10FFFF, '?', "the character drawn"),
    GlyphField<Appearance, &Appearance::ascii>("ascii", 0x7E, '?', "the ASCII fallback"),
    EnumField<Appearance, &Appearance::colour>("colour", kColours, 0, "palette colour"),
    IntegerField<Appearance, &Appearance::layer>("layer", 0, 9, 0, "draw order: higher on top"),
};
constexpr FieldInfo kPlayerFields[] = {
    IntegerField<Player, &Player::next_tick>("next_tick", 0, kTick, 0,
                                             "first tick the player may act"),
    IntegerField<Player, &Player::kills>("kills", 0, kMaxKills, 0, "monsters killed"),
    IntegerField<Player, &Player::depth>("depth", 1, kMaxDepth, 1, "the floor the player is on"),
    IntegerField<Player, &Player::deepest>("deepest", 1, kMaxDepth, 1, "the deepest floor reached"),
    IntegerField<Player, &Player::turns>("turns", 0, kMaxTurns, 0, "actions taken"),
    IntegerField<Player, &Player::nutrition>("nutrition", 0, kMaxNutritionField, 0,
                                             "turns until starving"),
    IntegerField<Player, &Player::known_items>("known_items", 0,
                                               std::numeric_limits<std::int64_t>::max(), 0,
                                               "bit k: item kind k is identified"),
    IntegerField<Player, &Player::experience>("experience", 0, kMaxExperience, 0,
                                              "earned by kills"),
    IntegerField<Player, &Player::level>("level", 1, kMaxLevel, 1, "experience level"),
};
constexpr FieldInfo kEnemyAiFields[] = {
    EnumField<EnemyAi, &EnemyAi::action>("action", kAiActions, 0, "the current action"),
    EnumField<EnemyAi, &EnemyAi::phase>("phase", kAiPhases, 0, "the phase within the action"),
    EnumField<EnemyAi, &EnemyAi::profile>("profile", kAiProfiles, 0, "how this monster behaves"),
    EnumField<EnemyAi, &EnemyAi::last_cancel>("last_cancel", kCancelReasons, 0,
                                              "why the last action was cancelled"),
    EntityField<EnemyAi, &EnemyAi::target>("target", "whom it hunts or flees"),
    IntegerField<EnemyAi, &EnemyAi::wake_tick>("wake_tick", 0, kTick, 0,
                                               "the AI does nothing before this tick"),
    IntegerField<EnemyAi, &EnemyAi::pending_request>("pending_request", 0, 0xFFFFFFFF, 0,
                                                     "a spawn request it waits on"),
    IntegerField<EnemyAi, &EnemyAi::action_revision>("action_revision", 0, 0xFFFFFFFF, 0,
                                                     "advances when the action changes"),
    IntegerField<EnemyAi, &EnemyAi::last_seen_x>("last_seen_x", -1, kCoordinate, -1,
                                                 "where the target was last seen"),
    IntegerField<EnemyAi, &EnemyAi::last_seen_y>("last_seen_y", -1, kCoordinate, -1, ""),
    IntegerField<EnemyAi, &EnemyAi::alertness>("alertness", 0, kMaxAlertness, 0,
                                               "noticing builds it up; at 100 it hunts"),
    IntegerField<EnemyAi, &EnemyAi::goal_x>("goal_x", -1, kCoordinate, -1,
                                            "where a wanderer is heading"),
    IntegerField<EnemyAi, &EnemyAi::goal_y>("goal_y", -1, kCoordinate, -1, ""),
    DefinitionField<EnemyAi, &EnemyAi::kind>("kind", DefinitionKind::Monster, "its monster kind"),
    IntegerField<EnemyAi, &EnemyAi::special_tick>(
        "special_tick", 0, kTick, 0, "its ranged attack, spell or split is ready from this tick"),
    IntegerField<EnemyAi, &EnemyAi::recover_until>("recover_until", 0, kTick, 0,
                                                   "the recover phase lasts until this tick"),
    IntegerField<EnemyAi, &EnemyAi::searching>(
        "searching", 0, 1, 0, "1: recovering means searching where the target was last seen"),
};
constexpr FieldInfo kStairsFields[] = {
    IntegerField<Stairs, &Stairs::direction>("direction", -1, 1, 1, "+1 leads down, -1 up"),
};
constexpr FieldInfo kHealthFields[] = {
    IntegerField<Health, &Health::current>("current", -kHitPoints, kHitPoints, 1,
                                           "hit points left; at zero or below the entity dies"),
    IntegerField<Health, &Health::max>("max", 1, kHitPoints, 1, "hit points when unhurt"),
};
constexpr FieldInfo kCombatFields[] = {
    IntegerField<Combat, &Combat::accuracy>("accuracy", -kStat, kStat, 0,
                                            "adds 5% to hit per point over the defense"),
    IntegerField<Combat, &Combat::defense>("defense", -kStat, kStat, 0,
                                           "takes 5% from the attacker's chance per point"),
    IntegerField<Combat, &Combat::damage_dice>("damage_dice", 0, 100, 1, "N in NdS"),
    IntegerField<Combat, &Combat::damage_sides>("damage_sides", 0, 1000, 2, "S in NdS"),
    IntegerField<Combat, &Combat::damage_bonus>("damage_bonus", -kStat, kStat, 0,
                                                "added to every hit"),
    IntegerField<Combat, &Combat::speed>("speed", 1, kMaxActionTicks, 10,
                                         "ticks per action: 10 normal, lower is faster"),
    IntegerField<Combat, &Combat::move_speed>("move_speed", 0, kMaxActionTicks, 0,
                                              "ticks per step, when not the same as speed (0)"),
};
constexpr FieldInfo kNamedFields[] = {
    TextField<Named, &Named::id>("id", 64, "the level's label for the entity"),
    TextField<Named, &Named::name>("name", 31, "what the message log calls it"),
};
constexpr FieldInfo kItemFields[] = {
    DefinitionField<Item, &Item::kind>("kind", DefinitionKind::Item, "its item kind"),
    IntegerField<Item, &Item::quantity>("quantity", 0, kMaxStack, 1, "how many in the stack"),
    IntegerField<Item, &Item::charges>("charges", -32768, 32767, 0, "uses left"),
    IntegerField<Item, &Item::enchantment>("enchantment", -kMaxEnchantment, kMaxEnchantment, 0,
                                           "bonus (or malus)"),
    IntegerField<Item, &Item::identified>("identified", 0, 1, 0, "1 when its kind is known"),
    IntegerField<Item, &Item::equipped>("equipped", 0, 1, 0, "1 when worn or wielded"),
    IntegerField<Item, &Item::letter>("letter", 0, 'z', 0,
                                      "its inventory letter (a character code) while carried"),
    IntegerField<Item, &Item::dropped>("dropped", 0, 1, 0,
                                       "1: the player put it down (explore leaves it)"),
    EntityField<Item, &Item::holder>("holder", "who carries it; null on the floor"),
};
constexpr FieldInfo kInventoryFields[] = {
    IntegerField<Inventory, &Inventory::capacity>("capacity", 0, kMaxPack, 26,
                                                  "how many items it can hold"),
    IntegerField<Inventory, &Inventory::count>("count", 0, kMaxPack, 0, "how many it holds"),
};

constexpr FieldInfo kConditionFields[] = {
    IntegerField<Condition, &Condition::haste_until>(
        "haste_until", 0, kTick, 0, "hasted (half the time per action) before this tick"),
    IntegerField<Condition, &Condition::slow_until>(
        "slow_until", 0, kTick, 0, "slowed (double the time per action) before this tick"),
};

constexpr FieldInfo kQuiverFields[] = {
    DefinitionField<Quiver, &Quiver::kind>("kind", DefinitionKind::Item,
                                           "the kind of missile last thrown"),
    IntegerField<Quiver, &Quiver::filled>("filled", 0, 1, 0, "1 once something was thrown"),
};

constexpr FieldInfo kAutoPickupFields[] = {
    IntegerField<AutoPickup, &AutoPickup::enabled>(
        "enabled", 0, 1, 1, "1: walking onto an item picks it up by the rule"),
    IntegerField<AutoPickup, &AutoPickup::always>(
        "always", 0, kAutoPickupClasses, kAutoPickupAlways,
        "item classes always picked up: bit 1 << category (potion 0 ... artifact 7, staff 8)"),
    IntegerField<AutoPickup, &AutoPickup::new_kinds>(
        "new_kinds", 0, kAutoPickupClasses, kAutoPickupNewKinds,
        "item classes picked up only as a kind the player carries none of"),
};

constexpr FieldInfo kLootFields[] = {
    DefinitionField<LootEntry, &LootEntry::item>("item", DefinitionKind::Item, "what may drop"),
    IntegerField<LootEntry, &LootEntry::chance>("chance", 1, 100, 100, "percent chance it drops"),
};

constexpr SlotAccess kLootSlots = {
    [](const void* c) -> std::size_t { return static_cast<const Loot*>(c)->entries.size(); },
    [](const void* c, std::size_t i) -> std::uint32_t {
      return static_cast<const Loot*>(c)->entries[i].slot;
    },
    [](const void* c, std::uint32_t slot) -> const void* {
      return static_cast<const Loot*>(c)->Slot(slot);
    },
    [](void* c, std::uint32_t slot) -> void* {
      Loot& loot = *static_cast<Loot*>(c);
      if (loot.Slot(slot) != nullptr) return nullptr;
      // Entries stay ordered by slot, so listing and hashing see one order.
      const auto at = std::find_if(loot.entries.begin(), loot.entries.end(),
                                   [&](const LootEntry& e) { return e.slot > slot; });
      const auto inserted = loot.entries.insert(at, LootEntry{0, 100, slot});
      if (inserted == loot.entries.end()) return nullptr;  // full (max_slots says so first)
      loot.slots_used = std::max(loot.slots_used, slot + 1);
      return &*inserted;
    },
    [](void* c, std::uint32_t slot) -> bool {
      Loot& loot = *static_cast<Loot*>(c);
      const auto at = std::find_if(loot.entries.begin(), loot.entries.end(),
                                   [&](const LootEntry& e) { return e.slot == slot; });
      if (at == loot.entries.end()) return false;
      loot.entries.erase(at);
      return true;
    },
    [](const void* c) -> std::uint32_t { return static_cast<const Loot*>(c)->slots_used; },
    [](void* c, std::uint32_t used) {
      Loot& loot = *static_cast<Loot*>(c);
      loot.slots_used = std::max(loot.slots_used, used);
    },
    &SlotHistory::loot,
};

using K = ComponentKind;
constexpr FieldInfo kSlotHistoryFields[] = {
    IntegerField<SlotHistory, &SlotHistory::loot>(
        "loot", 0, 4294967295, 0, "one more than the highest loot slot held before its last went"),
};

constexpr FieldInfo kAllyFields[] = {
    IntegerField<Ally, &Ally::shackled>("shackled", 0, 1, 0,
                                        "1: a captive; walking into it frees it"),
    EnumField<Ally, &Ally::order>("order", kAllyOrders, 0,
                                  "follow the player, or wait at its post"),
    IntegerField<Ally, &Ally::post_x>("post_x", -kCoordinate, kCoordinate, 0,
                                      "where it was told to wait"),
    IntegerField<Ally, &Ally::post_y>("post_y", -kCoordinate, kCoordinate, 0,
                                      "where it was told to wait"),
};

constexpr std::string_view kTriggerHows[] = {"bump", "step", "take"};
constexpr std::string_view kTrapKinds[] = {"gas", "net", "alarm", "collapse", "summon"};
static_assert(std::size(kTriggerHows) == kTriggerHowCount);
static_assert(std::size(kTrapKinds) == kTrapKindCount);
constexpr FieldInfo kTriggerFields[] = {
    EntityField<Trigger, &Trigger::target>("target", "the gate, trap or vault it sets off"),
    EnumField<Trigger, &Trigger::how>("how", kTriggerHows, 0,
                                      "bump (a lever), step (a plate), take (an altar's treasure)"),
    IntegerField<Trigger, &Trigger::once>("once", 0, 1, 0, "1: it works once"),
    IntegerField<Trigger, &Trigger::used>("used", 0, 1, 0, "1: it has been set off"),
};
constexpr FieldInfo kGateFields[] = {
    IntegerField<Gate, &Gate::open>("open", 0, 1, 0, "1: open (no blocker)"),
};
constexpr FieldInfo kTrapFields[] = {
    EnumField<Trap, &Trap::kind>("kind", kTrapKinds, 0, "gas, net or alarm"),
    IntegerField<Trap, &Trap::power>("power", 0, 255, 4,
                                     "gas: damage to each creature; net: turns held"),
    IntegerField<Trap, &Trap::radius>("radius", 0, 20, 2, "gas: how far it spreads"),
    DefinitionField<Trap, &Trap::monster>("monster", DefinitionKind::Monster,
                                          "summon: what the circle calls"),
};
constexpr FieldInfo kVaultFields[] = {
    IntegerField<Vault, &Vault::closed>("closed", 0, 1, 0,
                                        "1: a treasure was taken; the cages are shut"),
};

constexpr FieldInfo kSecretFields[] = {
    IntegerField<Secret, &Secret::found>("found", 0, 1, 0, "1: found; its wall is a door now"),
    IntegerField<Secret, &Secret::searched>("searched", 0, kSearchTurns, 0,
                                            "turns searched beside it"),
};

constexpr FieldInfo kRechargingFields[] = {
    IntegerField<Recharging, &Recharging::turns>("turns", 0, 65535, 0, "turns"),
};

constexpr ComponentTypeId kNeedsPosition[] = {K::Position};
constexpr ComponentTypeId kActorNeeds[] = {K::Position, K::Intent, K::Health};
constexpr ComponentTypeId kRejectsAi[] = {K::EnemyAi};
constexpr ComponentTypeId kRejectsPlayer[] = {K::Player};
constexpr ComponentTypeId kItemRejects[] = {K::Blocker, K::Player, K::EnemyAi};
constexpr ComponentTypeId kLootNeeds[] = {K::EnemyAi};
constexpr ComponentTypeId kAllyNeeds[] = {K::EnemyAi};

constexpr ComponentTypeInfo kTypes[] = {
    {K::Position,
     "position",
     "Position",
     "spatial",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kPositionFields},
    {K::Intent, "intent", "Intent", "actor", 1, Multiplicity::One, 1, {}, {}, kIntentFields},
    {K::Blocker,
     "blocker",
     "Blocker",
     "spatial",
     1,
     Multiplicity::One,
     1,
     kNeedsPosition,
     {},
     kBlockerFields},
    {K::Appearance,
     "appearance",
     "Appearance",
     "presentation",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kAppearanceFields},
    {K::Player, "player", "Player", "actor", 1, Multiplicity::One, 1, kActorNeeds, kRejectsAi,
     kPlayerFields},
    {K::EnemyAi, "enemy_ai", "Enemy AI", "actor", 1, Multiplicity::One, 1, kActorNeeds,
     kRejectsPlayer, kEnemyAiFields},
    {K::Stairs,
     "stairs",
     "Stairs",
     "feature",
     1,
     Multiplicity::One,
     1,
     kNeedsPosition,
     {},
     kStairsFields},
    {K::Health, "health", "Health", "vitals", 1, Multiplicity::One, 1, {}, {}, kHealthFields},
    {K::Combat, "combat", "Combat", "vitals", 1, Multiplicity::One, 1, {}, {}, kCombatFields},
    {K::Named, "named", "Name", "identity", 1, Multiplicity::One, 1, {}, {}, kNamedFields},
    {K::Item, "item", "Item", "item", 1, Multiplicity::One, 1, {}, kItemRejects, kItemFields},
    {K::Inventory,
     "inventory",
     "Inventory",
     "item",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kInventoryFields},
    {K::Loot,
     "loot",
     "Loot",
     "item",
     1,
     Multiplicity::Many,
     kMaxLootEntries,
     kLootNeeds,
     {},
     kLootFields,
     &kLootSlots},
    {K::Condition,
     "condition",
     "Condition",
     "vitals",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kConditionFields},
    {K::Quiver, "quiver", "Quiver", "item", 1, Multiplicity::One, 1, {}, {}, kQuiverFields},
    {K::AutoPickup,
     "autopickup",
     "Autopickup",
     "item",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kAutoPickupFields},
    {K::SlotHistory,
     "slot_history",
     "Slot history",
     "identity",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kSlotHistoryFields},
    {K::Ally, "ally", "Ally", "actor", 1, Multiplicity::One, 1, kAllyNeeds, {}, kAllyFields},
    {K::Trigger,
     "trigger",
     "Trigger",
     "machine",
     1,
     Multiplicity::One,
     1,
     kNeedsPosition,
     {},
     kTriggerFields},
    {K::Gate, "gate", "Gate", "machine", 1, Multiplicity::One, 1, kNeedsPosition, {}, kGateFields},
    {K::Trap, "trap", "Trap", "machine", 1, Multiplicity::One, 1, kNeedsPosition, {}, kTrapFields},
    {K::Vault, "vault", "Vault", "machine", 1, Multiplicity::One, 1, {}, {}, kVaultFields},
    {K::Secret,
     "secret",
     "Secret door",
     "machine",
     1,
     Multiplicity::One,
     1,
     kNeedsPosition,
     {},
     kSecretFields},
    {K::Recharging,
     "recharging",
     "Recharging",
     "items",
     1,
     Multiplicity::One,
     1,
     {},
     {},
     kRechargingFields},
};
static_assert(std::size(kTypes) == kComponentKindCount);

constexpr bool EveryTypeFitsFieldBuffers() {
  for (const ComponentTypeInfo& type : kTypes)
    if (type.fields.size() > kMaxFieldsPerComponent) return false;
  return true;
}
static_assert(EveryTypeFitsFieldBuffers(),
              "raise kMaxFieldsPerComponent: callers size buffers by it");

constexpr bool TypesAreInIdOrder() {
  for (std::size_t i = 0; i < std::size(kTypes); ++i)
    if (static_cast<std::size_t>(kTypes[i].id) != i) return false;
  return true;
}
static_assert(TypesAreInIdOrder(), "TypeInfoOf indexes kTypes by id");

}  // namespace

const char* FieldKindName(FieldKind kind) noexcept {
  switch (kind) {
    case FieldKind::Integer: return "an integer";
    case FieldKind::Enum: return "one of the names";
    case FieldKind::Entity: return "an entity reference";
    case FieldKind::Text: return "a string";
    case FieldKind::Glyph: return "one character";
    case FieldKind::Definition: return "a definition id";
  }
  return "a value";
}

std::span<const ComponentTypeInfo> AllComponentTypes() noexcept {
  return kTypes;
}

const ComponentTypeInfo& TypeInfoOf(ComponentTypeId id) noexcept {
  CAIRN_ASSERT(static_cast<std::size_t>(id) < std::size(kTypes),
               "a component type id past the registry");
  return kTypes[static_cast<std::size_t>(id)];
}

const ComponentTypeInfo* FindComponentType(std::string_view name) noexcept {
  for (const ComponentTypeInfo& info : kTypes)
    if (info.name == name) return &info;
  return nullptr;
}

}  // namespace cairn
