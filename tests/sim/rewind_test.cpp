// Rewinding (sim/rewind.h): forward N ticks and back N gives back exactly the state the run had,
// not merely one that hashes alike (the same handles, free lists, counters and trace), on many
// seeds of the default dungeon and across a change of floor; the same inputs played again give the
// same hashes; other inputs give what a run that never went the abandoned way gives; a step back
// past the window or across nothing is refused and changes nothing; edits between ticks are never
// re-run across; and snapshots never mint an identity.
#include "sim/rewind.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "game/state_hash.h"
#include "game/world_snapshot.h"
#include "sim/key_script.h"
#include "sim/session.h"
#include "sim/session_persist.h"
#include "support/crowd_level.h"
#include "support/test_content.h"
#include "support/test_entropy.h"

namespace rewind_test {

using namespace cairn;

namespace {

std::string Hex(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return text;
}

// Everything a person or a later tick can observe of one world, part by part (so a difference
// names its part), beyond the canonical state hash: which entity holds which slot and
// generation, creation sequences, counts and revisions, every pool's dense order and high-water
// mark, the trace, the counters, the event queues, the bindings, the fault. With `ids`, handles
// include their world id (comparing a session with itself); without, two sessions compare.
std::string DescribeWorld(const GameWorld& world, bool ids) {
  const auto feed_id = [&](Hasher& h, EntityId id) {
    if (ids) h.Add(id.Owner);
    h.Add(id.Slot);
    h.Add(id.Generation);
  };
  const EntityRegistry& registry = world.Registry();
  Hasher reg(1);
  reg.Add(registry.LiveCount());
  reg.Add(registry.PendingCount());
  reg.Add(registry.FreeCount());
  reg.Add(registry.RetiredCount());
  reg.Add(registry.SlotsTouched());
  reg.Add(registry.StructuralRevision());
  for (std::uint32_t slot = 0; slot < registry.SlotsTouched(); ++slot) {
    const EntityId id = registry.EntityAtSlot(slot);
    feed_id(reg, id);
    reg.Add(registry.CreationSequenceOf(id));
    reg.Add(registry.IsActive(id) ? 1 : 0);
  }
  Hasher pools(2);
  world.ForEachPool([&](const auto& pool, ComponentKind) {
    pools.Add(pool.Size());
    pools.Add(pool.HighWaterMark());
    for (EntityId owner : pool.Owners()) feed_id(pools, owner);
  });
  // Every field of every entry the trace and the story ("why") hold.
  const auto feed_ring = [&](Hasher& h, const TraceRing& ring) {
    h.Add(ring.Recorded());
    TraceEntry entry;
    for (std::uint64_t n = 0; ring.Recent(n, entry); ++n) {
      h.AddSigned(entry.tick);
      h.Add(entry.sequence);
      h.Add(entry.command);
      h.Add(static_cast<std::uint64_t>(entry.event));
      h.Add(static_cast<std::uint64_t>(entry.phase));
      feed_id(h, entry.a);
      feed_id(h, entry.b);
      h.AddSigned(entry.value);
      h.AddSigned(entry.x);
      h.AddSigned(entry.y);
      for (std::uint8_t d : entry.detail) h.Add(d);
      for (const EntityKind& kind : {entry.a_kind, entry.b_kind, entry.c_kind}) {
        h.Add(static_cast<std::uint64_t>(kind.cls));
        h.Add(kind.index);
      }
    }
  };
  // What the player remembers: every bit of every cell (the unhashed "mapped, not seen" too),
  // each cell's terrain as last seen, and the items seen lying about.
  Hasher memory(5);
  for (std::uint8_t bits : world.Map().RememberedCells().span()) memory.Add(bits);
  for (Terrain t : world.Map().RememberedTerrainCells().span())
    memory.Add(static_cast<std::uint64_t>(t));
  for (const SeenItem& seen : world.SeenItemsMemory().All()) {
    memory.Add(seen.cell);
    memory.Add(seen.look.glyph);
  }
  Hasher trace(3);
  feed_ring(trace, world.Trace());
  feed_ring(trace, world.Story());
  Hasher counters(4);
  const WorldCounters& c = world.Counters();
  for (std::uint64_t v :
       {c.stale_rejected, c.commands_recorded, c.spawns_published, c.destroys_published,
        std::uint64_t{c.command_high_water}, std::uint64_t{c.outcome_high_water}})
    counters.Add(v);
  for (std::uint64_t v :
       {std::uint64_t{world.Attacks().Size()}, std::uint64_t{world.Attacks().HighWaterMark()},
        std::uint64_t{world.Deaths().Size()}, std::uint64_t{world.Deaths().HighWaterMark()},
        std::uint64_t{world.Noises().Size()}, std::uint64_t{world.Noises().HighWaterMark()},
        std::uint64_t{world.Notices().Size()}, world.Notices().Dropped(),
        std::uint64_t{world.LastRequest()}, std::uint64_t{world.PendingOutcomes().size()}})
    counters.Add(v);
  counters.Add(static_cast<std::uint64_t>(world.Fault().status));
  // The diagnostic counters kept beside what they count (registry, pools, bindings, the world).
  counters.Add(registry.PeakGeneration());
  counters.Add(registry.CapacityFailures());
  counters.Add(world.CapacityFailures());
  counters.Add(world.Bindings().Conflicts());
  Hasher bindings(5);
  bindings.Add(world.Bindings().Revision());
  bindings.Add(world.Bindings().Size());
  world.Bindings().ForEach([&](const Binding& b) {
    for (std::uint8_t byte : b.key.Source.Value.Bytes) bindings.Add(byte);
    feed_id(bindings, b.entity);
  });
  Hasher occupancy(6);
  for (std::int32_t y = 0; y < world.Map().Height(); ++y)
    for (std::int32_t x = 0; x < world.Map().Width(); ++x)
      feed_id(occupancy, world.OccupantAt(x, y));
  return "state=" + Hex(DigestState(world).total) + " registry=" + Hex(reg.Value()) +
         " pools=" + Hex(pools.Value()) + " memory=" + Hex(memory.Value()) +
         " trace=" + Hex(trace.Value()) + " counters=" + Hex(counters.Value()) +
         " bindings=" + Hex(bindings.Value()) + " occupancy=" + Hex(occupancy.Value()) +
         " tick=" + std::to_string(world.Tick());
}

std::string Describe(const GameSession& session, bool ids = true) {
  std::string text =
      "run=" + Hex(session.StateHash()) + " depth=" + std::to_string(session.Depth());
  for (std::int32_t depth = 1; depth <= session.FloorCount(); ++depth)
    if (const GameWorld* world = session.FloorWorld(depth))
      text += " | floor " + std::to_string(depth) + ": " + DescribeWorld(*world, ids);
  text += " | messages=" + std::to_string(session.Log().MessageCount()) +
          " kept=" + std::to_string(session.Log().Messages().size());
  Hasher log(7);  // every message kept, as the log shows it
  for (const Message& m : session.Log().Messages()) {
    log.AddSigned(m.tick);
    for (const char c : m.text) log.Add(static_cast<unsigned char>(c));
    log.Add(m.count);
    log.Add(static_cast<std::uint64_t>(m.tone));
    log.Add(m.said);
  }
  text += " log=" + Hex(log.Value());
  if (!session.Log().Messages().empty())
    text += " last='" + session.Log().Messages().back().text + "'";
  text += " effects=" + std::to_string(session.Log().Effects().size()) +
          " dropped=" + std::to_string(session.Log().EffectsDropped()) +
          " state=" + SessionStateName(session.State());
  return text;
}

std::unique_ptr<GameSession> Dungeon(std::uint64_t seed, RewindOptions options = {}) {
  SessionConfig config = cairn::test::DungeonConfig(seed);
  config.rewind = options;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

std::string Repeat(std::string_view unit, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += unit;
  return out;
}

// Plays exactly `ticks` ticks as a player at the keyboard plays `script`: whenever the player may
// act, the script's next command (explore, fight, the stairs...), otherwise no input. Each tick's
// input is appended to `inputs`.
void PlayTicks(GameSession& session, KeyScript& script, std::int64_t ticks,
               std::vector<TickInput>& inputs) {
  for (std::int64_t i = 0; i < ticks; ++i) {
    TickInput input;
    PlayerCommand command;
    if (session.State() == SessionState::Playing && session.PlayerReady() &&
        script.Next(session, command))
      input.command = command;
    REQUIRE(session.StepTick(input) == Status::Ok);
    inputs.push_back(input);
  }
}

// The inputs again, checking the run's hash after each tick against `hashes`.
void Replay(GameSession& session, const std::vector<TickInput>& inputs, std::size_t from,
            const std::vector<std::uint64_t>& hashes) {
  for (std::size_t i = from; i < inputs.size(); ++i) {
    REQUIRE(session.StepTick(inputs[i]) == Status::Ok);
    REQUIRE(session.StateHash() == hashes[i]);
  }
}

// Steps back to each of `targets` in turn (each before the last), checking that the run is then
// exactly what `seen` (Describe, by tick) recorded at that tick.
void StepBackThrough(GameSession& session, std::initializer_list<std::int64_t> targets,
                     const std::vector<std::string>& seen) {
  std::string why;
  for (std::int64_t target : targets) {
    CAPTURE(target);
    REQUIRE(session.StepBack(static_cast<std::uint64_t>(session.World().Tick() - target), why) ==
            Status::Ok);
    CHECK(Describe(session) == seen[static_cast<std::size_t>(target)]);
  }
}

}  // namespace

TEST_CASE("forward N ticks and back N gives back exactly the state the run had", "[rewind]") {
  const std::string keys = Repeat("oF", 400) + ">>" + Repeat("oF", 400);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (std::int64_t n : {1, 7, 150, 1000}) {
      CAPTURE(seed, n);
      auto session = Dungeon(seed);
      KeyScript script(keys);
      std::vector<TickInput> inputs;
      PlayTicks(*session, script, 40 + static_cast<std::int64_t>(seed) * 13, inputs);
      const std::size_t start = inputs.size();
      const std::string before = Describe(*session);
      std::vector<std::uint64_t> hashes(start, 0);
      for (std::int64_t i = 0; i < n; ++i) {
        PlayTicks(*session, script, 1, inputs);
        hashes.push_back(session->StateHash());
      }
      // (A floor first reached inside the stretch is built again on the way forward, under a new
      // world id: the end is compared without world ids.)
      const std::string after = Describe(*session, false);
      std::string why;
      REQUIRE(session->StepBack(static_cast<std::uint64_t>(n), why) == Status::Ok);
      CHECK(Describe(*session) == before);
      // The same inputs again: the same run, tick by tick, to the same end.
      Replay(*session, inputs, start, hashes);
      CHECK(Describe(*session, false) == after);
    }
  }
}

TEST_CASE("a step back across the stairs brings the old floor back, exactly", "[rewind]") {
  const std::string keys = Repeat("oF", 150) + ">>" + Repeat("oF", 50);
  int crossed = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    CAPTURE(seed);
    // A first run finds the tick the player arrives on floor 2.
    std::int64_t arrival = 0;
    {
      auto probe = Dungeon(seed);
      KeyScript script(keys);
      std::vector<TickInput> inputs;
      while (probe->Depth() == 1 && probe->State() == SessionState::Playing &&
             probe->World().Tick() < 20000)
        PlayTicks(*probe, script, 1, inputs);
      if (probe->Depth() == 1) continue;
      arrival = probe->World().Tick();
    }
    ++crossed;
    // The same run again, described a little before the stairs, then played past them.
    auto session = Dungeon(seed);
    KeyScript script(keys);
    std::vector<TickInput> inputs;
    const std::int64_t target = arrival - 20;
    PlayTicks(*session, script, target, inputs);
    const std::string before = Describe(*session);
    REQUIRE(session->FloorWorld(2) == nullptr);
    std::vector<std::uint64_t> hashes(inputs.size(), 0);
    for (int i = 0; i < 100; ++i) {
      PlayTicks(*session, script, 1, inputs);
      hashes.push_back(session->StateHash());
    }
    REQUIRE(session->Depth() == 2);
    const std::string after = Describe(*session, false);
    std::string why;
    REQUIRE(session->StepBack(100, why) == Status::Ok);
    CHECK(session->Depth() == 1);
    CHECK(session->FloorWorld(2) == nullptr);  // not reached yet: its world is gone
    CHECK(Describe(*session) == before);
    // Forward again: down the same stairs at the same tick, into a floor that hashes the same (its
    // world is built again, under a new world id, so handles are compared without it).
    Replay(*session, inputs, static_cast<std::size_t>(target), hashes);
    CHECK(session->Depth() == 2);
    CHECK(Describe(*session, false) == after);
    // And back again, from the second floor: the first floor as it was, active.
    REQUIRE(session->StepBack(90, why) == Status::Ok);
    CHECK(session->Depth() == 1);
    CHECK(session->FloorWorld(2) == nullptr);
  }
  CHECK(crossed >= 4);
}

