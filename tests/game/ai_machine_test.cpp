// The AI's named machine, whole (game/ai.h): per profile, a scripted scenario in which every
// phase the profile uses is entered in order, each with its reason in the trace; a cancel while a
// request is pending revokes it exactly once; and over whole runs, every phase change a monster
// makes is in the trace with a reason.
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "game/ai.h"
#include "game_test_support.h"
#include "sim/trace_text.h"

namespace ai_machine_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

// Reads a world's trace as it grows, tick by tick, so nothing falls out of the ring unseen.
struct TraceLog {
  std::uint64_t seen = 0;
  std::vector<TraceEntry> entries;
  void Read(const GameWorld& world) {
    const TraceRing& ring = world.Trace();
    const std::uint64_t fresh = ring.Recorded() - seen;
    REQUIRE(fresh <= ring.Capacity());  // the ring kept everything since the last read
    std::vector<TraceEntry> batch;
    TraceEntry entry;
    for (std::uint64_t n = 0; n < fresh && ring.Recent(n, entry); ++n) batch.push_back(entry);
    entries.insert(entries.end(), batch.rbegin(), batch.rend());
    seen = ring.Recorded();
  }
  // "select-target:noticed approach:target-chosen ...": the phases `monster` entered, in order.
  std::vector<std::string> Phases(EntityId monster) const {
    std::vector<std::string> out;
    for (const TraceEntry& e : entries)
      if (e.event == TraceEvent::AiPhase && e.a == monster)
        out.push_back(std::string(AiPhaseName(static_cast<AiPhase>(e.detail[1]))) + ":" +
                      AiReasonName(static_cast<AiReason>(e.detail[2])));
    return out;
  }
  bool Has(EntityId monster, AiPhase phase, StepResult result) const {
    for (const TraceEntry& e : entries)
      if (e.event == TraceEvent::AiStep && e.a == monster &&
          e.detail[0] == static_cast<std::uint8_t>(phase) &&
          e.detail[1] == static_cast<std::uint8_t>(result))
        return true;
    return false;
  }
};

std::string Joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : " ") + item;
  return text;
}

// Whether `expected` appears in `phases` in order (other entries may come between).
bool InOrder(const std::vector<std::string>& phases, const std::vector<std::string>& expected) {
  std::size_t next = 0;
  for (const std::string& phase : phases)
    if (next < expected.size() && phase == expected[next]) ++next;
  return next == expected.size();
}

// A world with a roomy trace, its monster and a log, driven tick by tick.
struct Scenario {
  TestWorld w;
  EntityId monster;
  TraceLog log;
  Scenario(std::initializer_list<std::string_view> rows, std::string_view kind)
      : w(Level(rows), [] {
          WorldLimits limits = WorldLimits::Uniform(64);
          limits.trace = 4096;
          return limits;
        }()) {
    monster = w.Monster(kind);
    REQUIRE(!monster.IsNull());
  }
  EnemyAi& Ai() { return *w->MutableAis().Find(monster); }
  // Runs ticks (the player waits) until `done` or `ticks` have passed.
  template <class Done>
  void Run(int ticks, Done done) {
    for (int i = 0; i < ticks && !done(); ++i) {
      REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
      log.Read(*w);
    }
  }
  void Run(int ticks) {
    Run(ticks, [] { return false; });
  }
  std::vector<std::string> Phases() const { return log.Phases(monster); }
};

}  // namespace

TEST_CASE(
    "melee: it notices, chooses, approaches, strikes, recovers, and searches where it lost you",
    "[ai][machine]") {
  Scenario s(
      {"##############", "#@.......r...#", "############.#", "############.#", "##############"},
      "rat");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;  // long enough to watch
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(300, [&] { return s.Ai().phase == AiPhase::Recover && s.Ai().searching == 0; });
  s.Run(30);
  // The player vanishes from where it stood (as if it stepped through a door): the rat goes to
  // the last cell it saw it on, searches around it, and gives up.
  const EntityId player = s.w->PlayerEntity();
  Position* where = s.w->MutablePositions().Find(player);
  s.w->MoveOccupant(player, *where, Position{12, 3});
  *where = Position{12, 3};
  s.Run(600, [&] { return s.Ai().phase == AiPhase::Wander; });
  const auto phases = s.Phases();
  INFO(Joined(phases));
  CHECK(InOrder(phases,
                {"select-target:noticed", "approach:target-chosen", "attack:in-reach",
                 "recover:struck", "approach:recovered", "recover:lost-trail", "wander:gave-up"}));
  CHECK(s.log.Has(s.monster, AiPhase::Approach, StepResult::Running));
  CHECK(s.log.Has(s.monster, AiPhase::Approach, StepResult::Succeeded));
  CHECK(s.log.Has(s.monster, AiPhase::Approach, StepResult::Failed));
  CHECK(s.log.Has(s.monster, AiPhase::Recover, StepResult::Failed));
}

