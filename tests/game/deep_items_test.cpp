// The deep edition's items, each on a small map: a staff spends a charge and wins it back by
// itself, heavy armour clanks and slows the step, a wand sends a monster away or makes it an ally,
// and the scrolls that recharge, wake the floor and call monsters do what they say.
#include <catch2/catch.hpp>

#include "game/actions.h"
#include "game/rules.h"
#include "game_test_support.h"

namespace deep_items_test {

using namespace cairn;
using namespace cairn::test;

namespace {

// Waits `turns` turns, counting the noises the player made (each tick's are gone by the next).
std::int32_t WaitTurns(TestWorld& w, std::int32_t turns) {
  for (std::int32_t i = 0; i < turns; ++i) REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  return turns;
}

bool PlayerNoise(const GameWorld& world, std::int32_t radius) {
  for (const NoiseEvent& noise : world.Noises().Events())
    if (noise.source == world.PlayerEntity() && noise.radius == radius) return true;
  return false;
}

}  // namespace

TEST_CASE("a staff spends a charge, then wins it back by itself, no more than it holds",
          "[items][staff]") {
  LevelDefinition level = Level({"##########", "#@.....o.#", "##########"});
  AddItem(level, "staff-firebolt", {0, 0}, 'a');
  TestWorld w(level);
  const ItemDefinition& kind = *Definitions()->FindItem("staff-firebolt");
  REQUIRE(kind.category == ItemCategory::Staff);
  REQUIRE(kind.recharge > 0);
  REQUIRE(w.Carried('a')->charges == kind.max_charges);
  const EntityId orc = w.Monster("orc");
  w->MutableHealths().Find(orc)->current = 500;  // it lives to be struck again
  w->MutableHealths().Find(orc)->max = 500;
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  CHECK(w.Carried('a')->charges == kind.max_charges - 1);
  CHECK(w->Healths().Find(orc)->current < 500);
  // Kept from the fight (the orc is moved far off and put to sleep), the player waits: within
  // `recharge` turns the charge is back, and it never goes past the staff's capacity.
  *w->MutablePositions().Find(orc) = Position{8, 1};
  w->RebuildOccupancy();
  w->MutableAis().Find(orc)->phase = AiPhase::Asleep;
  w->MutableAis().Find(orc)->alertness = -1000;
  w->MutableHealths().Find(w->PlayerEntity())->max = 10000;
  w->MutableHealths().Find(w->PlayerEntity())->current = 10000;
  // The charge comes back `recharge` turns after it was spent (the count starts at the next turn
  // of the clock), not sooner.
  const EntityId staff = CarriedItem(*w, w->PlayerEntity(), 'a');
  REQUIRE(w->Rechargings().Contains(staff));
  (void)WaitTurns(w, kind.recharge - 2);
  CHECK(w.Carried('a')->charges == kind.max_charges - 1);
  (void)WaitTurns(w, 2);
  CHECK(w.Carried('a')->charges == kind.max_charges);
  (void)WaitTurns(w, 1);
  CHECK_FALSE(w->Rechargings().Contains(staff));  // full: no count left
  (void)WaitTurns(w, kind.recharge + 1);
  CHECK(w.Carried('a')->charges == kind.max_charges);
  // The inventory says what it holds of what it can hold.
  CHECK(DescribeItem(*w, CarriedItem(*w, w->PlayerEntity(), 'a')).find("[2/2]") !=
        std::string::npos);
}

TEST_CASE("heavy armour clanks at every step, and banded mail slows it", "[items][armour]") {
  LevelDefinition level = Level({"##########", "#@.......#", "##########"});
  AddItem(level, "banded-mail", {0, 0}, 'a');
  AddItem(level, "leather-armour", {0, 0}, 'b');
  TestWorld w(level);
  const ItemDefinition& banded = *Definitions()->FindItem("banded-mail");
  REQUIRE(banded.noise > 0);
  REQUIRE(banded.move_speed > kNormalActionTicks);
  // Light armour: a quiet step of normal length.
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Equip, 'b')));
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Move, 1, 0}));
  CHECK_FALSE(PlayerNoise(*w, banded.noise));
  CHECK(StepTicks(*w, w->PlayerEntity()) == kNormalActionTicks);
  // Banded mail: the step is heard `noise` cells away and takes `move_speed` ticks; a blow or a
  // wait is no slower.
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Equip, 'a')));
  const std::int64_t due = w->Players().Find(w->PlayerEntity())->next_tick;
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Move, 1, 0}));
  CHECK(PlayerNoise(*w, banded.noise));
  CHECK(w->Players().Find(w->PlayerEntity())->next_tick - due == banded.move_speed);
  CHECK(ActorTicks(*w, w->PlayerEntity()) == kNormalActionTicks);
}