TEST_CASE("rewinding then playing otherwise is the run that never went the first way", "[rewind]") {
  for (std::uint64_t seed : {2u, 5u, 9u}) {
    CAPTURE(seed);
    const std::string first = Repeat("oF", 200);
    const std::string other = Repeat("Fo", 100) + Repeat("hjkl", 50);
    // Rewound: 300 ticks one way, 180 back, then 400 ticks the other way.
    auto rewound = Dungeon(seed);
    KeyScript script(first);
    std::vector<TickInput> inputs;
    PlayTicks(*rewound, script, 300, inputs);
    std::string why;
    REQUIRE(rewound->StepBack(180, why) == Status::Ok);
    // Never went: the same first 120 ticks, then the other way.
    auto straight = Dungeon(seed);
    for (std::size_t i = 0; i < 120; ++i) REQUIRE(straight->StepTick(inputs[i]) == Status::Ok);
    CHECK(Describe(*rewound, false) == Describe(*straight, false));
    KeyScript a(other), b(other);
    std::vector<TickInput> ignored;
    for (int i = 0; i < 400; ++i) {
      PlayTicks(*rewound, a, 1, ignored);
      PlayTicks(*straight, b, 1, ignored);
      REQUIRE(rewound->StateHash() == straight->StateHash());
    }
    CHECK(Describe(*rewound, false) == Describe(*straight, false));
  }
}

