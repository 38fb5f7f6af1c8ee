// Machines (game/machines.h), each on tests/levels/machines.toml, whose parts are wired by
// authored id: the lever opens and closes the portcullis, the plates drop a net, vent gas and
// ring the alarm, taking one altar treasure cages the rest, and every firing is traced as
// `triggered` with both ends. Monsters do not step on the plates.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "content/level_loader.h"
#include "game/machines.h"
#include "game/rules.h"
#include "game_test_support.h"

namespace machine_test {

using namespace cairn;
using cairn::test::TestWorld;

namespace {

LevelDefinition MachineHall() {
  std::ifstream in(CAIRN_SOURCE_DIR "/tests/levels/machines.toml", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  LevelDefinition level;
  std::vector<TextProblem> problems;
  REQUIRE(LoadLevelText(text.str(), *cairn::test::Definitions(), WorldLimits::Uniform(64), level,
                        problems));
  return level;
}

WorldLimits RoomyTrace() {
  WorldLimits limits = WorldLimits::Uniform(64);
  limits.trace = 8192;
  return limits;
}

// The entity the level file calls `id` (its Named name is shared, so by trigger and position).
EntityId At(const GameWorld& world, Position at, ComponentKind with) {
  for (EntityId id : world.Positions().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (p != nullptr && p->x == at.x && p->y == at.y && (world.ComponentsOf(id) & KindBit(with)))
      return id;
  }
  return {};
}

void Place(TestWorld& w, EntityId who, Position at) {
  *w->MutablePositions().Find(who) = at;
  w->RebuildOccupancy();
}

PlayerCommand Move(std::int8_t dx, std::int8_t dy) {
  return PlayerCommand{PlayerCommandKind::Move, dx, dy};
}

// The triggered entries of the trace so far: (trigger, target) pairs.
std::vector<std::pair<EntityId, EntityId>> Triggered(const GameWorld& world) {
  std::vector<std::pair<EntityId, EntityId>> out;
  TraceEntry entry;
  for (std::uint64_t n = 0; world.Trace().Recent(n, entry); ++n)
    if (entry.event == TraceEvent::Triggered) out.emplace_back(entry.a, entry.b);
  return out;
}

}  // namespace

TEST_CASE("a lever opens and closes the portcullis it is wired to", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId lever = At(*w, {3, 2}, ComponentKind::Trigger);
  const EntityId gate = At(*w, {5, 3}, ComponentKind::Gate);
  REQUIRE(!lever.IsNull());
  REQUIRE(!gate.IsNull());
  CHECK(w->OccupantAt(5, 3) == gate);
  REQUIRE(w.Act(Move(1, -1)));  // into the lever: it is pulled, the player stays
  CHECK(w->Positions().Find(w->PlayerEntity())->x == 2);
  CHECK(w->Gates().Find(gate)->open == 1);
  CHECK_FALSE(w->Blockers().Contains(gate));
  CHECK(w->OccupantAt(5, 3).IsNull());
  CHECK(Triggered(*w) == std::vector<std::pair<EntityId, EntityId>>{{lever, gate}});
  REQUIRE(w.Act(Move(1, -1)));  // again: it closes
  CHECK(w->Gates().Find(gate)->open == 0);
  CHECK(w->Blockers().Contains(gate));
}

TEST_CASE("pressure plates drop a net, vent gas and ring the alarm, once each", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId player = w->PlayerEntity();
  const EntityId rat = w.Monster("rat");
  SECTION("net") {
    Place(w, player, {6, 3});
    REQUIRE(w.Act(Move(1, 0)));
    const Condition* held = w->Conditions().Find(player);
    REQUIRE(held != nullptr);
    CHECK(held->slow_until > w->Tick());
    CHECK(w->Triggers().Find(At(*w, {7, 3}, ComponentKind::Trap))->used == 1);
  }
  SECTION("gas") {
    Place(w, player, {8, 4});
    Place(w, rat, {11, 4});
    const std::int32_t before = w->Healths().Find(player)->current;
    REQUIRE(w.Act(Move(1, 0)));
    CHECK(w->Healths().Find(player)->current == before - 3);
    CHECK(w->Healths().Find(rat)->current == 1);  // 4, less the vent's 3: within its radius
    // Stepped on again, a once-only plate does nothing.
    REQUIRE(w.Act(Move(-1, 0)));
    REQUIRE(w.Act(Move(1, 0)));
    CHECK(w->Healths().Find(player)->current == before - 3);
  }
  SECTION("alarm") {
    w->MutableAis().Find(rat)->alertness = 0;
    Place(w, player, {8, 2});
    REQUIRE(w.Act(Move(1, 0)));
    CHECK(w->Ais().Find(rat)->alertness >= kAlertnessToHunt);
  }
  CHECK(Triggered(*w).size() == 1);
}

TEST_CASE("taking one altar treasure cages the others", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId player = w->PlayerEntity();
  const EntityId vault = [&] {
    for (EntityId id : w->Vaults().Owners()) return id;
    return EntityId{};
  }();
  Place(w, player, {12, 1});
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::PickUp}));
  CHECK(w->Vaults().Find(vault)->closed == 1);
  CHECK(w->Inventories().Find(player)->count == 1);
  const EntityId darts = At(*w, {13, 1}, ComponentKind::Item);
  CHECK(Caged(*w, darts));
  REQUIRE(w.Act(Move(1, 0)));
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::PickUp}));
  CHECK(w->Inventories().Find(player)->count == 1);  // the cage held
  CHECK(w->Positions().Find(darts) != nullptr);
}

