// Runs of turns: explore learns the whole of a quiet floor and stops when a monster shows up;
// rest heals; travel reaches the stairs; auto-fight closes in and strikes.
#include "sim/autopilot.h"

#include <catch2/catch.hpp>
#include <deque>

#include "game/items.h"
#include "game/level.h"
#include "game/pathing.h"
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

// Explore's next step by its rule, worked out over the whole map as a person would: breadth-first
// steps from the player over the open cells they know, the nearest cell beside the unknown (or
// with a remembered item autopickup wants, while the pack has room), the first such in row order
// among equals, and the first step of the first route the search found to it. False when there
// is none.
bool ReferenceExploreStep(const GameSession& session, PlayerCommand& out) {
  const GameWorld& world = session.World();
  const TileMap& map = world.Map();
  const auto known = [&](std::int32_t x, std::int32_t y) {
    return map.Remembered(x, y) || session.Scratch().player_view.Visible(x, y);
  };
  // Seen, not only shown by a map: what explore still goes to see.
  const auto seen = [&](std::int32_t x, std::int32_t y) {
    return map.Seen(x, y) || session.Scratch().player_view.Visible(x, y);
  };
  const auto walkable = [&](std::int32_t x, std::int32_t y) {
    return map.Passable(x, y) && known(x, y);
  };
  const Position at = *world.Positions().Find(world.PlayerEntity());
  const Inventory* pack = world.Inventories().Find(world.PlayerEntity());
  const bool collecting =
      AutoPickupOn(world, world.PlayerEntity()) && pack != nullptr && pack->count < pack->capacity;
  std::vector<std::int32_t> distance(map.Cells().size(), kUnreachable);
  std::vector<int> first(map.Cells().size(), -1);
  std::deque<Position> queue{at};
  distance[map.Index(at.x, at.y)] = 0;
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    for (int d = 0; d < 8; ++d) {
      const Position n{p.x + kStepDx[d], p.y + kStepDy[d]};
      if (!walkable(n.x, n.y) || distance[map.Index(n.x, n.y)] != kUnreachable) continue;
      distance[map.Index(n.x, n.y)] = distance[map.Index(p.x, p.y)] + 1;
      first[map.Index(n.x, n.y)] = p.x == at.x && p.y == at.y ? d : first[map.Index(p.x, p.y)];
      queue.push_back(n);
    }
  }
  std::size_t best = distance.size();
  for (std::int32_t y = 0; y < map.Height(); ++y)
    for (std::int32_t x = 0; x < map.Width(); ++x) {
      const std::size_t cell = map.Index(x, y);
      if (distance[cell] == kUnreachable || distance[cell] == 0) continue;
      bool beside_unknown = false;
      for (int d = 0; d < 8; ++d)
        beside_unknown |=
            map.InBounds(x + kStepDx[d], y + kStepDy[d]) && !seen(x + kStepDx[d], y + kStepDy[d]);
      if (!beside_unknown && !(collecting && map.ItemRemembered(x, y))) continue;
      if (best == distance.size() || distance[cell] < distance[best]) best = cell;
    }
  if (best == distance.size()) return false;
  out = PlayerCommand{PlayerCommandKind::Move, kStepDx[first[best]], kStepDy[first[best]]};
  return true;
}

// The letter of the one item the player carries.
char CarriedItemLetter(const GameSession& session) {
  std::vector<EntityId> carried;
  CarriedItems(session.World(), session.World().PlayerEntity(), carried);
  REQUIRE(carried.size() == 1);
  return session.World().Items().Find(carried[0])->letter;
}

}  // namespace

TEST_CASE("explore steps as its rule says on generated floors, run after run", "[autopilot]") {
  // The pilot keeps its survey between steps and sets back only the cells it reached; every
  // step must still be the one the rule gives over the whole map.
  int moves = 0, runs = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::unique_ptr<GameSession> session;
    REQUIRE(GameSession::Create(cairn::test::DungeonConfig(seed), session) == Status::Ok);
    AutoPilot pilot;
    for (int run = 0; run < 8 && session->State() == SessionState::Playing; ++run) {
      std::string why;
      if (!pilot.Start(*session, AutoGoal::Explore, why)) {
        // A monster in view: wait a turn and try again.
        REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
        continue;
      }
      ++runs;
      PlayerCommand command, expected;
      for (int step = 0; step < 400; ++step) {
        const bool reference = ReferenceExploreStep(*session, expected);
        if (!pilot.Next(*session, command, why)) {
          if (why == "There is nothing left to explore here.") CHECK_FALSE(reference);
          break;
        }
        INFO("seed " << seed << " run " << run << " step " << step);
        if (command.kind == PlayerCommandKind::Move) {
          REQUIRE(reference);
          CHECK(command.dx == expected.dx);
          CHECK(command.dy == expected.dy);
          ++moves;
        }
        REQUIRE(session->Submit(command) == Status::Ok);
      }
    }
  }
  CHECK(runs >= 3);
  CHECK(moves > 100);
}

TEST_CASE("a route walled off since the last survey is not taken", "[autopilot]") {
  // The survey keeps its arrays between steps and sets back only the cells it reached: a cell
  // reached before and not now must read as having no way to it.
  auto session = On({"########", "#@.....#", "########"});
  const std::int32_t far_x = 6;  // the corridor's far end
  AutoPilot pilot;
  PlayerCommand step;
  REQUIRE(pilot.FirstStepTo(*session, far_x, 1, step));
  CHECK(step.dx == 1);
  session->World().Map().Set(3, 1, Terrain::Wall);
  CHECK_FALSE(pilot.FirstStepTo(*session, far_x, 1, step));
  session->World().Map().Set(3, 1, Terrain::Floor);
  REQUIRE(pilot.FirstStepTo(*session, far_x, 1, step));
}

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

TEST_CASE("after a map is read, explore still goes to see what it showed", "[autopilot]") {
  SessionConfig config = cairn::test::Config();
  const std::vector<std::string_view> rows{"###############", "#@....#.......#", "#.....+.......#",
                                           "#.....#....>..#", "#######.......#", "      #########"};
  auto level =
      std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *config.definitions, false));
  const ItemDefinition* scroll = config.definitions->FindItem("scroll-mapping");
  REQUIRE(scroll != nullptr);
  level->entities.push_back(
      LevelEntity{"scroll", ItemRecipe(*config.definitions, *scroll, Position{1, 1}), {}, {}});
  config.level = level;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::PickUp}) == Status::Ok);
  PlayerCommand read{PlayerCommandKind::Use};
  read.letter = CarriedItemLetter(*session);
  REQUIRE(session->Submit(read) == Status::Ok);
  const TileMap& map = session->World().Map();
  REQUIRE(map.Remembered(12, 3));  // the far room is on the map
  CHECK_FALSE(map.Seen(12, 3));    // but not yet seen
  AutoPilot pilot;
  std::string why;
  REQUIRE(pilot.Start(*session, AutoGoal::Explore, why));
  CHECK(RunToEnd(*session, pilot, why) > 5);
  CHECK(why == "There is nothing left to explore here.");
  CHECK(map.Seen(12, 3));
  CHECK(map.Seen(12, 1));
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
  CHECK(why == "You cannot explore with a monster in view (a rat).");
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
  Health& health = *const_cast<GameWorld&>(session->World())
                        .MutableHealths()
                        .Find(session->World().PlayerEntity());
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