TEST_CASE("a step back past the window, or before the run began, is refused and changes nothing",
          "[rewind]") {
  auto session = Dungeon(3);
  KeyScript script(Repeat("oF", 400));
  std::vector<TickInput> inputs;
  PlayTicks(*session, script, 20, inputs);
  std::string why;
  const std::string at20 = Describe(*session);
  CHECK(session->StepBack(21, why) == Status::InvalidOperation);
  CHECK(why.find("outside the rewind window") != std::string::npos);
  CHECK(session->StepBack(0, why) == Status::InvalidArgument);
  CHECK(Describe(*session) == at20);

  PlayTicks(*session, script, 1300, inputs);
  const std::string now = Describe(*session);
  CHECK(session->Rewind().EarliestTick() == session->World().Tick() - 1000);
  CHECK(session->StepBack(1001, why) == Status::InvalidOperation);
  CHECK(why.find("at most 1000 ticks back") != std::string::npos);
  CHECK(Describe(*session) == now);
  REQUIRE(session->StepBack(1000, why) == Status::Ok);
  CHECK(session->World().Tick() == 320);
  // From there the window reaches as far back as moments were kept (at most one interval more).
  const std::int64_t earliest = session->Rewind().EarliestTick();
  CHECK(earliest <= 320);
  CHECK(earliest > 320 - 50);
  const std::string at320 = Describe(*session);
  CHECK(session->StepBack(static_cast<std::uint64_t>(320 - earliest + 1), why) ==
        Status::InvalidOperation);
  CHECK(Describe(*session) == at320);
}

