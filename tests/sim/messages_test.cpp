// The message log's words (sim/narrator.cpp) for what players do and see, each checked as the
// exact sentence a player reads.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "game/game_test_support.h"
#include "game/rules.h"
#include "sim/narrator.h"
#include "sim/session.h"

namespace messages_test {

using namespace cairn;
using namespace cairn::test;

namespace {

std::unique_ptr<GameSession> SessionOn(const LevelDefinition& level) {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(Config(1, std::make_shared<const LevelDefinition>(level)), session) ==
          Status::Ok);
  return session;
}

bool Said(const GameSession& session, const std::string& text) {
  const auto& log = session.Log().Messages();
  return std::any_of(log.begin(), log.end(), [&](const auto& m) { return m.text == text; });
}

void Submit(GameSession& session, PlayerCommandKind kind, char letter) {
  PlayerCommand command;
  command.kind = kind;
  command.letter = letter;
  Refusal why;
  const Status played = session.SubmitWithRefusal(command, why);
  INFO(why.words);
  REQUIRE(played == Status::Ok);
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
  CHECK(Said(*session, "You take off a +0 leather armour."));
  CHECK(Said(*session, "You are now wearing a +0 chain mail."));
  Submit(*session, PlayerCommandKind::Equip, 'c');
  Submit(*session, PlayerCommandKind::Equip, 'd');
  CHECK(Said(*session, "You put away a +0 dagger."));
  CHECK(Said(*session, "You are now wielding a +0 battle axe."));
}

namespace {

// Where a message first appears in the log, or the log's size when it never does.
std::size_t FirstAt(const GameSession& session, const std::string& start) {
  const auto& log = session.Log().Messages();
  for (std::size_t i = 0; i < log.size(); ++i)
    if (log[i].text.rfind(start, 0) == 0) return i;
  return log.size();
}

}  // namespace

// Issue 14: "The bolt hits the ogre" came before "You zap a wand": the log told a tick's attacks,
// then its notices, whatever order they happened in. Causes come before effects now.
TEST_CASE("the zap is told before the bolt it fires", "[messages]") {
  LevelDefinition level = Level({"#######", "#@..O.#", "#######"});
  AddItem(level, "wand-lightning", {0, 0}, 'a');
  auto session = SessionOn(level);
  PlayerCommand zap;
  zap.kind = PlayerCommandKind::Use;
  zap.letter = 'a';
  REQUIRE(session->Submit(zap) == Status::Ok);
  const std::size_t zapped = FirstAt(*session, "You zap ");
  const std::size_t bolt = FirstAt(*session, "The bolt ");
  REQUIRE(zapped < session->Log().Messages().size());
  REQUIRE(bolt < session->Log().Messages().size());
  CHECK(zapped < bolt);
}

TEST_CASE("a sleeper notices you before its first blow is told", "[messages]") {
  // The second monster of a level with sleepers sleeps: the goblin beside the player.
  LevelDefinition level = Level({"#########", "#r....@g#", "#########"}, true);
  auto session = SessionOn(level);
  const std::size_t none = ~std::size_t{0};
  std::size_t noticed = none, blow = none;
  for (int turn = 0; turn < 80 && (noticed == none || blow == none); ++turn) {
    Submit(*session, PlayerCommandKind::Wait, 0);
    const auto& log = session->Log().Messages();
    for (std::size_t i = 0; i < log.size(); ++i) {
      if (noticed == none && log[i].text == "The goblin notices you!") noticed = i;
      if (blow == none && (log[i].text.rfind("The goblin hits you", 0) == 0 ||
                           log[i].text == "The goblin misses you."))
        blow = i;
    }
  }
  REQUIRE(noticed != none);
  REQUIRE(blow != none);
  CHECK(noticed < blow);
}

TEST_CASE("a message said again in a row is counted, not repeated", "[messages]") {
  LevelDefinition level = Level({"#####", "#@..#", "#####"});
  auto session = SessionOn(level);
  const std::size_t before = session->Log().Messages().size();
  const std::uint64_t said = session->Log().MessageCount();
  for (int i = 0; i < 6; ++i) session->Log().Say("There is nothing in view to fight.");
  REQUIRE(session->Log().Messages().size() == before + 1);
  CHECK(session->Log().MessageCount() == said + 6);  // each saying still counts (runs stop on news)
  const Message& m = session->Log().Messages().back();
  CHECK(m.count == 6);
  CHECK(ShownText(m) == "There is nothing in view to fight. x6");
  session->Log().Say("There is nothing in view to fight.",
                     MessageTone::Warning);  // another tone: new
  CHECK(session->Log().Messages().size() == before + 2);
  session->Log().Say("Something else.");
  session->Log().Say("There is nothing in view to fight.");
  CHECK(ShownText(session->Log().Messages().back()) == "There is nothing in view to fight.");
}

TEST_CASE("hunger is a warning and low health a danger the log marks", "[messages]") {
  LevelDefinition level = Level({"######", "#.@O.#", "######"});
  auto session = SessionOn(level);
  GameWorld& world = session->World();
  Health* health = world.MutableHealths().Find(world.PlayerEntity());
  health->max = 60;
  health->current = 21;  // an ogre's blow (2d5+2) takes it to a third (20) or below
  world.MutablePlayers().Find(world.PlayerEntity())->nutrition = kHungry + 1;  // hungry next turn
  const auto tone_of = [&](const std::string& start) {
    for (const Message& m : session->Log().Messages())
      if (m.text.rfind(start, 0) == 0) return m.tone;
    return MessageTone::Plain;
  };
  for (int turn = 0; turn < 60 && tone_of("Your health is low!") == MessageTone::Plain &&
                     session->State() == SessionState::Playing;
       ++turn)
    Submit(*session, PlayerCommandKind::Wait, 0);
  CHECK(tone_of("Your health is low!") == MessageTone::Danger);
  CHECK(tone_of("You are getting hungry.") == MessageTone::Warning);
}

TEST_CASE("a floor's feeling: dread of a deeper monster, the pull of the Cairnstone",
          "[messages]") {
  // The troll belongs to depths 10-15: on depth 1 it is dread.
  TestWorld dread(Level({"#####", "#@.T#", "#####"}));
  const Feeling feeling = FloorFeeling(*dread, 1);
  CHECK(feeling.text == "You feel a sense of dread: something here belongs deeper down.");
  CHECK(feeling.tone == MessageTone::Warning);
  CHECK(FloorFeeling(*dread, 10).text.empty());  // at home on depth 10
  LevelDefinition precious = Level({"#####", "#@..#", "#####"});
  AddItem(precious, "cairnstone", {3, 1});
  TestWorld stone(precious);
  CHECK(FloorFeeling(*stone, 15).tone == MessageTone::Good);
  TestWorld quiet(Level({"#####", "#@.r#", "#####"}));
  CHECK(FloorFeeling(*quiet, 1).text.empty());
}

TEST_CASE("a theft is a warning the log marks", "[messages]") {
  LevelDefinition level = Level({"######", "#.@m.#", "######"});
  AddItem(level, "ration", {0, 0}, 'a', 7);
  auto session = SessionOn(level);
  GameWorld& world = session->World();
  world.MutableHealths().Find(world.PlayerEntity())->current = 1000;  // it must live to be robbed
  world.MutableHealths().Find(world.PlayerEntity())->max = 1000;
  const Message* theft = nullptr;
  for (int turn = 0; turn < 200 && theft == nullptr && session->State() == SessionState::Playing;
       ++turn) {
    Submit(*session, PlayerCommandKind::Wait, 0);
    for (const Message& m : session->Log().Messages())
      if (m.text.find(" snatches ") != std::string::npos) theft = &m;
  }
  REQUIRE(theft != nullptr);
  CHECK(theft->text == "The monkey snatches 7 rations of food and runs!");
  CHECK(theft->tone == MessageTone::Warning);
}

}  // namespace messages_test

