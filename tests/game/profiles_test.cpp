// The behaviour profiles of the deeper dungeon, each on a small map: a summoner calls its kin and
// then waits out its cooldown, a blinker leaps to the player's side, a lurker stays hidden (and
// deaf) until the player comes within its sight, a breather strikes everyone on its line, an
// erratic flier does not always close in.
#include <catch2/catch.hpp>

#include "game/actions.h"
#include "game/rules.h"
#include "game_test_support.h"

namespace profiles_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

std::int32_t CountOf(const GameWorld& world, std::string_view kind) {
  std::int32_t count = 0;
  for (const EnemyAi& ai : world.Ais().Values())
    count += world.Definitions().monsters[ai.kind].id == kind ? 1 : 0;
  return count;
}

std::int32_t Notices(const GameWorld& world, NoticeKind kind) {
  std::int32_t count = 0;
  for (const NoticeEvent& n : world.Notices().Events()) count += n.kind == kind ? 1 : 0;
  return count;
}

// Ticks pass with the player waiting, `turns` turns; the notices of `kind` are counted as they
// come (each tick's events are gone by the next).
std::int32_t WaitCounting(TestWorld& w, std::int32_t turns, NoticeKind kind) {
  std::int32_t seen = 0;
  for (std::int32_t i = 0; i < turns * kNormalActionTicks; ++i) {
    const Player* player = w->Players().Find(w->PlayerEntity());
    const bool due = player != nullptr && w->Tick() + 1 >= player->next_tick;
    REQUIRE(w.Tick(due ? PlayerCommand{PlayerCommandKind::Wait} : PlayerCommand{}) == Status::Ok);
    seen += Notices(*w, kind);
  }
  return seen;
}

Position PositionOf(TestWorld& w, EntityId id) {
  const Position* p = w->Positions().Find(id);
  REQUIRE(p != nullptr);
  return *p;
}

}  // namespace

TEST_CASE("a summoner calls its kin beside it, then waits out its cooldown", "[profiles]") {
  TestWorld w(Level({"###########", "#@.......n#", "#.........#", "###########"}));
  const EntityId caller = w.Monster("bone-caller");
  REQUIRE_FALSE(caller.IsNull());
  const MonsterDefinition& kind = *w->Definitions().FindMonster("bone-caller");
  REQUIRE(kind.summon_count > 0);
  REQUIRE(CountOf(*w, "skeleton") == 0);
  // Within a few turns it sees the player and calls: its kind's count of skeletons appear
  // beside it, hunting.
  std::int32_t calls = 0;
  for (int tick = 0; tick < 40 && calls == 0; ++tick) {
    REQUIRE(w.Tick() == Status::Ok);
    calls = Notices(*w, NoticeKind::Summoned);
  }
  REQUIRE(calls == 1);
  CHECK(CountOf(*w, "skeleton") == kind.summon_count);
  for (EntityId id : w->Ais().Owners()) {
    const EnemyAi& ai = *w->Ais().Find(id);
    if (w->Definitions().monsters[ai.kind].id != "skeleton") continue;
    CHECK(ChebyshevDistance(PositionOf(w, id), PositionOf(w, caller)) == 1);
    CHECK(ai.alertness >= kAlertnessToHunt);
  }
  // No second call before its cooldown has passed.
  const std::int32_t before = CountOf(*w, "skeleton");
  const std::int32_t early = WaitCounting(w, kind.cooldown - 5, NoticeKind::Summoned);
  CHECK(early == 0);
  CHECK(CountOf(*w, "skeleton") <= before);
}

TEST_CASE("a summoner calls no more than kMaxSummoned of a kind to a floor", "[profiles]") {
  TestWorld w(
      Level({"#############", "#@.........n#", "#...........#", "#...........#", "#############"}));
  const EntityId player = w->PlayerEntity();
  w->MutableHealths().Find(player)->current = 10000;  // it must outlast every call
  w->MutableHealths().Find(player)->max = 10000;
  (void)WaitCounting(w, 200, NoticeKind::Summoned);
  CHECK(CountOf(*w, "skeleton") <= kMaxSummoned);
  CHECK(CountOf(*w, "skeleton") > 2);
}

TEST_CASE("a blinker leaps from afar to the player's side", "[profiles]") {
  TestWorld w(Level({"############", "#@........S#", "############"}));
  const EntityId spider = w.Monster("phase-spider");
  REQUIRE_FALSE(spider.IsNull());
  REQUIRE(ChebyshevDistance(PositionOf(w, spider), PositionOf(w, w->PlayerEntity())) == 9);
  // Out of its range (6) it walks; once within it, it blinks beside the player in one action.
  std::int32_t blinks = 0;
  for (int turn = 0; turn < 8 && blinks == 0; ++turn)
    blinks += WaitCounting(w, 1, NoticeKind::Blinked);
  CHECK(blinks == 1);
  CHECK(ChebyshevDistance(PositionOf(w, spider), PositionOf(w, w->PlayerEntity())) == 1);
}

