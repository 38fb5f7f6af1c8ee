// The bot: plays a whole run by itself through GameSession::Submit, the same path as the keys,
// so a bot run is an ordinary game (recordable, replayable, deterministic for its seed). It is
// the play-tester `make check` runs and the balance table in docs/GAME.md is made with.
//
// Its policy, in order: drink healing when badly hurt with a monster near; eat when hungry;
// wear the best armour and wield the best weapon it has found; fight what is adjacent; throw
// darts and javelins, or zap wands, at what approaches; rest when hurt and alone; read or drink
// unknown things when it is safe, to learn them; pick up what it stands on; explore; take the
// stairs down; and with the Cairnstone, climb back up.
#pragma once

#include <cstdint>
#include <string>

#include "sim/autopilot.h"
#include "sim/session.h"

namespace cairn {

struct BotResult {
  std::uint64_t seed = 0;
  std::int32_t depth = 0;  // the deepest floor reached
  std::int32_t turns = 0;  // player actions taken
  std::int64_t ticks = 0;
  std::string outcome;        // won, killed, starved, timeout, stuck, fault
  std::string cause;          // the summary's words ("killed by a goblin on depth 3")
  std::int32_t allies = 0;    // captives freed in the run
  std::int32_t machines = 0;  // machine parts the player set off (levers, plates, altars)
};

class Bot {
 public:
  // The next command for the player; false when the bot has nothing it can do.
  [[nodiscard]] bool Decide(const GameSession& session, PlayerCommand& out);
  // Why it chose its last command, in a word or two ("melee", "explore", "rest").
  [[nodiscard]] const char* LastReason() const noexcept { return reason_; }

 private:
  struct Situation;
  // The steps of the policy, in the order Decide tries them: each sets `out` and the reason and
  // answers true when it found something to do.
  bool SaveYourself(const Situation& s, PlayerCommand& out);
  bool Eat(const Situation& s, PlayerCommand& out);
  bool Fight(const Situation& s, PlayerCommand& out);
  bool FreeCaptive(const Situation& s, PlayerCommand& out);
  bool UseMachine(const Situation& s, PlayerCommand& out);
  bool Equip(const Situation& s, PlayerCommand& out);
  bool MakeRoom(const Situation& s, PlayerCommand& out);
  bool Rest(const Situation& s, PlayerCommand& out);
  bool Learn(const Situation& s, PlayerCommand& out);
  bool CarryTheStoneOut(const Situation& s, PlayerCommand& out);
  bool ExploreThenDescend(const Situation& s, PlayerCommand& out);
  bool Chose(const char* reason);

  const char* reason_ = "";
  AutoPilot pilot_;
  std::int32_t rest_failures_ = 0;
  EntityId captive_{};       // the captive it is on its way to free
  EntityId machine_{};       // the lever or altar treasure it is on its way to use
  std::int32_t waited_ = 0;  // turns in a row it has waited for a foe to come
};

// Plays one run of `config` (its seed) to its end or `max_turns` player turns.
[[nodiscard]] BotResult PlayBotRun(const SessionConfig& config, std::int32_t max_turns);

// "seed S depth D turns T outcome WORD allies N machines M" (SPEC's line for `cairn bot`, and
// what the run did with the dungeon's captives and machines).
[[nodiscard]] std::string BotResultLine(const BotResult& result);

}  // namespace cairn
