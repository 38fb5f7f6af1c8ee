// Extraction: the render snapshot the presenter draws, built after a commit.
#include "view/extract.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "content/level_loader.h"
#include "game/definitions.h"
#include "sim/session_preserved.h"
#include "support/source_files.h"
#include "support/test_content.h"
#include "view/describe.h"

namespace extract_test {

using namespace cairn;

namespace {

std::unique_ptr<GameSession> MakeSession(const std::vector<std::string_view>& rows) {
  const SessionConfig config =
      cairn::test::Config(1, std::make_shared<LevelDefinition>(
                                 LevelFromAscii("t", rows, *cairn::test::Definitions(), false)));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

bool Drawn(const RenderFrame& frame, EntityId id) {
  for (const FrameEntity& e : frame.entities)
    if (e.id == id) return true;
  return false;
}

}  // namespace

TEST_CASE("a pending-destroy entity is skipped by extraction", "[view]") {
  auto session = MakeSession({"#######", "#@.r..#", "#######"});
  GameWorld& world = session->World();
  const EntityId rat = world.Ais().Owners()[0];
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  REQUIRE(Drawn(frame, rat));
  BeginTickPhase(world);
  REQUIRE(world.QueueDestroy(rat) == Status::Ok);
  Extract(*session, ExtractOptions{}, frame);
  CHECK_FALSE(Drawn(frame, rat));  // still alive until commit, but no longer drawn
  CHECK(world.Registry().IsAlive(rat));
}

TEST_CASE("entities are drawn in a stable order: layer, then creation", "[view]") {
  auto session = MakeSession({"########", "#@r.j.>#", "########"});
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  REQUIRE(frame.entities.size() == 4);
  CHECK(frame.entities.front().layer == 0);  // the stairs under everything
  CHECK(frame.entities.back().player);       // the player on top
  for (std::size_t i = 1; i < frame.entities.size(); ++i)
    CHECK(frame.entities[i - 1].layer <= frame.entities[i].layer);
}

TEST_CASE("monsters out of view are not drawn; remembered terrain is marked", "[view]") {
  auto session = MakeSession({"############", "#@.#......r#", "############"});
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  CHECK(frame.entities.size() == 1);  // only the player: the rat is behind the wall
  CHECK(frame.Cell(1, 1).knowledge == CellKnowledge::Visible);
  CHECK(frame.Cell(8, 1).knowledge == CellKnowledge::Unknown);
  ExtractOptions reveal;
  reveal.reveal_map = true;
  Extract(*session, reveal, frame);
  CHECK(frame.entities.size() == 2);
}

TEST_CASE("the debug data describes the inspected entity and the machine", "[view]") {
  auto session = MakeSession({"#######", "#@.g..#", "#######"});
  const EntityId goblin = session->World().Ais().Owners()[0];
  ExtractOptions options;
  options.debug = true;
  options.inspected = goblin;
  options.overlay = OverlayMode::Labels;
  REQUIRE(session->StepTick() == Status::Ok);
  RenderFrame frame;
  Extract(*session, options, frame);
  const DebugData& d = frame.debug;
  CHECK(d.inspected_handle.rfind("Entity{World=", 0) == 0);
  CHECK(d.inspected_state == "active");
  CHECK(d.creation_sequence == 2);
  CHECK(d.components.size() == 9);  // a goblin's kind gives it loot
  CHECK(std::find(d.components.begin(), d.components.end(),
                  "loot:0 { item = \"potion-healing\", chance = 20 }") != d.components.end());
  REQUIRE(d.ai.size() == 5);
  CHECK(d.ai[0].rfind("action ", 0) == 0);
  CHECK(d.ai[4].rfind("last cancelled: ", 0) == 0);
  CHECK(d.pools.size() == kComponentKindCount);
  CHECK(d.live == 2);
  CHECK_FALSE(d.trace.empty());
  CHECK(d.marks.size() == 2);  // a label per drawn entity
  // A stale handle is described, not followed.
  options.inspected = EntityId{goblin.Owner, goblin.Slot, goblin.Generation + 1};
  Extract(*session, options, frame);
  CHECK(frame.debug.inspected_state == "stale generation");
  CHECK(frame.debug.components.empty());
}

namespace {

TraceEntry Entry(std::int64_t tick, TraceEvent event, EntityId a = {}, EntityId b = {}) {
  TraceEntry e;
  e.tick = tick;
  e.event = event;
  e.a = a;
  e.b = b;
  return e;
}

std::string Words(const TraceEntry& e) {
  return std::to_string(e.tick) + " " + TraceEventName(e.event) +
         (e.a.IsNull() ? "" : " a=" + std::to_string(e.a.Slot));
}

}  // namespace

TEST_CASE("a run of ticks that only started is one line: 'ticks 182-190: nothing happened'",
          "[view][trace]") {
  TraceRing ring;
  REQUIRE(ring.Initialize(256) == Status::Ok);
  const EntityId rat{1, 3, 1}, player{1, 0, 1};
  ring.Record(Entry(181, TraceEvent::TickStarted));
  ring.Record(Entry(181, TraceEvent::Moved, rat));
  for (std::int64_t t = 182; t <= 190; ++t) ring.Record(Entry(t, TraceEvent::TickStarted));
  ring.Record(Entry(191, TraceEvent::TickStarted));
  ring.Record(Entry(191, TraceEvent::Attacked, rat, player));
  ring.Record(Entry(192, TraceEvent::TickStarted));
  const std::vector<std::string> lines = TraceLines(ring, 12, EntityId{}, Words);
  // A busy tick's own start line is left out: every line begins with its tick anyway.
  const std::vector<std::string> expected{"181 moved a=3", "ticks 182-190: nothing happened",
                                          "191 attacked a=3", "tick 192: nothing happened"};
  CHECK(lines == expected);
  SECTION("at most the lines asked for, the newest kept") {
    const std::vector<std::string> two = TraceLines(ring, 2, EntityId{}, Words);
    CHECK(two == std::vector<std::string>{"191 attacked a=3", "tick 192: nothing happened"});
  }
  SECTION("filtered to one entity: only the entries naming it, as a or b") {
    ring.Record(Entry(193, TraceEvent::TickStarted));
    ring.Record(Entry(193, TraceEvent::Moved, EntityId{1, 4, 1}));
    CHECK(TraceLines(ring, 12, player, Words) == std::vector<std::string>{"191 attacked a=3"});
    CHECK(TraceLines(ring, 12, rat, Words) ==
          std::vector<std::string>{"181 moved a=3", "191 attacked a=3"});
    CHECK(TraceLines(ring, 12, EntityId{1, 9, 1}, Words).empty());
  }
}

TEST_CASE("an idle run closed by the end of the ring still counts every tick it holds",
          "[view][trace]") {
  TraceRing ring;
  REQUIRE(ring.Initialize(4) == Status::Ok);  // ticks 1-3 are pushed out
  for (std::int64_t t = 1; t <= 8; ++t) ring.Record(Entry(t, TraceEvent::TickStarted));
  CHECK(TraceLines(ring, 12, EntityId{}, Words) ==
        std::vector<std::string>{"ticks 5-8: nothing happened"});
}

TEST_CASE("the pane's trace can be filtered to the inspected entity", "[view][trace]") {
  auto session = MakeSession({"#######", "#@.r..#", "#######"});
  const EntityId rat = session->World().Ais().Owners()[0];
  for (int i = 0; i < 40; ++i) REQUIRE(session->StepTick() == Status::Ok);
  ExtractOptions options;
  options.debug = true;
  options.inspected = rat;
  options.trace_inspected_only = true;
  RenderFrame frame;
  Extract(*session, options, frame);
  CHECK(frame.debug.trace_inspected_only);
  const std::string rat_text = std::to_string(rat.Slot) + ":" + std::to_string(rat.Generation);
  REQUIRE_FALSE(frame.debug.trace.empty());  // the rat wakes and comes for the player
  for (const std::string& line : frame.debug.trace) CHECK(line.find(rat_text) != std::string::npos);
  options.trace_inspected_only = false;
  Extract(*session, options, frame);
  CHECK_FALSE(frame.debug.trace_inspected_only);
  CHECK_FALSE(frame.debug.trace.empty());
  options.inspected = EntityId{};  // nothing inspected: nothing to filter by
  options.trace_inspected_only = true;
  Extract(*session, options, frame);
  CHECK_FALSE(frame.debug.trace_inspected_only);
}

TEST_CASE("the inspector shows an unknown component as not loaded, until it is removed", "[view]") {
  const std::string_view map[] = {"#######", "#@.r..#", "#######"};
  LevelDefinition level = LevelFromAscii("t", map, *cairn::test::Definitions(), false);
  for (LevelEntity& e : level.entities)
    if (e.components.Has<EnemyAi>()) {
      e.preserved.push_back(PreservedComponent{"ambience", 2, 0, "{ sound = \"squeak\" }"});
      e.preserved.push_back(PreservedComponent{"scent", 1, 0, "{ strength = 3 }"});
    }
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(
              cairn::test::Config(1, std::make_shared<LevelDefinition>(std::move(level))),
              session) == Status::Ok);
  const EntityId rat = session->World().Ais().Owners()[0];
  ExtractOptions options;
  options.debug = true;
  options.inspected = rat;
  RenderFrame frame;
  Extract(*session, options, frame);
  const auto shown = [&](const std::string& row) {
    const auto& rows = frame.debug.components;
    return std::find(rows.begin(), rows.end(), row) != rows.end();
  };
  CHECK(shown("ambience:0 v2 (not loaded)"));
  CHECK(shown("scent:0 v1 (not loaded)"));
  REQUIRE(RemovePreservedComponent(*session, rat, "ambience", 0) == Status::Ok);
  CHECK(RemovePreservedComponent(*session, rat, "ambience", 0) == Status::NotFound);
  Extract(*session, options, frame);
  CHECK_FALSE(shown("ambience:0 v2 (not loaded)"));
  CHECK(shown("scent:0 v1 (not loaded)"));  // the other stays, and so does the rat
  CHECK(session->World().Registry().IsAlive(rat));
  CHECK(shown("health { current = 4, max = 4 }"));
  REQUIRE(RemovePreservedComponent(*session, rat, "scent", 0) == Status::Ok);
  CHECK(session->Preserved(rat) == nullptr);
}

}  // namespace extract_test