TEST_CASE("after a step back to the window's far end it reaches no further, off the moments' grid",
          "[rewind]") {
  // Moments every 50 ticks from tick 0: after 1,234 ticks the oldest kept is at tick 200, and the
  // window's far end, tick 234, lies between two moments.
  auto session = Dungeon(9);
  REQUIRE(session->RunTicks(1234) == Status::Ok);
  CHECK(session->Rewind().EarliestTick() == 234);
  std::string why;
  REQUIRE(session->StepBack(1000, why) == Status::Ok);
  REQUIRE(session->World().Tick() == 234);
  const std::uint64_t hash = session->StateHash();
  CHECK(session->Rewind().EarliestTick() == 234);
  CHECK(session->StepBack(1, why) == Status::InvalidOperation);
  CHECK(why ==
        "tick 233 is outside the rewind window: it reaches back to tick 234 (nothing to "
        "step back to)");
  CHECK(session->StateHash() == hash);
  // Forward 20 and back 20 is inside it.
  REQUIRE(session->RunTicks(20) == Status::Ok);
  REQUIRE(session->StepBack(20, why) == Status::Ok);
  CHECK(session->StateHash() == hash);
}

TEST_CASE("a restart starts a new window", "[rewind]") {
  auto session = Dungeon(4);
  REQUIRE(session->RunTicks(200) == Status::Ok);
  REQUIRE(session->Restart() == Status::Ok);
  std::string why;
  CHECK(session->StepBack(1, why) == Status::InvalidOperation);
  REQUIRE(session->RunTicks(30) == Status::Ok);
  CHECK(session->StepBack(30, why) == Status::Ok);
  CHECK(session->World().Tick() == 0);
}

