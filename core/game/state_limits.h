// The caps of every counter the game keeps and a save stores: one table, read by everyone who
// must agree on them.
//
// A save is only worth writing if it can be read back, so the numbers here are shared by the
// simulation (which stops with a fault before a counter passes its cap: game/tick.cpp), the save
// writer (GameSession::CaptureImage refuses a state past them), the save reader (core/save) and
// the component schema (core/schema: its field ranges are these numbers). tests/save checks that
// every field the schema bounds more narrowly than its C++ type is listed in kLimitedFields with
// the schema's range, so a new field cannot be forgotten. docs/formats/save.md has the table.
//
// Each cap leaves room below its C++ type's largest value for one tick's growth, so a counter
// passes its cap (and the simulation stops) long before it could overflow.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "game/component_bundle.h"

namespace cairn {

class GameWorld;

// --- counters outside the components -------------------------------------------------------------
// The run's clock, and the tick of every message: about 1.1e15 ticks, 3.5 million years of
// play at ten turns a second.
inline constexpr std::int64_t kMaxTick = std::int64_t{1} << 50;
// Every field that holds a tick to come (next_tick, wake_tick, special_tick, haste_until,
// slow_until): a tick plus a bounded duration, so never near it while kMaxTick holds.
inline constexpr std::int64_t kMaxTickField = std::numeric_limits<std::int64_t>::max() / 2;
// An action takes at most this many ticks (rules.h: ActionTicks), twice that slowed: the longest
// a player can have to wait to act again. A save whose player waits longer is corrupt.
inline constexpr std::int32_t kMaxActionTicks = 1000;
inline constexpr std::int64_t kLongestWait = 2 * kMaxActionTicks;
// Spawn requests are numbered from 1; the last number refuses the next spawn (a fault).
inline constexpr std::uint32_t kMaxSpawnRequest = 0xFFFFFFFFu;
// Written as TOML integers, which are signed 64-bit.
inline constexpr std::uint64_t kMaxRandomDraws = std::numeric_limits<std::int64_t>::max();
inline constexpr std::uint64_t kMaxMessagesSaid = std::numeric_limits<std::int64_t>::max();
// Floors of a dungeon (DungeonPlan::kMaxFloors), and so depths.
inline constexpr std::int64_t kMaxDepth = 99;
// How far a noise carries (the loudest the game makes is kCombatNoiseRadius, 6).
inline constexpr std::int32_t kMaxNoiseRadius = 100;

// --- component fields ----------------------------------------------------------------------------
inline constexpr std::int64_t kMaxCoordinate = 1'000'000;
inline constexpr std::int64_t kMaxHitPoints = 1'000'000;
inline constexpr std::int64_t kMaxStat = 1'000;        // accuracy, defense, damage bonus
inline constexpr std::int64_t kMaxKills = 1'000'000;
inline constexpr std::int64_t kMaxTurns = 1'000'000'000;
inline constexpr std::int64_t kMaxExperience = 1'000'000'000;
inline constexpr std::int64_t kMaxNutritionField = 100'000;
inline constexpr std::int64_t kMaxStack = 32'767;      // Item::quantity is 16 bits
// Enchantment stays small so what it adds to accuracy, defense and damage stays within kMaxStat.
inline constexpr std::int64_t kMaxEnchantment = 99;
inline constexpr std::int64_t kMaxPack = 52;           // a-z and A-Z
inline constexpr std::int64_t kMaxAlertness = 200;

// One component field whose C++ type holds more than a save may: its range, and how to read it
// from the component (for Loot, from one entry).
struct LimitedField {
  ComponentKind kind;
  const char* name;  // as files and the console name it: "player.turns"
  std::int64_t min;
  std::int64_t max;
  std::int64_t (*get)(const void* component);
  const char* what;  // a sentence for a simulation fault
};
[[nodiscard]] std::span<const LimitedField> LimitedFields() noexcept;

// A value past its cap: which, its value, the range it should be in, and a sentence (static)
// for a simulation fault.
struct LimitBreach {
  const char* name = nullptr;  // null: nothing is past its cap
  const char* what = "";
  char value[24] = {};         // decimal (the counter may be unsigned)
  std::int64_t min = 0;
  std::int64_t max = 0;
  [[nodiscard]] explicit operator bool() const noexcept { return name != nullptr; }
};
// "player.turns is 1000000001, outside 0..1000000000"
[[nodiscard]] std::string DescribeBreach(const LimitBreach& breach);

// The first field of `bundle` outside its range.
[[nodiscard]] LimitBreach FindLimitBreach(const ComponentBundle& bundle) noexcept;
// What grows as a run is played, checked after every tick: the clock, the random streams'
// draw counts, and the player's counters, vitals and fighting numbers. Nothing else grows past a
// cap: monsters keep their numbers, and items are bounded where they change (a full stack takes
// no more, an enchantment holds at its cap). A breach stops the simulation (game/tick.cpp).
[[nodiscard]] LimitBreach FindGrowthBreach(const GameWorld& world);

}  // namespace cairn
