// Travel to a cell (the mouse's click, term/controller_mouse.cpp): the autopilot goes there by
// the shortest known way, one ordinary Move at a time, and refuses what it cannot reach.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>

#include "game/level.h"
#include "sim/autopilot.h"
#include "sim/session.h"
#include "support/test_content.h"

namespace travel_test {

using namespace cairn;

namespace {

std::unique_ptr<GameSession> On(std::initializer_list<std::string_view> rows) {
  const std::vector<std::string_view> list(rows);
  SessionConfig config =
      cairn::test::Config(1, std::make_shared<LevelDefinition>(
                                 LevelFromAscii("t", list, *cairn::test::Definitions(), false)));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

}  // namespace

TEST_CASE("travel reaches a known cell by the shortest known way, in Moves", "[autopilot]") {
  // Around the chasm, which the player sees across but cannot cross: through the gap below it.
  auto session = On({"#########", "#@..:...#", "#...:...#", "#.......#", "#########"});
  AutoPilot pilot;
  std::string why;
  pilot.SetTravelTarget(6, 1);
  REQUIRE(pilot.Start(*session, AutoGoal::Travel, why));
  int steps = 0;
  PlayerCommand command;
  while (pilot.Next(*session, command, why)) {
    CHECK(command.kind == PlayerCommandKind::Move);
    REQUIRE(session->Submit(command) == Status::Ok);
    REQUIRE(++steps < 100);
  }
  CHECK(why.empty());  // it arrived
  const Position* at = session->World().Positions().Find(session->World().PlayerEntity());
  CHECK(at->x == 6);
  CHECK(at->y == 1);
  CHECK(steps == 5);  // (1,1) to the gap at (4,3) in three, then up to (6,1) in two
}

TEST_CASE("travel refuses its own cell, a wall, a cell never seen and no way there",
          "[autopilot]") {
  auto session = On({"##########", "#@..#....#", "#...#....#", "##########"});
  AutoPilot pilot;
  std::string why;
  pilot.SetTravelTarget(1, 1);
  CHECK_FALSE(pilot.Start(*session, AutoGoal::Travel, why));
  CHECK(why == "You are already there.");
  pilot.SetTravelTarget(4, 1);
  CHECK_FALSE(pilot.Start(*session, AutoGoal::Travel, why));
  CHECK(why == "There is no known way there.");  // the wall, seen: no one stands in it
  pilot.SetTravelTarget(6, 1);
  CHECK_FALSE(pilot.Start(*session, AutoGoal::Travel, why));
  CHECK(why == "You have not seen that place.");
  CHECK_FALSE(pilot.Active());
  PlayerCommand step;
  CHECK_FALSE(pilot.FirstStepTo(*session, 6, 1, step));
  REQUIRE(pilot.FirstStepTo(*session, 3, 2, step));
  CHECK(step.kind == PlayerCommandKind::Move);
  // Either of the two shortest ways: one step leaves one to go.
  CHECK(std::max(std::abs(3 - (1 + step.dx)), std::abs(2 - (1 + step.dy))) == 1);
}

TEST_CASE("travel, like every run, will not start with a monster in view", "[autopilot]") {
  auto session = On({"#########", "#@.....r#", "#########"});
  AutoPilot pilot;
  std::string why;
  pilot.SetTravelTarget(4, 1);
  CHECK_FALSE(pilot.Start(*session, AutoGoal::Travel, why));
  CHECK(why == "You cannot travel with a monster in view (a rat).");
  PlayerCommand step;
  CHECK(pilot.FirstStepTo(*session, 4, 1, step));  // what a click takes instead: one step
}

}  // namespace travel_test
