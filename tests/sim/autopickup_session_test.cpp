// Autopickup and the quiver through the session: explore goes for what autopickup wants (and for
// nothing while it is off), the log's words, the new commands as text, and a run played with a
// rule of its own replays to the same state where that rule's file does not exist.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "game/game_test_support.h"
#include "replay/replay.h"
#include "sim/autopilot.h"
#include "sim/keys.h"
#include "sim/session.h"

namespace autopickup_session_test {

using namespace cairn;
using namespace cairn::test;

namespace {

std::unique_ptr<GameSession> SessionOn(const LevelDefinition& level, AutoPickup rule = {}) {
  SessionConfig config = Config(1, std::make_shared<const LevelDefinition>(level));
  config.autopickup = rule;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

bool Said(const GameSession& session, const std::string& text) {
  const auto& log = session.Log().Messages();
  return std::any_of(log.begin(), log.end(), [&](const auto& m) { return m.text == text; });
}

int Explore(GameSession& session, std::string& why) {
  AutoPilot pilot;
  if (!pilot.Start(session, AutoGoal::Explore, why)) return 0;
  int steps = 0;
  PlayerCommand command;
  while (pilot.Next(session, command, why)) {
    REQUIRE(session.Submit(command) == Status::Ok);
    REQUIRE(++steps < 5000);
  }
  return steps;
}

const Item* Carried(const GameSession& session, char letter) {
  const GameWorld& world = session.World();
  return world.Items().Find(CarriedItem(world, world.PlayerEntity(), letter));
}

std::string KindId(const GameSession& session, const Item* item) {
  return item == nullptr ? "" : session.World().Definitions().items[item->kind].id;
}

int Lying(const GameSession& session) {
  int count = 0;
  for (EntityId id : session.World().Items().Owners())
    count += session.World().Positions().Contains(id) ? 1 : 0;
  return count;
}

// Two rooms: items in both, a second dagger among them (the player carries one).
LevelDefinition Rooms() {
  LevelDefinition level = Level(
      {"##############", "#@...#.......#", "#....+.......#", "#....#.......#", "##############"});
  AddItem(level, "dagger", {0, 0}, 'a');
  AddItem(level, "potion-healing", {3, 3});
  AddItem(level, "dagger", {4, 1});
  AddItem(level, "scroll-identify", {10, 2});
  AddItem(level, "chain-mail", {12, 3});
  return level;
}

}  // namespace

TEST_CASE("explore picks up what autopickup wants on its way, and walks past the rest",
          "[autopickup][autopilot]") {
  auto session = SessionOn(Rooms());
  std::string why;
  Explore(*session, why);
  // One run: the pick-ups' messages did not stop it.
  CHECK(why == "There is nothing left to explore here.");
  CHECK(KindId(*session, Carried(*session, 'b')) == "potion-healing");
  CHECK(KindId(*session, Carried(*session, 'c')) == "scroll-identify");
  CHECK(KindId(*session, Carried(*session, 'd')) == "chain-mail");
  CHECK(Carried(*session, 'e') == nullptr);
  CHECK(Lying(*session) == 1);  // the second dagger
  const auto& log = session->Log().Messages();
  CHECK(std::any_of(log.begin(), log.end(),
                    [](const auto& m) { return m.text.rfind("b - ", 0) == 0; }));
  AutoPilot pilot;
  CHECK_FALSE(pilot.SomethingLeftToExplore(*session));
}

TEST_CASE("stepping where items stay says what lies there, once, and stops no run",
          "[autopickup]") {
  LevelDefinition level = Level({"#######", "#@....#", "#######"});
  AddItem(level, "dagger", {0, 0}, 'a');
  AddItem(level, "dagger", {2, 1});  // a second dagger: autopickup leaves it
  auto session = SessionOn(level);
  const std::size_t before = session->Log().Messages().size();
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  REQUIRE(session->Log().Messages().size() == before + 1);
  const std::string said = session->Log().Messages().back().text;
  CHECK(said.rfind("You see here a ", 0) == 0);
  CHECK(said.find("dagger.") != std::string::npos);
  // Waiting there says nothing more; the message stops no run.
  const std::uint64_t news = session->Log().NewsCount();
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  CHECK(session->Log().Messages().size() == before + 1);
  CHECK(session->Log().NewsCount() == news);
}

TEST_CASE("with autopickup off explore leaves every item and goes to none",
          "[autopickup][autopilot]") {
  AutoPickup off;
  off.enabled = 0;
  auto session = SessionOn(Rooms(), off);
  std::string why;
  Explore(*session, why);
  CHECK(why == "There is nothing left to explore here.");
  CHECK(Carried(*session, 'b') == nullptr);
  CHECK(Lying(*session) == 4);
  // Turned on, the items seen are wanted again (the map remembered them by the rule) and explore
  // fetches them.
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::AutoPickup}) == Status::Ok);
  CHECK(Said(*session, "Autopickup is now on."));
  AutoPilot pilot;
  CHECK(pilot.SomethingLeftToExplore(*session));
  Explore(*session, why);
  CHECK(Lying(*session) == 1);
}

