// The caps of the components' fields: the range of values a save can hold for each field whose
// C++ type holds more. Each struct's Fields() (components.h) names its field's cap beside it, so
// a field is declared once with its range; the simulation stops before a growing field passes
// its cap, the save writer and reader refuse values past it, and the component schema's ranges
// are these numbers (tests/save checks they agree, field by field).
//
// Each cap leaves room below its C++ type's largest value for one tick's growth, so a counter
// passes its cap (and the simulation stops) long before it could overflow.
#pragma once

#include <cstdint>
#include <limits>

namespace cairn {

// A field's name as files name it and the range a save can hold: what Fields() passes beside a
// field narrower than its C++ type.
struct FieldCap {
  const char* name;
  std::int64_t min;
  std::int64_t max;
};

// Every field that holds a tick to come (next_tick, wake_tick, special_tick, haste_until,
// slow_until): a tick plus a bounded duration, so never near it while the clock's cap holds.
inline constexpr std::int64_t kMaxTickField = std::numeric_limits<std::int64_t>::max() / 2;
// An action takes at most this many ticks (rules.h: ActionTicks), twice that slowed.
inline constexpr std::int32_t kMaxActionTicks = 1000;
// Floors of a dungeon (DungeonPlan::kMaxFloors), and so depths.
inline constexpr std::int64_t kMaxDepth = 99;
inline constexpr std::int32_t kMaxLevel = 20;  // experience levels
inline constexpr std::int64_t kMaxCoordinate = 1'000'000;
inline constexpr std::int64_t kMaxHitPoints = 1'000'000;
inline constexpr std::int64_t kMaxStat = 1'000;  // accuracy, defense, damage bonus
inline constexpr std::int64_t kMaxKills = 1'000'000;
inline constexpr std::int64_t kMaxTurns = 1'000'000'000;
inline constexpr std::int64_t kMaxExperience = 1'000'000'000;
inline constexpr std::int64_t kMaxNutritionField = 100'000;
inline constexpr std::int64_t kMaxStack = 32'767;  // Item::quantity is 16 bits
// Enchantment stays small so what it adds to accuracy, defense and damage stays within kMaxStat.
inline constexpr std::int64_t kMaxEnchantment = 99;
inline constexpr std::int64_t kMaxPack = 52;  // a-z and A-Z
inline constexpr std::int64_t kMaxAlertness = 200;

}  // namespace cairn