TEST_CASE("a wand of teleport other sends the monster it strikes far away", "[items][wand]") {
  LevelDefinition level = Level({"############################", "#@..o.....................#",
                                 "#..........................#", "############################"});
  AddItem(level, "wand-teleport-other", {0, 0}, 'a');
  TestWorld w(level);
  const EntityId orc = w.Monster("orc");
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  const Position* at = w->Positions().Find(orc);
  REQUIRE(at != nullptr);
  CHECK(ChebyshevDistance(*at, Position{4, 1}) >= 12);
  CHECK(w->OccupantAt(4, 1).IsNull());
  CHECK(w->OccupantAt(at->x, at->y) == orc);
}

TEST_CASE("a wand of domination makes a badly hurt monster an ally; the strongest resist",
          "[items][wand]") {
  LevelDefinition level = Level({"##########", "#@..o....#", "##########"});
  AddItem(level, "wand-domination", {0, 0}, 'a');
  TestWorld w(level);
  const EntityId orc = w.Monster("orc");
  w->MutableHealths().Find(orc)->current = 1;  // hurt past 90%: it yields
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  REQUIRE(w->Allies().Contains(orc));
  CHECK(w->Allies().Find(orc)->shackled == 0);
  CHECK(w->Ais().Find(orc)->phase == AiPhase::Follow);
  CHECK_FALSE(Hostile(*w, w->PlayerEntity(), orc));

  LevelDefinition strong = Level({"##########", "#@..o....#", "##########"});
  AddItem(strong, "wand-domination", {0, 0}, 'a');
  TestWorld v(strong);
  const EntityId giant = v.Monster("orc");
  v->MutableHealths().Find(giant)->max = 150;
  v->MutableHealths().Find(giant)->current = 1;
  REQUIRE(v.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  CHECK_FALSE(v->Allies().Contains(giant));
}

TEST_CASE("a scroll of recharging fills staffs and adds a charge to wands", "[items][scroll]") {
  LevelDefinition level = Level({"#######", "#@....#", "#######"});
  AddItem(level, "scroll-recharging", {0, 0}, 'a');
  AddItem(level, "staff-lightning", {0, 0}, 'b');
  AddItem(level, "wand-slow", {0, 0}, 'c');
  TestWorld w(level);
  w->MutableItems().Find(CarriedItem(*w, w->PlayerEntity(), 'b'))->charges = 0;
  const std::int16_t wand = w.Carried('c')->charges;
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  CHECK(w.Carried('b')->charges == Definitions()->FindItem("staff-lightning")->max_charges);
  CHECK(w.Carried('c')->charges == wand + 1);
}

TEST_CASE("a scroll of aggravate monsters wakes the whole floor", "[items][scroll]") {
  LevelDefinition level = Level({"##############################", "#@.........................o.#",
                                 "##############################"},
                                true);
  AddItem(level, "scroll-aggravate", {0, 0}, 'a');
  TestWorld w(level);
  for (EnemyAi& ai : w->MutableAis().MutableValues()) {
    ai.phase = AiPhase::Asleep;
    ai.alertness = 0;
  }
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  for (const EnemyAi& ai : w->Ais().Values()) CHECK(ai.alertness >= kAlertnessToHunt);
}

TEST_CASE("a scroll of summon monsters calls monsters of the floor to the reader",
          "[items][scroll]") {
  LevelDefinition level = Level({"#######", "#.....#", "#..@..#", "#.....#", "#######"});
  AddItem(level, "scroll-summon", {0, 0}, 'a');
  TestWorld w(level);
  REQUIRE(w->Ais().Size() == 0);
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Use, 'a')));
  CHECK(w->Ais().Size() >= 2);
  for (EntityId id : w->Ais().Owners()) {
    CHECK(ChebyshevDistance(*w->Positions().Find(id), Position{3, 2}) == 1);
    CHECK(w->Ais().Find(id)->alertness >= kAlertnessToHunt);
  }
}

TEST_CASE("every kind of the classic edition keeps its number in the newest", "[items][edition]") {
  const DefinitionSet& classic = *Definitions(kOldestDungeonRules);
  const DefinitionSet& newest = *Definitions();
  REQUIRE(classic.items.size() < newest.items.size());
  REQUIRE(classic.monsters.size() < newest.monsters.size());
  for (std::size_t i = 0; i < classic.items.size(); ++i)
    CHECK(newest.items[i].id == classic.items[i].id);
  for (std::size_t i = 0; i < classic.monsters.size(); ++i)
    CHECK(newest.monsters[i].id == classic.monsters[i].id);
  // And the newest meets what the deep edition promises.
  CHECK(newest.monsters.size() >= 25);
  CHECK(newest.items.size() >= 35);
  CHECK(DefaultDungeon()->floors == 15);
  CHECK(DefaultDungeon(kOldestDungeonRules)->floors == 10);
}

}  // namespace deep_items_test