TEST_CASE("a heavy hitter regains its footing for the ticks its kind says before it strikes again",
          "[ai][machine]") {
  Scenario s({"#######", "#@O...#", "#######"}, "ogre");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(200, [&] { return s.Ai().phase == AiPhase::Recover; });
  REQUIRE(s.Ai().phase == AiPhase::Recover);
  const std::int64_t until = s.Ai().recover_until;
  CHECK(until == s.w->Tick() + 5 - (s.w->Tick() - s.log.entries.back().tick));  // 5 ticks (data)
  bool timer = false;
  for (const TraceEntry& e : s.log.entries)
    timer =
        timer || (e.event == TraceEvent::TimerSet && e.a == s.monster &&
                  e.detail[0] == static_cast<std::uint8_t>(TimerKind::Recover) && e.value == until);
  CHECK(timer);
  s.Run(100, [&] { return s.Ai().phase == AiPhase::Attack; });
  INFO(Joined(s.Phases()));
  CHECK(InOrder(s.Phases(),
                {"attack:in-reach", "recover:struck", "approach:recovered", "attack:in-reach"}));
  // No blow of the ogre's lands while it recovers: its next strike is on or after `until`.
  for (const TraceEntry& e : s.log.entries)
    if (e.event == TraceEvent::AiPhase && e.a == s.monster &&
        e.detail[1] == static_cast<std::uint8_t>(AiPhase::Attack) && e.tick > until - 5)
      CHECK(e.tick >= until);
}

TEST_CASE("coward: hurt, it flees; healed, it chooses its target again", "[ai][machine]") {
  Scenario s({"############", "#@g........#", "############"}, "goblin");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(200, [&] { return s.Ai().phase == AiPhase::Recover; });
  s.w->MutableHealths().Find(s.monster)->current = 1;
  s.Run(200, [&] { return s.Ai().phase == AiPhase::Flee; });
  s.Run(20);
  s.w->MutableHealths().Find(s.monster)->current = s.w->MutableHealths().Find(s.monster)->max;
  s.Run(200, [&] { return s.Ai().phase == AiPhase::Approach; });
  INFO(Joined(s.Phases()));
  CHECK(InOrder(s.Phases(), {"select-target:noticed", "approach:target-chosen", "attack:in-reach",
                             "recover:struck", "flee:hurt", "select-target:recovered",
                             "approach:target-chosen"}));
  CHECK((s.log.Has(s.monster, AiPhase::Attack, StepResult::Cancelled) ||
         s.log.Has(s.monster, AiPhase::Recover, StepResult::Cancelled)));
  CHECK(s.Ai().last_cancel == CancelReason::Hurt);
}

TEST_CASE("pack: it chooses, closes in from the side, strikes and recovers", "[ai][machine]") {
  Scenario s({"###########", "#.........#", "#@.......j#", "#.........#", "###########"}, "jackal");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(300,
        [&] { return s.Ai().phase == AiPhase::Approach && s.log.Phases(s.monster).size() > 4; });
  INFO(Joined(s.Phases()));
  CHECK(InOrder(s.Phases(), {"select-target:noticed", "approach:target-chosen", "attack:in-reach",
                             "recover:struck", "approach:recovered"}));
}

TEST_CASE(
    "ranged: it shoots from afar, then recovers (reloading, stepping back) before it shoots again",
    "[ai][machine]") {
  Scenario s({"##############", "#@.....k.....#", "##############"}, "kobold-archer");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(300, [&] { return s.log.Phases(s.monster).size() > 8; });
  INFO(Joined(s.Phases()));
  CHECK(InOrder(s.Phases(), {"select-target:noticed", "approach:target-chosen", "attack:in-reach",
                             "recover:struck", "approach:recovered", "attack:in-reach"}));
  // It shot from afar and kept its distance: it never stood beside the player.
  CHECK(ChebyshevDistance(*s.w->Positions().Find(s.monster),
                          *s.w->Positions().Find(s.w->PlayerEntity())) > 1);
  bool shot = false;
  for (const TraceEntry& e : s.log.entries)
    shot = shot || (e.event == TraceEvent::Attacked && e.a == s.monster);
  CHECK(shot);
}

