#include "game/state_limits.h"

#include <array>
#include <charconv>

#include "game/game_world.h"
#include "game/rules.h"

namespace cairn {
namespace {

template <class T, auto Member>
std::int64_t Get(const void* component) {
  return static_cast<std::int64_t>(static_cast<const T*>(component)->*Member);
}

// The fault sentence is a literal built from the name, so a fault can keep it (it holds a
// static description only).
#define CAIRN_LIMIT(kind, type, member, name, min, max)                                  \
  LimitedField {                                                                         \
    ComponentKind::kind, name, min, max, &Get<type, &type::member>,                      \
        name " left the range a save can hold (the run stops rather than be unsaveable)" \
  }

constexpr std::int64_t kCoordinateLow = -kMaxCoordinate;

constexpr LimitedField kFields[] = {
    CAIRN_LIMIT(Position, Position, x, "position.x", kCoordinateLow, kMaxCoordinate),
    CAIRN_LIMIT(Position, Position, y, "position.y", kCoordinateLow, kMaxCoordinate),
    CAIRN_LIMIT(Intent, Intent, kind, "intent.kind", 0, kActionKindCount - 1),
    CAIRN_LIMIT(Intent, Intent, dx, "intent.dx", -1, 1),
    CAIRN_LIMIT(Intent, Intent, dy, "intent.dy", -1, 1),
    CAIRN_LIMIT(Blocker, Blocker, solid, "blocker.solid", 0, 1),
    CAIRN_LIMIT(Appearance, Appearance, glyph, "appearance.glyph", 0x20, 0x10FFFF),
    CAIRN_LIMIT(Appearance, Appearance, ascii, "appearance.ascii", 0x20, 0x7E),
    CAIRN_LIMIT(Appearance, Appearance, colour, "appearance.colour", 0, kColourCount - 1),
    CAIRN_LIMIT(Appearance, Appearance, layer, "appearance.layer", 0, 9),
    CAIRN_LIMIT(Player, Player, next_tick, "player.next_tick", 0, kMaxTickField),
    CAIRN_LIMIT(Player, Player, kills, "player.kills", 0, kMaxKills),
    CAIRN_LIMIT(Player, Player, depth, "player.depth", 1, kMaxDepth),
    CAIRN_LIMIT(Player, Player, deepest, "player.deepest", 1, kMaxDepth),
    CAIRN_LIMIT(Player, Player, turns, "player.turns", 0, kMaxTurns),
    CAIRN_LIMIT(Player, Player, nutrition, "player.nutrition", 0, kMaxNutritionField),
    CAIRN_LIMIT(Player, Player, known_items, "player.known_items", 0, std::numeric_limits<std::int64_t>::max()),
    CAIRN_LIMIT(Player, Player, experience, "player.experience", 0, kMaxExperience),
    CAIRN_LIMIT(Player, Player, level, "player.level", 1, kMaxLevel),
    CAIRN_LIMIT(EnemyAi, EnemyAi, action, "enemy_ai.action", 0, kAiActionCount - 1),
    CAIRN_LIMIT(EnemyAi, EnemyAi, phase, "enemy_ai.phase", 0, kAiPhaseCount - 1),
    CAIRN_LIMIT(EnemyAi, EnemyAi, profile, "enemy_ai.profile", 0, kAiProfileCount - 1),
    CAIRN_LIMIT(EnemyAi, EnemyAi, last_cancel, "enemy_ai.last_cancel", 0, kCancelReasonCount - 1),
    CAIRN_LIMIT(EnemyAi, EnemyAi, wake_tick, "enemy_ai.wake_tick", 0, kMaxTickField),
    CAIRN_LIMIT(EnemyAi, EnemyAi, last_seen_x, "enemy_ai.last_seen_x", -1, kMaxCoordinate),
    CAIRN_LIMIT(EnemyAi, EnemyAi, last_seen_y, "enemy_ai.last_seen_y", -1, kMaxCoordinate),
    CAIRN_LIMIT(EnemyAi, EnemyAi, alertness, "enemy_ai.alertness", 0, kMaxAlertness),
    CAIRN_LIMIT(EnemyAi, EnemyAi, goal_x, "enemy_ai.goal_x", -1, kMaxCoordinate),
    CAIRN_LIMIT(EnemyAi, EnemyAi, goal_y, "enemy_ai.goal_y", -1, kMaxCoordinate),
    CAIRN_LIMIT(EnemyAi, EnemyAi, special_tick, "enemy_ai.special_tick", 0, kMaxTickField),
    CAIRN_LIMIT(Stairs, Stairs, direction, "stairs.direction", -1, 1),
    CAIRN_LIMIT(Health, Health, current, "health.current", -kMaxHitPoints, kMaxHitPoints),
    CAIRN_LIMIT(Health, Health, max, "health.max", 1, kMaxHitPoints),
    CAIRN_LIMIT(Combat, Combat, accuracy, "combat.accuracy", -kMaxStat, kMaxStat),
    CAIRN_LIMIT(Combat, Combat, defense, "combat.defense", -kMaxStat, kMaxStat),
    CAIRN_LIMIT(Combat, Combat, damage_dice, "combat.damage_dice", 0, 100),
    CAIRN_LIMIT(Combat, Combat, damage_sides, "combat.damage_sides", 0, 1000),
    CAIRN_LIMIT(Combat, Combat, damage_bonus, "combat.damage_bonus", -kMaxStat, kMaxStat),
    CAIRN_LIMIT(Combat, Combat, speed, "combat.speed", 1, kMaxActionTicks),
    CAIRN_LIMIT(Combat, Combat, move_speed, "combat.move_speed", 0, kMaxActionTicks),
    CAIRN_LIMIT(Item, Item, quantity, "item.quantity", 0, kMaxStack),
    CAIRN_LIMIT(Item, Item, enchantment, "item.enchantment", -kMaxEnchantment, kMaxEnchantment),
    CAIRN_LIMIT(Item, Item, identified, "item.identified", 0, 1),
    CAIRN_LIMIT(Item, Item, equipped, "item.equipped", 0, 1),
    CAIRN_LIMIT(Item, Item, letter, "item.letter", 0, 'z'),
    CAIRN_LIMIT(Item, Item, dropped, "item.dropped", 0, 1),
    CAIRN_LIMIT(Inventory, Inventory, capacity, "inventory.capacity", 0, kMaxPack),
    CAIRN_LIMIT(Inventory, Inventory, count, "inventory.count", 0, kMaxPack),
    CAIRN_LIMIT(Loot, LootEntry, chance, "loot.chance", 1, 100),
    CAIRN_LIMIT(Condition, Condition, haste_until, "condition.haste_until", 0, kMaxTickField),
    CAIRN_LIMIT(Condition, Condition, slow_until, "condition.slow_until", 0, kMaxTickField),
};

#undef CAIRN_LIMIT

// Where each kind's entries are in kFields (they are listed together), so a check walks only its
// own: the limit check runs every tick.
struct KindEntries {
  std::size_t begin = 0;
  std::size_t end = 0;
};
constexpr std::array<KindEntries, kComponentKindCount> IndexByKind() {
  std::array<KindEntries, kComponentKindCount> index{};
  for (std::size_t i = 0; i < std::size(kFields); ++i) {
    KindEntries& entries = index[static_cast<std::size_t>(kFields[i].kind)];
    if (entries.end == 0) entries.begin = i;
    entries.end = i + 1;
  }
  return index;
}
constexpr auto kByKind = IndexByKind();
constexpr bool KindsListedTogether() {
  for (std::size_t i = 0; i < std::size(kFields); ++i) {
    const KindEntries& entries = kByKind[static_cast<std::size_t>(kFields[i].kind)];
    for (std::size_t j = entries.begin; j < entries.end; ++j)
      if (kFields[j].kind != kFields[i].kind) return false;
  }
  return true;
}
static_assert(KindsListedTogether(), "list each component kind's fields together in kFields");

template <class Int>
LimitBreach Breach(const char* name, const char* what, Int value, std::int64_t min, std::int64_t max) {
  LimitBreach breach;
  breach.name = name;
  breach.what = what;
  breach.min = min;
  breach.max = max;
  (void)std::to_chars(breach.value, breach.value + sizeof breach.value - 1, value);
  return breach;
}

// The first breach among the entries of `kind`, read from `component`.
LimitBreach CheckFields(ComponentKind kind, const void* component) {
  const KindEntries& entries = kByKind[static_cast<std::size_t>(kind)];
  for (std::size_t i = entries.begin; i < entries.end; ++i) {
    const LimitedField& field = kFields[i];
    const std::int64_t value = field.get(component);
    if (value < field.min || value > field.max) return Breach(field.name, field.what, value, field.min, field.max);
  }
  return {};
}

}  // namespace

std::span<const LimitedField> LimitedFields() noexcept { return kFields; }

std::string DescribeBreach(const LimitBreach& breach) {
  if (!breach) return "";
  return std::string(breach.name) + " is " + breach.value + ", outside " + std::to_string(breach.min) + ".." +
         std::to_string(breach.max);
}

LimitBreach FindLimitBreach(const ComponentBundle& bundle) noexcept {
  LimitBreach found;
  ForEachComponentType([&]<class T>() {
    if (found || !bundle.Has<T>()) return;
    if constexpr (std::is_same_v<T, Loot>) {
      for (std::uint8_t i = 0; i < bundle.loot.count && i < kMaxLoot && !found; ++i)
        found = CheckFields(ComponentKind::Loot, &bundle.loot.entries[i]);
    } else {
      found = CheckFields(KindOf<T>::value, &bundle.Get<T>());
    }
  });
  return found;
}

LimitBreach FindGrowthBreach(const GameWorld& world) {
  if (world.Tick() > kMaxTick)
    return Breach("tick", "the clock reached the last tick a save can hold", world.Tick(), 0, kMaxTick);
  for (const Rng& rng : world.Streams().streams)
    if (rng.Draws() > kMaxRandomDraws)
      return Breach("random draws", "a random stream drew more values than a save can count", rng.Draws(), 0,
                    static_cast<std::int64_t>(kMaxRandomDraws));
  const EntityId player = world.PlayerEntity();
  if (player.IsNull()) return {};
  // What the player's play can grow: its counters, its vitals (levels, potions) and its fighting
  // numbers (equipment, levels). Its pack is bounded where it grows (a full stack takes no more,
  // an enchantment holds at its cap: actions_items.cpp), so it is not walked every tick.
  if (const Player* p = world.Players().Find(player))
    if (LimitBreach b = CheckFields(ComponentKind::Player, p)) return b;
  if (const Health* h = world.Healths().Find(player))
    if (LimitBreach b = CheckFields(ComponentKind::Health, h)) return b;
  if (const Combat* c = world.Combats().Find(player))
    if (LimitBreach b = CheckFields(ComponentKind::Combat, c)) return b;
  return {};
}

}  // namespace cairn
