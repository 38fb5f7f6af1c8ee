// The message log's words: what a tick's events say to the player. Part of GameSession (its
// Narrator); kept apart because it is all wording and no rules.
#pragma once

#include "sim/session.h"

namespace cairn {

// Writes the message log from the tick's events, before the commit removes the dead, and notes
// the end of the run when the player dies.
class GameSession::Narrator final : public TickObserver {
 public:
  explicit Narrator(GameSession& session) : session_(session) {}
  void BeforeCommit(const GameWorld& world) override;

 private:
  void TellAttack(const GameWorld& world, const AttackEvent& attack);
  void TellNotice(const GameWorld& world, const NoticeEvent& notice);
  void TellDeath(const GameWorld& world, const DeathEvent& death);
  void WarnOfLowHealth(const GameWorld& world);
  GameSession& session_;
};

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
