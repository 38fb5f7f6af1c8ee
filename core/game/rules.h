// The game's formulas, in one place so docs/GAME.md can quote them and tests can check them.
// Integer arithmetic only: the same inputs give the same results everywhere.
#pragma once

#include <cstdint>

#include "game/components.h"
#include "game/random.h"
#include "game/state_limits.h"

namespace cairn {

inline constexpr std::int32_t kNormalActionTicks = 10;  // one normal action = one player turn
inline constexpr std::int32_t kPlayerLightRadius = 9;
inline constexpr std::int32_t kAlertnessToHunt = 100;
inline constexpr std::int32_t kCombatNoiseRadius = 6;
inline constexpr std::int32_t kMaxMissileRange = 12;  // thrown items, missiles, spells, wands
inline constexpr std::int32_t kSpellHitChance = 85;   // spells ignore armour
inline constexpr std::int32_t kMaxBreeders =
    12;  // a floor holds at most this many of a breeding kind
inline constexpr std::int32_t kMaxSummoned = 8;  // nor this many of a kind a summoner calls
inline constexpr std::int32_t kStartingNutrition = 1800;
inline constexpr std::int32_t kMaxNutrition = 2400;
inline constexpr std::int32_t kHungry = 300;     // "Hungry" below this many turns of food
inline constexpr std::int32_t kWeak = 100;       // "Weak" below this
inline constexpr std::int32_t kSlowTicks = 150;  // slowness with no power given lasts this long

// Chance to hit, in percent: 75 + 5 per point of accuracy over the defender's defense, 5..95.
[[nodiscard]] inline std::int32_t HitChance(const Combat& attacker,
                                            const Combat& defender) noexcept {
  const std::int32_t chance = 75 + 5 * (attacker.accuracy - defender.defense);
  return chance < 5 ? 5 : (chance > 95 ? 95 : chance);
}

// Damage of a hit: NdS + bonus, at least 1.
[[nodiscard]] inline std::int32_t RollDamage(Rng& rng, const Combat& attacker) noexcept {
  const std::int32_t damage =
      rng.Dice(static_cast<std::uint32_t>(attacker.damage_dice > 0 ? attacker.damage_dice : 0),
               static_cast<std::uint32_t>(attacker.damage_sides > 0 ? attacker.damage_sides : 0)) +
      attacker.damage_bonus;
  return damage < 1 ? 1 : damage;
}

// Experience levels, as in NetHack and DCSS: each kill is worth the victim's hit points, and
// each level doubles the experience the next needs. A level brings hit points and accuracy.
inline constexpr std::int32_t kHealthPerLevel = 4;
[[nodiscard]] inline std::int32_t ExperienceForLevel(std::int32_t level) noexcept {
  if (level <= 1) return 0;
  return 10 * (1 << (level - 2 < 20 ? level - 2 : 20));  // 10, 20, 40, 80, ...
}

// Ticks between regaining one hit point: a bigger body heals faster, as in Brogue, so a full
// heal takes about 200 turns at any size.
[[nodiscard]] inline std::int32_t RegenerationTicks(std::int32_t max_health) noexcept {
  const std::int32_t ticks = 2000 / (max_health > 0 ? max_health : 1);
  return ticks < 10 ? 10 : ticks;
}

// How many ticks an action takes an actor of this speed (10 is normal; lower is faster).
[[nodiscard]] inline std::int32_t ActionTicks(const Combat* combat) noexcept {
  if (combat == nullptr || combat->speed < 1) return kNormalActionTicks;
  return combat->speed > kMaxActionTicks ? kMaxActionTicks : combat->speed;
}
// What haste (half, rounded up) and slowness (double) make of `ticks` at tick `now`: the speed
// the actor really has, which the character sheet shows.
[[nodiscard]] inline std::int32_t ConditionedTicks(std::int32_t ticks, const Condition* condition,
                                                   std::int64_t now) noexcept {
  if (condition == nullptr) return ticks;
  if (condition->haste_until > now) ticks = (ticks + 1) / 2;
  if (condition->slow_until > now) ticks *= 2;
  return ticks;
}

}  // namespace cairn