namespace messages_test {

TEST_CASE("a freed ally's blows are told as yours: 'Your goblin hits the rat'", "[messages]") {
  // A goblin freed by a wand of domination, and a rat: two monsters of the log, one on each side.
  LevelDefinition level = Level({"##########", "#@g....r.#", "##########"});
  AddItem(level, "wand-domination", {0, 0}, 'a');
  auto session = SessionOn(level);
  GameWorld& world = session->World();
  EntityId goblin{};
  for (EntityId id : world.Ais().Owners())
    if (world.Definitions().monsters[world.Ais().Find(id)->kind].id == "goblin") goblin = id;
  REQUIRE_FALSE(goblin.IsNull());
  world.MutableHealths().Find(goblin)->current = 1;  // hurt past 90%: it yields
  world.MutableHealths().Find(world.PlayerEntity())->max = 500;
  world.MutableHealths().Find(world.PlayerEntity())->current = 500;
  Submit(*session, PlayerCommandKind::Use, 'a');
  REQUIRE(world.Allies().Contains(goblin));
  bool yours = false;
  for (int turn = 0; turn < 60 && !yours; ++turn) {
    Submit(*session, PlayerCommandKind::Wait, 0);
    for (const auto& m : session->Log().Messages())
      yours = yours || m.text.rfind("Your goblin hits the rat", 0) == 0 ||
              m.text == "Your goblin misses the rat." ||
              m.text.rfind("The rat hits your goblin", 0) == 0 ||
              m.text == "The rat misses your goblin.";
  }
  CHECK(yours);
}

}  // namespace messages_test