TEST_CASE("a step back across an edit between ticks is exact on both sides of it", "[rewind]") {
  auto session = Dungeon(6);
  REQUIRE(session->RunTicks(60) == Status::Ok);
  const std::string before_edit = Describe(*session);
  // A value write (as the console's SET of an existing component), reported as the console does,
  // and a structural one (a new entity), which the session notices by itself.
  GameWorld& world = session->World();
  session->NoteEdit();
  world.MutableHealths().Find(world.PlayerEntity())->current = 3;
  std::optional<StructuralScope> scope;
  REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  EntityId spawned;
  REQUIRE(world.CreateEntity(*scope, spawned) == Status::Ok);
  scope.reset();
  const std::string after_edit = Describe(*session);
  REQUIRE(session->RunTicks(80) == Status::Ok);
  std::string why;
  REQUIRE(session->StepBack(80, why) == Status::Ok);  // to tick 60: the edit is part of it
  CHECK(Describe(*session) == after_edit);
  REQUIRE(session->RunTicks(50) == Status::Ok);
  REQUIRE(session->StepBack(60, why) == Status::Ok);  // to tick 50: before the edit
  CHECK(session->World().Tick() == 50);
  REQUIRE(session->RunTicks(10) == Status::Ok);
  CHECK(Describe(*session) == before_edit);
}

TEST_CASE("after a step back a handle names the same entity and slots are reused as they were",
          "[rewind]") {
  auto session = Dungeon(7);
  REQUIRE(session->RunTicks(40) == Status::Ok);
  GameWorld& world = session->World();
  // Free a few slots in an order, so the free stack has a shape to get wrong.
  std::vector<EntityId> victims;
  for (EntityId id : world.Items().Owners())
    if (victims.size() < 3 && world.Items().Find(id)->holder.IsNull()) victims.push_back(id);
  REQUIRE(victims.size() == 3);
  session->NoteEdit();
  {
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    for (EntityId id : victims) REQUIRE(world.DestroyEntity(*scope, id) == Status::Ok);
  }
  REQUIRE(session->RunTicks(25) == Status::Ok);
  const EntityId player = world.PlayerEntity();
  const Position where = *world.Positions().Find(player);
  const auto spawn_three = [&] {
    std::vector<EntityId> made(3);
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    for (EntityId& id : made) REQUIRE(world.CreateEntity(*scope, id) == Status::Ok);
    return made;
  };
  session->NoteEdit();
  const std::vector<EntityId> first = spawn_three();
  REQUIRE(session->RunTicks(25) == Status::Ok);
  std::string why;
  REQUIRE(session->StepBack(25, why) == Status::Ok);
  // The spawned entities exist again under the same handles; the player is the same entity.
  for (EntityId id : first) CHECK(world.Registry().IsAlive(id));
  CHECK(world.PlayerEntity() == player);
  REQUIRE(session->StepBack(1, why) == Status::Ok);  // before the spawns
  for (EntityId id : first) CHECK_FALSE(world.Registry().IsAlive(id));
  session->NoteEdit();
  CHECK(spawn_three() == first);  // the free slots come back in the same order
  CHECK(world.Positions().Find(player) != nullptr);
  (void)where;
}

TEST_CASE("keys minted by a save inside the window go with the step back", "[rewind]") {
  auto session = Dungeon(8);
  REQUIRE(session->RunTicks(50) == Status::Ok);
  const std::string unsaved = Describe(*session);
  cairn::test::CountingEntropy entropy;
  SessionImage image;
  REQUIRE(CaptureImage(*session, entropy, image) == Status::Ok);
  const EntityId player = session->World().PlayerEntity();
  REQUIRE(session->World().Bindings().KeyOf(player) != nullptr);
  const std::string saved = Describe(*session);
  REQUIRE(session->RunTicks(30) == Status::Ok);
  std::string why;
  REQUIRE(session->StepBack(30, why) == Status::Ok);
  CHECK(Describe(*session) == saved);  // the keys minted are part of tick 50's state now
  REQUIRE(session->StepBack(10, why) == Status::Ok);
  CHECK(session->World().Bindings().KeyOf(player) == nullptr);
  REQUIRE(session->RunTicks(10) == Status::Ok);
  CHECK(Describe(*session) == unsaved);
}

TEST_CASE("a step back one turn returns to where the player chose the last command", "[rewind]") {
  auto session = Dungeon(10);
  cairn::test::PlayKeys(*session, "llljjj");
  REQUIRE(session->PlayerReady());
  cairn::test::PlayKeys(*session, ".");
  const std::int64_t ready_tick = session->World().Tick();
  const std::string ready = Describe(*session);
  cairn::test::PlayKeys(*session, ".");  // a wait is never refused: it is a turn
  std::string why;
  REQUIRE(session->StepBackTurn(why) == Status::Ok);
  CHECK(session->World().Tick() == ready_tick);
  CHECK(session->PlayerReady());
  CHECK(Describe(*session) == ready);
  // The undone turn waits as the redo list: its ticks replay with the recorded inputs.
  TickInput next;
  REQUIRE(session->Rewind().NextRecorded(next));
  CHECK(next.command.kind == PlayerCommandKind::Wait);
  REQUIRE(session->StepTick(next) == Status::Ok);
  CHECK(session->Rewind().NextRecorded(next));
  // Another input drops what is left of it.
  while (session->Rewind().NextRecorded(next)) REQUIRE(session->StepTick(next) == Status::Ok);
  REQUIRE(session->StepBack(3, why) == Status::Ok);
  REQUIRE(session->Rewind().NextRecorded(next));
  REQUIRE(session->StepTick(TickInput{PlayerCommand{PlayerCommandKind::Move, 1, 0}}) == Status::Ok);
  CHECK_FALSE(session->Rewind().NextRecorded(next));
}