namespace extract_test {

namespace {

// A session on the level file at `path` (under the source tree).
std::unique_ptr<GameSession> SessionOnFile(const std::string& path) {
  const std::string text = cairn::test::SourceFile(path);
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> problems;
  REQUIRE(
      LoadLevelText(text, *cairn::test::Definitions(), WorldLimits::Uniform(64), *level, problems));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(cairn::test::Config(1, level), session) == Status::Ok);
  return session;
}

}  // namespace

TEST_CASE("look mode says what a machine part is doing; the map remembers the parts",
          "[view][machine]") {
  auto session = SessionOnFile("tests/levels/machines.toml");
  // The lever at (3, 2) and the portcullis it raises at (5, 3), as the level places them.
  CHECK(LookText(*session, 5, 3).find("portcullis, lowered") != std::string::npos);
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Move, 1, -1}) == Status::Ok);
  CHECK(LookText(*session, 5, 3).find("portcullis, raised") != std::string::npos);
  CHECK(LookText(*session, 3, 2).find("lever, pulled") != std::string::npos);
  // Out of sight (the map drawn as the player knows it), the lever is still drawn where it was
  // seen, as stairs are; a monster would not be.
  GameWorld& world = session->World();
  EntityId lever{};
  for (EntityId id : world.Triggers().Owners())
    if (world.Positions().Find(id)->x == 3 && world.Positions().Find(id)->y == 2) lever = id;
  REQUIRE_FALSE(lever.IsNull());
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  REQUIRE(Drawn(frame, lever));
  session->Scratch().player_view.Compute(world.Map(), 1, 1, 0);  // blind: nothing in view
  Extract(*session, ExtractOptions{}, frame);
  CHECK(Drawn(frame, lever));
}