namespace messages_test {

TEST_CASE("a death says what killed you: a blow, a spell, a breath", "[messages]") {
  TestWorld w(Level({"#########", "#@.d.G..#", "#########"}));
  DeathEvent death;
  death.entity = w->PlayerEntity();
  death.cause = DeathCause::Attack;
  death.killer = w.Monster("lesser-drake");
  death.blow = AttackKind::Melee;
  CHECK(DeathSummary(*w, death, 3).how == "killed by a lesser drake");
  death.blow = AttackKind::Spell;
  CHECK(DeathSummary(*w, death, 3).how == "burned by the breath of a lesser drake");
  death.killer = w.Monster("goblin-conjurer");
  CHECK(DeathSummary(*w, death, 3).how == "slain by the magic of a goblin conjurer");
}

}  // namespace messages_test

namespace messages_test {

TEST_CASE("a breath is told once, then each one it strikes", "[messages]") {
  LevelDefinition level = Level({"###########", "#.@.....d.#", "###########"});
  auto session = SessionOn(level);
  GameWorld& world = session->World();
  world.MutableHealths().Find(world.PlayerEntity())->max = 1000;
  world.MutableHealths().Find(world.PlayerEntity())->current = 1000;
  std::size_t breathed = ~std::size_t{0};
  for (int turn = 0; turn < 30 && breathed == ~std::size_t{0}; ++turn) {
    Submit(*session, PlayerCommandKind::Wait, 0);
    const auto& log = session->Log().Messages();
    for (std::size_t i = 0; i < log.size(); ++i)
      if (log[i].text == "The lesser drake breathes fire at you!") breathed = i;
  }
  REQUIRE(breathed != ~std::size_t{0});
  const auto& log = session->Log().Messages();
  REQUIRE(breathed + 1 < log.size());
  CHECK((log[breathed + 1].text.rfind("The blast hits you", 0) == 0 ||
         log[breathed + 1].text == "The blast misses you."));
}

TEST_CASE("a staff's charge coming back is told", "[messages]") {
  LevelDefinition level = Level({"#########", "#@.....r#", "#########"});
  AddItem(level, "staff-slowness", {0, 0}, 'a');
  auto session = SessionOn(level);
  GameWorld& world = session->World();
  world.MutableHealths().Find(world.PlayerEntity())->max = 1000;  // the rat never wins
  world.MutableHealths().Find(world.PlayerEntity())->current = 1000;
  Submit(*session, PlayerCommandKind::Use, 'a');
  const std::int32_t recharge = session->World().Definitions().FindItem("staff-slowness")->recharge;
  for (int turn = 0; turn <= recharge; ++turn) Submit(*session, PlayerCommandKind::Wait, 0);
  CHECK(Said(*session, "Your staff of slowness [2/2] hums: a charge has come back."));
}

}  // namespace messages_test