TEST_CASE("moments never mint an identity or change the run", "[rewind]") {
  // Every tick a moment: whatever a moment did to the run would show.
  auto often = Dungeon(11, RewindOptions{1000, 1});
  auto never = Dungeon(11, RewindOptions{0, 1u << 30});
  const std::uint64_t world = often->World().WorldId();
  KeyScript a(Repeat("oF", 100)), b(Repeat("oF", 100));
  std::vector<TickInput> ignored;
  for (int i = 0; i < 600; ++i) {
    PlayTicks(*often, a, 1, ignored);
    PlayTicks(*never, b, 1, ignored);
    REQUIRE(often->StateHash() == never->StateHash());
  }
  CHECK(Describe(*often, false) == Describe(*never, false));
  std::string why;
  REQUIRE(often->StepBack(500, why) == Status::Ok);
  // Had anything issued a world id since the first floor was built, a restart would skip one.
  REQUIRE(often->Depth() == 1);
  REQUIRE(never->Restart() == Status::Ok);  // the other session's world id was issued after ours
  REQUIRE(often->Restart() == Status::Ok);
  CHECK(often->World().WorldId() == world + 3);
}

TEST_CASE("moments that share trace entries and messages put back the trace, story and log exactly",
          "[rewind]") {
  // A moment every 7 ticks copies only the trace entries and messages added since the last one;
  // the rings (1,024 entries) wrap several times over the run and the log passes the thousand it
  // keeps, and after a step back the next moments start from a full copy again (the rings and the
  // log were put back: their history is another).
  auto session = Dungeon(14, RewindOptions{1000, 7});
  // A log all but full, so the play pushes its oldest messages out as moments are taken.
  for (int i = 0; i < 990; ++i) session->Log().Say("Filler " + std::to_string(i % 3) + ".");
  KeyScript script(Repeat("oF", 1000));
  std::vector<TickInput> inputs;
  std::vector<std::string> seen;  // by tick
  seen.push_back(Describe(*session));
  for (int i = 0; i < 2400; ++i) {
    PlayTicks(*session, script, 1, inputs);
    seen.push_back(Describe(*session));
  }
  REQUIRE(session->World().Trace().Recorded() > 3 * session->World().Trace().Capacity());
  REQUIRE(session->World().Story().Recorded() > 0);
  REQUIRE(session->Log().MessageCount() > RunLog::kMessageHistory);
  StepBackThrough(*session, {2399, 2350, 2004, 1533}, seen);
  // Played otherwise from tick 1533: moments of the new history, then back into it.
  KeyScript other(Repeat("s", 300) + Repeat("oF", 300));
  seen.resize(1534);
  for (int i = 0; i < 500; ++i) {
    PlayTicks(*session, other, 1, inputs);
    seen.push_back(Describe(*session));
  }
  StepBackThrough(*session, {2020, 1700, 1534}, seen);
}

TEST_CASE("a step back with a short interval and window keeps its promises", "[rewind]") {
  auto session = Dungeon(12, RewindOptions{100, 7});
  KeyScript script(Repeat("oF", 300));
  std::vector<TickInput> inputs;
  PlayTicks(*session, script, 450, inputs);
  CHECK(session->Rewind().EarliestTick() == 350);
  CHECK(session->Rewind().MomentCount() <= 100 / 7 + 2);
  CHECK(session->Rewind().Bytes() > 0);
  std::string why;
  REQUIRE(session->StepBack(100, why) == Status::Ok);
  CHECK(session->StepBack(1, why) == Status::InvalidOperation);
}

TEST_CASE("after a step back no cache keyed by the tick claims a tick still to come", "[rewind]") {
  // The flee map is computed once per tick and kept for that tick number (game/ai.cpp): met again
  // after a step back, one from the abandoned future would steer a fleeing monster from where the
  // player stood there. Fleeing is rare, so the cache is filled as a flight at this tick would.
  auto session = Dungeon(5);
  REQUIRE(session->RunTicks(100) == Status::Ok);
  session->Scratch().flee_tick = session->World().Tick();
  session->Scratch().distance_tick = session->World().Tick();
  std::string why;
  REQUIRE(session->StepBack(5, why) == Status::Ok);
  CHECK(session->Scratch().flee_tick < session->World().Tick() + 1);
  CHECK(session->Scratch().distance_tick < session->World().Tick() + 1);
}

