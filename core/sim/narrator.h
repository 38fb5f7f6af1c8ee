// The message log's words: what a tick's events say to the player, what the run's summary says of
// the player's death, and a floor's feeling. All wording and no rules: these functions read a
// world and write a RunLog (sim/run_log.h) or plain values, never a session.
#pragma once

#include <cstdint>
#include <string>

#include "game/game_world.h"
#include "sim/message.h"
#include "sim/run_log.h"
#include "sim/run_outcome.h"

namespace cairn {

// Writes `log` from the tick's events (called before the commit removes the dead, so the dead
// still have names), causes before effects in the order the tick emitted them. `run_ended`: the
// run had already ended (a won run's player can still die under debug steps), so the player's
// death is not told as the end.
void Narrate(const GameWorld& world, bool run_ended, RunLog& log);

// The story's note for a machine the player set off begins with this ("Set off: a lever raised a
// portcullis."): how the bot counts the machines of a run.
inline constexpr std::string_view kMachineNote = "Set off: ";

// What lies where the player now stands, as DCSS says it when you step onto it: "You see here a
// +0 dagger." or "You see here 3 items: a dagger, 8 darts and a murky potion." Nothing when
// nothing does (what autopickup took is carried by then).
void TellWhatLiesHere(const GameWorld& world, Position at, RunLog& log);

// The run's summary as the player dies in `death` on depth `depth`: what FillSummary reads, how
// the player died ("killed by a goblin on depth 3"), and the chain of why. Before the commit.
[[nodiscard]] RunSummary DeathSummary(const GameWorld& world, const DeathEvent& death,
                                      std::int32_t depth);

// A floor's feeling on the first arrival (as NetHack's and Brogue's), read from what the floor
// holds, so it never draws on the random streams: dread (a warning) when a monster from deeper
// down is there, the pull of the Cairnstone on its floor; most floors give none (empty text).
struct Feeling {
  std::string text;
  MessageTone tone = MessageTone::Plain;
};
[[nodiscard]] Feeling FloorFeeling(const GameWorld& world, std::int32_t depth);

// "the goblin", or "something" for an entity with no name.
[[nodiscard]] std::string TheName(const GameWorld& world, EntityId id);
// The run's summary as it stands, read from the world (the player may be pending destroy).
void FillSummary(const GameWorld& world, RunSummary& summary);

}  // namespace cairn
