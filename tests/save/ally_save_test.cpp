// Allies across the boundaries a run has: a freed captive takes the stairs with the player, and a
// run saved with it following (and a captive still chained on the floor below) resumes to the
// same run; a step back over its turns and the same turns again give the same state.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "content/level_loader.h"
#include "game/level.h"
#include "save_test_support.h"

namespace ally_save_test {

using namespace cairn;
using namespace cairn::test;

namespace {

std::size_t FreedAllies(const GameWorld& world) {
  std::size_t freed = 0;
  for (const Ally& ally : world.Allies().Values()) freed += ally.shackled == 0 ? 1 : 0;
  return freed;
}

void Play(GameSession& session, PlayerCommand command, int times = 1) {
  for (int i = 0; i < times; ++i) REQUIRE(session.Submit(command) == Status::Ok);
}

}  // namespace

TEST_CASE("an ally follows down the stairs; saved following, it resumes to one run", "[ally]") {
  const std::string_view rows[] = {"#######", "#@g.>.#", "#.....#", "#######"};
  LevelDefinition level = LevelFromAscii("captive", rows, *Definitions(), false);
  for (LevelEntity& entity : level.entities)
    if (entity.authored_id.rfind("goblin", 0) == 0) entity.components.Set(Ally{1});
  SessionConfig config = Config(5, std::make_shared<LevelDefinition>(level));
  config.dungeon = DefaultDungeon();
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);

  Play(*session, PlayerCommand{PlayerCommandKind::Move, 1, 0});  // frees it
  REQUIRE(FreedAllies(session->World()) == 1);
  Play(*session, PlayerCommand{PlayerCommandKind::Move, 1, 0}, 3);  // past it, to the stairs
  Play(*session, PlayerCommand{PlayerCommandKind::Descend});
  REQUIRE(session->Depth() == 2);
  CHECK(FreedAllies(session->World()) == 1);
  CHECK(FreedAllies(*session->FloorWorld(1)) == 0);  // it left the floor above
  Play(*session, PlayerCommand{PlayerCommandKind::Wait}, 5);

  // Saved and resumed, the two runs go on as one.
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(SaveText(*session), config, resumed) == "");
  CHECK(resumed->StateHash() == session->StateHash());
  for (int i = 0; i < 12; ++i) {
    const PlayerCommand step{PlayerCommandKind::Move, static_cast<std::int8_t>(i % 2 ? 1 : -1), 0};
    (void)session->Submit(step);
    (void)resumed->Submit(step);
  }
  CHECK(resumed->StateHash() == session->StateHash());
  CHECK(FreedAllies(resumed->World()) == 1);

  // A step back over its turns, and the same turns again.
  const std::uint64_t before = session->StateHash();
  const std::int64_t tick = session->World().Tick();
  Play(*session, PlayerCommand{PlayerCommandKind::Wait}, 6);
  const std::uint64_t after = session->StateHash();
  std::string why;
  REQUIRE(session->StepBack(static_cast<std::uint64_t>(session->World().Tick() - tick), why) ==
          Status::Ok);
  CHECK(session->StateHash() == before);
  Play(*session, PlayerCommand{PlayerCommandKind::Wait}, 6);
  CHECK(session->StateHash() == after);
}

}  // namespace ally_save_test

namespace ally_save_test {

TEST_CASE("a save with a machine half set off resumes to one run", "[machine]") {
  std::ifstream in(CAIRN_SOURCE_DIR "/tests/levels/machines.toml", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> problems;
  REQUIRE(LoadLevelText(text.str(), *Definitions(), WorldLimits::Uniform(64), *level, problems));
  const SessionConfig config = Config(2, level);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  // The lever pulled (the portcullis up), the net plate stepped on; the gas plate not yet.
  Play(*session, PlayerCommand{PlayerCommandKind::Move, 1, -1});
  Play(*session, PlayerCommand{PlayerCommandKind::Move, 1, 0}, 5);
  REQUIRE(session->World().Gates().Values()[0].open == 1);
  std::size_t used = 0;
  for (const Trigger& t : session->World().Triggers().Values()) used += t.used;
  REQUIRE(used == 2);

  const std::string saved = SaveText(*session);
  CHECK(saved.find("trigger = { target = ") != std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(saved, config, resumed) == "");
  CHECK(resumed->StateHash() == session->StateHash());
  // On to the gas plate and the vault, both runs alike.
  for (const PlayerCommand& c :
       {PlayerCommand{PlayerCommandKind::Move, 1, 0}, PlayerCommand{PlayerCommandKind::Move, 1, 1},
        PlayerCommand{PlayerCommandKind::Move, 1, -1},
        PlayerCommand{PlayerCommandKind::Move, 1, -1},
        PlayerCommand{PlayerCommandKind::Move, 1, -1}, PlayerCommand{PlayerCommandKind::PickUp}}) {
    (void)session->Submit(c);
    (void)resumed->Submit(c);
  }
  CHECK(resumed->StateHash() == session->StateHash());
  // A treasure carried out of its vault is wired to nothing: the run still saves and resumes.
  REQUIRE(session->World().Inventories().Find(session->World().PlayerEntity())->count == 1);
  std::unique_ptr<GameSession> again;
  REQUIRE(Resume(SaveText(*session), config, again) == "");
  CHECK(again->StateHash() == session->StateHash());
}

}  // namespace ally_save_test
