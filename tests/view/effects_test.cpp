// Death effects: a plain value captured when the entity dies (core/sim/run_outcome.h), so the
// effect is drawn from its own data long after the dead entity's slot holds someone else.
#include <catch2/catch.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "support/test_content.h"
#include "view/extract.h"

namespace effects_test {

using namespace cairn;

TEST_CASE("a death effect is drawn from its own data after its entity's slot is reused", "[view]") {
  const std::vector<std::string_view> rows = {"#########", "#@r.....#", "#########"};
  const SessionConfig config =
      cairn::test::Config(1, std::make_shared<LevelDefinition>(
                                 LevelFromAscii("t", rows, *cairn::test::Definitions(), false)));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  GameWorld& world = session->World();
  const EntityId player = world.PlayerEntity();
  const EntityId rat = world.Ais().Owners()[0];
  const Position died_at = *world.Positions().Find(rat);
  world.MutableHealths().Find(rat)->current = 1;
  world.MutableCombats().Find(player)->accuracy = 100;  // cannot miss
  world.MutableAis().Find(rat)->wake_tick = 1000;       // stays where it is
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::Move, 1, 0}) == Status::Ok);
  REQUIRE_FALSE(world.Registry().IsAlive(rat));
  REQUIRE(session->Log().Effects().size() == 1);

  // The freed slot comes back (most recently freed first) under a new generation, as something
  // else entirely: another look, somewhere else in view.
  session->NoteEdit();
  EntityId occupant;
  {
    std::optional<StructuralScope> scope;
    REQUIRE(world.OpenStructural(WorldPhase::Commit, scope) == Status::Ok);
    do {
      REQUIRE(world.CreateEntity(*scope, occupant) == Status::Ok);
    } while (occupant.Slot != rat.Slot);
    REQUIRE(world.AddComponent(*scope, occupant, Position{died_at.x + 3, died_at.y}) == Status::Ok);
    Appearance other;
    other.glyph = 'D';
    other.ascii = 'D';
    other.colour = Colour::Green;
    other.layer = 2;
    REQUIRE(world.AddComponent(*scope, occupant, other) == Status::Ok);
  }
  REQUIRE(occupant.Generation == rat.Generation + 1);

  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  // The occupant is drawn as itself...
  bool drawn = false;
  for (const FrameEntity& e : frame.entities)
    if (e.id == occupant) {
      drawn = true;
      CHECK(e.glyph == 'D');
      CHECK(e.x == died_at.x + 3);
    }
  CHECK(drawn);
  // ...and the effect as the rat's death: where it died, as remains, and named from its own
  // copy of the rat's name in look mode (issue 14: look mode said only "floor" there).
  REQUIRE(frame.effects.size() == 1);
  const FrameEffect& effect = frame.effects[0];
  CHECK(effect.x == died_at.x);
  CHECK(effect.y == died_at.y);
  CHECK(effect.colour == kRemainsColour);
  CHECK(effect.glyph == kRemainsGlyph);
  CHECK(effect.ascii == kRemainsAscii);
  const std::string look = DescribeCell(*session, died_at.x, died_at.y);
  CHECK(look.find("floor; the remains of a rat") != std::string::npos);
  CHECK(DescribeCell(*session, died_at.x + 3, died_at.y).find("remains") == std::string::npos);
  // And it lasts its own time, whoever holds the slot now.
  REQUIRE(session->RunTicks(static_cast<std::uint64_t>(RunLog::kEffectTicks)) == Status::Ok);
  Extract(*session, ExtractOptions{}, frame);
  CHECK(frame.effects.empty());
}

// Issue 14: the death marker was a '%', which is how food is drawn, and read as a corpse to pick
// up.
TEST_CASE("remains are drawn in a glyph and colour no item or monster uses", "[view]") {
  const DefinitionSet& d = *cairn::test::Definitions();
  for (const ItemDefinition& item : d.items) {
    INFO(item.id);
    CHECK(item.glyph != kRemainsGlyph);
    CHECK(item.ascii != kRemainsAscii);
    CHECK(item.colour != kRemainsColour);
  }
  for (const MonsterDefinition& monster : d.monsters) {
    INFO(monster.id);
    CHECK(monster.glyph != kRemainsGlyph);
    CHECK(monster.ascii != kRemainsAscii);
    CHECK(monster.colour != kRemainsColour);
  }
  CHECK(kRemainsAscii != '%');
}

}  // namespace effects_test
