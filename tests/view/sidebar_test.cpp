// The sidebar's part of the render snapshot (core/view/sidebar_data.h): the monsters in view in
// the order the sidebar lists them, each with its health and its AI phase in words, and the
// player's side (hunger always, conditions with their turns, the quiver, what lies underfoot).
#include <catch2/catch.hpp>
#include <functional>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "game/recipes.h"
#include "game/rules.h"
#include "support/test_content.h"
#include "view/extract.h"
#include "view/player_panels.h"

namespace sidebar_test {

using namespace cairn;

namespace {

// A session on `rows`; `edit` may add to the level before the world is built.
std::unique_ptr<GameSession> MakeSession(
    const std::vector<std::string_view>& rows,
    const std::function<void(LevelDefinition&, const DefinitionSet&)>& edit = {}) {
  const auto definitions = cairn::test::Definitions();
  auto level = std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *definitions, false));
  if (edit) edit(*level, *definitions);
  const SessionConfig config = cairn::test::Config(1, level);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

EntityId MonsterAt(const GameWorld& world, std::int32_t x, std::int32_t y) {
  for (EntityId id : world.Ais().Owners())
    if (const Position* p = world.Positions().Find(id); p->x == x && p->y == y) return id;
  FAIL("no monster at " << x << "," << y);
  return {};
}

std::uint16_t ItemKind(const DefinitionSet& definitions, std::string_view id) {
  for (std::size_t k = 0; k < definitions.items.size(); ++k)
    if (definitions.items[k].id == id) return static_cast<std::uint16_t>(k);
  FAIL("no item kind " << id);
  return 0;
}

}  // namespace

TEST_CASE("the sidebar lists the monsters in view nearest first, creation order breaking ties",
          "[view][sidebar]") {
  // The rat is 1 away; the kobold archer diagonally (its straight-line length, 1.4); the jackal
  // (made first) and the goblin both 2 away; the orc is behind a wall, out of view.
  auto session = MakeSession({"##########", "#j.@rg#.o#", "#...k.#..#", "##########"});
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  const auto& monsters = frame.sidebar.monsters;
  REQUIRE(monsters.size() == 4);
  CHECK(monsters[0].name == "rat");
  CHECK(monsters[1].name == "kobold archer");
  CHECK(monsters[2].name == "jackal");
  CHECK(monsters[3].name == "goblin");
  CHECK(monsters[0].x == 4);
  CHECK(monsters[0].y == 1);
  CHECK(monsters[0].glyph == 'r');
  CHECK(monsters[0].ascii == 'r');
}

TEST_CASE("each sidebar monster carries its health and its AI phase in the player's words",
          "[view][sidebar]") {
  auto session = MakeSession({"###########", "#r.j.@.g.o#", "#....k....#", "###########"});
  GameWorld& world = session->World();
  const EntityId rat = MonsterAt(world, 1, 1), jackal = MonsterAt(world, 3, 1),
                 goblin = MonsterAt(world, 7, 1), orc = MonsterAt(world, 9, 1),
                 kobold = MonsterAt(world, 5, 2);
  world.MutableHealths().Find(rat)->current = 2;
  world.MutableAis().Find(rat)->phase = AiPhase::Asleep;
  world.MutableAis().Find(jackal)->phase = AiPhase::Approach;
  world.MutableAis().Find(goblin)->phase = AiPhase::Flee;
  world.MutableAis().Find(orc)->phase = AiPhase::Recover;
  world.MutableAis().Find(orc)->searching = 1;
  world.MutableAis().Find(kobold)->phase = AiPhase::SelectTarget;
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  const auto find = [&](EntityId id) -> const SidebarMonster& {
    for (const SidebarMonster& m : frame.sidebar.monsters)
      if (m.id == id) return m;
    FAIL("not in the sidebar");
    return frame.sidebar.monsters.front();
  };
  CHECK(find(rat).health == 2);
  CHECK(find(rat).health_max == world.Healths().Find(rat)->max);
  CHECK(find(jackal).health == find(jackal).health_max);
  CHECK(find(rat).state == "asleep");
  CHECK(find(jackal).state == "hunting you");
  CHECK(find(goblin).state == "fleeing");
  CHECK(find(orc).state == "searching");
  CHECK(find(kobold).state == "noticed you");
  world.MutableAis().Find(orc)->searching =
      0;  // recovering from its own blow, still after the player
  world.MutableAis().Find(goblin)->phase = AiPhase::Wander;
  world.MutableAis().Find(jackal)->phase = AiPhase::Attack;
  Extract(*session, ExtractOptions{}, frame);
  CHECK(find(orc).state == "hunting you");
  CHECK(find(goblin).state == "wandering");
  CHECK(find(jackal).state == "hunting you");
  CHECK_FALSE(find(goblin).slowed);
}

