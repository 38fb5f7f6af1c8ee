// The engine's own parts, over types of no game: the command buffer keeps its queue and numbers,
// the phase cursor runs a tick's phases whole or one at a time, always in order.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/command_buffer.h"
#include "engine/phase_cursor.h"
#include "engine/trace_ring.h"

namespace engine_test {

using namespace cairn;

namespace {
struct Value {
  int n = 0;
};
enum class Part : std::uint8_t { A, B };
enum class Step : std::uint8_t { First, Second, Third };
using Buffer = CommandBuffer<Value, Part>;
}  // namespace

TEST_CASE("the command buffer numbers commands and spawn requests, and keeps their order",
          "[engine]") {
  Buffer buffer;
  REQUIRE(buffer.Initialize(3) == Status::Ok);
  const EntityId someone{1, 0, 1};
  CHECK(buffer.PushSpawn(Value{7}) == 1);
  buffer.PushDestroy(someone);
  CHECK(buffer.PushSpawn(Value{8}) == 2);
  CHECK(buffer.Full());
  REQUIRE(buffer.Count() == 3);
  CHECK(buffer.Commands()[1].kind == Buffer::Command::Kind::Destroy);
  CHECK(buffer.Commands()[1].target == someone);
  CHECK(buffer.Commands()[2].sequence == 3);
  CHECK(buffer.PayloadOf(2).n == 8);
  // A revoked spawn leaves the rest in order, payloads with them; a second revoke finds nothing.
  CHECK(buffer.Revoke(1));
  CHECK_FALSE(buffer.Revoke(1));
  CHECK_FALSE(buffer.Revoke(0));
  REQUIRE(buffer.Count() == 2);
  CHECK(buffer.Commands()[0].kind == Buffer::Command::Kind::Destroy);
  CHECK(buffer.PayloadOf(1).n == 8);
  // Cleared by a commit, the numbers go on.
  buffer.Clear();
  CHECK(buffer.Count() == 0);
  buffer.PushComponent(someone, Value{3}, Part::B, true);
  CHECK(buffer.Commands()[0].kind == Buffer::Command::Kind::RemoveComponent);
  CHECK(buffer.Commands()[0].component == Part::B);
  CHECK(buffer.Sequence() == 4);
  CHECK(buffer.LastRequest() == 2);
  buffer.RestoreNumbers(10, kMaxSpawnRequest);
  CHECK(buffer.RequestsExhausted());
}

TEST_CASE("the phase cursor runs a tick's phases in order, whole or one at a time", "[engine]") {
  PhaseCursor<Step, 3> cursor;
  std::vector<Step> ran;
  const auto run = [&](Step step) { ran.push_back(step); };
  CHECK(cursor.Finished());  // no tick under way
  cursor.Restart();
  CHECK(cursor.Next() == Step::First);
  cursor.RunNext(run);
  CHECK(cursor.Next() == Step::Second);
  cursor.RunRest(run);  // what is left of the tick
  CHECK(cursor.Finished());
  CHECK(cursor.Next() == Step::Third);
  CHECK(ran == std::vector<Step>{Step::First, Step::Second, Step::Third});
  ran.clear();
  cursor.Restart();
  cursor.RunRest(run);
  CHECK(ran == std::vector<Step>{Step::First, Step::Second, Step::Third});
}

TEST_CASE("the trace ring numbers every entry and keeps the newest", "[engine]") {
  struct Entry {
    std::uint64_t sequence = 0;
    int what = 0;
  };
  TraceRingOf<Entry> ring;
  REQUIRE(ring.Initialize(2) == Status::Ok);
  for (int i = 1; i <= 3; ++i) ring.Claim().what = i;
  CHECK(ring.Recorded() == 3);
  Entry e;
  REQUIRE(ring.Recent(0, e));
  CHECK((e.what == 3 && e.sequence == 3));
  REQUIRE(ring.Recent(1, e));
  CHECK(e.what == 2);
  CHECK_FALSE(ring.Recent(2, e));  // the first has left the ring
}

}  // namespace engine_test
