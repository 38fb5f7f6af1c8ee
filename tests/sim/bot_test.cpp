// The bot: whole runs through the same Submit as the keys, deterministic by seed, fault-free,
// and good enough to get past the first floor.
#include "sim/bot.h"

#include <catch2/catch.hpp>

#include "game/actions.h"
#include "game/game_test_support.h"
#include "game/level.h"
#include "sim/session.h"
#include "support/test_content.h"

namespace bot_test {

using namespace cairn;

TEST_CASE("the bot plays whole runs, the same way every time", "[bot]") {
  std::int32_t deep = 0;
  std::int32_t freed = 0;
  std::int32_t used = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    INFO("seed " << seed);
    const BotResult a = PlayBotRun(cairn::test::DungeonConfig(seed), 20000);
    const BotResult b = PlayBotRun(cairn::test::DungeonConfig(seed), 20000);
    CHECK(a.outcome != "fault");
    CHECK(a.outcome != "stuck");
    CHECK(a.depth == b.depth);
    CHECK(a.turns == b.turns);
    CHECK(a.ticks == b.ticks);
    CHECK(a.outcome == b.outcome);
    CHECK(a.allies == b.allies);
    CHECK(BotResultLine(a) == "seed " + std::to_string(seed) + " depth " + std::to_string(a.depth) +
                                  " turns " + std::to_string(a.turns) + " outcome " + a.outcome +
                                  " allies " + std::to_string(a.allies) + " machines " +
                                  std::to_string(a.machines));
    deep += a.depth >= 3 ? 1 : 0;
    freed += a.allies;
    used += a.machines;
  }
  CHECK(deep >= 3);   // most seeds reach floor 3
  CHECK(freed >= 4);  // and free the captives they meet on the way
  CHECK(used >= 4);   // and set off the machines they meet
}

namespace {

// A fleeing goblin in a dead end, seen past a corner that a thrown dart would hit; the player
// carries darts. `wall_low` picks which of the two corner cells is the wall.
std::unique_ptr<GameSession> CornerStandOff(bool wall_low) {
  std::vector<std::string_view> rows;
  if (wall_low)
    rows = {"#####", "#g.##", "###@#", "###.#", "#####"};
  else
    rows = {"#####", "#g###", "##.@#", "###.#", "#####"};
  SessionConfig config = cairn::test::Config();
  auto level =
      std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *config.definitions, false));
  cairn::test::AddItem(*level, "darts", {3, 2}, 'c', 10);
  config.level = level;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

}  // namespace

TEST_CASE("the bot throws only where the missile would fly all the way", "[bot]") {
  std::int32_t blocked_layouts = 0;
  for (const bool wall_low : {true, false}) {
    INFO("wall " << (wall_low ? "below" : "above") << " the gap");
    auto session = CornerStandOff(wall_low);
    GameWorld& world = session->World();
    EntityId goblin{};
    for (EntityId e : world.Ais().Owners()) goblin = e;
    REQUIRE_FALSE(goblin.IsNull());
    // Hurt and running from the player, as after a blow: a coward backs into its dead end.
    world.MutableHealths().Find(goblin)->current = 1;
    EnemyAi& ai = *world.MutableAis().Find(goblin);
    ai.action = AiAction::Flee;
    ai.phase = AiPhase::Flee;
    ai.target = world.PlayerEntity();
    const Position player_at = *world.Positions().Find(world.PlayerEntity());
    const bool clear = ClearShot(world, player_at, *world.Positions().Find(goblin), 7);
    blocked_layouts += clear ? 0 : 1;
    Bot bot;
    std::int32_t throws = 0;
    for (int turn = 0; turn < 20 && session->State() == SessionState::Playing; ++turn) {
      PlayerCommand command;
      if (!bot.Decide(*session, command)) break;
      const std::string why = bot.LastReason();
      if (why.rfind("throw", 0) == 0) {
        ++throws;
        const Position* goblin_at = world.Positions().Find(goblin);
        const Position* at = world.Positions().Find(world.PlayerEntity());
        REQUIRE(goblin_at != nullptr);
        CHECK(ClearShot(world, *at, *goblin_at, 7));
      }
      REQUIRE(session->Submit(command) == Status::Ok);
    }
    if (clear) CHECK(throws > 0);  // with a clear line it does throw: the check is not just "never"
  }
  CHECK(blocked_layouts >= 1);  // one of the two corners stands in the missile's way
}

}  // namespace bot_test
