// The quiver (what f fires, and what it falls back to) and autopickup (what walking onto an item
// picks up, by class, with weapons and armour only of a new kind), as the tick carries them out.
#include <catch2/catch.hpp>

#include "game/actions.h"
#include "game/rules.h"
#include "game_test_support.h"

namespace quiver_autopickup_test {

using namespace cairn;
using namespace cairn::test;

namespace {

const ItemDefinition& Kind(const GameWorld& world, const Item& item) {
  return world.Definitions().items[item.kind];
}

std::uint16_t KindIndex(std::string_view id) {
  const ItemDefinition* kind = Definitions()->FindItem(id);
  REQUIRE(kind != nullptr);
  return Definitions()->ItemIndex(*kind);
}

// The notices of the tick just run, of one kind.
std::vector<NoticeEvent> Notices(const GameWorld& world, NoticeKind kind) {
  std::vector<NoticeEvent> found;
  for (const NoticeEvent& n : world.Notices().Events())
    if (n.kind == kind) found.push_back(n);
  return found;
}

// How many items of kind `id` lie at (x, y).
int LyingAt(const GameWorld& world, std::string_view id, std::int32_t x, std::int32_t y) {
  int count = 0;
  for (EntityId item : world.Items().Owners()) {
    const Position* p = world.Positions().Find(item);
    if (p != nullptr && p->x == x && p->y == y && world.Registry().IsActive(item) &&
        Kind(world, *world.Items().Find(item)).id == id)
      ++count;
  }
  return count;
}

// The player's entity in `level` (its index among the level's entities).
LevelEntity& PlayerOf(LevelDefinition& level) {
  for (LevelEntity& e : level.entities)
    if (e.components.Has<Player>()) return e;
  FAIL("no player");
  return level.entities.front();
}

}  // namespace

TEST_CASE("f fires the quivered kind; with none quivered or none left the first, said when left",
          "[quiver]") {
  // A sleeping ogre to aim at: it outlives every missile thrown here.
  LevelDefinition level = Level({"##########", "#@......O#", "##########"}, true);
  AddItem(level, "javelins", {0, 0}, 'a', 2);
  AddItem(level, "darts", {0, 0}, 'b', 5);
  TestWorld w(level);
  const EntityId player = w->PlayerEntity();
  REQUIRE(w->Quivers().Find(player)->filled == 0);
  CHECK(FireChoice(*w, player) == CarriedItem(*w, player, 'a'));  // nothing quivered: the first

  // The first f fills the quiver with the first missile by letter, which the pack already showed
  // as quivered: nothing to say.
  REQUIRE(w.Act({PlayerCommandKind::Fire}));
  CHECK(w.Carried('a')->quantity == 1);
  CHECK(Notices(*w, NoticeKind::Quivered).empty());
  CHECK(Quivered(*w, player, KindIndex("javelins")));

  // v chooses the darts: no turn, no intent; f then fires darts.
  w.Tick();
  const std::int32_t turns = w->Players().Find(player)->turns;
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Quiver, 'b')));
  CHECK(Quivered(*w, player, KindIndex("darts")));
  CHECK(w->Players().Find(player)->next_tick <= w->Tick() + 1);  // the player may act next tick
  CHECK(w->Players().Find(player)->turns == turns);              // not a turn
  CHECK(w->Intents().Find(player)->kind == ActionKind::None);
  REQUIRE(Notices(*w, NoticeKind::Quivered).size() == 1);
  CHECK_FALSE(w.Act(ItemCommand(PlayerCommandKind::Quiver, 'b')));
  CHECK(w.refusal == "Your darts are already quivered.");
  REQUIRE(w.Act({PlayerCommandKind::Fire}));
  CHECK(w.Carried('b')->quantity == 4);
  CHECK(w.Carried('a')->quantity == 1);
  CHECK(Notices(*w, NoticeKind::Quivered).empty());  // the quiver held darts: nothing to say

  // t quivers a missile it throws: javelins again, the last one.
  w.Tick();
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Throw, 'a')));
  CHECK(Quivered(*w, player, KindIndex("javelins")));
  w.Tick();
  CHECK(w.Carried('a') == nullptr);
  // None of the quivered kind left: f takes the darts and says which kind ran out.
  REQUIRE(w.Act({PlayerCommandKind::Fire}));
  const auto said = Notices(*w, NoticeKind::Quivered);
  REQUIRE(said.size() == 1);
  CHECK(said[0].value == KindIndex("javelins") + 1);
  CHECK(w.Carried('b')->quantity == 3);
  CHECK(Quivered(*w, player, KindIndex("darts")));
}