TEST_CASE("a sleeper struck awake shows as awake at once, before its own next step",
          "[view][sidebar]") {
  EnemyAi ai;
  ai.phase = AiPhase::Asleep;
  CHECK(std::string(MonsterStateWord(ai)) == "asleep");
  ai.alertness = 2 * kAlertnessToHunt;  // what a blow or a missile's hit sets (actions_combat)
  CHECK(std::string(MonsterStateWord(ai)) == "noticed you");
}

TEST_CASE("every phase of the AI machine has words, and look mode uses the same ones",
          "[view][sidebar]") {
  for (int p = 0; p < kAiPhaseCount; ++p) {
    EnemyAi ai;
    ai.phase = static_cast<AiPhase>(p);
    CHECK(std::string(MonsterStateWord(ai)) != "unknown");
  }
  auto session = MakeSession({"######", "#@.r.#", "######"});
  GameWorld& world = session->World();
  world.MutableAis().Find(MonsterAt(world, 3, 1))->phase = AiPhase::Flee;
  CHECK(DescribeCell(*session, 3, 1).find("rat (fleeing, unhurt") != std::string::npos);
}

TEST_CASE("the player's side: hunger always, conditions with turns left, quiver, underfoot",
          "[view][sidebar]") {
  auto session = MakeSession(
      {"#######", "#@....#", "#######"},
      [](LevelDefinition& level, const DefinitionSet& definitions) {
        // Darts lying under the player; the player hasted.
        const ItemDefinition& darts = definitions.items[ItemKind(definitions, "darts")];
        level.entities.push_back({"darts", ItemRecipe(definitions, darts, Position{1, 1}), {}, {}});
        for (LevelEntity& e : level.entities)
          if (e.authored_id == "player") e.components.Set(Condition{25, 0});
      });
  GameWorld& world = session->World();
  RenderFrame frame;
  Extract(*session, ExtractOptions{}, frame);
  const SidebarData& s = frame.sidebar;
  CHECK(s.hunger == "Fed");  // shown even when nothing is wrong
  CHECK(frame.hud.hunger.empty());
  CHECK(s.nutrition == world.Players().Find(world.PlayerEntity())->nutrition);
  REQUIRE(s.conditions.size() == 1);
  CHECK(s.conditions[0] == "Hasted (3 turns)");  // 25 ticks: three turns, the last one partly
  CHECK(s.terrain == "floor");
  REQUIRE(s.underfoot.size() == 1);
  CHECK(s.underfoot[0].find("dart") != std::string::npos);
  CHECK(s.quiver.empty());  // nothing thrown yet

  world.MutablePlayers().Find(world.PlayerEntity())->nutrition = kWeak - 1;
  Quiver* quiver = world.MutableQuivers().Find(world.PlayerEntity());
  REQUIRE(quiver != nullptr);
  *quiver = Quiver{ItemKind(world.Definitions(), "darts"), 1};
  Extract(*session, ExtractOptions{}, frame);
  CHECK(frame.sidebar.hunger == "Weak");
  CHECK(frame.sidebar.nutrition == kWeak - 1);
  // The player carries no darts on this level: a quiver of nothing shows nothing.
  CHECK(frame.sidebar.quiver.empty());
  REQUIRE(session->Submit(PlayerCommand{PlayerCommandKind::PickUp}) == Status::Ok);
  Extract(*session, ExtractOptions{}, frame);
  CHECK(frame.sidebar.quiver.find("dart") != std::string::npos);
  CHECK(frame.sidebar.underfoot.empty());
  CHECK(frame.sidebar.terrain == "floor");
}

}  // namespace sidebar_test
