// Embers, the tiny game on the engine alone (examples/embers): its two systems, its phases run
// whole or one at a time, its commit all or none, and a digest that repeats run after run.
#include "embers.h"

#include <catch2/catch.hpp>

namespace embers_test {

using namespace embers;

namespace {

// A world stays where it was made (its pools hold its registry's address): started in place.
void Start(World& world, std::initializer_list<std::pair<int, int>> embers) {
  REQUIRE(world.Initialize(World::kWidth, 64, 256) == cairn::Status::Ok);
  for (const auto& [x, heat] : embers) {
    EntityId id;
    REQUIRE(world.Light(x, heat, id) == cairn::Status::Ok);
  }
}

std::int32_t HeatAt(const World& world, std::int32_t x) {
  const EntityId id = world.At(x);
  return id.IsNull() ? 0 : world.Heats().Find(id)->value;
}

}  // namespace

TEST_CASE("a hot ember lights the next cell; every ember cools and goes out", "[embers]") {
  World world;
  Start(world, {{0, 4}, {10, 2}});
  REQUIRE(world.Tick() == cairn::Status::Ok);
  CHECK(HeatAt(world, 0) == 3);
  CHECK(HeatAt(world, 1) == 2);   // lit at 4 - 2, after Cool ran: it cools from the next tick
  CHECK(HeatAt(world, 10) == 1);  // too cool to spread
  CHECK(world.At(11).IsNull());
  REQUIRE(world.Tick() == cairn::Status::Ok);
  CHECK(HeatAt(world, 0) == 2);
  CHECK(world.At(10).IsNull());  // went out
  CHECK(world.Spots().Size() == 2);
  CHECK(world.Heats().Size() == 2);
}

TEST_CASE("a step runs one phase; the spawn waits for the commit", "[embers]") {
  World world;
  Start(world, {{5, 9}});
  REQUIRE(world.Step() == cairn::Status::Ok);  // Spread
  CHECK(world.MidTick());
  CHECK(world.NextPhase() == Phase::Cool);
  REQUIRE(world.Queued().size() == 1);
  CHECK(world.Queued()[0].kind == World::Commands::Command::Kind::Spawn);
  CHECK(world.At(6).IsNull());                 // asked for, not yet made
  REQUIRE(world.Step() == cairn::Status::Ok);  // Cool
  CHECK(HeatAt(world, 5) == 8);
  REQUIRE(world.Step() == cairn::Status::Ok);  // Commit
  CHECK_FALSE(world.MidTick());
  CHECK(HeatAt(world, 6) == 7);
  CHECK(world.Queued().empty());
  // The trace tells it in order, with each entry's tick and phase.
  TraceEntry last;
  REQUIRE(world.Trace().Recent(0, last));
  CHECK(last.event == TraceEntry::Event::Lit);
  CHECK(last.phase == Phase::Commit);
  CHECK(last.tick == 1);
  CHECK(last.x == 6);
}

TEST_CASE("the same start gives the same digest; another start another", "[embers]") {
  World a;
  Start(a, {{0, 9}, {30, 5}});
  World b;
  Start(b, {{0, 9}, {30, 5}});
  World c;
  Start(c, {{0, 9}, {31, 5}});
  for (int t = 0; t < 12; ++t) {
    REQUIRE(a.Tick() == cairn::Status::Ok);
    REQUIRE(b.Tick() == cairn::Status::Ok);
    REQUIRE(c.Tick() == cairn::Status::Ok);
    CHECK(a.Digest() == b.Digest());
    // The digest is of the state, not its history: once the ember that differs went out (after
    // 5 heat, 5 ticks) the two worlds are the same.
    CHECK((a.Digest() != c.Digest()) == (t < 4));
  }
  // Stepped phase by phase, a tick ends where a whole one does.
  World d;
  Start(d, {{0, 9}, {30, 5}});
  for (int t = 0; t < 12; ++t)
    for (std::size_t p = 0; p < kPhaseCount; ++p) REQUIRE(d.Step() == cairn::Status::Ok);
  CHECK(d.Digest() == a.Digest());
}

TEST_CASE("a commit with no room publishes nothing; bad lights are refused", "[embers]") {
  World world;
  REQUIRE(world.Initialize(2, 8, 16) == cairn::Status::Ok);
  EntityId id;
  REQUIRE(world.Light(0, 9, id) == cairn::Status::Ok);
  REQUIRE(world.Light(20, 9, id) == cairn::Status::Ok);
  CHECK(world.Light(40, 9, id) == cairn::Status::CapacityExceeded);
  CHECK(world.Tick() == cairn::Status::CapacityExceeded);  // two spawns, no free slot
  CHECK(world.Spots().Size() == 2);
  CHECK(world.At(1).IsNull());
  CHECK(world.Light(20, 3, id) == cairn::Status::InvalidArgument);  // taken
  CHECK(world.Light(World::kWidth, 3, id) == cairn::Status::InvalidArgument);
  CHECK(world.Light(50, 0, id) == cairn::Status::InvalidArgument);
  REQUIRE(world.Step() == cairn::Status::Ok);
  CHECK(world.Light(50, 3, id) == cairn::Status::InvalidPhase);
}

}  // namespace embers_test

namespace embers_test {

// Rewind is the engine's: a snapshot puts embers' world back exactly (the same digest, handles,
// free slots and trace), and the ticks after it happen again as they did.
TEST_CASE("a snapshot puts the world back exactly, and the ticks after repeat", "[embers]") {
  World world;
  Start(world, {{0, 9}, {20, 6}});
  for (int t = 0; t < 3; ++t) REQUIRE(world.Tick() == cairn::Status::Ok);
  World::Snapshot at3;
  REQUIRE(world.Take(at3) == cairn::Status::Ok);
  const std::uint64_t digest3 = world.Digest();
  const std::uint64_t recorded3 = world.Trace().Recorded();
  const std::uint32_t free3 = world.Registry().FreeCount();
  std::vector<std::uint64_t> after;
  std::vector<EntityId> lit_after;
  for (int t = 0; t < 6; ++t) {
    REQUIRE(world.Tick() == cairn::Status::Ok);
    after.push_back(world.Digest());
  }
  for (const EntityId id : world.Spots().Owners()) lit_after.push_back(id);
  REQUIRE(after.back() != digest3);

  REQUIRE(world.Restore(at3) == cairn::Status::Ok);
  CHECK(world.Digest() == digest3);
  CHECK(world.TickCount() == 3);
  CHECK(world.Trace().Recorded() == recorded3);
  CHECK(world.Registry().FreeCount() == free3);
  for (std::size_t t = 0; t < after.size(); ++t) {
    REQUIRE(world.Tick() == cairn::Status::Ok);
    CHECK(world.Digest() == after[t]);
  }
  // The same handles again: slots are reused in the order they were, generations as they were.
  std::vector<EntityId> lit_again(world.Spots().Owners().begin(), world.Spots().Owners().end());
  CHECK(lit_again == lit_after);

  // Mid-tick there is nothing whole to keep or put back.
  REQUIRE(world.Step() == cairn::Status::Ok);
  World::Snapshot mid;
  CHECK(world.Take(mid) == cairn::Status::InvalidPhase);
  CHECK(world.Restore(at3) == cairn::Status::InvalidPhase);
  CHECK(World().Restore(World::Snapshot{}) == cairn::Status::InvalidArgument);
}

}  // namespace embers_test