TEST_CASE("f with no missile is refused at no cost; v takes missiles only", "[quiver]") {
  LevelDefinition level = Level({"#######", "#@...O#", "#######"}, true);
  AddItem(level, "potion-healing", {0, 0}, 'a');
  AddItem(level, "dagger", {0, 0}, 'b');
  TestWorld w(level);
  const std::int64_t before = w->Tick();
  CHECK_FALSE(w.Act({PlayerCommandKind::Fire}));
  CHECK(w.refusal == "You have nothing to fire.");
  CHECK(w->Tick() == before);
  CHECK(FireChoice(*w, w->PlayerEntity()).IsNull());
  CHECK_FALSE(w.Act(ItemCommand(PlayerCommandKind::Quiver, 'a')));
  CHECK(w.refusal == "You can only fire missiles, like darts and javelins.");
  CHECK_FALSE(w.Act(ItemCommand(PlayerCommandKind::Quiver, 'z')));
  CHECK(w.refusal == "You have no item 'z'.");
  // Throwing something that is not a missile leaves the quiver alone.
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Throw, 'a')));
  CHECK(w->Quivers().Find(w->PlayerEntity())->filled == 0);
  // A missile with no one in view: f aims at nothing.
  LevelDefinition empty = Level({"#####", "#@..#", "#####"});
  AddItem(empty, "darts", {0, 0}, 'a', 3);
  TestWorld alone(empty);
  CHECK_FALSE(alone.Act({PlayerCommandKind::Fire}));
  CHECK(alone.refusal == "There is nothing in view to aim at.");
}

TEST_CASE("walking onto items picks up what the rule wants, as part of the step", "[autopickup]") {
  // A potion, two long swords on one cell, then a dagger (carried already) and leather armour.
  LevelDefinition level = Level({"#########", "#@......#", "#########"});
  AddItem(level, "dagger", {0, 0}, 'a');
  AddItem(level, "potion-healing", {2, 1});
  AddItem(level, "sword", {3, 1});
  AddItem(level, "sword", {3, 1});
  AddItem(level, "dagger", {4, 1});
  AddItem(level, "leather-armour", {5, 1});
  TestWorld w(level);
  const EntityId player = w->PlayerEntity();

  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  const std::int64_t acted = w->Tick();
  CHECK(w->Players().Find(player)->next_tick == acted + kNormalActionTicks);  // a step's time
  REQUIRE(Notices(*w, NoticeKind::PickedUp).size() == 1);
  w.Tick();  // the commit has taken it off the floor
  REQUIRE(w.Carried('b') != nullptr);
  CHECK(Kind(*w, *w.Carried('b')).id == "potion-healing");
  CHECK(LyingAt(*w, "potion-healing", 2, 1) == 0);

  // Two swords of a kind not carried: the first is taken, the second stays (no duplicates).
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  REQUIRE(w.Carried('c') != nullptr);
  CHECK(Kind(*w, *w.Carried('c')).id == "sword");
  CHECK(w.Carried('d') == nullptr);
  CHECK(LyingAt(*w, "sword", 3, 1) == 1);

  // A dagger is carried already: it stays. Leather armour is new (none carried): taken.
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  CHECK(LyingAt(*w, "dagger", 4, 1) == 1);
  CHECK(w.Carried('d') == nullptr);
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  REQUIRE(w.Carried('d') != nullptr);
  CHECK(Kind(*w, *w.Carried('d')).id == "leather-armour");
  CHECK(w->Inventories().Find(player)->count == 4);

  // What the player drops stays down when walked onto again.
  REQUIRE(w.Act(ItemCommand(PlayerCommandKind::Drop, 'b')));
  w.Tick();
  REQUIRE(w.Act({PlayerCommandKind::Move, -1, 0}));
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  CHECK(w.Carried('b') == nullptr);
  CHECK(LyingAt(*w, "potion-healing", 5, 1) == 1);
  // g still takes it.
  REQUIRE(w.Act({PlayerCommandKind::PickUp}));
  w.Tick();
  CHECK(w.Carried('b') != nullptr);
}

TEST_CASE("a stack walked onto joins the one carried; a full pack says so and takes nothing",
          "[autopickup]") {
  LevelDefinition level = Level({"######", "#@...#", "######"});
  AddItem(level, "darts", {0, 0}, 'a', 3);
  AddItem(level, "darts", {2, 1}, 0, 4);
  AddItem(level, "ration", {3, 1});
  PlayerOf(level).components.inventory.capacity = 1;
  TestWorld w(level);
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  CHECK(w.Carried('a')->quantity == 7);  // joined: no new letter, room not needed
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  CHECK(Notices(*w, NoticeKind::InventoryFull).size() == 1);
  w.Tick();
  CHECK(LyingAt(*w, "ration", 3, 1) == 1);
}