TEST_CASE("caster: between spells it recovers and keeps its distance", "[ai][machine]") {
  Scenario s({"##############", "#@..G........#", "##############"}, "goblin-conjurer");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(400, [&] { return s.log.Phases(s.monster).size() > 8; });
  INFO(Joined(s.Phases()));
  CHECK(InOrder(s.Phases(), {"select-target:noticed", "approach:target-chosen", "attack:in-reach",
                             "recover:struck", "approach:recovered"}));
  CHECK(s.log.Has(s.monster, AiPhase::Recover, StepResult::Running));  // reloading took ticks
  bool special = false;
  for (const TraceEntry& e : s.log.entries)
    special = special || (e.event == TraceEvent::TimerSet && e.a == s.monster &&
                          e.detail[0] == static_cast<std::uint8_t>(TimerKind::Special));
  CHECK(special);
}

TEST_CASE("thief: it grabs something and runs with it", "[ai][machine]") {
  LevelDefinition level = Level({"############", "#@m........#", "############"});
  cairn::test::AddItem(level, "ration", {0, 0}, 'a', 3);
  TestWorld w(level, [] {
    WorldLimits limits = WorldLimits::Uniform(64);
    limits.trace = 4096;
    return limits;
  }());
  const EntityId monkey = w.Monster("monkey");
  TraceLog log;
  for (int i = 0;
       i < 200 && w->Ais().Find(monkey) != nullptr && w->Ais().Find(monkey)->phase != AiPhase::Flee;
       ++i) {
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
    log.Read(*w);
  }
  INFO(Joined(log.Phases(monkey)));
  CHECK(InOrder(log.Phases(monkey), {"select-target:noticed", "approach:target-chosen",
                                     "attack:in-reach", "flee:stole"}));
}

TEST_CASE("breeder: struck, it splits; the child is a hunter of its own", "[ai][machine]") {
  Scenario s({"##########", "#@J......#", "##########"}, "pink-jelly");
  s.w->MutableHealths().Find(s.w->PlayerEntity())->current = 1000;
  s.w->MutableHealths().Find(s.w->PlayerEntity())->max = 1000;
  s.Run(200, [&] { return s.log.Phases(s.monster).size() > 5; });
  INFO(Joined(s.Phases()));
  CHECK(InOrder(s.Phases(), {"select-target:noticed", "approach:target-chosen", "attack:in-reach",
                             "recover:struck", "approach:recovered"}));
}

TEST_CASE("cancelling while a spawn request is pending revokes it exactly once", "[ai][machine]") {
  TestWorld w(Level({"#######", "#@.J..#", "#######"}), [] {
    WorldLimits limits = WorldLimits::Uniform(64);
    limits.trace = 4096;
    return limits;
  }());
  const EntityId jelly = w.Monster("pink-jelly");
  EnemyAi& ai = *w->MutableAis().Find(jelly);
  EnterPhase(*w, jelly, ai, AiPhase::Attack, AiReason::None, w->PlayerEntity());
  // A split in flight: queued this tick, not yet published.
  BeginTickPhase(*w);
  ComponentBundle child =
      MonsterRecipe(w->Definitions(), w->Definitions().monsters[ai.kind], Position{4, 1}, false);
  SpawnRequestId request = 0;
  REQUIRE(w->QueueSpawn(child, request) == Status::Ok);
  ai.pending_request = request;
  const std::uint32_t queued = w->PendingCommands();
  const std::size_t live = w->Registry().LiveCount();
  const std::uint64_t recorded = w->Trace().Recorded();
  CancelAction(*w, jelly, ai, CancelReason::TargetGone);
  CHECK(ai.pending_request == 0);
  CHECK(w->PendingCommands() == queued - 1);              // the spawn is gone from the batch
  CancelAction(*w, jelly, ai, CancelReason::TargetGone);  // a second cancel revokes nothing more
  CHECK(w->PendingCommands() == queued - 1);
  CHECK(w->RevokeSpawn(request) == Status::NotFound);
  std::size_t revoked = 0;
  TraceEntry entry;
  for (std::uint64_t n = 0; n < w->Trace().Recorded() - recorded; ++n)
    if (w->Trace().Recent(n, entry) && entry.event == TraceEvent::RequestRevoked &&
        entry.value == request)
      ++revoked;
  CHECK(revoked == 1);
  REQUIRE(w->Commit() == Status::Ok);
  CHECK(w->Registry().LiveCount() == live);  // nothing was made
  for (const SpawnOutcome& outcome : w->PendingOutcomes()) CHECK(outcome.request != request);
}

