// "Why" (sim/why.h): what decided an entity's state or its end, newest first, from the world's
// story. A dead monster is answered with its death and the blows before it, even after its slot
// holds another entity and after the busy trace has forgotten it; a live one with what it is doing
// and what made it; nothing remembered is `stale`; and the player's death is told in the same
// words by the console's WHY, the death screen's summary and the morgue file.
#include "sim/why.h"

#include <catch2/catch.hpp>
#include <string>

#include "console/console.h"
#include "game/ai.h"
#include "game/game_test_support.h"
#include "sim/key_script.h"
#include "sim/run_summary.h"
#include "sim/session.h"
#include "support/test_content.h"

namespace why_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string Short(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

// A world where the player stands beside a rat, tough enough to outlast it; the trace ring is
// tiny so that only the story can remember anything for long.
struct RatBeside : TestWorld {
  RatBeside() : TestWorld(Level({"########", "#@r....#", "#......#", "########"}), Limits()) {
    Health& health = *world->MutableHealths().Find(world->PlayerEntity());
    health.current = health.max = 1000;
  }
  static WorldLimits Limits() {
    WorldLimits limits = WorldLimits::Uniform(64);
    limits.trace = 16;
    return limits;
  }
};

// The player strikes the rat whenever it is beside them (and waits when it is not) until it dies.
void KillTheRat(TestWorld& w, EntityId rat) {
  for (int turn = 0; turn < 400 && w->Registry().IsAlive(rat); ++turn) {
    const Position me = *w->Positions().Find(w->PlayerEntity());
    const Position it = *w->Positions().Find(rat);
    const int dx = it.x - me.x, dy = it.y - me.y;
    PlayerCommand command{PlayerCommandKind::Wait};
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
      command = PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(dx),
                              static_cast<std::int8_t>(dy)};
    const bool acted = w.Act(command);
    INFO(w.refusal);
    REQUIRE(acted);
  }
  REQUIRE_FALSE(w->Registry().IsAlive(rat));
}

// Spawns rats, one commit each, until slot `slot` holds a new entity.
EntityId ReuseSlot(TestWorld& w, std::uint32_t slot) {
  const DefinitionSet& definitions = w->Definitions();
  const MonsterDefinition* rat = definitions.FindMonster("rat");
  REQUIRE(rat != nullptr);
  for (int i = 0; i < 64; ++i) {
    BeginTickPhase(*w);
    SpawnRequestId request = 0;
    REQUIRE(w->QueueSpawn(MonsterRecipe(definitions, *rat, Position{6, 2}, false), request) ==
            Status::Ok);
    REQUIRE(CommitPhase(*w) == Status::Ok);
    EndTickPhase(*w, w.scratch);
    const EntityId there = w->Registry().EntityAtSlot(slot);
    if (w->Registry().IsAlive(there)) return there;
  }
  FAIL("slot " << slot << " was never reused");
  return {};
}

}  // namespace

