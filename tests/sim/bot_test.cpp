// The bot: whole runs through the same Submit as the keys, deterministic by seed, fault-free,
// and good enough to get past the first floor.
#include <catch2/catch.hpp>

#include "sim/bot.h"
#include "support/test_content.h"

using namespace cairn;

TEST_CASE("the bot plays whole runs, the same way every time", "[bot]") {
  std::int32_t deep = 0;
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
    CHECK(BotResultLine(a) == "seed " + std::to_string(seed) + " depth " + std::to_string(a.depth) +
                                  " turns " + std::to_string(a.turns) + " outcome " + a.outcome);
    deep += a.depth >= 3 ? 1 : 0;
  }
  CHECK(deep >= 3);  // most seeds reach floor 3
}
