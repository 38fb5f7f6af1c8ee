// The map after death (issue 14): the status line, pack and sheet show the character as it died,
// not "HP 0/0 Lv 1" and an empty pack; and one count of turns, with the speed the player has.
#include <catch2/catch.hpp>

#include "game/game_test_support.h"
#include "view/extract.h"
#include "view/player_panels.h"

namespace after_death_test {

using namespace cairn;
using namespace cairn::test;

namespace {

std::unique_ptr<GameSession> SessionOn(const LevelDefinition& level) {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(Config(1, std::make_shared<const LevelDefinition>(level)), session) ==
          Status::Ok);
  return session;
}

void Play(GameSession& session, PlayerCommandKind kind, char letter = 0, std::int8_t dx = 0) {
  PlayerCommand command;
  command.kind = kind;
  command.letter = letter;
  command.dx = dx;
  REQUIRE(session.Submit(command) == Status::Ok);
}

bool Contains(const std::vector<std::string>& lines, const std::string& text) {
  for (const std::string& line : lines)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("after death the status line, pack and sheet show the character as it died",
          "[view][death]") {
  LevelDefinition level = Level({"######", "#.@O.#", "######"});
  AddItem(level, "dagger", {0, 0}, 'a');
  AddItem(level, "potion-healing", {0, 0}, 'b', 2);
  auto session = SessionOn(level);
  GameWorld& world = session->World();
  Health* health = world.MutableHealths().Find(world.PlayerEntity());
  REQUIRE(health != nullptr);
  const std::int32_t max = health->max;
  health->current = 1;
  Play(*session, PlayerCommandKind::Move, 0,
       -1);  // a step west: the character's turns are not zero
  for (int turn = 0; turn < 100 && session->State() == SessionState::Playing; ++turn)
    Play(*session, PlayerCommandKind::Wait);
  REQUIRE(session->State() == SessionState::Dead);

  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  CHECK(frame.game_over);
  CHECK(frame.hud.health == 0);
  CHECK(frame.hud.health_max == max);
  CHECK(frame.hud.level == 1);
  CHECK(frame.hud.depth == 1);
  CHECK(frame.hud.turn == session->Summary().turns);
  CHECK(frame.hud.turn > 1);
  REQUIRE(frame.inventory.size() == 2);
  CHECK(frame.inventory[0].name.find("dagger") != std::string::npos);
  INFO(frame.inventory[1].name);
  CHECK(frame.inventory[1].name.rfind("2 ", 0) == 0);
  CHECK(frame.inventory_capacity > 0);
  REQUIRE(!frame.character.empty());
  CHECK(frame.character[0].rfind("Experience level 1", 0) == 0);
  CHECK(Contains(frame.character, "Hit points 0 of " + std::to_string(max)));
  CHECK(Contains(frame.character, "Wielding: "));
  // The sidebar (wide terminals) still describes the character: its hunger and where it fell.
  CHECK(!frame.sidebar.hunger.empty());
  CHECK(!frame.sidebar.terrain.empty());
  // The view is centred where the character fell: the remains' own position.
  const GameSession::Remains* dead = session->DeadCharacter();
  REQUIRE(dead != nullptr);
  REQUIRE(dead->parts.Has<Position>());
  CHECK(frame.focus_x == dead->parts.Get<Position>().x);
  CHECK(frame.focus_y == dead->parts.Get<Position>().y);
}

TEST_CASE("the status line's turn is the summary's and the sheet's count", "[view]") {
  LevelDefinition level = Level({"#######", "#@....#", "#######"});
  auto session = SessionOn(level);
  for (int i = 0; i < 3; ++i) Play(*session, PlayerCommandKind::Wait);
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  const Player* player = session->World().Players().Find(session->World().PlayerEntity());
  REQUIRE(player != nullptr);
  CHECK(player->turns == 3);
  CHECK(frame.hud.turn == 3);
  CHECK(Contains(frame.character, ", 3 turns, "));
}

TEST_CASE("the character sheet shows the speed haste gives", "[view]") {
  LevelDefinition level = Level({"#######", "#@....#", "#######"});
  AddItem(level, "potion-haste", {0, 0}, 'a');
  auto session = SessionOn(level);
  CHECK(Contains(CharacterSheet(*session), "speed 10 ticks an action"));
  Play(*session, PlayerCommandKind::Use, 'a');
  CHECK(Contains(CharacterSheet(*session), "speed 5 ticks an action (hasted; 10 without)"));
}

}  // namespace after_death_test
