// The tick driver: phases in order, time and speed, deterministic resolution.
#include <catch2/catch.hpp>

#include "game/rules.h"
#include "game/state_hash.h"
#include "game/world_snapshot.h"
#include "game_test_support.h"

namespace tick_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

TEST_CASE("a tick runs every phase in order and reports each phase's time", "[tick]") {
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  PhaseTimings timings;
  REQUIRE(RunTick(*w, w.scratch, TickInput{}, &timings) == Status::Ok);
  CHECK(w->Tick() == 1);
  CHECK(w->Phase() == TickPhase::EndTick);
  CHECK_FALSE(w->InTick());
  std::int64_t total = 0;
  for (std::int64_t ns : timings.nanoseconds) {
    CHECK(ns >= 0);
    total += ns;
  }
  CHECK(total > 0);
  TraceEntry first;
  REQUIRE(w->Trace().Recent(0, first));
  CHECK(first.event == TraceEvent::TickStarted);
}

TEST_CASE("an action costs ticks by the actor's speed", "[tick]") {
  TestWorld w(Level({"######", "#@...#", "######"}));
  GameWorld& world = *w;
  const EntityId player = world.PlayerEntity();
  REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  CHECK(world.Positions().Find(player)->x == 2);
  CHECK(world.Players().Find(player)->next_tick == 1 + kNormalActionTicks);
  // Not ready: a command in the next tick is ignored.
  REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  CHECK(world.Positions().Find(player)->x == 2);
  // A faster player acts sooner.
  world.MutableCombats().Find(player)->speed = 5;
  while (world.Tick() + 1 < world.Players().Find(player)->next_tick)
    REQUIRE(w.Tick() == Status::Ok);
  REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  CHECK(world.Positions().Find(player)->x == 3);
  CHECK(world.Players().Find(player)->next_tick == world.Tick() + 5);
}

TEST_CASE("walking into a closed door opens it; walking into a monster attacks it", "[tick]") {
  TestWorld w(Level({"#######", "#@+.r.#", "#######"}));
  GameWorld& world = *w;
  const EntityId player = world.PlayerEntity();
  REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  CHECK(world.Map().At(2, 1) == Terrain::DoorOpen);
  CHECK(world.Positions().Find(player)->x == 1);
  const EntityId rat = w.Monster("rat");
  world.MutablePositions().Find(rat)->x =
      2;  // a value write between ticks: put the rat in the door
  world.MutableAis().Find(rat)->wake_tick = 1000;
  while (world.Tick() + 1 < world.Players().Find(player)->next_tick)
    REQUIRE(w.Tick() == Status::Ok);
  REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  REQUIRE(world.Attacks().Size() == 1);
  CHECK(world.Attacks().Events()[0].attacker == player);
  CHECK(world.Attacks().Events()[0].target == rat);
  CHECK(world.Positions().Find(player)->x == 1);
}

TEST_CASE("two movers wanting one cell: the older one gets it, whatever the pool order", "[tick]") {
  // Two rats either side of one free cell; both step into it in the same tick.
  for (int swap = 0; swap < 2; ++swap) {
    TestWorld w(Level({"#######", "#@r.r.#", "#######"}));
    GameWorld& world = *w;
    const auto owners = world.Ais().Owners();
    const EntityId older = world.Registry().CreationSequenceOf(owners[0]) <
                                   world.Registry().CreationSequenceOf(owners[1])
                               ? owners[0]
                               : owners[1];
    const EntityId younger = older == owners[0] ? owners[1] : owners[0];
    if (swap) {  // reorder the dense arrays: remove and re-add the older rat's intent
      std::optional<StructuralScope> scope;
      REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
      REQUIRE(world.RemoveComponent<Intent>(*scope, older) == Status::Ok);
      REQUIRE(world.AddComponent(*scope, older, Intent{}) == Status::Ok);
    }
    for (EntityId id : {older, younger}) world.MutableAis().Find(id)->wake_tick = 1000;
    const Position o = *world.Positions().Find(older);
    const Position y = *world.Positions().Find(younger);
    const Position middle{3, 1};
    *world.MutableIntents().Find(older) =
        Intent{ActionKind::Move, static_cast<std::int8_t>(middle.x - o.x), 0, 0, {}};
    *world.MutableIntents().Find(younger) =
        Intent{ActionKind::Move, static_cast<std::int8_t>(middle.x - y.x), 0, 0, {}};
    REQUIRE(w.Tick() == Status::Ok);
    CHECK(world.Positions().Find(older)->x == 3);
    CHECK(world.Positions().Find(younger)->x == y.x);
  }
}

