// The systems: plain functions over the world, one per tick phase, run in this fixed order by
// RunTick (tick.h). Each declares the components it reads and writes in kPhaseAccess below (the
// console's SYSTEMS, the debug pane, docs/SIMULATION.md's table, which a test checks against it);
// a build with assertions checks after every phase that no pool it did not declare changed. No
// system calls another, and none keeps a pointer past its own phase.
#pragma once

#include <array>
#include <cstdint>

#include "base/status.h"
#include "game/game_world.h"
#include "game/tick_scratch.h"

namespace cairn {

// A player command: what one key press asks for.
// It names items by inventory letter and targets by cell, never by handle, so a command is a
// plain value that means the same on any world (replays and saves record it as text).
// Fire throws what the quiver holds (game/items.h: FireChoice). Quiver and AutoPickup change a
// setting of the player's (what Fire throws; autopickup on or off): they take no turn, though
// the tick they are played in passes like any other, so they are recorded and replayed.
enum class PlayerCommandKind : std::uint8_t {
  None,
  Move,
  Wait,
  PickUp,
  Descend,
  Ascend,
  Drop,
  Use,
  Throw,
  Equip,
  Unequip,
  Fire,
  Quiver,
  AutoPickup,
  OrderAllies,  // tell the allies on the floor to wait here, or (when all wait) to follow
};
inline constexpr int kPlayerCommandKindCount = 15;
struct PlayerCommand {
  PlayerCommandKind kind = PlayerCommandKind::None;
  std::int8_t dx = 0;
  std::int8_t dy = 0;
  char letter = 0;         // Drop, Use, Throw, Equip, Unequip, Quiver: the item's letter
  std::uint8_t aimed = 0;  // Throw, Fire and wands: 1 when (tx, ty) is the chosen target cell;
  std::int32_t tx = 0;     // 0 aims at the nearest monster in view
  std::int32_t ty = 0;
  friend bool operator==(const PlayerCommand&, const PlayerCommand&) = default;
};

// Everything from outside that one tick consumes. Recorded per tick in replays.
struct TickInput {
  PlayerCommand command{};
};

// What one phase's system reads and writes, as component kinds (KindBit masks). A write is a
// value written in place or a component added or removed through the command buffer (published
// at Commit); `spawns` and `destroys` say whether it queues entities made or destroyed. The
// trace's stamp (the kind of each entity an entry names) is the trace's read, not the system's.
struct PhaseAccess {
  TickPhase phase;
  std::uint32_t reads;
  std::uint32_t writes;
  bool spawns;
  bool destroys;
};

namespace phase_access_detail {
template <class... Kinds>
constexpr std::uint32_t Mask(Kinds... kinds) noexcept {
  return (0u | ... | KindBit(kinds));
}

// The declarations, in phase order. Commit applies whatever the buffer holds, so it reads and
// writes every pool.
constexpr std::array<PhaseAccess, kTickPhaseCount> Declared() noexcept {
  using enum ComponentKind;
  constexpr std::uint32_t kEvery =
      kComponentKindCount >= 32 ? ~0u : (1u << kComponentKindCount) - 1;
  return {{
      {TickPhase::BeginTick, Mask(Blocker, Position), 0, false, false},
      {TickPhase::PlayerIntent,
       Mask(Player, Intent, Position, Item, Stairs, EnemyAi, Quiver, AutoPickup, Ally),
       Mask(Intent, Player, Quiver, AutoPickup), false, false},
      {TickPhase::Ai,
       Mask(EnemyAi, Intent, Position, Player, Health, Inventory, Ally, Blocker, Trigger),
       Mask(EnemyAi, Intent), false, false},
      {TickPhase::Movement,
       Mask(Intent, Position, Blocker, Combat, Condition, Player, EnemyAi, Ally, Trigger),
       Mask(Intent, Position, Player, EnemyAi), false, false},
      {TickPhase::ResolveGameplay,
       Mask(Intent, Position, Player, EnemyAi, Health, Combat, Condition, Item, Inventory,
            AutoPickup, Quiver, Stairs, Loot, Appearance, Named, Blocker, Ally, Trigger, Gate, Trap,
            Vault, Secret, Recharging),
       Mask(Intent, Position, Player, EnemyAi, Health, Combat, Condition, Item, Inventory, Quiver,
            Ally, Trigger, Gate, Vault, Appearance, Blocker, Secret, Recharging),
       true, true},
      {TickPhase::Commit, kEvery, kEvery, false, false},
      {TickPhase::EndTick, Mask(Position, Item, Player, AutoPickup), 0, false, false},
  }};
}
}  // namespace phase_access_detail

inline constexpr std::array<PhaseAccess, kTickPhaseCount> kPhaseAccess =
    phase_access_detail::Declared();
static_assert(
    [] {
      for (int p = 0; p < kTickPhaseCount; ++p)
        if (static_cast<int>(kPhaseAccess[p].phase) != p) return false;
      return true;
    }(),
    "kPhaseAccess is in phase order");

// BeginTick. Reads: last commit's spawn outcomes. Writes: tick number, cleared event queues,
// the occupancy grid.
void BeginTickPhase(GameWorld& world) noexcept;

// PlayerIntent. Reads: TickInput, Player. Writes: the player's Intent (only when the player may
// act this tick).
void PlayerIntentPhase(GameWorld& world, const TickScratch& scratch, const TickInput& input);

// AI. Reads: positions, the player's field of view, noises of the previous tick, definitions.
// Writes: each awake monster's EnemyAi and Intent. Monsters step in creation order.
void AiDecisionPhase(GameWorld& world, TickScratch& scratch);

// Movement. Reads: Move intents, terrain, occupancy. Writes: Position, doors (terrain), the
// occupancy grid, wake/next ticks; turns a move into a blocker it may fight into an Attack.
// Movers go in creation order, so who gets a contested cell never depends on pool order.
void MovementPhase(GameWorld& world, TickScratch& scratch);

// ResolveGameplay. Reads: Attack, Wait, PickUp, Descend and Ascend intents, Combat, Health.
// Writes: Health, kills, wake/next ticks, events (attacks, deaths, noises, notices) and the
// structural commands that follow (destroy the dead, pick items up).
void ResolveGameplayPhase(GameWorld& world, TickScratch& scratch);

// Commit. Publishes the tick's structural commands (GameWorld::Commit).
[[nodiscard]] Status CommitPhase(GameWorld& world) noexcept;

// EndTick. Reads: the committed world. Writes: the player's field of view and the terrain the
// player remembers.
void EndTickPhase(GameWorld& world, TickScratch& scratch) noexcept;

// Recomputes the player's field of view and memory (also used when a world is first built).
void UpdatePlayerView(GameWorld& world, TickScratch& scratch) noexcept;

// Who an entity fights for: the player and freed allies, the monsters, or no one (a captive in
// its chains, an item, stairs).
enum class Side : std::uint8_t { None, Player, Monsters };
[[nodiscard]] Side SideOf(const GameWorld& world, EntityId id) noexcept;
// Whether a and b fight each other: one on the player's side, the other a monster's.
[[nodiscard]] bool Hostile(const GameWorld& world, EntityId a, EntityId b) noexcept;
// Whether the player cannot see `id` even in plain view: a lurker still hiding (asleep). The map,
// look mode, the sidebar, aiming and explore's "you see" all pass over it; the debug pane does not.
[[nodiscard]] bool Concealed(const GameWorld& world, EntityId id) noexcept;

// Sets when an actor may next act: `ticks` from now.
void SpendTime(GameWorld& world, EntityId actor, std::int32_t ticks) noexcept;

}  // namespace cairn