TEST_CASE("a lurker hides, deaf to noise, until the player comes within its sight", "[profiles]") {
  TestWorld w(Level({"###########", "#@.......L#", "###########"}));
  const EntityId lurker = w.Monster("cave-lurker");
  REQUIRE_FALSE(lurker.IsNull());
  REQUIRE(w->Ais().Find(lurker)->phase == AiPhase::Asleep);
  CHECK(Concealed(*w, lurker));
  // A fight's noise nearby would wake any other sleeper: not a lurker.
  REQUIRE(w->Emit(w->Noises(), NoiseEvent{w->PlayerEntity(), PositionOf(w, lurker), 6}));
  (void)WaitCounting(w, 3, NoticeKind::Woke);
  CHECK(w->Ais().Find(lurker)->phase == AiPhase::Asleep);
  CHECK(Concealed(*w, lurker));
  // The player walks up; within two cells it springs, and is seen.
  std::int32_t woke = 0;
  for (int step = 0; step < 7 && woke == 0; ++step) {
    REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Move, 1, 0}));
    woke += Notices(*w, NoticeKind::Woke);
  }
  CHECK(woke == 1);
  CHECK(ChebyshevDistance(PositionOf(w, lurker), PositionOf(w, w->PlayerEntity())) <= 2);
  CHECK_FALSE(Concealed(*w, lurker));
}

TEST_CASE("a breather's breath strikes everyone on its line", "[profiles]") {
  // The drake, the player, and a rat behind the player on the same row.
  TestWorld w(Level({"##########", "#.r@...d.#", "##########"}));
  const EntityId drake = w.Monster("lesser-drake");
  const EntityId rat = w.Monster("rat");
  REQUIRE_FALSE(drake.IsNull());
  REQUIRE_FALSE(rat.IsNull());
  w->MutableHealths().Find(rat)->current = 100;  // it must live to show the wound
  w->MutableHealths().Find(rat)->max = 100;
  w->MutableHealths().Find(w->PlayerEntity())->current = 1000;
  w->MutableHealths().Find(w->PlayerEntity())->max = 1000;
  // Breath is spell-like (85% to hit each); wait until one breath has struck both.
  bool both = false;
  for (int turn = 0; turn < 40 && !both; ++turn) {
    REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
    both = w->Healths().Find(rat)->current < 100 &&
           w->Healths().Find(w->PlayerEntity())->current < 1000;
    // The drake must not close in and bite instead: keep it where it breathes from.
    *w->MutablePositions().Find(drake) = Position{7, 1};
    w->RebuildOccupancy();
  }
  CHECK(both);
}

TEST_CASE("an erratic flier does not always close in", "[profiles]") {
  TestWorld w(Level({"#################", "#...............#", "#.......@.......#",
                     "#...............#", "#b..............#", "#################"}));
  const EntityId bat = w.Monster("vampire-bat");
  REQUIRE_FALSE(bat.IsNull());
  w->MutableHealths().Find(w->PlayerEntity())->current = 1000;
  w->MutableHealths().Find(w->PlayerEntity())->max = 1000;
  // Over many of its steps, some take it farther from the player than it was.
  std::int32_t away = 0;
  for (int turn = 0; turn < 60; ++turn) {
    const std::int32_t before =
        ChebyshevDistance(PositionOf(w, bat), PositionOf(w, w->PlayerEntity()));
    REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
    if (!w->Registry().IsActive(bat)) break;
    away += ChebyshevDistance(PositionOf(w, bat), PositionOf(w, w->PlayerEntity())) > before;
  }
  CHECK(away > 0);
  // And it is faster than the player: two actions to the player's one.
  CHECK(w->Definitions().FindMonster("vampire-bat")->combat.speed < kNormalActionTicks);
}

}  // namespace profiles_test

namespace profiles_test {

TEST_CASE("a breath passes over one who died earlier in the phase", "[profiles]") {
  TestWorld w(Level({"##########", "#.r@...d.#", "##########"}));
  const EntityId drake = w.Monster("lesser-drake");
  const EntityId rat = w.Monster("rat");
  const EntityId player = w->PlayerEntity();
  w->MutableHealths().Find(player)->current = 1000;
  w->MutableHealths().Find(player)->max = 1000;
  BeginTickPhase(*w);
  w->SetPhase(TickPhase::ResolveGameplay);
  Kill(*w, rat, player, DeathCause::Attack, AttackKind::Melee);  // its cell is held until commit
  REQUIRE_FALSE(w->Registry().IsActive(rat));
  REQUIRE(w->OccupantAt(2, 1) == rat);
  Intent breath{ActionKind::Breathe, 0, 0, 0, player, {}};
  ResolveBreathe(*w, w.scratch, drake, breath);
  std::int32_t on_rat = 0;
  for (const AttackEvent& a : w->Attacks().Events()) on_rat += a.target == rat ? 1 : 0;
  CHECK(on_rat == 0);
}

TEST_CASE("a blink never lands on a cell a spawn of the same phase took", "[profiles]") {
  TestWorld w(Level({"#######", "#.....#", "#.@...#", "#.....#", "#....S#", "#######"}));
  const EntityId spider = w.Monster("phase-spider");
  const Position at = *w->Positions().Find(w->PlayerEntity());
  Position first{};
  REQUIRE(BlinkCell(*w, w.scratch, *w->Positions().Find(spider), at, 6, first));
  w.scratch.reserved.push_back(first);  // a split or a call took it
  Position second{};
  REQUIRE(BlinkCell(*w, w.scratch, *w->Positions().Find(spider), at, 6, second));
  CHECK((second.x != first.x || second.y != first.y));
}

}  // namespace profiles_test
