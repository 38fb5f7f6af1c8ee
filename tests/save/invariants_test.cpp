// The semantic checks levels and saves pass (game/level_invariants.h) never refuse a state the
// game makes: the bot plays whole runs, and after every tick the run's image passes every check
// a save's floors pass on reading, and every counter is within its cap.
#include <catch2/catch.hpp>

#include "game/level_invariants.h"
#include "save/save_codec.h"
#include "sim/bot.h"
#include "sim/session_persist.h"
#include "support/test_content.h"
#include "support/test_entropy.h"

namespace invariants_test {

using namespace cairn;

namespace {

// Every problem of the run as it is now, one per line ("" when there is none).
std::string ImageProblems(GameSession& session, test::CountingEntropy& entropy) {
  SessionImage image;
  std::string why;
  if (CaptureImage(session, entropy, image, &why) != Status::Ok) return "capture: " + why + "\n";
  std::string all;
  for (const FloorImage& floor : image.floors) {
    std::vector<LevelProblem> problems;
    CheckLevelInvariants(
        floor.level, session.Definitions(), floor.depth == image.depth ? 1 : 0,
        [](std::size_t i) { return "entity " + std::to_string(i); }, problems);
    for (const LevelProblem& p : problems)
      all += "floor " + std::to_string(floor.depth) + " entity " + std::to_string(p.entity) + " " +
             p.what + "\n";
  }
  return all;
}

}  // namespace

TEST_CASE("every state the bot reaches between ticks passes the checks a save is read with",
          "[save][invariants]") {
  test::CountingEntropy entropy;
  std::int64_t checked = 0;
  std::int32_t deepest = 0;
  for (std::uint64_t seed : {1u, 2u, 5u, 11u}) {
    std::unique_ptr<GameSession> session;
    REQUIRE(GameSession::Create(test::DungeonConfig(seed), session) == Status::Ok);
    Bot bot;
    PlayerCommand command;
    while (session->State() == SessionState::Playing && session->World().Tick() < 12000) {
      TickInput input;
      std::string why;
      if (session->PlayerReady()) {
        if (!bot.Decide(*session, command)) break;
        if (session->WouldRefuse(command, why)) {
          // The bot asked for what cannot be done: waiting costs a turn, as the game would.
          command = PlayerCommand{PlayerCommandKind::Wait, 0, 0};
        }
        input.command = command;
      }
      REQUIRE(session->StepTick(input) == Status::Ok);
      if (session->State() != SessionState::Playing) break;
      const std::string problems = ImageProblems(*session, entropy);
      INFO("seed " << seed << " tick " << session->World().Tick() << " depth " << session->Depth());
      REQUIRE(problems == "");
      ++checked;
    }
    deepest = std::max(deepest, session->Depth());
  }
  CHECK(checked > 20000);
  CHECK(deepest >= 3);  // the runs went down the stairs, carrying their packs
}

}  // namespace invariants_test
