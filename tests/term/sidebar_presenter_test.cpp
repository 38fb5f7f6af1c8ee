// The sidebar as drawn (term/presenter/sidebar.h): when it shows and what gives way to what, its
// lines, its health bars in Unicode and ASCII, how it says what did not fit, and that a click's
// hit test finds the entry drawn under it.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "presenter/pointer.h"
#include "presenter/sidebar.h"

namespace sidebar_presenter_test {

using namespace cairn;

namespace {

SidebarMonster Monster(const char* name, char glyph, std::int32_t x, std::int32_t health,
                       std::int32_t max, const char* state) {
  SidebarMonster m;
  m.name = name;
  m.glyph = static_cast<unsigned char>(glyph);
  m.ascii = glyph;
  m.x = x;
  m.y = 2;
  m.health = health;
  m.health_max = max;
  m.state = state;
  return m;
}

RenderFrame SmallFrame() {
  RenderFrame frame;
  frame.map_width = 20;
  frame.map_height = 5;
  frame.cells_width = 20;
  frame.cells_height = 5;
  frame.cells.resize(100);
  frame.focus_x = 2;
  frame.focus_y = 2;
  frame.hud.health = frame.hud.health_max = 30;
  frame.hud.state = "playing";
  SidebarData& s = frame.sidebar;
  s.hunger = "Fed";
  s.nutrition = 1800;
  s.terrain = "floor";
  s.conditions = {"Hasted (3 turns)"};
  s.hasted = {true};
  s.quiver = "8 darts";
  s.monsters = {Monster("rat", 'r', 4, 6, 6, "asleep"),
                Monster("jackal", 'j', 6, 3, 6, "hunting you")};
  s.monsters[1].slowed = true;
  return frame;
}

TextGrid Drawn(const RenderFrame& frame, const PresenterState& state, std::int32_t w = 100,
               std::int32_t h = 30) {
  TextGrid grid(w, h);
  Present(frame, state, grid);
  return grid;
}

// Row `y` of the grid as text, trailing spaces removed.
std::string Row(const TextGrid& grid, std::int32_t y) {
  const std::string text = grid.ToText();
  std::size_t start = 0;
  for (std::int32_t i = 0; i < y; ++i) start = text.find('\n', start) + 1;
  return text.substr(start, text.find('\n', start) - start);
}

}  // namespace

TEST_CASE("the sidebar shows from 100 columns; 80x24 keeps the whole width for the map",
          "[presenter][sidebar]") {
  PresenterState state;
  CHECK_FALSE(LayOut(state, 80, 24).sidebar_shown);
  CHECK(LayOut(state, 80, 24).map.x == 0);
  CHECK(LayOut(state, 80, 24).map.w == 80);
  CHECK_FALSE(LayOut(state, 99, 30).sidebar_shown);
  const ScreenLayout wide = LayOut(state, 100, 30);
  REQUIRE(wide.sidebar_shown);
  CHECK(wide.sidebar.x == 0);
  CHECK(wide.sidebar.w == kSidebarWidth);
  CHECK(wide.map.x == kSidebarWidth);
  CHECK(wide.map.w == 79);  // a generated floor's width: all of it in view
  CHECK(wide.sidebar.h == wide.map.h);
  CHECK(wide.log.x == 0);  // the messages keep the whole width under both
  CHECK(wide.log.w == 100);
}

TEST_CASE("the open debug pane wins until the sidebar, a floor and the pane all fit",
          "[presenter][sidebar]") {
  PresenterState state;
  state.debug_pane = true;
  CHECK_FALSE(LayOut(state, 100, 30).sidebar_shown);  // the pane below the map
  CHECK_FALSE(LayOut(state, 120, 40).sidebar_shown);  // the pane beside it
  CHECK_FALSE(LayOut(state, 155, 40).sidebar_shown);
  const ScreenLayout all = LayOut(state, 156, 40);
  REQUIRE(all.sidebar_shown);
  REQUIRE(all.pane_shown);
  CHECK(all.map.x == kSidebarWidth);
  CHECK(all.map.w >= 79);
  CHECK(all.map.x + all.map.w == all.pane.x);
}

TEST_CASE("the sidebar always says hunger, then conditions, quiver, underfoot and monsters",
          "[presenter][sidebar]") {
  const TextGrid grid = Drawn(SmallFrame(), PresenterState{});
  CHECK(Row(grid, 1).rfind("Fed (food 1800)", 0) == 0);
  CHECK(Row(grid, 2).rfind("Hasted (3 turns)", 0) == 0);
  CHECK(Row(grid, 3).rfind("Quiver: 8 darts", 0) == 0);
  CHECK(Row(grid, 4).rfind("Here: floor", 0) == 0);
  CHECK(Row(grid, 6).rfind("r rat", 0) == 0);
  CHECK(Row(grid, 8).rfind(" asleep", 0) == 0);
  CHECK(Row(grid, 10).rfind("j jackal", 0) == 0);
  CHECK(Row(grid, 12).rfind(" hunting you, slowed", 0) == 0);
  // The rule between the sidebar and the map, on every row beside the map.
  for (std::int32_t y = 1; y < 26; ++y) CHECK(grid.At(20, y).glyph == 0x2502);
}

TEST_CASE("a long Here: line is cut after a whole word, with an ellipsis", "[presenter][sidebar]") {
  RenderFrame frame = SmallFrame();
  frame.sidebar.underfoot = {"a +1 scroll of magic mapping"};
  const TextGrid grid = Drawn(frame, PresenterState{});
  CHECK(Row(grid, 4).rfind("Here: a +1 scroll\u2026", 0) == 0);
  PresenterState ascii;
  ascii.ascii = true;
  CHECK(Row(Drawn(frame, ascii), 4).rfind("Here: a +1 scroll...", 0) == 0);
}

TEST_CASE("health bars fill in proportion, in Unicode and ASCII, and say so without colour",
          "[presenter][sidebar]") {
  const RenderFrame frame = SmallFrame();
  PresenterState state;
  const TextGrid grid = Drawn(frame, state);
  std::string full, half;
  for (std::int32_t x = 1; x <= 18; ++x) {
    full += grid.At(x, 7).glyph == 0x2588 ? '#' : '.';
    half += grid.At(x, 11).glyph == 0x2588 ? '#' : '.';
  }
  CHECK(full == "##################");
  CHECK(half == "#########.........");
  CHECK(grid.At(1, 7).colour == Colour::Green);
  CHECK(grid.At(1, 11).colour == Colour::Yellow);
  state.ascii = true;
  const TextGrid ascii = Drawn(frame, state);
  CHECK(Row(ascii, 11).rfind(" =========---------", 0) == 0);
  CHECK(Row(ascii, 10).rfind("j jackal", 0) == 0);
  CHECK(ascii.At(20, 5).glyph == '|');
}

TEST_CASE("monsters that do not fit are counted, and clicks find the entries drawn",
          "[presenter][sidebar]") {
  RenderFrame frame = SmallFrame();
  for (int i = 0; i < 10; ++i)
    frame.sidebar.monsters.push_back(Monster("orc", 'o', 8, 5, 10, "wandering"));
  PresenterState state;
  // The sidebar is 20 rows tall: 5 for the player's side and the rule.
  const TextGrid grid = Drawn(frame, state, 100, 24);
  const ScreenRect r = LayOut(state, 100, 24).sidebar;
  // 15 rows left: three entries (4 rows each, the last without its blank) and the count.
  CHECK(Row(grid, r.y + r.h - 1).find("9 more in view") != std::string::npos);
  for (std::int32_t y = r.y; y < r.y + r.h; ++y) {
    const std::int32_t entry = SidebarEntryAt(frame, r, 5, y);
    const std::string row = Row(grid, y);
    if (entry < 0) continue;
    // Every row an entry claims is one of its three rows: name, bar, state.
    const SidebarMonster& m = frame.sidebar.monsters[static_cast<std::size_t>(entry)];
    const std::int32_t top = y - (y - 6) % 4;
    CHECK(Row(grid, top).rfind(std::string(1, m.ascii) + " " + m.name, 0) == 0);
  }
  CHECK(SidebarEntryAt(frame, r, 5, 6) == 0);
  CHECK(SidebarEntryAt(frame, r, 5, 9) == -1);  // the blank row between entries
  CHECK(SidebarEntryAt(frame, r, 5, 10) == 1);
  CHECK(SidebarEntryAt(frame, r, 5, 14) == 2);
  CHECK(SidebarEntryAt(frame, r, 5, r.y + r.h - 1) == -1);  // the count row
  CHECK(SidebarEntryAt(frame, r, 20, 6) == -1);             // the rule
  CHECK(SidebarEntryAt(frame, r, 5, 2) == -1);              // the player's side
  const PointerTarget at = PointAt(frame, state, 100, 24, 3, 10);
  CHECK(at.kind == PointerTarget::Kind::SidebarEntry);
  CHECK(at.entry == 1);
}

TEST_CASE("the pointer's description takes the message area's top row", "[presenter][sidebar]") {
  RenderFrame frame = SmallFrame();
  frame.messages = {"one", "two", "three", "four"};
  PresenterState state;
  state.hover_text = "(4,2) floor; rat (asleep, unhurt)";
  const TextGrid grid = Drawn(frame, state, 80, 24);
  CHECK(Row(grid, 21) == state.hover_text);
  CHECK(Row(grid, 22) == "three");
  CHECK(Row(grid, 23) == "four");
  state.hover_text.clear();
  CHECK(Row(Drawn(frame, state, 80, 24), 21) == "two");
}

}  // namespace sidebar_presenter_test
