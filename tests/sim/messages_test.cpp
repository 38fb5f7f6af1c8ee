// The message log's words (sim/narrator.cpp) for what players do and see, each checked as the
// exact sentence a player reads.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "game/game_test_support.h"
#include "sim/session.h"

using namespace cairn;
using namespace cairn::test;

namespace {

std::unique_ptr<GameSession> SessionOn(const LevelDefinition& level) {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::TryCreate(Config(1, std::make_shared<const LevelDefinition>(level)),
                                 session) == Status::Ok);
  return session;
}

bool Said(const GameSession& session, const std::string& text) {
  const auto& log = session.Messages();
  return std::any_of(log.begin(), log.end(), [&](const auto& m) { return m.text == text; });
}

void Submit(GameSession& session, PlayerCommandKind kind, char letter) {
  PlayerCommand command;
  command.kind = kind;
  command.letter = letter;
  std::string why;
  REQUIRE(session.Submit(command, &why) == Status::Ok);
  INFO(why);
}

}  // namespace

// Issue 14: wearing chain mail over leather armour said "You put away a murky potion.": the
// slot was read again after the old armour came off, so the notice named no item at all.
TEST_CASE("swapping armour or weapons names the item put away", "[messages]") {
  LevelDefinition level = Level({"#####", "#@..#", "#####"});
  AddItem(level, "leather-armour", {0, 0}, 'a');
  AddItem(level, "chain-mail", {0, 0}, 'b');
  AddItem(level, "dagger", {0, 0}, 'c');
  AddItem(level, "axe", {0, 0}, 'd');
  auto session = SessionOn(level);
  Submit(*session, PlayerCommandKind::Equip, 'a');
  Submit(*session, PlayerCommandKind::Equip, 'b');
  CHECK(Said(*session, "You put away a +0 leather armour."));
  CHECK(Said(*session, "You are now wearing a +0 chain mail."));
  Submit(*session, PlayerCommandKind::Equip, 'c');
  Submit(*session, PlayerCommandKind::Equip, 'd');
  CHECK(Said(*session, "You put away a +0 dagger."));
  CHECK(Said(*session, "You are now wielding a +0 battle axe."));
}
