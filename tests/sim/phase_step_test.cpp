// A tick stepped phase by phase (GameSession::StepPhase, the console's PHASE) is the tick run
// whole: the same state hash after every tick, on the built-in dungeon, many seeds, with the
// player acting (moves in every direction, waits, the stairs), recordings and rewinding included.
#include <catch2/catch.hpp>

#include "game/random.h"
#include "replay/replay.h"
#include "support/test_content.h"

namespace phase_step_test {

using namespace cairn;
using cairn::test::Dungeon;

namespace {

// The `n`-th input of a seeded walk: mostly moves, some waits, now and then the stairs.
TickInput InputAt(Rng& rng) {
  const std::uint64_t roll = rng.Next() % 12;
  PlayerCommand command;
  if (roll < 8) {
    static constexpr std::int8_t kDx[] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static constexpr std::int8_t kDy[] = {-1, -1, -1, 0, 0, 1, 1, 1};
    command = PlayerCommand{PlayerCommandKind::Move, kDx[roll], kDy[roll]};
  } else if (roll < 11) {
    command.kind = PlayerCommandKind::Wait;
  } else {
    command.kind = PlayerCommandKind::Descend;
  }
  return TickInput{command};
}

}  // namespace

TEST_CASE("stepping every tick phase by phase ends each tick in the hash of the tick run whole",
          "[session][phase]") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    INFO("seed " << seed);
    auto whole = Dungeon(seed);
    auto phased = Dungeon(seed);
    Recorder whole_recorder(*whole, "b", "default");
    Recorder phased_recorder(*phased, "b", "default");
    whole->SetTickListener(&whole_recorder);
    phased->SetTickListener(&phased_recorder);
    Rng inputs(seed * 7919);
    for (int tick = 1; tick <= 300 && whole->State() == SessionState::Playing; ++tick) {
      const TickInput input = InputAt(inputs);
      REQUIRE(whole->StepTick(input) == Status::Ok);
      TickPhase ran{};
      for (int p = 0; p < kTickPhaseCount; ++p) {
        REQUIRE(phased->StepPhase(input, ran) == Status::Ok);
        REQUIRE(static_cast<int>(ran) == p);
        REQUIRE(phased->InsideTick() == (p + 1 < kTickPhaseCount));
      }
      REQUIRE(phased->World().Tick() == whole->World().Tick());
      REQUIRE(phased->StateHash() == whole->StateHash());
    }
    // Listeners hear each tick once, as it ends: the two recordings are the same.
    CHECK(WriteRecording(phased_recorder.Result()) == WriteRecording(whole_recorder.Result()));
    // A step back from inside a tick counts the tick under way as one.
    TickPhase ran{};
    REQUIRE(phased->StepPhase(TickInput{}, ran) == Status::Ok);
    REQUIRE(phased->StepPhase(TickInput{}, ran) == Status::Ok);
    REQUIRE(phased->InsideTick());
    const std::uint64_t before = whole->StateHash();
    std::string why;
    REQUIRE(phased->StepBack(1, why) == Status::Ok);
    CHECK_FALSE(phased->InsideTick());
    CHECK(phased->StateHash() == before);
  }
}

}  // namespace phase_step_test