TEST_CASE("every phase change is traced with its reason, over whole runs of every profile",
          "[ai][machine]") {
  // A crowd of every kind in a room, the player fighting back: after each tick, each monster's
  // phase is compared with the one before, and every change must be an ai-phase entry of that
  // tick, from the old phase to the new, with a reason.
  LevelDefinition level =
      Level({"################", "#..............#", "#.r.j.g.k.m.J.G#", "#..............#",
             "#......@.......#", "#..............#", "#.O.o.T........#", "################"});
  cairn::test::AddItem(level, "ration", {0, 0}, 'a', 5);
  TestWorld w(level, [] {
    WorldLimits limits = WorldLimits::Uniform(128);
    limits.trace = 8192;
    return limits;
  }());
  w->MutableHealths().Find(w->PlayerEntity())->current = 100000;
  w->MutableHealths().Find(w->PlayerEntity())->max = 100000;
  TraceLog log;
  std::map<std::uint64_t, AiPhase> before;  // by creation sequence: handles are reused
  std::size_t changes = 0;
  for (int tick = 0; tick < 1500; ++tick) {
    for (EntityId id : w->Ais().Owners())
      before[w->Registry().CreationSequenceOf(id)] = w->Ais().Find(id)->phase;
    const std::size_t first = log.entries.size();
    // The player walks a square, fighting whatever stands in its way.
    static constexpr std::int8_t kDx[] = {1, 0, -1, 0}, kDy[] = {0, 1, 0, -1};
    const int side = (tick / 40) % 4;
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Move, kDx[side], kDy[side]}) == Status::Ok);
    log.Read(*w);
    for (EntityId id : w->Ais().Owners()) {
      const auto was = before.find(w->Registry().CreationSequenceOf(id));
      const AiPhase now = w->Ais().Find(id)->phase;
      if (was == before.end() || was->second == now) continue;
      ++changes;
      bool traced = false;
      for (std::size_t i = first; i < log.entries.size(); ++i) {
        const TraceEntry& e = log.entries[i];
        if (e.event == TraceEvent::AiPhase && e.a == id &&
            e.detail[1] == static_cast<std::uint8_t>(now) &&
            e.detail[2] != static_cast<std::uint8_t>(AiReason::None))
          traced = true;
      }
      INFO("tick " << w->Tick() << " monster " << id.Slot << ": " << AiPhaseName(was->second)
                   << " -> " << AiPhaseName(now));
      CHECK(traced);
    }
  }
  INFO(changes << " changes");
  CHECK(changes > 20);
}

TEST_CASE("trace entries read as words: a cell is at=X,Y and every entity carries its kind",
          "[ai][trace]") {
  Scenario s({"########", "#@...r.#", "########"}, "rat");
  s.Run(60);
  bool moved = false, phase = false;
  for (const TraceEntry& e : s.log.entries) {
    const std::string text = TraceText(e, s.w->Definitions());
    if (e.event == TraceEvent::Moved && e.a == s.monster) {
      moved = true;
      CHECK(text.find("event=moved a=" + std::to_string(s.monster.Slot) + ":" +
                      std::to_string(s.monster.Generation) + " kind=rat at=") != std::string::npos);
    }
    if (e.event == TraceEvent::AiPhase && e.a == s.monster) {
      phase = true;
      CHECK(text.find(" from=") != std::string::npos);
      CHECK(text.find(" reason=") != std::string::npos);
      CHECK(text.find("b-kind=player") != std::string::npos);
    }
  }
  CHECK(moved);
  CHECK(phase);
}

}  // namespace ai_machine_test