TEST_CASE("the log says what the quiver does and what autopickup is", "[autopickup][quiver]") {
  LevelDefinition level = Level({"##########", "#@......O#", "##########"}, true);
  AddItem(level, "javelins", {0, 0}, 'a', 1);
  AddItem(level, "darts", {0, 0}, 'b', 5);
  AddItem(level, "ration", {0, 0}, 'c');
  auto session = SessionOn(level);
  std::string why;
  // Nothing quivered yet: f takes the first missile, which the pack showed as quivered, and
  // has nothing to say about it.
  CHECK(session->Submit(PlayerCommand{PlayerCommandKind::Fire}) == Status::Ok);
  CHECK_FALSE(Said(*session, "You fill your quiver with javelins."));
  // The javelin is gone: f takes the darts and says so.
  CHECK(session->Submit(PlayerCommand{PlayerCommandKind::Fire}) == Status::Ok);
  CHECK(Said(*session, "You have no javelins left, so you fill your quiver with darts."));
  PlayerCommand quiver{PlayerCommandKind::Quiver};
  quiver.letter = 'c';
  CHECK(session->Submit(quiver) == Status::InvalidOperation);
  CHECK(Said(*session, "You can only fire missiles, like darts and javelins."));
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::AutoPickup}) == Status::Ok);
  CHECK(session->Log().Messages().back().text == "Autopickup is now off.");
  // Nothing left to fire: refused, said, and no time passes.
  LevelDefinition bare = Level({"#####", "#@.O#", "#####"}, true);
  auto empty = SessionOn(bare);
  const std::int64_t tick = empty->World().Tick();
  CHECK(empty->Submit(PlayerCommand{PlayerCommandKind::Fire}) == Status::InvalidOperation);
  CHECK(empty->Log().Messages().back().text == "You have nothing to fire.");
  CHECK(empty->World().Tick() == tick);
}

TEST_CASE("fire, quiver and the autopickup toggle round-trip through their text", "[keys]") {
  PlayerCommand fire{PlayerCommandKind::Fire};
  PlayerCommand aimed = fire;
  aimed.aimed = 1;
  aimed.tx = 12;
  aimed.ty = 5;
  PlayerCommand quiver{PlayerCommandKind::Quiver};
  quiver.letter = 'c';
  const PlayerCommand toggle{PlayerCommandKind::AutoPickup};
  CHECK(CommandText(fire) == "f");
  CHECK(CommandText(aimed) == "f@12,5");
  CHECK(CommandText(quiver) == "vc");
  CHECK(CommandText(toggle) == "A");
  for (const PlayerCommand& c : {fire, aimed, quiver, toggle}) {
    PlayerCommand back;
    REQUIRE(ParseCommandText(CommandText(c), back));
    CHECK(back == c);
  }
  PlayerCommand ignored;
  CHECK_FALSE(ParseCommandText("v", ignored));   // quivering needs a letter
  CHECK_FALSE(ParseCommandText("fa", ignored));  // f takes no letter: two commands
  CHECK(NextKeyToken("f@1", 0).length == 1);     // a broken aim is not part of it
}