TEST_CASE("monsters do not step on the pressure plates they know", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId rat = w.Monster("rat");
  // The rat hunts the player across the plates' row; it never stands on one.
  Place(w, w->PlayerEntity(), {6, 3});
  Place(w, rat, {12, 3});
  w->MutableAis().Find(rat)->alertness = 200;
  for (int i = 0; i < 120; ++i) {
    REQUIRE(w.Tick() == Status::Ok);
    const Position* at = w->Positions().Find(rat);
    if (at == nullptr) break;
    INFO("tick " << i << " at " << at->x << "," << at->y);
    CHECK(StepTriggerAt(*w, *at).IsNull());
  }
  CHECK(Triggered(*w).empty());
}

}  // namespace machine_test

namespace machine_test {

TEST_CASE("waiting beside a secret door finds it on the third turn", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId player = w->PlayerEntity();
  Place(w, player, {3, 4});
  CHECK(w->Map().At(3, 5) == Terrain::Wall);
  CHECK_FALSE(w.Act(Move(0, 1)));  // a wall, as far as anyone can tell
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  CHECK(w->Map().At(3, 5) == Terrain::Wall);
  REQUIRE(w.Act(PlayerCommand{PlayerCommandKind::Wait}));
  CHECK(w->Map().At(3, 5) == Terrain::DoorClosed);
  CHECK(Triggered(*w).size() == 1);
  REQUIRE(w.Act(Move(0, 1)));  // opens it
  REQUIRE(w.Act(Move(0, 1)));
  CHECK(w->Positions().Find(player)->y == 5);
}

TEST_CASE("the plate at a bridge's far end drops the bridge and whoever is on it", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId player = w->PlayerEntity();
  EntityId rat{};
  for (EntityId id : w->Ais().Owners())
    if (w->Positions().Find(id)->y == 7) rat = id;
  REQUIRE(!rat.IsNull());
  w->MutableAis().Find(rat)->alertness = 0;
  Place(w, player, {10, 7});  // on the bridge's last cell
  CHECK(w->Map().At(9, 7) == Terrain::Floor);
  REQUIRE(w.Act(Move(1, 0)));  // onto the plate
  for (std::int32_t x = 7; x <= 10; ++x) CHECK(w->Map().At(x, 7) == Terrain::Chasm);
  CHECK(w->Map().At(11, 7) == Terrain::Floor);  // the plate's own cell holds
  CHECK(w->Map().At(11, 6) == Terrain::Floor);  // so does the landing beside the chasm's edge
  CHECK_FALSE(w->Registry().IsAlive(rat));      // it stood on the bridge
  CHECK(w->Registry().IsAlive(player));
}

}  // namespace machine_test

namespace machine_test {

TEST_CASE("a summoning circle calls its monsters around it, hunting", "[machine]") {
  TestWorld w(MachineHall(), RoomyTrace());
  const EntityId player = w->PlayerEntity();
  std::size_t rats = 0;
  for (const EnemyAi& ai : w->Ais().Values())
    rats += ai.kind == w->Ais().Find(w.Monster("rat"))->kind;
  Place(w, player, {11, 3});
  REQUIRE(w.Act(Move(1, 0)));
  std::size_t after = 0;
  std::size_t hunting = 0;
  for (EntityId id : w->Ais().Owners()) {
    const EnemyAi* ai = w->Ais().Find(id);
    if (ai->kind != w->Ais().Find(w.Monster("rat"))->kind) continue;
    ++after;
    const Position* at = w->Positions().Find(id);
    if (ChebyshevDistance(*at, Position{12, 3}) == 1 && ai->alertness >= kAlertnessToHunt)
      ++hunting;
  }
  CHECK(after == rats + 2);
  CHECK(hunting >= 2);
}

}  // namespace machine_test