namespace {

// Every Loot as the pool holds it, with what the hash leaves out (the slot history).
std::string LootText(const GameWorld& world) {
  std::string text;
  const auto owners = world.Loots().Owners();
  const auto values = world.Loots().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    text += std::to_string(owners[i].Slot) + ":" + std::to_string(values[i].slots_used) + "[";
    for (const LootEntry& e : values[i].entries)
      text += std::to_string(e.slot) + "=" + std::to_string(e.item) + "/" +
              std::to_string(e.chance) + " ";
    text += "] ";
  }
  return text;
}

}  // namespace

TEST_CASE("a step back keeps a Many component's every entry, slot and slot history", "[rewind]") {
  auto session = Dungeon(6);
  REQUIRE(session->RunTicks(20) == Status::Ok);
  GameWorld& world = session->World();
  REQUIRE(world.Ais().Size() >= 2);
  session->NoteEdit();
  std::optional<StructuralScope> scope;
  REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
  for (std::size_t m = 0; m < 2; ++m) {
    const EntityId monster = world.Ais().Owners()[m];
    Loot loot;  // ten entries, then slots 3 and 9 removed: eight left, the history at 10
    for (std::uint32_t slot = 0; slot < 10; ++slot)
      if (slot != 3 && slot != 9)
        REQUIRE(loot.entries.push_back(LootEntry{static_cast<std::uint16_t>(slot % 3),
                                                 static_cast<std::uint8_t>(10 + slot + m), slot}));
    loot.slots_used = 10;
    if (Loot* held = world.MutableLoots().Find(monster))
      *held = loot;
    else
      REQUIRE(world.AddComponent(*scope, monster, loot) == Status::Ok);
  }
  scope.reset();
  const std::string after_edit = Describe(*session) + LootText(world);
  REQUIRE(LootText(world).find("1=1/11 2=2/12 4=1/14") != std::string::npos);
  REQUIRE(session->RunTicks(80) == Status::Ok);
  std::string why;
  REQUIRE(session->StepBack(80, why) == Status::Ok);
  CHECK(Describe(*session) + LootText(session->World()) == after_edit);
}

// --- large floors: shared blocks and the memory budget (decision 0033) -------------------------

