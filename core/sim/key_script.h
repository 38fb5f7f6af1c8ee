// KeyScript: plays a key string (`cairn sim --input`, tests) as a player at the keyboard would:
// each key is one command, keys that start a run of turns (explore, rest) run it to its end,
// and '>' or '<' away from the stairs first travel to them, as in Brogue.
#pragma once

#include <string>

#include "sim/autopilot.h"
#include "sim/keys.h"

namespace cairn {

class KeyScript {
 public:
  explicit KeyScript(std::string keys) : keys_(std::move(keys)) {}
  // The next command the player can carry out now; commands that would be refused are skipped
  // (they would cost no time). False when the keys have run out.
  [[nodiscard]] bool Next(const GameSession& session, PlayerCommand& out);

 private:
  std::string keys_;
  std::size_t at_ = 0;
  AutoPilot pilot_;
  PlayerCommand after_travel_{};  // the stairs command to give once the travel arrives
};

}  // namespace cairn