TEST_CASE("combat follows the stated formulas", "[tick]") {
  CHECK(HitChance(Combat{0, 0, 1, 1, 0, 10}, Combat{0, 0, 1, 1, 0, 10}) == 75);
  CHECK(HitChance(Combat{10, 0, 1, 1, 0, 10}, Combat{0, 0, 1, 1, 0, 10}) == 95);
  CHECK(HitChance(Combat{0, 0, 1, 1, 0, 10}, Combat{0, 20, 1, 1, 0, 10}) == 5);
  CHECK(HitChance(Combat{3, 0, 1, 1, 0, 10}, Combat{0, 1, 1, 1, 0, 10}) == 85);
  Rng rng(5);
  for (int i = 0; i < 1000; ++i) {
    const std::int32_t d = RollDamage(rng, Combat{0, 0, 2, 6, 1, 10});
    CHECK(d >= 3);
    CHECK(d <= 13);
  }
  CHECK(RollDamage(rng, Combat{0, 0, 1, 1, -5, 10}) == 1);  // at least 1
  CHECK(ActionTicks(nullptr) == kNormalActionTicks);
}

TEST_CASE("a death is told, removed at commit, and leaves the killer's count", "[tick]") {
  TestWorld w(Level({"#####", "#@r.#", "#####"}));
  GameWorld& world = *w;
  const EntityId player = world.PlayerEntity();
  const EntityId rat = w.Monster("rat");
  world.MutableHealths().Find(rat)->current = 1;
  world.MutableCombats().Find(player)->accuracy = 100;  // cannot miss
  world.MutableAis().Find(rat)->wake_tick = 1000;
  REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  REQUIRE(world.Deaths().Size() == 1);
  CHECK(world.Deaths().Events()[0].entity == rat);
  CHECK(world.Deaths().Events()[0].name.View() == "rat");
  CHECK_FALSE(world.Registry().IsAlive(rat));
  CHECK(world.Players().Find(player)->kills == 1);
  CHECK(world.OccupantAt(2, 1).IsNull());
}

// The rings keep entry n at slot n % capacity, and find it there again: while they wrap, and after
// a snapshot puts back a count that is not where the ring's own count had reached.
TEST_CASE("the trace ring keeps the newest entries in order as it wraps and is put back",
          "[tick][trace]") {
  WorldLimits limits = WorldLimits::Uniform(64);
  limits.trace = 5;
  limits.story = 3;
  TestWorld w(Level({"#####", "#@..#", "#####"}), limits);
  GameWorld& world = *w;
  // Each entry's value is the sequence the trace gives it, so what Recent returns says where it
  // was kept.
  const auto record = [&](int count) {
    for (int i = 0; i < count; ++i) {
      TraceEntry entry;
      entry.event = TraceEvent::Fault;  // an entry of the story too
      entry.value = static_cast<std::int64_t>(world.Trace().Recorded() + 1);
      world.Record(entry);
    }
  };
  // The ring holds exactly its newest `capacity` entries, newest first, each where it belongs.
  const auto holds_newest = [](const TraceRing& ring, std::uint64_t newest_sequence) {
    TraceEntry entry;
    std::uint64_t n = 0;
    for (; ring.Recent(n, entry); ++n)
      if (entry.sequence != newest_sequence - n ||
          entry.value != static_cast<std::int64_t>(entry.sequence))
        return false;
    return n == ring.Capacity();
  };
  record(13);
  CHECK(holds_newest(world.Trace(), world.Trace().Recorded()));
  CHECK(holds_newest(world.Story(), world.Trace().Recorded()));  // the trace's numbers

  WorldSnapshot snapshot;
  REQUIRE(TakeSnapshot(world, snapshot) == Status::Ok);
  const std::uint64_t taken = world.Trace().Recorded();
  record(7);  // on, past the count the snapshot holds
  REQUIRE(RestoreSnapshot(world, snapshot) == Status::Ok);
  CHECK(world.Trace().Recorded() == taken);
  record(4);  // the next entries go where Recent will look for them
  CHECK(world.Trace().Recorded() == taken + 4);
  CHECK(holds_newest(world.Trace(), world.Trace().Recorded()));
  CHECK(holds_newest(world.Story(), world.Trace().Recorded()));

  // A built entry is stamped where it is kept (what a and b are), and the story keeps that copy.
  TraceEntry blow;
  blow.event = TraceEvent::Fault;
  blow.a = world.PlayerEntity();
  world.Record(blow);
  TraceEntry kept, told;
  REQUIRE(world.Trace().Recent(0, kept));
  REQUIRE(world.Story().Recent(0, told));
  CHECK(kept.sequence == world.Trace().Recorded());
  CHECK(kept.a_kind.cls == KindClass::Player);
  CHECK(told.sequence == kept.sequence);
  CHECK(told.a_kind.cls == KindClass::Player);
}

}  // namespace tick_test
