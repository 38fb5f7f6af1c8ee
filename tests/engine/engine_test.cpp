// The engine's own parts, over types of no game: the command buffer keeps its queue and numbers,
// the phase cursor runs a tick's phases whole or one at a time, always in order, the trace ring
// keeps the newest entries, a state digest is of named parts, and a snapshot's blocks share what
// did not change.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/command_buffer.h"
#include "engine/hasher.h"
#include "engine/phase_cursor.h"
#include "engine/snapshot.h"
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

// Structural changes only inside a scope a world's owner opens.
struct Owner : WorldOwner {
  template <class Change>
  void Build(EntityRegistry& r, Change&& change) {
    StructuralScope scope(r, WorldPhase::Construction, Key());
    change(RegistryOf(scope));
  }
};
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

// A digest of named parts: an empty pool is no part, so a world that gains an unused component
// kind digests as before; a present one always counts, and each is seeded by its own name.
TEST_CASE("a digest of named parts: an empty pool adds nothing", "[engine]") {
  EntityRegistry registry;
  REQUIRE(registry.Initialize(8) == Status::Ok);
  ComponentPool<Value> values, unused, other;
  REQUIRE(values.Initialize(registry, 8) == Status::Ok);
  REQUIRE(unused.Initialize(registry, 8) == Status::Ok);
  REQUIRE(other.Initialize(registry, 8) == Status::Ok);
  Owner owner;
  EntityId a, b;
  owner.Build(registry, [&](EntityRegistry& r) {
    REQUIRE(r.Create(a) == Status::Ok);
    REQUIRE(r.Create(b) == Status::Ok);
    REQUIRE(values.Insert(a, Value{4}) == Status::Ok);
    REQUIRE(values.Insert(b, Value{5}) == Status::Ok);
  });
  const auto feed = [](Hasher& h, const Value& v) { h.AddSigned(v.n); };
  const auto total = [&](bool with_unused) {
    const CanonicalOrder order(registry);
    Hasher h(7);
    AddPart(h, "value", DigestPoolPart(values, "value", order, feed));
    if (with_unused) AddPart(h, "unused", DigestPoolPart(unused, "unused", order, feed));
    return h.Value();
  };
  const CanonicalOrder order(registry);
  CHECK(DigestPoolPart(unused, "unused", order, feed) == 0);
  CHECK(total(true) == total(false));
  // The same values under another name are another part.
  owner.Build(registry, [&](EntityRegistry&) {
    REQUIRE(other.Insert(a, Value{4}) == Status::Ok);
    REQUIRE(other.Insert(b, Value{5}) == Status::Ok);
  });
  CHECK(DigestPoolPart(other, "other", order, feed) != 0);
  CHECK(DigestPoolPart(other, "other", order, feed) !=
        DigestPoolPart(values, "value", order, feed));
  // A present part counts: a value changed changes the total.
  owner.Build(registry,
              [&](EntityRegistry&) { REQUIRE(unused.Insert(a, Value{0}) == Status::Ok); });
  CHECK(total(true) != total(false));
}

// Snapshot bytes come back as written, and a later snapshot shares the blocks it did not change.
TEST_CASE("snapshot blocks read back as written and share what did not change", "[engine]") {
  std::vector<std::uint32_t> big(kSnapshotAlignAbove / sizeof(std::uint32_t) * 2, 7);
  const auto take = [&](SnapshotBlocks& out, const SnapshotBlocks* earlier, std::int64_t tick) {
    std::size_t copied = 0;
    SnapshotWriter w(out, earlier, copied);
    w.Value(tick);
    w.Array(big.data(), big.size());
    w.Finish();
    return copied;
  };
  SnapshotBlocks first, second;
  const std::size_t all = take(first, nullptr, 1);
  big.back() = 8;  // the last block changes; every other block of the array is the same
  const std::size_t copied = take(second, &first, 2);
  CHECK(copied < all / 2);
  CHECK(BlocksBeyond(second, &first) == copied);
  CHECK(BlocksBeyond(first, nullptr) == all);
  SnapshotReader in(second);
  CHECK(in.Value<std::int64_t>() == 2);
  std::vector<std::uint32_t> back;
  in.Vector(back);
  CHECK(back == big);
  CHECK(in.AtEnd());
}

}  // namespace engine_test
