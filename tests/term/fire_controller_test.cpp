// The keys of the quiver and autopickup as a player presses them: f aims at the nearest monster
// and f again fires, v chooses what f fires, Ctrl-A turns autopickup off and on; the inventory
// and the character sheet show what is quivered and what autopickup does.
#include <algorithm>
#include <catch2/catch.hpp>

#include "content/default_content.h"
#include "controller.h"
#include "game/items.h"
#include "game/level.h"
#include "game/recipes.h"
#include "game_setup.h"
#include "support/test_content.h"

namespace fire_controller_test {

using namespace cairn;

namespace {

struct Table {
  std::unique_ptr<GameSession> session;
  std::unique_ptr<GameController> controller;

  // A corridor with a sleeping ogre at its end; the player carries `kit` (item id, quantity).
  explicit Table(std::initializer_list<std::pair<std::string_view, int>> kit) {
    SessionConfig config = cairn::test::Config();
    const std::vector<std::string_view> rows = {"###########", "#@......O.#", "###########"};
    LevelDefinition level = LevelFromAscii("t", rows, *config.definitions, true);
    std::size_t player = 0;
    for (std::size_t i = 0; i < level.entities.size(); ++i)
      if (level.entities[i].components.Has<Player>()) player = i;
    char letter = 'a';
    for (const auto& [id, quantity] : kit) {
      const ItemDefinition* kind = config.definitions->FindItem(id);
      REQUIRE(kind != nullptr);
      ComponentBundle item = ItemRecipe(*config.definitions, *kind, {0, 0});
      item.mask &= ~KindBit(ComponentKind::Position);
      item.item.quantity = static_cast<std::int16_t>(quantity);
      item.item.holder = LevelReference(static_cast<std::uint32_t>(player));
      item.item.letter = letter++;
      ++level.entities[player].components.inventory.count;
      level.entities.push_back(LevelEntity{std::string(id), item, {}, {}});
    }
    config.level = std::make_shared<LevelDefinition>(level);
    config.dungeon = DefaultDungeon();
    REQUIRE(GameSession::Create(config, session) == Status::Ok);
    KeyMap keys;
    REQUIRE(LoadKeyMap(keys));
    controller = std::make_unique<GameController>(*session, std::move(keys), false);
  }
  void Key(const std::string& key) { REQUIRE(controller->HandleKey(key)); }
  const PresenterState& State() const { return controller->Presentation(); }
  std::string LastMessage() const { return session->Log().Messages().back().text; }
  const Item* Carried(char letter) const {
    const GameWorld& world = session->World();
    return world.Items().Find(CarriedItem(world, world.PlayerEntity(), letter));
  }
  RenderFrame Frame() const {
    RenderFrame frame;
    controller->BuildFrame(frame);
    return frame;
  }
  bool SheetHas(const std::string& line) const {
    const RenderFrame frame = Frame();
    return std::find(frame.character.begin(), frame.character.end(), line) != frame.character.end();
  }
};

}  // namespace

TEST_CASE("f aims at the nearest monster, f again fires the quivered missile",
          "[controller][quiver]") {
  Table t({{"javelins", 2}, {"darts", 5}});
  // Nothing quivered yet: f fires the first missile, which the inventory marks.
  RenderFrame frame = t.Frame();
  REQUIRE(frame.inventory.size() == 2);
  CHECK(frame.inventory[0].quivered);
  CHECK(frame.inventory[0].name == "2 javelins (quivered)");
  CHECK_FALSE(frame.inventory[1].quivered);
  CHECK(t.SheetHas("Quiver:   2 javelins"));

  t.Key("f");
  CHECK(t.State().screen == Screen::Target);
  CHECK(t.State().prompt.rfind("Fire javelins at what?", 0) == 0);
  CHECK(t.State().target_x == 8);  // the ogre
  const std::int64_t tick = t.session->World().Tick();
  t.Key("escape");  // cancelled: nothing thrown, no time
  CHECK(t.State().screen == Screen::Map);
  CHECK(t.session->World().Tick() == tick);
  t.Key("f");
  t.Key("f");
  CHECK(t.State().screen == Screen::Map);
  CHECK(t.Carried('a')->quantity == 1);
  CHECK(t.session->World().Tick() > tick);

  // v chooses the darts from the missiles carried; f then fires them (Enter fires too).
  t.Key("v");
  CHECK(t.State().screen == Screen::ItemPrompt);
  CHECK(t.State().prompt.rfind("Fire what from now on? [ab]", 0) == 0);
  t.Key("b");
  CHECK(t.LastMessage() == "You fill your quiver with darts.");
  t.Key("v");  // the same again changes nothing, and says so
  t.Key("b");
  CHECK(t.LastMessage() == "Your darts are already quivered.");
  frame = t.Frame();
  CHECK_FALSE(frame.inventory[0].quivered);
  CHECK(frame.inventory[1].name == "5 darts (quivered)");
  t.Key("f");
  CHECK(t.State().prompt.rfind("Fire darts at what?", 0) == 0);
  t.Key("enter");
  CHECK(t.Carried('b')->quantity == 4);
}

TEST_CASE("f with nothing to fire says so and takes no time; v too", "[controller][quiver]") {
  Table t({{"ration", 1}});
  const std::int64_t tick = t.session->World().Tick();
  t.Key("f");
  CHECK(t.State().screen == Screen::Map);
  CHECK(t.LastMessage() == "You have nothing to fire.");
  t.Key("v");
  CHECK(t.State().screen == Screen::Map);
  CHECK(t.LastMessage() == "You have nothing to fire.");
  CHECK(t.session->World().Tick() == tick);
  CHECK(t.SheetHas("Quiver:   nothing to fire"));
}

TEST_CASE("Ctrl-A turns autopickup off and on, said and shown", "[controller][autopickup]") {
  Table t({{"ration", 1}});
  CHECK(t.SheetHas("Autopickup: on"));
  CHECK(t.SheetHas("  always: potions, scrolls, food, wands, missiles, artifacts and staffs"));
  CHECK(t.SheetHas("  new kinds: weapons and armour"));
  t.Key("ctrl-a");
  CHECK(t.LastMessage() == "Autopickup is now off.");
  CHECK(t.SheetHas("Autopickup: off"));
  CHECK_FALSE(AutoPickupOn(t.session->World(), t.session->World().PlayerEntity()));
  t.Key("A");
  CHECK(t.LastMessage() == "Autopickup is now on.");
  CHECK(AutoPickupOn(t.session->World(), t.session->World().PlayerEntity()));
}

}  // namespace fire_controller_test

namespace fire_controller_test {

TEST_CASE("T offers only what is worn, and says You take off", "[controller][items]") {
  Table t({{"dagger", 1}, {"leather-armour", 1}});
  t.Key("w");
  t.Key("a");  // wield the dagger
  t.Key("T");
  CHECK(t.LastMessage() == "You are not wearing anything.");  // a wielded weapon is not worn
  CHECK(t.State().screen == Screen::Map);
  t.Key("w");
  t.Key("b");  // wear the armour
  t.Key("T");
  REQUIRE(t.State().screen == Screen::ItemPrompt);
  CHECK(t.State().choices == std::vector<char>{'b'});
  t.Key("b");
  CHECK(t.LastMessage() == "You take off a +0 leather armour.");
}

}  // namespace fire_controller_test
