// The caps of every counter the game keeps and a save stores, read by everyone who must agree on
// them. The components' fields carry their caps in their structs' Fields() (field_caps.h); the
// counters outside the components are here.
//
// A save is only worth writing if it can be read back, so these numbers are shared by the
// simulation (which stops with a fault before a counter passes its cap: game/tick.cpp), the save
// writer (CaptureImage, sim/session_persist.h, refuses a state past them), the save reader
// (core/save) and the component schema (core/schema: its field ranges are these numbers).
// tests/save checks that every field the schema bounds more narrowly than its C++ type has that
// range as its cap in Fields(), so a new field cannot be forgotten. docs/formats/save.md has the
// table.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "engine/command_buffer.h"
#include "game/component_bundle.h"
#include "game/field_caps.h"

namespace cairn {

class GameWorld;

// --- counters outside the components -------------------------------------------------------------
// The run's clock, and the tick of every message: about 1.1e15 ticks, 3.5 million years of
// play at ten turns a second.
inline constexpr std::int64_t kMaxTick = std::int64_t{1} << 50;
// The longest a player can have to wait to act again: the longest action (field_caps.h), slowed.
// A save whose player waits longer is corrupt.
inline constexpr std::int64_t kLongestWait = std::int64_t{2} * kMaxActionTicks;
// Spawn requests are numbered from 1; the last number, kMaxSpawnRequest (engine/command_buffer.h),
// refuses the next spawn (a fault).
// Written as TOML integers, which are signed 64-bit.
inline constexpr std::uint64_t kMaxRandomDraws = std::numeric_limits<std::int64_t>::max();
inline constexpr std::uint64_t kMaxMessagesSaid = std::numeric_limits<std::int64_t>::max();
// How far a noise carries (the loudest the game makes is kCombatNoiseRadius, 6).
inline constexpr std::int32_t kMaxNoiseRadius = 100;

// A value past its cap: which ("player.turns"), its value, the range it should be in, and a
// sentence for a simulation fault. Plain storage: it outlives nothing it points into.
struct LimitBreach {
  bool found = false;
  char name[48] = {};
  char what[128] = {};
  char value[24] = {};  // decimal (the counter may be unsigned)
  std::int64_t min = 0;
  std::int64_t max = 0;
  [[nodiscard]] explicit operator bool() const noexcept { return found; }
};
// "player.turns is 1000000001, outside 0..1000000000"
[[nodiscard]] std::string DescribeBreach(const LimitBreach& breach);

// The first field of `bundle` outside its cap.
[[nodiscard]] LimitBreach FindLimitBreach(const ComponentBundle& bundle) noexcept;
// The cap Fields() gives `field` of component `kind` in `bundle`; false when the field has none
// (its C++ type is its range) or the bundle lacks the component. For Loot, its first entry's.
[[nodiscard]] bool CapOf(const ComponentBundle& bundle, ComponentKind kind, std::string_view field,
                         FieldCap& out) noexcept;
// What grows as a run is played, checked after every tick: the clock, the random streams'
// draw counts, and the player's counters, vitals and fighting numbers. Nothing else grows past a
// cap: monsters keep their numbers, and items are bounded where they change (a full stack takes
// no more, an enchantment holds at its cap). A breach stops the simulation (game/tick.cpp).
[[nodiscard]] LimitBreach FindGrowthBreach(const GameWorld& world);
// Whether FindGrowthBreach would find nothing, without building its answer: the check every tick
// makes (the answer is built only for the tick that stops).
[[nodiscard]] bool GrowthWithinLimits(const GameWorld& world) noexcept;

}  // namespace cairn