TEST_CASE("autopickup off takes nothing; the toggle takes no turn", "[autopickup]") {
  LevelDefinition level = Level({"#####", "#@..#", "#####"});
  AddItem(level, "potion-healing", {2, 1});
  AddItem(level, "scroll-identify", {3, 1});
  TestWorld w(level);
  const EntityId player = w->PlayerEntity();
  const std::int32_t turns = w->Players().Find(player)->turns;
  REQUIRE(w.Act({PlayerCommandKind::AutoPickup}));
  CHECK(w->AutoPickups().Find(player)->enabled == 0);
  CHECK(w->Players().Find(player)->turns == turns);
  CHECK(w->Players().Find(player)->next_tick <= w->Tick() + 1);
  auto said = Notices(*w, NoticeKind::AutoPickupToggled);
  REQUIRE(said.size() == 1);
  CHECK(said[0].value == 0);
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  CHECK(w.Carried('a') == nullptr);
  CHECK(LyingAt(*w, "potion-healing", 2, 1) == 1);
  // On again: the next step takes the scroll.
  REQUIRE(w.Act({PlayerCommandKind::AutoPickup}));
  CHECK(Notices(*w, NoticeKind::AutoPickupToggled).at(0).value == 1);
  REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
  w.Tick();
  REQUIRE(w.Carried('a') != nullptr);
  CHECK(Kind(*w, *w.Carried('a')).id == "scroll-identify");
}

TEST_CASE("the rule is the player's: classes always, new or never", "[autopickup]") {
  LevelDefinition level = Level({"#######", "#@....#", "#######"});
  AddItem(level, "dagger", {0, 0}, 'a');
  AddItem(level, "potion-healing", {2, 1});
  AddItem(level, "dagger", {3, 1});
  AddItem(level, "ration", {4, 1});
  AutoPickup rule;
  SetRule(rule, ItemCategory::Potion, PickupRule::Never);
  SetRule(rule, ItemCategory::Weapon, PickupRule::Always);
  SetRule(rule, ItemCategory::Food, PickupRule::New);
  CHECK(RuleOf(rule, ItemCategory::Potion) == PickupRule::Never);
  CHECK(RuleOf(rule, ItemCategory::Weapon) == PickupRule::Always);
  CHECK(RuleOf(rule, ItemCategory::Scroll) == PickupRule::Always);  // untouched: the default's
  CHECK(RuleOf(rule, ItemCategory::Armour) == PickupRule::New);
  PlayerOf(level).components.Set(rule);
  TestWorld w(level);
  for (int step = 0; step < 3; ++step) {
    REQUIRE(w.Act({PlayerCommandKind::Move, 1, 0}));
    w.Tick();
  }
  CHECK(LyingAt(*w, "potion-healing", 2, 1) == 1);  // never
  CHECK(LyingAt(*w, "dagger", 3, 1) == 0);          // always, a second dagger too
  CHECK(LyingAt(*w, "ration", 4, 1) == 0);          // new: none carried
  CHECK(w->Inventories().Find(w->PlayerEntity())->count == 3);
  // A player without the component (a level's own, an old save's) has the default rule.
  CHECK(AutoPickupOf(*w, EntityId{}) == AutoPickup{});
  CHECK(AutoPickup{}.enabled == 1);
}

TEST_CASE("g takes what autopickup wants first; the map remembers only what it wants",
          "[autopickup]") {
  // Standing on an older second dagger and a potion (no step: nothing was picked up).
  LevelDefinition level = Level({"########", "#@.....#", "########"});
  AddItem(level, "dagger", {0, 0}, 'a');
  AddItem(level, "dagger", {1, 1});
  AddItem(level, "potion-healing", {1, 1});
  AddItem(level, "dagger", {5, 1});
  AddItem(level, "scroll-identify", {6, 1});
  TestWorld w(level);
  CHECK_FALSE(w->Map().ItemRemembered(5, 1));  // a dagger: carried already
  CHECK(w->Map().ItemRemembered(6, 1));        // a scroll: wanted
  REQUIRE(w.Act({PlayerCommandKind::PickUp}));
  w.Tick();
  REQUIRE(w.Carried('b') != nullptr);
  CHECK(Kind(*w, *w.Carried('b')).id == "potion-healing");
  REQUIRE(w.Act({PlayerCommandKind::PickUp}));  // then the rest, as before
  w.Tick();
  CHECK(Kind(*w, *w.Carried('c')).id == "dagger");
}

}  // namespace quiver_autopickup_test
