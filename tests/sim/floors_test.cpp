// A run across floors: the stairs move the player and everything carried into the next floor's
// world (new handles, the same letters); floors are kept; the way out with the Cairnstone wins;
// the same keys give the same run; a multi-floor run replays.
#include <catch2/catch.hpp>

#include "content/default_content.h"
#include "content/level_loader.h"
#include "game/items.h"
#include "replay/replay.h"
#include "sim/key_script.h"
#include "sim/session.h"
#include "storage/read_file.h"
#include "support/test_content.h"

namespace floors_test {

using namespace cairn;
using cairn::test::Dungeon;
using cairn::test::PlayKeys;

namespace {

std::string Repeat(std::string_view unit, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += unit;
  return out;
}

std::shared_ptr<const LevelDefinition> TestLevel(const std::string& path) {
  std::string text, error;
  REQUIRE(ReadWholeFile(std::string(CAIRN_SOURCE_DIR) + "/" + path, FileKind::Level, text, error));
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> problems;
  REQUIRE(LoadLevelText(text, *cairn::test::Definitions(), WorldLimits::Uniform(4096), *level,
                        problems));
  return level;
}

}  // namespace

TEST_CASE("a recording made under the first dungeon rules replays under them", "[floors][replay]") {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(cairn::test::StoreRoomRun(kOldestDungeonRules), session) ==
          Status::Ok);
  Recorder recorder(*session, "test-build", "default", kFirstReplayWithRules - 1);
  session->SetTickListener(&recorder);
  PlayKeys(*session, Repeat("oF", 150) + ">>" + Repeat("oF", 5));
  REQUIRE(session->Depth() == 2);
  CHECK(session->Level().name.find("The Store Room") != std::string::npos);
  // Through its text, which has no dungeon_rules before version 6.
  const std::string text = WriteRecording(recorder.Result());
  CHECK(text.find("dungeon_rules") == std::string::npos);
  Recording read;
  std::vector<TextProblem> problems;
  REQUIRE(ParseRecording(text, read, problems));
  CHECK(read.dungeon_rules == kOldestDungeonRules);
  // The content of its edition (the program picks it by the recording's rules, as
  // term/replay_command.cpp does; a plan of the test's own has no edition to switch to).
  const SessionConfig content = cairn::test::StoreRoomRun(kOldestDungeonRules);
  ReplayResult result = Replay(read, content, true);
  CHECK(result.outcome == ReplayOutcome::Matched);
  CHECK(result.final_state == session->StateHash());
  // Under the newest rules floor 2 is another floor, and the replay says so.
  read.dungeon_rules = kDungeonRules;
  CHECK(Replay(read, content, true).outcome != ReplayOutcome::Matched);
}

