// The game's formulas, in one place so docs/GAME.md can quote them and tests can check them.
// Integer arithmetic only: the same inputs give the same results everywhere.
#pragma once

#include <cstdint>

#include "game/components.h"
#include "game/random.h"

namespace cairn {

inline constexpr std::int32_t kNormalActionTicks = 10;  // one normal action = one player turn
inline constexpr std::int32_t kPlayerLightRadius = 9;
inline constexpr std::int32_t kAlertnessToHunt = 100;
inline constexpr std::int32_t kCombatNoiseRadius = 6;

// Chance to hit, in percent: 75 + 5 per point of accuracy over the defender's defense, 5..95.
[[nodiscard]] inline std::int32_t HitChance(const Combat& attacker, const Combat& defender) noexcept {
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

// How many ticks an action takes an actor of this speed (10 is normal; lower is faster).
[[nodiscard]] inline std::int32_t ActionTicks(const Combat* combat) noexcept {
  if (combat == nullptr || combat->speed < 1) return kNormalActionTicks;
  return combat->speed > 1000 ? 1000 : combat->speed;
}

}  // namespace cairn
