// The mouse, fed to the controller as the key names CursesScreen makes of ncurses's events
// (term/mouse.h): a click travels, steps or strikes through the same player commands as keys; a
// hover describes the cell in the message area and never plays; a click on a sidebar entry looks
// at that monster.
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "controller.h"
#include "game/items.h"
#include "game/level.h"
#include "game/recipes.h"
#include "game_setup.h"
#include "presenter/pointer.h"
#include "support/test_content.h"

namespace mouse_test {

using namespace cairn;

namespace {

struct Harness {
  std::unique_ptr<GameSession> session;
  std::unique_ptr<GameController> controller;
  std::int32_t width;
  std::int32_t height;

  // The level `rows`; the player carries `darts` darts (letter a) when it is not 0.
  Harness(std::initializer_list<std::string_view> rows, std::int32_t w = 80, std::int32_t h = 24,
          std::int16_t darts = 0)
      : Harness(std::vector<std::string_view>(rows), w, h, darts) {}
  Harness(const std::vector<std::string_view>& list, std::int32_t w, std::int32_t h,
          std::int16_t darts)
      : width(w), height(h) {
    SessionConfig config = cairn::test::Config();
    LevelDefinition level = LevelFromAscii("t", list, *config.definitions, false);
    if (darts > 0) {
      std::size_t player = 0;
      for (std::size_t i = 0; i < level.entities.size(); ++i)
        if (level.entities[i].components.Has<cairn::Player>()) player = i;
      ComponentBundle item =
          ItemRecipe(*config.definitions, *config.definitions->FindItem("darts"), Position{0, 0});
      item.mask &= ~KindBit(ComponentKind::Position);
      item.item.quantity = darts;
      item.item.holder = LevelReference(static_cast<std::uint32_t>(player));
      item.item.letter = 'a';
      ++level.entities[player].components.inventory.count;
      level.entities.push_back(LevelEntity{"darts", item, {}, {}});
    }
    config.level = std::make_shared<LevelDefinition>(level);
    REQUIRE(GameSession::Create(config, session) == Status::Ok);
    KeyMap keys;
    REQUIRE(LoadKeyMap(keys));
    controller = std::make_unique<GameController>(*session, std::move(keys), false);
    controller->SetViewSize(width, height);
  }
  RenderFrame Frame() {
    RenderFrame frame;
    controller->BuildFrame(frame);
    return frame;
  }
  // The screen cell that shows map cell (x, y) now.
  std::string At(const char* what, std::int32_t x, std::int32_t y) {
    const RenderFrame frame = Frame();
    const ScreenRect map = LayOut(controller->Presentation(), width, height).map;
    std::int32_t cx = 0, cy = 0;
    MapOrigin(frame, controller->Presentation(), map, cx, cy);
    return MouseKeyName(
        MouseEvent{std::string_view(what) == "click" ? MouseKind::Click : MouseKind::Hover,
                   map.x + x - cx, map.y + y - cy});
  }
  bool Key(const std::string& key) { return controller->HandleKey(key); }
  void RunOut() {
    for (int i = 0; i < 1000 && controller->Busy(); ++i) controller->Continue();
  }
  Position Player() { return *session->World().Positions().Find(session->World().PlayerEntity()); }
  std::string LastMessage() {
    return session->Log().Messages().empty() ? "" : session->Log().Messages().back().text;
  }
};

EntityId MonsterAt(const GameWorld& world, std::int32_t x, std::int32_t y) {
  for (EntityId id : world.Ais().Owners())
    if (const Position* p = world.Positions().Find(id); p->x == x && p->y == y) return id;
  return {};
}

}  // namespace

TEST_CASE("mouse key names round-trip, and nothing else parses as one", "[controller][mouse]") {
  MouseEvent event;
  REQUIRE(ParseMouseKey("click:10,5", event));
  CHECK(event.kind == MouseKind::Click);
  CHECK(event.x == 10);
  CHECK(event.y == 5);
  REQUIRE(ParseMouseKey("hover:0,23", event));
  CHECK(event.kind == MouseKind::Hover);
  CHECK(MouseKeyName(event) == "hover:0,23");
  for (const char* bad : {"click", "click:", "click:1", "click:1,", "click:-1,2", "click:1,2x",
                          "click:,2", "hover:1;2", "h", "enter", "clack:1,2"})
    CHECK_FALSE(ParseMouseKey(bad, event));
}

TEST_CASE("a click on a known cell travels there through ordinary moves", "[controller][mouse]") {
  Harness h({"############", "#@.........#", "#..........#", "############"});
  REQUIRE(h.Key(h.At("click", 9, 2)));
  CHECK(h.controller->Busy());  // a run of turns, played a step at a time like explore
  h.RunOut();
  CHECK(h.Player().x == 9);
  CHECK(h.Player().y == 2);
  // The same moves typed as keys end in the same state: the click became ordinary commands.
  Harness keys({"############", "#@.........#", "#..........#", "############"});
  for (const char* key : {"n", "l", "l", "l", "l", "l", "l", "l"}) REQUIRE(keys.Key(key));
  CHECK(keys.Player().x == 9);
  CHECK(keys.session->World().Tick() == h.session->World().Tick());
  CHECK(keys.session->StateHash() == h.session->StateHash());
}

TEST_CASE("a click beside a monster strikes it, as the key for that direction does",
          "[controller][mouse]") {
  Harness h({"#######", "#@r...#", "#######"});
  GameWorld& world = h.session->World();
  const EntityId rat = MonsterAt(world, 2, 1);
  REQUIRE_FALSE(rat.IsNull());
  world.MutableCombats().Find(world.PlayerEntity())->accuracy = 100;  // cannot miss
  const std::int32_t before = world.Healths().Find(rat)->current;
  REQUIRE(h.Key(h.At("click", 2, 1)));
  CHECK_FALSE(h.controller->Busy());
  CHECK(h.Player().x == 1);  // it struck, it did not move
  CHECK((!world.Registry().IsAlive(rat) || world.Healths().Find(rat)->current < before));
  CHECK(world.Tick() > 0);
}

TEST_CASE("a click far off with a monster in view takes one step of the way",
          "[controller][mouse]") {
  Harness h({"############", "#@........r#", "############"});
  h.session->World().MutableAis().Find(MonsterAt(h.session->World(), 10, 1))->wake_tick = 100000;
  REQUIRE(h.Key(h.At("click", 6, 1)));
  CHECK_FALSE(h.controller->Busy());
  CHECK(h.Player().x == 2);
}

TEST_CASE("a click where the player has not been, or on the player, plays nothing",
          "[controller][mouse]") {
  Harness h({"############", "#@..#......#", "############"});
  REQUIRE(h.Key(h.At("click", 8, 1)));  // behind the wall: never seen
  CHECK_FALSE(h.controller->Busy());
  CHECK(h.LastMessage() == "You have not seen that place.");
  REQUIRE(h.Key(h.At("click", 1, 1)));
  CHECK(h.session->World().Tick() == 0);
  CHECK(h.controller->Presentation().hover_text == "You (floor).");
}

TEST_CASE("a click on a monster with no known way to it names the monster", "[controller][mouse]") {
  Harness h({"########", "#@.::r.#", "########"});
  REQUIRE(h.Key(h.At("click", 5, 1)));
  CHECK(h.LastMessage() == "There is no known way to the rat.");
  CHECK(h.session->World().Tick() == 0);
}

TEST_CASE("hovering describes the cell in the message area and plays nothing",
          "[controller][mouse]") {
  Harness h({"#######", "#@..r.#", "#######"});
  REQUIRE(h.Key(h.At("hover", 4, 1)));
  const std::string& text = h.controller->Presentation().hover_text;
  CHECK(text.rfind("A rat, ", 0) == 0);            // a player's words:
  CHECK(text.find("(4,1)") == std::string::npos);  // no coordinates without the debug pane
  CHECK(h.session->World().Tick() == 0);
  // Drawn on the message area's top row, the newest message still on its bottom row.
  TextGrid grid(80, 24);
  Present(h.Frame(), h.controller->Presentation(), grid);
  const std::string screen = grid.ToText();
  CHECK(screen.find(text) != std::string::npos);
  // Off the map (the status line), and after a key, the description goes.
  REQUIRE(h.Key("hover:5,0"));
  CHECK(h.controller->Presentation().hover_text.empty());
  REQUIRE(h.Key(h.At("hover", 4, 1)));
  REQUIRE(h.Key("."));
  CHECK(h.controller->Presentation().hover_text.empty());
}

TEST_CASE("a hover neither stops a run of turns nor answers a question", "[controller][mouse]") {
  Harness h({"############", "#@.........#", "############"});
  REQUIRE(h.Key(h.At("click", 10, 1)));
  REQUIRE(h.controller->Busy());
  h.controller->Continue();
  REQUIRE(h.Key(h.At("hover", 5, 1)));
  CHECK(h.controller->Busy());
  CHECK(h.controller->Presentation().hover_text == "A floor.");
  h.RunOut();
  CHECK(h.Player().x == 10);
  // A click does stop a run, as a key does.
  REQUIRE(h.Key(h.At("click", 1, 1)));
  h.controller->Continue();
  REQUIRE(h.Key(h.At("click", 5, 1)));
  CHECK_FALSE(h.controller->Busy());
  CHECK(h.LastMessage() == "You stop.");

  REQUIRE(h.Key("Q"));
  REQUIRE(h.controller->Presentation().screen == Screen::Quit);
  REQUIRE(h.Key(h.At("hover", 4, 1)));
  REQUIRE(h.Key(h.At("click", 4, 1)));
  CHECK(h.controller->Presentation().screen == Screen::Quit);  // still asking
  CHECK_FALSE(h.controller->QuitRequested());
}

TEST_CASE("a click on a sidebar entry looks at that monster", "[controller][mouse][sidebar]") {
  Harness h({"############", "#@..r....j.#", "############"}, 120, 40);
  RenderFrame frame = h.Frame();
  const ScreenLayout layout = LayOut(h.controller->Presentation(), 120, 40);
  REQUIRE(layout.sidebar_shown);
  REQUIRE(frame.sidebar.monsters.size() == 2);
  // Find the jackal's entry (the second) by asking what each sidebar row points at.
  std::int32_t row = -1;
  for (std::int32_t y = layout.sidebar.y; y < layout.sidebar.y + layout.sidebar.h && row < 0; ++y) {
    const PointerTarget t = PointAt(frame, h.controller->Presentation(), 120, 40, 3, y);
    if (t.kind == PointerTarget::Kind::SidebarEntry && t.entry == 1) row = y;
  }
  REQUIRE(row > 0);
  REQUIRE(h.Key("click:3," + std::to_string(row)));
  const PresenterState& state = h.controller->Presentation();
  CHECK(state.screen == Screen::Look);
  CHECK(state.look_x == 9);
  CHECK(state.look_y == 1);
  CHECK(state.look_text.find("jackal") != std::string::npos);
  CHECK(h.session->World().Tick() == 0);
  // In look mode a click on the map moves the cursor there.
  REQUIRE(h.Key(h.At("click", 4, 1)));
  CHECK(state.look_x == 4);
  CHECK(state.look_text.find("rat") != std::string::npos);
  // Hovering over an entry describes its monster.
  REQUIRE(h.Key("escape"));
  REQUIRE(h.Key("hover:3," + std::to_string(row)));
  CHECK(state.hover_text.find("jackal") != std::string::npos);
}

TEST_CASE("when aiming, a click moves the aim there and a second click on it throws",
          "[controller][mouse]") {
  Harness h({"##########", "#@...r..j#", "##########"}, 80, 24, 5);
  GameWorld& world = h.session->World();
  for (EntityId id : world.MutableAis().Owners()) world.MutableAis().Find(id)->wake_tick = 100000;
  REQUIRE(h.Key("t"));
  REQUIRE(h.Key("a"));
  const PresenterState& state = h.controller->Presentation();
  REQUIRE(state.screen == Screen::Target);
  CHECK(state.target_x == 5);  // the nearest monster first
  REQUIRE(h.Key(h.At("click", 8, 1)));
  CHECK(state.screen == Screen::Target);
  CHECK(state.target_x == 8);
  CHECK(state.target_text.find("jackal") != std::string::npos);
  CHECK(world.Tick() == 0);
  REQUIRE(h.Key(h.At("click", 8, 1)));
  CHECK(state.screen == Screen::Map);
  CHECK(world.Tick() > 0);  // thrown
  const Item* left = world.Items().Find(CarriedItem(world, world.PlayerEntity(), 'a'));
  REQUIRE(left != nullptr);
  CHECK(left->quantity == 4);
}

TEST_CASE("mouse events while the terminal is too small do nothing", "[controller][mouse]") {
  Harness h({"############", "#@.........#", "############"});
  const std::string click = h.At("click", 9, 1);
  h.controller->SetViewSize(60, 20);
  REQUIRE(h.Key(click));
  REQUIRE(h.Key("hover:3,3"));
  CHECK_FALSE(h.controller->Busy());
  CHECK(h.controller->Presentation().hover_text.empty());
  CHECK(h.session->World().Tick() == 0);
}

TEST_CASE("a frame holds the map's cells around the view, and draws as the whole map would",
          "[mouse][view]") {
  // 300 x 120 cells, every one remembered, walls in a pattern, so each part of the map looks
  // different; on an 80 x 24 screen the frame's cells are those within 80 columns and 24 rows of
  // the cell the camera follows, not all 36,000.
  std::vector<std::string> text;
  for (std::int32_t y = 0; y < 120; ++y) {
    std::string row;
    for (std::int32_t x = 0; x < 300; ++x) {
      const bool rim = x == 0 || y == 0 || x == 299 || y == 119;
      row += x == 5 && y == 5 ? '@' : rim || (x * 7 + y * 3) % 11 == 0 ? '#' : '.';
    }
    text.push_back(row);
  }
  const std::vector<std::string_view> rows(text.begin(), text.end());
  Harness h(rows, 80, 24, 0);
  TileMap& map = h.session->World().Map();
  for (std::int32_t y = 0; y < 120; ++y)
    for (std::int32_t x = 0; x < 300; ++x) map.Remember(x, y);
  PresenterState& state = h.controller->Presentation();
  const auto screen = [&](const RenderFrame& frame) {
    TextGrid grid(h.width, h.height);
    Present(frame, state, grid);
    return grid.ToText();
  };
  const auto whole = [&] {
    RenderFrame frame;
    Extract(*h.session, ExtractOptions{}, frame);
    REQUIRE(frame.cells.size() == 300u * 120u);
    return screen(frame);
  };
  const auto check = [&](std::int32_t focus_x, std::int32_t focus_y) {
    const RenderFrame frame = h.Frame();
    CHECK(frame.cells_width == std::min(300, focus_x + 81) - std::max(0, focus_x - 80));
    CHECK(frame.cells_height == std::min(120, focus_y + 25) - std::max(0, focus_y - 24));
    CHECK(frame.cells.size() == static_cast<std::size_t>(frame.cells_width) *
                                    static_cast<std::size_t>(frame.cells_height));
    CHECK(frame.Cell(299, 119).knowledge == (focus_x + 80 >= 299 && focus_y + 24 >= 119
                                                 ? CellKnowledge::Remembered
                                                 : CellKnowledge::Unknown));
    CHECK(screen(frame) == whole());
  };
  check(5, 5);  // the player
  // Look mode and aiming move the camera to their cursor: the frame's cells follow it.
  state.screen = Screen::Look;
  for (const Position at : {Position{290, 110}, Position{150, 60}, Position{299, 0}}) {
    state.look_x = at.x;
    state.look_y = at.y;
    INFO("looking at " << at.x << "," << at.y);
    check(at.x, at.y);
  }
  state.screen = Screen::Target;
  state.target_x = 200;
  state.target_y = 100;
  check(200, 100);
  state.screen = Screen::Map;
  // A bigger screen takes more of them.
  h.controller->SetViewSize(200, 60);
  const RenderFrame wide = h.Frame();
  CHECK(wide.cells_width == 5 + 201);
  CHECK(wide.cells_height == 5 + 61);
}

}  // namespace mouse_test
