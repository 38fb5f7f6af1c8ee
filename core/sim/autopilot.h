// Runs of turns on one key: explore, travel to the stairs, rest. Each run decides one player
// command at a time from what the player knows (remembered terrain, what is in view), so it
// plays through the same Submit as a key press and a replay records ordinary commands. It stops
// as soon as a monster comes into view, the player is hurt, a message says something happened
// (but not what autopickup took on the way), or there is nothing left to do, as in Brogue and
// DCSS. Explore walks to the items autopickup wants, and to none while autopickup is off.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/session.h"

namespace cairn {

// Fight is DCSS's auto-fight: one step toward, or one blow at, the nearest monster in view.
// Travel goes to one known cell (a mouse click: SetTravelTarget first).
enum class AutoGoal : std::uint8_t { Explore, StairsDown, StairsUp, Rest, Fight, Travel };

class AutoPilot {
 public:
  // Begins a run toward `goal`; false (with `why`) when it cannot start: a monster in view,
  // stairs not yet found, already rested.
  [[nodiscard]] bool Start(const GameSession& session, AutoGoal goal, std::string& why);
  // The next command of the run; false when the run stops, with `why` saying why (empty when it
  // simply arrived). The caller submits the command and asks again.
  [[nodiscard]] bool Next(const GameSession& session, PlayerCommand& out, std::string& why);
  [[nodiscard]] bool Active() const noexcept { return active_; }
  // Where the next Travel run goes. Start refuses a cell the player does not know, cannot stand
  // on or has no known way to.
  void SetTravelTarget(std::int32_t x, std::int32_t y) noexcept {
    travel_x_ = x;
    travel_y_ = y;
  }
  // The first step of the shortest known route from the player to (x, y), whatever is in view:
  // what a click does while a monster is in view (one step, not a run, as in Brogue). False when
  // there is no known way.
  [[nodiscard]] bool FirstStepTo(const GameSession& session, std::int32_t x, std::int32_t y,
                                 PlayerCommand& out);
  [[nodiscard]] AutoGoal Goal() const noexcept { return goal_; }
  void Stop() noexcept { active_ = false; }
  // Whether only monsters that hunt the player stop a run. A person at the keys is stopped by
  // any monster in view; the bot lets sleepers lie and runaways run rather than wait on them.
  void SetOnlyHuntersStop(bool only) noexcept { only_hunters_ = only; }
  // Whether exploring could still learn something: known open cells beside unknown ones, or
  // items seen lying somewhere (the bot uses it to decide it has seen the whole floor).
  [[nodiscard]] bool SomethingLeftToExplore(const GameSession& session);

 private:
  // Steps from the player to every known cell, and each cell's first step; false if no player.
  bool Survey(const GameSession& session);
  bool StepToward(const GameSession& session, std::size_t cell, PlayerCommand& out) const;
  bool Check(const GameSession& session, std::string& why);
  // Ends the run, saying why (empty: it ended where it meant to). Returns false, as Next does
  // when there is no next command.
  bool End(std::string& why, std::string text);
  // Next, one goal each: the blow (or step) toward the nearest monster, a turn of rest, a step
  // of travel, toward the stairs, or of exploring (a pick-up first when one is underfoot).
  bool NextBlow(const GameSession& session, PlayerCommand& out, std::string& why);
  bool NextRest(const GameSession& session, PlayerCommand& out, std::string& why);
  bool NextTravelStep(const GameSession& session, Position at, PlayerCommand& out,
                      std::string& why);
  bool NextStairsStep(const GameSession& session, Position at, PlayerCommand& out,
                      std::string& why);
  bool NextExploreStep(const GameSession& session, Position at, PlayerCommand& out,
                       std::string& why);
  // The nearest surveyed cell worth going to: one beside the unknown, or one where an item the
  // player would pick up is remembered (not with a full pack); distance_.size() when none.
  [[nodiscard]] std::size_t NearestPlaceToExplore(const GameSession& session, bool pack_full) const;
  // Whether the player remembers an item autopickup wants lying at `cell` (the map keeps that
  // memory, so a route does not flicker as items leave the view, and a save keeps it); never
  // while autopickup is off.
  [[nodiscard]] bool ItemRemembered(const GameSession& session, std::size_t cell) const;

  AutoGoal goal_ = AutoGoal::Explore;
  bool active_ = false;
  bool last_was_pickup_ = false;
  bool only_hunters_ = false;
  std::int32_t health_ = 0;
  std::int32_t depth_ = 0;
  std::int32_t steps_ = 0;
  std::int32_t travel_x_ = -1;
  std::int32_t travel_y_ = -1;
  std::uint64_t messages_ = 0;
  std::vector<std::int32_t> distance_;
  std::vector<std::int8_t> first_step_;  // direction index of the first step toward each cell
  std::vector<std::uint32_t> reached_;   // the cells the last survey reached, nearest first
};

}  // namespace cairn
