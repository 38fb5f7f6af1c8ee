// The trace: a bounded ring of what happened, in order, for the debug pane, the console,
// `cairn sim --trace` and "why". Plain values only: an entry holds no pointer and outlives the
// entities it names (each keeps the kind its entities had when it was recorded); the simulation
// never formats or writes it anywhere (core/sim/trace_text.h turns entries into words).
#pragma once

#include <cstdint>

#include "base/status.h"
#include "base/unique_number.h"
#include "engine/trace_ring.h"
#include "identity/handle.h"

namespace cairn {

enum class TickPhase : std::uint8_t {
  BeginTick,
  PlayerIntent,
  Ai,
  Movement,
  ResolveGameplay,
  Commit,
  EndTick
};
inline constexpr int kTickPhaseCount = 7;
[[nodiscard]] const char* TickPhaseName(TickPhase phase) noexcept;

// What an entry says. The fields each kind fills are listed beside it; every entry has its tick,
// phase and sequence, and a/b with their kinds where named.
enum class TraceEvent : std::uint8_t {
  TickStarted,
  PlayerActed,  // a = player; value = ActionKind
  AiPhase,  // a = monster, b = its target; detail = {from, to, reason} (AiPhase, AiPhase, AiReason)
  AiStep,   // a = monster; detail = {phase, result, reason} (AiPhase, StepResult, AiReason)
  Moved,    // a = mover; x, y = where it moved to
  Attacked,          // a = attacker, b = target; value = damage (negative: a miss); detail =
                     // {AttackKind, killed}; x = the target's health after it; c_kind = the
                     // thrown item or wand, if any
  Died,              // a = the dead, b = killer; detail = {DeathCause, AttackKind}; x, y = where
  SpawnQueued,       // command = its sequence; value = request id
  DestroyQueued,     // a = entity; command
  ComponentQueued,   // a = entity; command; value = ComponentKind (+ 100 for a removal)
  Spawned,           // a = new entity; command; value = request id
  Destroyed,         // a = entity; command
  ComponentChanged,  // a = entity; command; value = ComponentKind (+ 100 for a removal)
  StaleRejected,     // a = the stale handle
  Fault,             // value = Status
  RequestRevoked,    // a = monster; value = request id: a cancelled action's spawn, dropped once
  TimerSet,          // a = entity; detail[0] = TimerKind; value = the tick it is due
  Perceived,         // a = monster, b = what it perceived (the player seen, a noise's maker);
                     // detail = {Perception, distance (255: farther)}; x, y = the noise's cell;
                     // value = its alertness after
  LostCell,          // a = mover, b = who holds the cell it wanted (an older actor got there
                     // first, or stands there); x, y = the cell
  MoveBecameBlow,    // a = mover, b = the hostile in the cell it moved into; x, y = the cell
  ValueWritten,      // a = the watched entity (GameWorld::Watch); value = ComponentKind whose
                     // value the phase changed (the entry's phase is that phase)
  SwapMoved,         // a removal from a pool moved its last owner into the hole: a = the owner
                     // moved, b = the entity whose component went; value = ComponentKind, x = the
                     // hole's dense index, y = where a was (traced when a or b is watched);
                     // detail[0] = 1 between ticks (a console edit's removal)
  Triggered,         // a machine part was set off: a = the trigger, b = its target (a gate, trap
                     // or vault); value = TriggerHow; x, y = the trigger's cell
};
inline constexpr int kTraceEventCount = 23;

// How a monster perceived something (a perceived entry's detail[0]).
enum class Perception : std::uint8_t { Sight, Noise };

// A console edit (the trace entry of a spawn, destroy or component change made between ticks by
// the console, not by a tick's command buffer): its detail[0], 0 for none. Shown `phase=edit
// by=SET` instead of a tick phase and a command sequence.
enum class EditCommand : std::uint8_t { None, Spawn, Despawn, Set, Add, Remove, Dup };
[[nodiscard]] const char* EditCommandName(EditCommand command) noexcept;
[[nodiscard]] const char* TraceEventName(TraceEvent event) noexcept;

// Why a monster's AI moved from one phase to another (the `reason=` of an ai-phase entry).
enum class AiReason : std::uint8_t {
  None,
  Noticed,       // it saw or heard the player
  TargetChosen,  // select-target picked one
  NoTarget,      // select-target found none
  InReach,       // close enough to strike, steal or shoot
  Struck,        // the blow, shot or grab was carried out
  Recovered,     // its recovery is over (or its wounds healed, when fleeing)
  LostTrail,     // it reached where the target was last seen and found nothing
  Spotted,       // searching, it saw the target again
  GaveUp,        // searching found nothing in time
  TargetGone,    // the target died or left the floor
  Hurt,          // badly hurt: it runs
  Blocked,       // no way to the target
  Calmed,        // alertness ran out
  Stole,         // a thief got something: it runs with it
  Freed,         // a captive was freed: it follows the player
  TooFar,        // an ally strayed too far from the player: it goes back
  Back,          // an ally is at the player's side again
  Ordered,       // an ally was told to wait or to follow
  Dominated,     // a bolt of domination made it the player's ally
};
inline constexpr int kAiReasonCount = 20;
[[nodiscard]] const char* AiReasonName(AiReason reason) noexcept;

// Timers an entity can have set (the `timer=` of a timer-set entry).
enum class TimerKind : std::uint8_t { Recover, Search, Special, Haste, Slow };
[[nodiscard]] const char* TimerKindName(TimerKind kind) noexcept;

// What an entity was when an entry named it: the trace outlives the entity, so it keeps this.
// Machine: a part of a machine that is no monster or item (index 0 trigger, 1 gate, 2 trap, 3
// vault, 4 secret door).
enum class KindClass : std::uint8_t { None, Player, Monster, Item, Stairs, Machine };
// A Machine kind's index in words: "trigger", "gate", "trap", "vault", "secret-door".
[[nodiscard]] const char* MachinePartName(std::uint16_t index) noexcept;
// A trigger's how in words (TriggerHow, and 3 for a secret door found by searching): "bump",
// "step", "take", "search".
[[nodiscard]] const char* TriggerHowName(std::int64_t how) noexcept;
struct EntityKind {
  KindClass cls = KindClass::None;
  std::uint16_t index = 0;  // the monster or item definition
};

struct TraceEntry {
  std::int64_t tick = 0;
  std::uint64_t sequence = 0;  // the trace's own count: a total order of everything traced
  std::uint64_t command = 0;   // a queued or published command's sequence (0: none)
  EntityId a{};
  EntityId b{};
  std::int64_t value = 0;
  std::int32_t x = 0;  // a cell, where the event has one
  std::int32_t y = 0;
  std::uint8_t detail[3] = {};
  TickPhase phase = TickPhase::BeginTick;
  TraceEvent event = TraceEvent::TickStarted;
  EntityKind a_kind{};
  EntityKind b_kind{};
  EntityKind c_kind{};  // a third thing an event names by kind only (the item a blow came with)
};

// Whether an entry decides an entity's state or end, so the story keeps it for "why": phase
// changes, blows, deaths, steps that failed or were cancelled, revoked requests, timers, births,
// destructions and faults. Tick starts, moves, running steps and queued commands are the busy
// rest that only the trace keeps.
[[nodiscard]] bool TellsTheStory(const TraceEntry& e) noexcept;

// The game's trace and story: the engine's ring over its entries.
using TraceRing = TraceRingOf<TraceEntry>;

}  // namespace cairn
