// Runs of turns: explore learns the whole of a quiet floor and stops when a monster shows up;
// rest heals; travel reaches the stairs; auto-fight closes in and strikes.
#include "sim/autopilot.h"

#include <catch2/catch.hpp>

#include "game/level.h"
#include "game/recipes.h"
#include "sim/session.h"
#include "support/test_content.h"

namespace autopilot_test {

using namespace cairn;

namespace {

std::unique_ptr<GameSession> On(std::initializer_list<std::string_view> rows) {
  const std::vector<std::string_view> list(rows);
  SessionConfig config = cairn::test::Config();
  config.level =
      std::make_shared<LevelDefinition>(LevelFromAscii("t", list, *config.definitions, false));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

// Runs the pilot to its end; returns the commands it gave.
int RunToEnd(GameSession& session, AutoPilot& pilot, std::string& why) {
  int steps = 0;
  PlayerCommand command;
  while (pilot.Next(session, command, why)) {
    REQUIRE(session.Submit(command) == Status::Ok);
    REQUIRE(++steps < 5000);
  }
  return steps;
}

}  // namespace

TEST_CASE("explore walks a quiet floor until nothing is left unseen", "[autopilot]") {
  auto session = On({"###############", "#@....#.......#", "#.....+.......#", "#.....#....>..#",
                     "#######.......#", "      #########"});
  AutoPilot pilot;
  std::string why;
  REQUIRE(pilot.Start(*session, AutoGoal::Explore, why));
  const int steps = RunToEnd(*session, pilot, why);
  CHECK(steps > 5);
  CHECK(why == "There is nothing left to explore here.");
  CHECK_FALSE(pilot.SomethingLeftToExplore(*session));
  CHECK(session->World().Map().Remembered(12, 3));  // the far room was seen
}

TEST_CASE("explore stops when a monster comes into view", "[autopilot]") {
  auto session = On({"#################", "#@..............#", "#######+#########", "      #.#",
                     "      #r#", "      ###"});
  AutoPilot pilot;
  std::string why;
  REQUIRE(pilot.Start(*session, AutoGoal::Explore, why));
  RunToEnd(*session, pilot, why);
  CHECK(why == "You see a rat.");
  REQUIRE_FALSE(pilot.Start(*session, AutoGoal::Explore, why));
  CHECK(why == "Not with a monster in view.");
}

// Issue 14: this said "You see a ogre." and "You see a orc.".
TEST_CASE("explore names the monster it stops for with the right article", "[autopilot]") {
  for (const char* glyph : {"O", "o", "r"}) {
    const std::string room = std::string("      #") + glyph + "#";
    auto session = On({"#################", "#@..............#", "#######+#########", "      #.#",
                       room, "      ###"});
    AutoPilot pilot;
    std::string why;
    REQUIRE(pilot.Start(*session, AutoGoal::Explore, why));
    RunToEnd(*session, pilot, why);
    const std::string name = *glyph == 'O' ? "ogre" : *glyph == 'o' ? "orc" : "rat";
    CHECK(why == (*glyph == 'r' ? "You see a " : "You see an ") + name + ".");
  }
}

TEST_CASE("travel reaches the stairs; rest heals", "[autopilot]") {
  auto session = On({"############", "#@........>#", "############"});
  AutoPilot pilot;
  std::string why;
  REQUIRE(pilot.Start(*session, AutoGoal::StairsDown, why));
  RunToEnd(*session, pilot, why);
  CHECK(why.empty());  // arrived
  CHECK(session->World().Positions().Find(session->World().PlayerEntity())->x == 10);
  Health& health =
      *const_cast<GameWorld&>(session->World()).Healths().Find(session->World().PlayerEntity());
  health.current = 5;
  REQUIRE(pilot.Start(*session, AutoGoal::Rest, why));
  RunToEnd(*session, pilot, why);
  CHECK(why == "You feel rested.");
  CHECK(session->World().Healths().Find(session->World().PlayerEntity())->current ==
        session->World().Healths().Find(session->World().PlayerEntity())->max);
}

TEST_CASE("auto-fight steps toward the nearest monster, then strikes it", "[autopilot]") {
  auto session = On({"#########", "#@....r.#", "#########"});
  AutoPilot pilot;
  std::string why;
  PlayerCommand command;
  REQUIRE(pilot.Start(*session, AutoGoal::Fight, why));
  REQUIRE(pilot.Next(*session, command, why));
  CHECK(command.kind == PlayerCommandKind::Move);
  CHECK(command.dx == 1);
  CHECK_FALSE(pilot.Active());  // one command per press
  auto empty = On({"#####", "#@..#", "#####"});
  CHECK_FALSE(pilot.Start(*empty, AutoGoal::Fight, why));
  CHECK(why == "There is nothing in view to fight.");
}

}  // namespace autopilot_test