TEST_CASE("a dead monster's why is its death and the blows before it, after its slot is reused",
          "[why]") {
  RatBeside w;
  const EntityId player = w->PlayerEntity();
  const EntityId rat = w.Monster("rat");
  KillTheRat(w, rat);

  const WhyAnswer dead = AskWhy(*w, rat);
  CHECK(dead.state == WhyState::Dead);
  REQUIRE_FALSE(dead.chain.empty());
  CHECK(dead.chain[0].event == TraceEvent::Died);
  CHECK(dead.chain[0].b == player);
  CHECK(dead.since == dead.chain[0].tick);
  bool killing_blow = false;
  for (const TraceEntry& e : dead.chain)
    if (e.event == TraceEvent::Attacked && e.a == player && e.b == rat && e.value > 0 &&
        e.detail[1] != 0)
      killing_blow = true;
  CHECK(killing_blow);
  // Newest first.
  for (std::size_t i = 1; i < dead.chain.size(); ++i)
    CHECK(dead.chain[i - 1].sequence > dead.chain[i].sequence);

  const std::string reply = WhyReply(dead, *w);
  INFO(reply);
  CHECK(reply.rfind(
            "why the rat " + Short(rat) + " is dead since tick " + std::to_string(dead.since), 0) ==
        0);
  CHECK(Contains(reply, "died at 2,1, killed by the player " + Short(player) + " (melee)"));
  CHECK(Contains(reply, "the player " + Short(player) + " hit the rat " + Short(rat) + " for "));
  CHECK(Contains(reply, "and killing it"));

  // Its slot now holds another entity: the old handle is still answered with its own death, the
  // new one with its own (short) life.
  const EntityId successor = ReuseSlot(w, rat.Slot);
  CHECK(successor.Generation > rat.Generation);
  const WhyAnswer again = AskWhy(*w, rat);
  CHECK(again.state == WhyState::Dead);
  CHECK(WhyReply(again, *w) == reply);
  const WhyAnswer fresh = AskWhy(*w, successor);
  CHECK(fresh.state == WhyState::Alive);
  for (const TraceEntry& e : fresh.chain) CHECK(e.event != TraceEvent::Died);
  CHECK(Contains(WhyHeadline(fresh, *w), "the rat " + Short(successor) + " at 6,2 is alive"));
}

TEST_CASE("the story remembers a death long after the trace has forgotten it", "[why]") {
  RatBeside w;
  const EntityId rat = w.Monster("rat");
  KillTheRat(w, rat);
  for (int i = 0; i < 500; ++i)
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  // The trace (16 entries) no longer names the rat at all...
  TraceEntry e;
  for (std::uint64_t n = 0; w->Trace().Recent(n, e); ++n) CHECK_FALSE(e.a == rat);
  // ...but "why" still tells its death.
  const WhyAnswer answer = AskWhy(*w, rat);
  CHECK(answer.state == WhyState::Dead);
  REQUIRE_FALSE(answer.chain.empty());
  CHECK(answer.chain[0].event == TraceEvent::Died);
}

TEST_CASE("a live monster's why is what it is doing and what made it", "[why]") {
  TestWorld w(Level({"##########", "#@......r#", "##########"}));
  const EntityId rat = w.Monster("rat");
  for (int i = 0; i < 200 && w->Ais().Find(rat)->phase != AiPhase::Approach; ++i)
    REQUIRE(w.Tick(PlayerCommand{PlayerCommandKind::Wait}) == Status::Ok);
  REQUIRE(w->Ais().Find(rat)->phase == AiPhase::Approach);
  const WhyAnswer answer = AskWhy(*w, rat);
  CHECK(answer.state == WhyState::Alive);
  const std::string headline = WhyHeadline(answer, *w);
  INFO(WhyReply(answer, *w));
  CHECK(Contains(headline, "the rat " + Short(rat) + " at "));
  CHECK(Contains(headline, " is alive, health "));
  CHECK(Contains(headline, "in approach aiming at the player"));
  REQUIRE(answer.chain.size() >= 2);
  // Newest first: it chose its target after it noticed the player.
  CHECK(Contains(WhyLink(answer.chain[0], w->Definitions()),
                 "went from select-target to approach (target-chosen)"));
  CHECK(Contains(WhyLink(answer.chain[1], w->Definitions()), "to select-target (noticed)"));
}

TEST_CASE("an item's why says who carries it or where it lies, not that it is alive", "[why]") {
  LevelDefinition level = Level({"######", "#@...#", "######"});
  cairn::test::AddItem(level, "darts", Position{3, 1});
  cairn::test::AddItem(level, "darts", Position{0, 0}, 'c');
  TestWorld w(level);
  std::vector<std::string> headlines;
  for (EntityId id : w->Items().Owners()) headlines.push_back(WhyHeadline(AskWhy(*w, id), *w));
  REQUIRE(headlines.size() == 2);
  const std::string both = headlines[0] + " / " + headlines[1];
  INFO(both);
  CHECK(Contains(both, " at 3,1 lies on the floor"));
  CHECK(Contains(both, " is carried by the player " + Short(w->PlayerEntity())));
  CHECK_FALSE(Contains(both, "alive"));
}