TEST_CASE("a run with its own autopickup rule replays the same without it",
          "[autopickup][replay]") {
  // The default dungeon, a rule that is not the default: potions never, weapons always, off.
  AutoPickup rule;
  SetRule(rule, ItemCategory::Potion, PickupRule::Never);
  SetRule(rule, ItemCategory::Weapon, PickupRule::Always);
  SessionConfig config = DungeonConfig(3);
  config.autopickup = rule;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  Recorder recorder(*session, "test-build", "default");
  session->SetTickListener(&recorder);
  PlayKeys(*session, "oooooFFFFFooAooAooovcfff");
  const std::uint64_t played = session->StateHash();
  REQUIRE(recorder.Result().ticks.size() > 100);

  // The header names the rule; the text round-trips.
  const std::string text = WriteRecording(recorder.Result());
  CHECK(text.find("autopickup = { enabled = true, potion = \"never\", scroll = \"always\", "
                  "weapon = \"always\", armour = \"new\"") != std::string::npos);
  Recording parsed;
  std::vector<TextProblem> problems;
  REQUIRE(ParseRecording(text, parsed, problems));
  CHECK(parsed.autopickup == rule);

  // Replayed on content with the default rule (a machine without the file): the same run.
  SessionConfig content = DungeonConfig(1);
  REQUIRE(content.autopickup == kNewRunAutoPickup);
  const ReplayResult result = Replay(parsed, content, true);
  INFO(DescribeDivergence(result.divergence));
  CHECK(result.outcome == ReplayOutcome::Matched);
  CHECK(result.final_state == played);

  // And the same keys with the default rule are another run.
  std::unique_ptr<GameSession> other;
  REQUIRE(GameSession::Create(DungeonConfig(3), other) == Status::Ok);
  PlayKeys(*other, "oooooFFFFFooAooAooovcfff");
  CHECK(other->StateHash() != played);

  // A header edited to another rule diverges before the first tick, at the rule.
  Recording edited = parsed;
  edited.autopickup.enabled = 0;
  const ReplayResult differs = Replay(edited, content, true);
  CHECK(differs.outcome == ReplayOutcome::Diverged);
  CHECK(differs.divergence.tick == 0);
  CHECK(differs.divergence.part == "autopickup");
}

TEST_CASE("a recording's autopickup header is checked; version 2 is refused", "[replay]") {
  // A run with the fixed default rule (no staffs): what a recording without the member means.
  SessionConfig fixed = DungeonConfig(2);
  fixed.autopickup = AutoPickup{};
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(fixed, session) == Status::Ok);
  Recorder recorder(*session, "test-build", "default");
  session->SetTickListener(&recorder);
  PlayKeys(*session, "ll");
  const std::string text = WriteRecording(recorder.Result());
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string edited = text;
    const std::size_t at = edited.find(from);
    REQUIRE(at != std::string::npos);
    return edited.replace(at, from.size(), to);
  };
  Recording parsed;
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      ParseRecording(replaced("potion = \"always\"", "potions = \"always\""), parsed, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "unknown item class 'potions' in autopickup");
  CHECK(problems[0].position.line == 9);  // the header's autopickup line
  problems.clear();
  CHECK_FALSE(
      ParseRecording(replaced("potion = \"always\"", "potion = \"often\""), parsed, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "autopickup's potion must be \"always\", \"new\" or \"never\"");
  problems.clear();
  CHECK_FALSE(ParseRecording(replaced("version = " + std::to_string(kReplayVersion), "version = 2"),
                             parsed, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message.rfind("recording version 2 is not supported", 0) == 0);
  // Without the member: the default rule (what the run above had), and it verifies.
  problems.clear();
  const std::size_t from = text.find("autopickup = ");
  std::string without = text;
  without.erase(from, text.find('\n', from) + 1 - from);
  REQUIRE(ParseRecording(without, parsed, problems));
  CHECK(parsed.autopickup == AutoPickup{});
  CHECK(Replay(parsed, DungeonConfig(1), true).outcome == ReplayOutcome::Matched);
}

}  // namespace autopickup_session_test