TEST_CASE("a recording names its dungeon rules, and refuses ones this build lacks",
          "[floors][replay]") {
  auto session = Dungeon(1);
  Recorder recorder(*session, "test-build", "default");
  session->SetTickListener(&recorder);
  PlayKeys(*session, "oF");
  const std::string text = WriteRecording(recorder.Result());
  const std::string line = "\ndungeon_rules = " + std::to_string(kDungeonRules) + "\n";
  const std::size_t at = text.find(line);
  REQUIRE(at != std::string::npos);
  std::string newer = text;
  newer.replace(at, line.size(), "\ndungeon_rules = 99\n");
  Recording read;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ParseRecording(newer, read, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message.find("dungeon_rules 99 is not one this build knows") == 0);
  std::string missing = text;
  missing.replace(at, line.size(), "\n");
  problems.clear();
  CHECK_FALSE(ParseRecording(missing, read, problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "missing 'dungeon_rules'");
}

TEST_CASE("taking the stairs down moves the player and the pack to a new world", "[floors]") {
  auto session = Dungeon(1);
  const std::uint64_t first_world = session->World().WorldId();
  std::vector<EntityId> before;
  CarriedItems(session->World(), session->World().PlayerEntity(), before);
  REQUIRE(before.size() == 5);  // the start kit (data/dungeon.toml)
  PlayKeys(*session, Repeat("oF", 150) + ">>");
  REQUIRE(session->Depth() == 2);
  const GameWorld& world = session->World();
  CHECK(world.WorldId() != first_world);
  const EntityId player = world.PlayerEntity();
  REQUIRE_FALSE(player.IsNull());
  CHECK(player.Owner == world.WorldId());
  CHECK(world.Players().Find(player)->depth == 2);
  CHECK(world.Players().Find(player)->deepest == 2);
  // The pack came along, under the same letters.
  std::vector<EntityId> after;
  CarriedItems(world, player, after);
  CHECK(after.size() >= 3);
  for (EntityId item : after) CHECK(item.Owner == world.WorldId());
  CHECK(CarriedItem(world, player, 'a') != EntityId{});
  // The player stands on the staircase up, and the floor left behind has no player.
  const Position at = *world.Positions().Find(player);
  bool on_stairs = false;
  for (EntityId s : world.StairsPool().Owners())
    on_stairs =
        on_stairs || (world.StairsPool().Find(s)->direction < 0 &&
                      world.Positions().Find(s)->x == at.x && world.Positions().Find(s)->y == at.y);
  CHECK(on_stairs);
  REQUIRE(session->FloorWorld(1) != nullptr);
  CHECK(session->FloorWorld(1)->PlayerEntity().IsNull());
  CHECK(session->FloorWorld(1)->WorldId() == first_world);  // kept, not rebuilt
  // Up again: back to the same world, on its staircase down.
  PlayerCommand up{PlayerCommandKind::Ascend};
  REQUIRE(session->Submit(up) == Status::Ok);
  CHECK(session->Depth() == 1);
  CHECK(session->World().WorldId() == first_world);
  CHECK(session->World().Tick() >= world.Tick());  // the clock caught up
}

TEST_CASE("the same seed and keys give the same run across floors", "[floors]") {
  const std::string keys = Repeat("oF", 200) + ">>" + Repeat("oF", 100);
  auto a = Dungeon(4);
  auto b = Dungeon(4);
  PlayKeys(*a, keys);
  PlayKeys(*b, keys);
  CHECK(a->StateHash() == b->StateHash());
  CHECK(a->World().Tick() == b->World().Tick());
  auto c = Dungeon(5);
  PlayKeys(*c, keys);
  CHECK(c->StateHash() != a->StateHash());
}

TEST_CASE("a run recorded across floors replays and verifies", "[floors][replay]") {
  auto session = Dungeon(1);
  Recorder recorder(*session, "test-build", "default");
  session->SetTickListener(&recorder);
  PlayKeys(*session, Repeat("oF", 150) + ">>" + Repeat("oF", 20));
  REQUIRE(session->Depth() >= 2);
  const ReplayResult result = Replay(recorder.Result(), cairn::test::DungeonConfig(), true);
  CHECK(result.outcome == ReplayOutcome::Matched);
  CHECK(result.final_state == session->StateHash());
}

TEST_CASE("the way out with the Cairnstone wins the run; without it, it is refused", "[floors]") {
  SessionConfig config = cairn::test::DungeonConfig();
  config.level = TestLevel("tests/levels/escape.toml");
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Ascend}) == Status::Ok);
  CHECK(session->State() == SessionState::Won);
  CHECK(session->Summary().ended);
  CHECK(session->Summary().won);
  CHECK(session->Summary().cause == "escaped the dungeon with the Cairnstone");
  REQUIRE(session->Summary().items.size() == 1);
  CHECK(session->Summary().items[0] == "a - the Cairnstone");
  std::string why;
  CHECK(session->WouldRefuse(PlayerCommand{PlayerCommandKind::Wait}, why));
}

TEST_CASE("a death ends the run with its cause, depth and turns", "[floors]") {
  SessionConfig config = cairn::test::DungeonConfig();
  config.level = TestLevel("tests/levels/doomed.toml");
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  CHECK(session->State() == SessionState::Dead);
  const RunSummary& summary = session->Summary();
  CHECK(summary.ended);
  CHECK_FALSE(summary.won);
  CHECK(summary.cause == "killed by an ogre on depth 1");
  CHECK(summary.depth == 1);
  CHECK(summary.turns == 1);
  CHECK(session->Submit(PlayerCommand{PlayerCommandKind::Wait}) == Status::InvalidOperation);
}

TEST_CASE("restart begins the run again on floor one", "[floors]") {
  auto session = Dungeon(1);
  PlayKeys(*session, Repeat("oF", 150) + ">>");
  REQUIRE(session->Depth() == 2);
  REQUIRE(session->Restart() == Status::Ok);
  CHECK(session->Depth() == 1);
  CHECK(session->FloorWorld(2) == nullptr);
  CHECK_FALSE(session->Summary().ended);
}

}  // namespace floors_test
