// Each phase writes only what its system declares (systems.h: kPhaseAccess). Builds with
// assertions check it after every phase of every tick; this suite checks it in every build type,
// and that the check names what it catches.
#include "game/declared_writes.h"

#include <catch2/catch.hpp>

#include "game/tick.h"
#include "game_test_support.h"

namespace declared_writes_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

TEST_CASE("a write or a command a phase does not declare is named", "[tick][systems]") {
  TestWorld w(Level({"######", "#@.r>#", "######"}));
  const EntityId stairs = w->StairsPool().Owners()[0];
  const PoolFingerprints before = FingerprintPools(*w);
  CHECK(UndeclaredWrite(*w, TickPhase::Ai, before, 0).empty());
  w->MutableStairsPool().Find(stairs)->direction = -w->MutableStairsPool().Find(stairs)->direction;
  CHECK(UndeclaredWrite(*w, TickPhase::Ai, before, 0) ==
        "AI wrote stairs, which kPhaseAccess does not declare it writes");
  CHECK(UndeclaredWrite(*w, TickPhase::Commit, before, 0).empty());  // Commit declares every pool

  // A health written in ResolveGameplay is declared; in Movement it is not.
  const PoolFingerprints again = FingerprintPools(*w);
  w->MutableHealths().Find(w->PlayerEntity())->current -= 1;
  CHECK(UndeclaredWrite(*w, TickPhase::ResolveGameplay, again, 0).empty());
  CHECK(UndeclaredWrite(*w, TickPhase::Movement, again, 0) ==
        "Movement wrote health, which kPhaseAccess does not declare it writes");
}

TEST_CASE("every phase of a fight keeps to what it declares", "[tick][systems]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    INFO("seed " << seed);
    TestWorld w(Level({"########", "#@.rj..#", "#..g...#", "#.....>#", "########"}),
                WorldLimits::Uniform(64), seed);
    const PlayerCommand moves[] = {{PlayerCommandKind::Move, 1, 0},
                                   {PlayerCommandKind::Move, 1, 1},
                                   {PlayerCommandKind::Wait},
                                   {PlayerCommandKind::Move, 0, 1}};
    for (int tick = 0; tick < 60 && !w->PlayerEntity().IsNull(); ++tick) {
      TickRunner runner(*w, w.scratch, TickInput{moves[tick % 4]});
      REQUIRE(runner.Start() == Status::Ok);
      while (!runner.Finished()) {
        const TickPhase phase = runner.Next();
        const PoolFingerprints before = FingerprintPools(*w);
        const std::size_t queued = w->QueuedCommands().size();
        REQUIRE(runner.RunNext() == Status::Ok);
        INFO("tick " << w->Tick() << " " << TickPhaseName(phase));
        CHECK(UndeclaredWrite(*w, phase, before, queued).empty());
      }
    }
  }
}

}  // namespace declared_writes_test