TEST_CASE("a hiding lurker is neither drawn nor named until it springs", "[view][lurker]") {
  auto session = MakeSession({"############", "#@........L#", "############"});
  GameWorld& world = session->World();
  const EntityId lurker = world.Ais().Owners()[0];
  REQUIRE(world.Ais().Find(lurker)->phase == AiPhase::Asleep);
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  CHECK_FALSE(Drawn(frame, lurker));
  CHECK(LookText(*session, 10, 1).find("lurker") == std::string::npos);
  CHECK(ThingsInView(*session, false).empty());
  ExtractOptions reveal;  // the debug view shows it
  reveal.reveal_map = true;
  Extract(*session, reveal, frame);
  CHECK(Drawn(frame, lurker));
  // Sprung, it is seen.
  world.MutableAis().Find(lurker)->phase = AiPhase::SelectTarget;
  Extract(*session, ExtractOptions{}, frame);
  CHECK(Drawn(frame, lurker));
  CHECK(LookText(*session, 10, 1).find("cave lurker") != std::string::npos);
}

}  // namespace extract_test

namespace extract_test {

TEST_CASE("a freed ally is drawn as a friend; a captive in chains is not yet", "[view][ally]") {
  auto session = SessionOnFile("tests/levels/captive.toml");
  GameWorld& world = session->World();
  REQUIRE(world.Allies().Size() == 1);
  const EntityId captive = world.Allies().Owners()[0];
  const auto drawn_as_ally = [&] {
    RenderFrame frame;
    Extract(*session, ExtractOptions{}, frame);
    for (const FrameEntity& e : frame.entities)
      if (e.id == captive) return e.ally;
    FAIL("the captive is not drawn");
    return false;
  };
  CHECK_FALSE(drawn_as_ally());
  world.MutableAllies().Find(captive)->shackled = 0;
  CHECK(drawn_as_ally());
}

}  // namespace extract_test
