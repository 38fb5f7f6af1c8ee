// Allies (game/ai.h, ai_ally.cpp): a captive is freed by walking into it and then runs the ally
// machine (Follow -> SelectTarget -> Approach -> Attack -> Recover, Return when too far), fights
// the player's enemies and never the player, is struck by monsters it stands beside, swaps
// places with the player, and waits or follows at the player's word.
#include <catch2/catch.hpp>

#include "game/ai.h"
#include "game_test_support.h"

namespace ally_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

// The level's goblins made captives (shackled allies): what a generated floor places.
LevelDefinition WithCaptives(LevelDefinition level) {
  for (LevelEntity& entity : level.entities)
    if (entity.authored_id.rfind("goblin", 0) == 0) entity.components.Set(Ally{1});
  return level;
}

WorldLimits RoomyTrace() {
  WorldLimits limits = WorldLimits::Uniform(64);
  limits.trace = 8192;
  return limits;
}

PlayerCommand Move(std::int8_t dx, std::int8_t dy) {
  return PlayerCommand{PlayerCommandKind::Move, dx, dy};
}

// Whether the trace so far has `who` entering `phase`.
bool Entered(const GameWorld& world, EntityId who, AiPhase phase) {
  TraceEntry entry;
  for (std::uint64_t n = 0; world.Trace().Recent(n, entry); ++n)
    if (entry.event == TraceEvent::AiPhase && entry.a == who &&
        entry.detail[1] == static_cast<std::uint8_t>(phase))
      return true;
  return false;
}

// Whether any blow in the trace so far went from `a` to `b`.
bool Struck(const GameWorld& world, EntityId a, EntityId b) {
  TraceEntry entry;
  for (std::uint64_t n = 0; world.Trace().Recent(n, entry); ++n)
    if (entry.event == TraceEvent::Attacked && entry.a == a && entry.b == b) return true;
  return false;
}

}  // namespace