TEST_CASE("a cut chain says how many links it left out, and ALL gives them", "[why]") {
  TestWorld w(Level({"######", "#@.r.#", "######"}));
  for (int i = 0; i < 120; ++i) REQUIRE(w.Tick() == Status::Ok);
  const EntityId rat = w->Ais().Owners()[0];
  const WhyAnswer whole = AskWhy(*w, rat, kEveryWhyLink);
  REQUIRE(whole.chain.size() > 3);
  CHECK(whole.left_out == 0);
  const WhyAnswer cut = AskWhy(*w, rat, 3);
  CHECK(cut.chain.size() == 3);
  CHECK(cut.left_out == whole.chain.size() - 3);
  const std::string handle = std::to_string(rat.Slot) + ":" + std::to_string(rat.Generation);
  const std::string note = std::to_string(cut.left_out) + " earlier links left out (WHY " + handle +
                           " ALL gives the whole chain)";
  CHECK(WhyReply(cut, *w).size() > note.size());
  CHECK(WhyReply(cut, *w).substr(WhyReply(cut, *w).size() - note.size()) == note);
  CHECK(WhyLines(cut, *w).back() == note);
  CHECK(WhyLines(whole, *w).size() == whole.chain.size() + 1);  // the headline and every link
}

TEST_CASE("nothing remembered about a handle is stale", "[why]") {
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  const WhyAnswer answer = AskWhy(*w, EntityId{w->WorldId(), 40, 3});
  CHECK(answer.state == WhyState::Forgotten);
  CHECK(answer.chain.empty());
  CHECK(WhyReply(answer, *w) == "stale");
}

TEST_CASE(
    "the player's death says why in the same words on the console, the death screen and the morgue",
    "[why]") {
  std::string keys;
  for (int i = 0; i < 400; ++i) keys += i % 20 == 19 ? ">>" : "oF";
  int deaths = 0;
  for (std::uint64_t seed = 1; seed <= 8 && deaths < 2; ++seed) {
    CAPTURE(seed);
    std::unique_ptr<GameSession> session;
    REQUIRE(GameSession::Create(cairn::test::Config(seed), session) == Status::Ok);
    KeyScript script(keys);
    EntityId player;  // its handle on the floor it is on (each floor is a world of its own)
    for (int tick = 0; tick < 60000 && session->State() == SessionState::Playing; ++tick) {
      if (!session->World().PlayerEntity().IsNull()) player = session->World().PlayerEntity();
      TickInput input;
      if (session->PlayerReady()) (void)script.Next(*session, input.command);
      REQUIRE(session->StepTick(input) == Status::Ok);
    }
    if (session->State() != SessionState::Dead) continue;
    ++deaths;
    const RunSummary& summary = session->Summary();
    REQUIRE_FALSE(summary.why.empty());
    INFO(summary.cause << ": " << summary.why[0]);
    CHECK(Contains(summary.why[0], "the player " + Short(player) + " died at "));
    // The morgue file: the same lines under their heading.
    const std::string morgue = FormatRunSummary(*session, "cairn test");
    for (const std::string& link : summary.why) CHECK(Contains(morgue, "\n  " + link + "\n"));
    // The console's WHY ALL on the dead player's handle: the same links, in the same order.
    Console console(*session);
    bool has_reply = false;
    const std::string reply = console.Execute("WHY " + Short(player) + " ALL", has_reply);
    REQUIRE(has_reply);
    CHECK(reply.rfind("why the player " + Short(player) + " is dead since tick ", 0) == 0);
    std::size_t at = 0;
    for (const std::string& link : summary.why) {
      at = reply.find(link, at);
      CHECK(at != std::string::npos);
      if (at == std::string::npos) break;
    }
  }
  CHECK(deaths >= 1);
}

}  // namespace why_test
