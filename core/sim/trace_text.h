// The trace in words: one entry as the line `cairn sim --trace`, the console's TRACE, the debug
// pane and "why" show (SPEC, "The trace, rewinding and asking why"):
//
//   tick=T phase=P seq=S event=E [a=SLOT:GEN kind=K] [b=SLOT:GEN b-kind=K] [KEY=VALUE ...]
//
// Values are words or numbers a person can read: a cell is at=X,Y, an action, phase, result,
// reason or timer is a word, a queued command carries its sequence as cmd=N. The simulation
// records plain values (game/trace.h); only this file turns them into text.
#pragma once

#include <string>

#include "game/definitions.h"
#include "game/events.h"
#include "game/trace.h"

namespace cairn {

// "melee", "thrown", "missile", "spell", "wand"; "attack", "starvation".
[[nodiscard]] const char* AttackKindName(AttackKind kind) noexcept;
[[nodiscard]] const char* DeathCauseName(DeathCause cause) noexcept;

// "rat", "player", "darts", "stairs", or "" for an entity of no kind (one the console made).
[[nodiscard]] std::string KindText(const EntityKind& kind, const DefinitionSet& definitions);

// The whole entry, from "tick=" on.
[[nodiscard]] std::string TraceText(const TraceEntry& entry, const DefinitionSet& definitions);

// Only what the entry says beyond its tick, phase and sequence: "event=moved a=3:1 kind=rat
// at=4,7".
[[nodiscard]] std::string TraceEventText(const TraceEntry& entry, const DefinitionSet& definitions);

}  // namespace cairn
