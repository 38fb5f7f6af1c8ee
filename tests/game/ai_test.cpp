// Monster AI: the named state machines, their cancellation and their revalidation.
#include "game/ai.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "game_test_support.h"

namespace ai_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

TEST_CASE("an awake monster that sees the player hunts it down and attacks", "[ai]") {
  TestWorld w(Level({"##########", "#@......g#", "##########"}));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  const EntityId player = world.PlayerEntity();
  bool approached = false, attacked = false;
  for (int i = 0; i < 200 && !attacked; ++i) {
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
    const EnemyAi* ai = world.Ais().Find(goblin);
    REQUIRE(ai != nullptr);
    if (ai->action == AiAction::Hunt && ai->phase == AiPhase::Approach) approached = true;
    for (const AttackEvent& attack : world.Attacks().Events())
      if (attack.attacker == goblin && attack.target == player) attacked = true;
  }
  CHECK(approached);
  CHECK(attacked);
  CHECK(world.Ais().Find(goblin)->target == player);
}

TEST_CASE("a sleeping monster stays asleep out of sight, and wakes to noise", "[ai]") {
  // Every second monster sleeps: the rat (first) is awake, the goblin (second) asleep. Walls
  // keep the goblin out of the player's view.
  TestWorld w(Level({"############", "#@.r#######g", "############"}, true));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  REQUIRE(world.Ais().Find(goblin)->phase == AiPhase::Asleep);
  for (int i = 0; i < 50; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(world.Ais().Find(goblin)->phase == AiPhase::Asleep);
  // Noise next to it, tick after tick, wakes it.
  for (int i = 0; i < 300 && world.Ais().Find(goblin)->action == AiAction::Idle; ++i) {
    REQUIRE(world.Noises().Push(NoiseEvent{{}, Position{11, 1}, 3}) == Status::Ok);
    REQUIRE(w.Tick() == Status::Ok);
  }
  CHECK(world.Ais().Find(goblin)->action != AiAction::Idle);
}

TEST_CASE("cancelling clears the action's intent exactly once", "[ai]") {
  TestWorld w(Level({"#####", "#@g.#", "#####"}));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  EnemyAi& ai = *world.MutableAis().Find(goblin);
  Intent& intent = *world.MutableIntents().Find(goblin);
  EnterPhase(world, goblin, ai, AiPhase::Attack, AiReason::None, world.PlayerEntity());
  intent = Intent{ActionKind::Attack, 0, 0, ai.action_revision, world.PlayerEntity()};
  const std::uint32_t revision = ai.action_revision;
  CancelAction(world, goblin, ai, CancelReason::Hurt);
  CHECK(intent.kind == ActionKind::None);
  CHECK(ai.action_revision == revision + 1);
  CHECK(ai.last_cancel == CancelReason::Hurt);
  // A new action's intent survives a second cancellation of the old one: only an intent issued
  // under the current revision is cleared.
  intent = Intent{ActionKind::Wait, 0, 0, revision, {}};
  CancelAction(world, goblin, ai, CancelReason::Blocked);
  CHECK(intent.kind == ActionKind::Wait);
  CHECK(ai.last_cancel == CancelReason::Blocked);
}

TEST_CASE("destroying the target of a pending AI action cancels the action", "[ai]") {
  TestWorld w(Level({"#####", "#@g.#", "#####"}));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  const EntityId player = world.PlayerEntity();
  {
    EnemyAi& ai = *world.MutableAis().Find(goblin);
    EnterPhase(world, goblin, ai, AiPhase::Attack, AiReason::None, player);
    *world.MutableIntents().Find(goblin) =
        Intent{ActionKind::Attack, 0, 0, ai.action_revision, player};
    ai.wake_tick = 0;
  }
  const std::uint32_t revision = world.Ais().Find(goblin)->action_revision;
  // The player is destroyed while the attack is pending.
  BeginTickPhase(world);
  REQUIRE(world.QueueDestroy(player) == Status::Ok);
  AiDecisionPhase(world, w.scratch);
  const EnemyAi& ai = *world.Ais().Find(goblin);
  CHECK(ai.last_cancel == CancelReason::TargetGone);
  CHECK(ai.action == AiAction::Wander);
  CHECK(ai.action_revision > revision);
  CHECK(world.Intents().Find(goblin)->kind != ActionKind::Attack);
  CHECK(world.Counters().stale_rejected >= 1);
}

TEST_CASE("a coward flees when hurt and turns to fight when cornered", "[ai]") {
  TestWorld w(Level({"##########", "#@g......#", "##########"}));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  world.MutableHealths().Find(goblin)->current = 1;  // well under its flee threshold
  EnemyAi& ai = *world.MutableAis().Find(goblin);
  EnterPhase(world, goblin, ai, AiPhase::Recover, AiReason::None, world.PlayerEntity());
  ai.alertness = 150;
  REQUIRE(w.Tick() == Status::Ok);
  CHECK(world.Ais().Find(goblin)->action == AiAction::Flee);
  CHECK(world.Ais().Find(goblin)->last_cancel == CancelReason::Hurt);
  for (int i = 0; i < 60; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(world.Positions().Find(goblin)->x == 8);  // it ran to the far end
}

// The flee field covers the cells within TickScratch::kFleeReach of the player (decision 0035): a
// coward in a long corridor runs to that far end of it, and no further.
TEST_CASE("a coward flees as far as its field reaches, and no further", "[ai]") {
  constexpr std::int32_t kLength = 3 * TickScratch::kFleeReach;
  const std::string wall(kLength, '#');
  const std::string corridor = "#@g" + std::string(kLength - 4, '.') + "#";
  TestWorld w(Level({wall, corridor, wall}));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  world.MutableHealths().Find(goblin)->current = 1;
  world.MutableHealths().Find(goblin)->max = 1000;  // it stays hurt for the whole run
  EnemyAi& ai = *world.MutableAis().Find(goblin);
  EnterPhase(world, goblin, ai, AiPhase::Recover, AiReason::None, world.PlayerEntity());
  ai.alertness = 150;
  std::int32_t furthest = 0;
  for (int i = 0; i < 40 * TickScratch::kFleeReach; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    furthest = std::max(furthest, world.Positions().Find(goblin)->x);
  }
  CHECK(world.Ais().Find(goblin)->action == AiAction::Flee);
  CHECK(furthest == 1 + TickScratch::kFleeReach);
  CHECK(world.Positions().Find(goblin)->x == 1 + TickScratch::kFleeReach);
  CHECK(w.scratch.flee_window.width == TickScratch::kFleeReach + 2);  // x 0 to kFleeReach + 1
}

// A coward the field does not reach has no downhill: stepping into the field would be stepping
// toward the player, so it keeps still.
TEST_CASE("a coward beyond its field's reach keeps still", "[ai]") {
  constexpr std::int32_t kLength = 3 * TickScratch::kFleeReach;
  constexpr std::int32_t kBeyond = 2 + TickScratch::kFleeReach;  // one cell past the field
  const std::string wall(kLength, '#');
  std::string corridor = "#@" + std::string(kLength - 3, '.') + "#";
  corridor[kBeyond] = 'g';
  TestWorld w(Level({wall, corridor, wall}));
  GameWorld& world = *w;
  const EntityId goblin = w.Monster("goblin");
  REQUIRE(world.Positions().Find(goblin)->x == kBeyond);
  world.MutableHealths().Find(goblin)->current = 1;
  world.MutableHealths().Find(goblin)->max = 1000;
  EnemyAi& ai = *world.MutableAis().Find(goblin);
  EnterPhase(world, goblin, ai, AiPhase::Recover, AiReason::None, world.PlayerEntity());
  ai.alertness = 150;
  bool fled = false;
  for (int i = 0; i < 200; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    fled = fled || world.Ais().Find(goblin)->action == AiAction::Flee;
    REQUIRE(world.Positions().Find(goblin)->x == kBeyond);
  }
  CHECK(fled);
}

TEST_CASE("the AI's names are printable", "[ai]") {
  CHECK(std::string(AiPhaseName(AiPhase::SelectTarget)) == "select-target");
  CHECK(std::string(AiActionName(AiAction::Flee)) == "flee");
  CHECK(std::string(CancelReasonName(CancelReason::TargetGone)) == "target-gone");
  CHECK(std::string(StepResultName(StepResult::Cancelled)) == "cancelled");
  CHECK(std::string(AiProfileName(AiProfile::Pack)) == "pack");
}

}  // namespace ai_test