TEST_CASE("walking into a captive frees it, and it follows the player", "[ally]") {
  TestWorld w(WithCaptives(Level({"##########", "#@g......#", "#........#", "##########"})),
              RoomyTrace());
  const EntityId goblin = w.Monster("goblin");
  REQUIRE(w->Allies().Find(goblin)->shackled == 1);
  // A captive is no one's enemy: it does not act, and the nearest-enemy search passes it by.
  const AiPhase chained = w->Ais().Find(goblin)->phase;
  for (int i = 0; i < 20; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(w->Ais().Find(goblin)->phase == chained);
  CHECK(w->Positions().Find(goblin)->x == 2);
  CHECK(NearestVisibleHostile(*w, w.scratch.player_view, Position{1, 1}).IsNull());
  CHECK_FALSE(Hostile(*w, w->PlayerEntity(), goblin));

  REQUIRE(w.Act(Move(1, 0)));
  CHECK(w->Allies().Find(goblin)->shackled == 0);
  CHECK(w->Positions().Find(w->PlayerEntity())->x == 1);  // freeing is not a step
  CHECK(w->Ais().Find(goblin)->phase == AiPhase::Follow);
  CHECK(w->Ais().Find(goblin)->action == AiAction::Follow);
  CHECK_FALSE(Hostile(*w, w->PlayerEntity(), goblin));

  // It keeps within two steps of the player as the player walks away.
  for (int i = 0; i < 6; ++i) REQUIRE(w.Act(Move(1, 0)));
  for (int i = 0; i < 3; ++i) REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  const Position* p = w->Positions().Find(w->PlayerEntity());
  CHECK(ChebyshevDistance(*p, *w->Positions().Find(goblin)) <= 2);
}

TEST_CASE("an ally fights the player's enemies, never the player, and is fought", "[ally]") {
  TestWorld w(WithCaptives(Level({"###########", "#@g....r..#", "#.........#", "###########"})),
              RoomyTrace());
  const EntityId goblin = w.Monster("goblin");
  const EntityId rat = w.Monster("rat");
  REQUIRE(w.Act(Move(1, 0)));
  for (int i = 0; i < 60 && w->Registry().IsAlive(rat); ++i)
    REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  CHECK_FALSE(w->Registry().IsAlive(rat));
  CHECK(Struck(*w, goblin, rat));
  CHECK_FALSE(Struck(*w, goblin, w->PlayerEntity()));
  for (AiPhase phase : {AiPhase::Follow, AiPhase::SelectTarget, AiPhase::Approach, AiPhase::Attack,
                        AiPhase::Recover})
    CHECK(Entered(*w, goblin, phase));
}

TEST_CASE("a monster beside an ally strikes it", "[ally]") {
  TestWorld w(
      WithCaptives(Level({"#########", "#@.....r#", "#.......#", "#####g###", "#########"})),
      RoomyTrace());
  const EntityId goblin = w.Monster("goblin");
  const EntityId rat = w.Monster("rat");
  // Freed by hand, far from the player, the rat woken beside it.
  w->MutableAllies().Find(goblin)->shackled = 0;
  EnterPhase(*w, goblin, *w->MutableAis().Find(goblin), AiPhase::Follow, AiReason::Freed, {});
  *w->MutablePositions().Find(goblin) = Position{6, 2};
  w->RebuildOccupancy();
  w->MutableAis().Find(rat)->alertness = 200;
  for (int i = 0; i < 40; ++i) REQUIRE(w.Tick() == Status::Ok);
  CHECK(Struck(*w, rat, goblin));
}

TEST_CASE("an ally too far from the player goes back; the player swaps places with it", "[ally]") {
  TestWorld w(
      WithCaptives(Level({"##################", "#@g...............#", "##################"})),
      RoomyTrace());
  const EntityId goblin = w.Monster("goblin");
  REQUIRE(w.Act(Move(1, 0)));
  *w->MutablePositions().Find(goblin) = Position{16, 1};
  w->RebuildOccupancy();
  bool returned = false;
  for (int i = 0; i < 300; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    returned = returned || w->Ais().Find(goblin)->phase == AiPhase::Return;
  }
  CHECK(returned);
  CHECK(w->Ais().Find(goblin)->phase == AiPhase::Follow);
  const Position ally = *w->Positions().Find(goblin);
  CHECK(ChebyshevDistance(ally, *w->Positions().Find(w->PlayerEntity())) <= 2);
  // Walk into it: the two change places.
  while (ChebyshevDistance(*w->Positions().Find(goblin), *w->Positions().Find(w->PlayerEntity())) >
         1)
    REQUIRE(w.Act(Move(1, 0)));
  const Position before_player = *w->Positions().Find(w->PlayerEntity());
  const Position before_ally = *w->Positions().Find(goblin);
  REQUIRE(w.Act(Move(static_cast<std::int8_t>(before_ally.x - before_player.x), 0)));
  CHECK(w->Positions().Find(w->PlayerEntity())->x == before_ally.x);
  CHECK(w->Positions().Find(goblin)->x == before_player.x);
  CHECK(w->OccupantAt(before_player.x, before_player.y) == goblin);
}

TEST_CASE("told to wait, allies hold their post; told again, they follow", "[ally]") {
  TestWorld w(
      WithCaptives(Level({"##################", "#@g...............#", "##################"})),
      RoomyTrace());
  const EntityId goblin = w.Monster("goblin");
  CHECK_FALSE(w.Act(PlayerCommand{PlayerCommandKind::OrderAllies}));  // none freed yet
  CHECK(w.refusal == "You have no allies here to command.");
  REQUIRE(w.Act(Move(1, 0)));
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::OrderAllies}));
  CHECK(w->Allies().Find(goblin)->order == AllyOrder::Wait);
  const Position post = *w->Positions().Find(goblin);
  // Step around it and walk away: it stays where it was told.
  REQUIRE(w.Act(Move(1, 0)));  // a swap: the player passes it
  for (int i = 0; i < 8; ++i) REQUIRE(w.Act(Move(1, 0)));
  CHECK(ChebyshevDistance(*w->Positions().Find(goblin), post) <= 1);
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::OrderAllies}));
  CHECK(w->Allies().Find(goblin)->order == AllyOrder::Follow);
  for (int i = 0; i < 12; ++i) REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  CHECK(ChebyshevDistance(*w->Positions().Find(goblin), *w->Positions().Find(w->PlayerEntity())) <=
        2);
}

}  // namespace ally_test

namespace ally_test {

TEST_CASE("a hunter whose way to the player an ally blocks goes for the ally", "[ally]") {
  // A corridor: the player, a freed goblin holding its post, and far down a skeleton that hunts.
  TestWorld w(WithCaptives(Level({"################", "#@..g.........s#", "################"})),
              RoomyTrace());
  const EntityId goblin = w.Monster("goblin");
  const EntityId skeleton = w.Monster("skeleton");
  REQUIRE_FALSE(skeleton.IsNull());
  Ally& ally = *w->MutableAllies().Find(goblin);
  ally.shackled = 0;
  ally.order = AllyOrder::Wait;
  ally.post_x = 4;
  ally.post_y = 1;
  EnterPhase(*w, goblin, *w->MutableAis().Find(goblin), AiPhase::Follow, AiReason::Ordered, {});
  EnemyAi& hunter = *w->MutableAis().Find(skeleton);
  hunter.alertness = 200;
  EnterPhase(*w, skeleton, hunter, AiPhase::SelectTarget, AiReason::Noticed, w->PlayerEntity());
  w->MutableHealths().Find(goblin)->current = 500;  // it holds the corridor for the test's length
  w->MutableHealths().Find(goblin)->max = 500;
  for (int i = 0; i < 200; ++i) REQUIRE(w.Tick() == Status::Ok);
  // With no way past, it did not stand still at the corridor's end: it came and struck the ally
  // (which may have killed it since).
  CHECK(Struck(*w, skeleton, goblin));
}

}  // namespace ally_test
