// Extraction: the render snapshot the presenter draws, built after a commit.
#include <catch2/catch.hpp>

#include "game/definitions.h"
#include "view/extract.h"
#include "support/test_content.h"

using namespace cairn;

namespace {

std::unique_ptr<GameSession> MakeSession(const std::vector<std::string_view>& rows) {
  const SessionConfig config = cairn::test::Config(
      1, std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *cairn::test::Definitions(), false)));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::TryCreate(config, session) == Status::Ok);
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
  CHECK(d.components.size() == 8);
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