namespace {

std::unique_ptr<GameSession> Crowd(RewindOptions options) {
  SessionConfig config = cairn::test::Config(3);
  // 1,500 monsters and as many items: every pool large enough to start blocks of its own.
  config.level = test::CrowdedRoom(*config.definitions, 120, 60, 3000, 33);
  config.rewind = options;
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

// One snapshot of the run's world as it is, sharing nothing: what a moment would hold alone.
std::size_t WholeSnapshotBytes(const GameSession& session) {
  WorldSnapshot alone;
  REQUIRE(TakeSnapshot(session.World(), alone) == Status::Ok);
  return alone.Bytes();
}

}  // namespace

TEST_CASE(
    "moments of a large floor share what did not change, and a step back through them is exact",
    "[rewind]") {
  auto session = Crowd(RewindOptions{1000, 10});
  const std::size_t whole = WholeSnapshotBytes(*session);
  REQUIRE(whole > 8 * kSnapshotAlignAbove);  // the larger pools' arrays start blocks of their own
  KeyScript script(Repeat("oF", 400));
  std::vector<TickInput> inputs;
  std::vector<std::string> seen{Describe(*session)};
  const std::uint32_t lying = session->World().Positions().Size();
  for (int i = 0; i < 600; ++i) {
    PlayTicks(*session, script, 1, inputs);
    seen.push_back(Describe(*session));
  }
  // Pools grew and shrank between moments (items picked up, monsters killed), so arrays after
  // them moved: the blocks still line up, and restores still put every byte back.
  REQUIRE(session->World().Positions().Size() < lying);
  const RewindBuffer& rewind = session->Rewind();
  REQUIRE(rewind.MomentCount() == 60);  // ticks 0, 10, ..., 590
  INFO("one whole snapshot " << whole << " bytes; the window of " << rewind.MomentCount()
                             << " moments " << rewind.Bytes());
  // Most of a resting crowd is unchanged from one moment to the next (names, kinds, health, the
  // map): the window holds far less than a whole copy per moment (without sharing it is 1.0).
  CHECK(rewind.Bytes() < rewind.MomentCount() * whole / 2);
  StepBackThrough(*session, {599, 590, 453, 201, 0}, seen);
  // The same inputs again from tick 0 give the same run.
  for (std::size_t t = 1; t < 200; ++t) {
    REQUIRE(session->StepTick(inputs[t - 1]) == Status::Ok);
    REQUIRE(Describe(*session) == seen[t]);
  }
}

TEST_CASE("a step back on a map of 90,000 cells puts the map back, read past its block padding",
          "[rewind]") {
  // The map's cells and memory are arrays of 64 KiB and more from 256x256 on: each starts a block
  // of its own in a snapshot, and every reader of them must skip the padding before it.
  SessionConfig config = cairn::test::Config(5);
  config.level = test::CrowdedRoom(*config.definitions, 300, 300, 400, 8);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  WorldSnapshot alone;
  REQUIRE(TakeSnapshot(session->World(), alone) == Status::Ok);
  REQUIRE(RestoreSnapshot(session->World(), alone) == Status::Ok);
  KeyScript script(Repeat("oF", 100));
  std::vector<TickInput> inputs;
  std::vector<std::string> seen{Describe(*session)};
  for (int i = 0; i < 120; ++i) {
    PlayTicks(*session, script, 1, inputs);
    seen.push_back(Describe(*session));
  }
  StepBackThrough(*session, {117, 60, 25, 0}, seen);
}

TEST_CASE("moments that would outgrow the budget are taken further apart; the window stays whole",
          "[rewind]") {
  const std::size_t whole = WholeSnapshotBytes(*Crowd(RewindOptions{}));
  RewindOptions options{1000, 10};
  options.budget = 4 * whole;
  auto session = Crowd(options);
  KeyScript script(Repeat("oF", 600));
  std::vector<TickInput> inputs;
  std::vector<std::string> seen{Describe(*session)};
  std::size_t most = 0;
  for (int i = 0; i < 1500; ++i) {
    PlayTicks(*session, script, 1, inputs);
    seen.push_back(Describe(*session));
    most = std::max(most, session->Rewind().Bytes());
  }
  const RewindBuffer& rewind = session->Rewind();
  INFO("one whole snapshot " << whole << ", interval now " << rewind.Interval() << ", "
                             << rewind.MomentCount() << " moments, at most " << most);
  CHECK(rewind.Interval() > 10);
  // The budget, and the window's first moment (a whole copy) and the one at its far end besides.
  CHECK(most <= options.budget + 2 * whole);
  CHECK(rewind.EarliestTick() == 500);
  StepBackThrough(*session, {1499, 1234, 777, 500}, seen);
  std::string why;
  CHECK(session->StepBack(1, why) == Status::InvalidOperation);
  // A floor whose moments fit keeps the interval asked for.
  auto dungeon = Dungeon(4, RewindOptions{1000, 10});
  REQUIRE(dungeon->RunTicks(1500) == Status::Ok);
  CHECK(dungeon->Rewind().Interval() == 10);
}

TEST_CASE("moments an edit forced every tick stay within four budgets; the window shortens",
          "[rewind]") {
  const std::size_t whole = WholeSnapshotBytes(*Crowd(RewindOptions{}));
  RewindOptions options{1000, 50};
  options.budget = whole;
  auto session = Crowd(options);
  KeyScript script(Repeat("oF", 300));
  std::vector<TickInput> inputs;
  std::vector<std::string> seen{Describe(*session)};
  std::size_t most = 0;
  for (int i = 0; i < 300; ++i) {
    session->NoteEdit();  // as the console's SET between two ticks
    PlayTicks(*session, script, 1, inputs);
    seen.push_back(Describe(*session));
    most = std::max(most, session->Rewind().Bytes());
  }
  const RewindBuffer& rewind = session->Rewind();
  INFO("one whole snapshot " << whole << ", " << rewind.MomentCount() << " moments, at most "
                             << most);
  CHECK(most <= 5 * whole);
  const std::int64_t earliest = rewind.EarliestTick();
  CHECK(earliest > 0);
  CHECK(earliest < 300);
  std::string why;
  CHECK(session->StepBack(static_cast<std::uint64_t>(300 - earliest + 1), why) ==
        Status::InvalidOperation);
  CHECK(why.find("outside the rewind window: it reaches back to tick " +
                 std::to_string(earliest)) != std::string::npos);
  REQUIRE(session->StepBack(static_cast<std::uint64_t>(300 - earliest), why) == Status::Ok);
  CHECK(Describe(*session) == seen[static_cast<std::size_t>(earliest)]);
}

}  // namespace rewind_test
