// BACK through the console of a game of many floors (the game's own console shares its session;
// `cairn console` plays one floor, so it cannot take the stairs): stepping back across the stairs
// answers the tick, brings the first floor back with the HASH it had, and forward again goes down
// the same stairs into a floor that hashes the same.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "console/console.h"
#include "sim/key_script.h"
#include "support/test_content.h"

namespace back_test {

using namespace cairn;

namespace {

std::string Run(Console& console, const std::string& line) {
  bool has_reply = false;
  std::string reply = console.Execute(line, has_reply);
  REQUIRE(has_reply);
  return reply;
}

// One tick as a player at the keyboard plays `script` (its next command when the player may act).
TickInput Play(GameSession& session, KeyScript& script) {
  TickInput input;
  PlayerCommand command;
  if (session.State() == SessionState::Playing && session.PlayerReady() &&
      script.Next(session, command))
    input.command = command;
  REQUIRE(session.StepTick(input) == Status::Ok);
  return input;
}

}  // namespace

TEST_CASE("BACK across the stairs gives back the floor above and its HASH", "[console][rewind]") {
  std::string keys;
  for (int i = 0; i < 150; ++i) keys += "oF";
  keys += ">>";
  bool crossed = false;
  for (std::uint64_t seed = 1; seed <= 8 && !crossed; ++seed) {
    CAPTURE(seed);
    std::unique_ptr<GameSession> session;
    REQUIRE(GameSession::Create(cairn::test::DungeonConfig(seed), session) == Status::Ok);
    Console console(*session);
    KeyScript script(keys);
    std::vector<TickInput> inputs;
    std::vector<std::string> hashes;  // HASH after each tick
    while (session->Depth() == 1 && session->State() == SessionState::Playing &&
           session->World().Tick() < 5000) {
      inputs.push_back(Play(*session, script));
      hashes.push_back(Run(console, "HASH"));
    }
    if (session->Depth() == 1) continue;
    crossed = true;
    const std::int64_t arrival = session->World().Tick();
    const std::string below = Run(console, "HASH");
    // Back 30 ticks: the first floor again, as it was.
    CHECK(Run(console, "BACK 30") == "tick " + std::to_string(arrival - 30));
    CHECK(session->Depth() == 1);
    CHECK(Run(console, "HASH") == hashes[static_cast<std::size_t>(arrival - 30 - 1)]);
    // Forward with the inputs recorded: down the same stairs at the same tick. The floor below is
    // built again under a new world id, which HASH does not show.
    for (std::int64_t t = arrival - 30; t < arrival; ++t)
      REQUIRE(session->StepTick(inputs[static_cast<std::size_t>(t)]) == Status::Ok);
    CHECK(session->Depth() == 2);
    CHECK(Run(console, "HASH") == below);
    // Past the window it is an error, and nothing changes.
    CHECK(Run(console, "BACK 100000").rfind("error: nothing changed: ", 0) == 0);
    CHECK(Run(console, "HASH") == below);
  }
  CHECK(crossed);
}

}  // namespace back_test
