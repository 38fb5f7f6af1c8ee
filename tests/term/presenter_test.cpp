// The presenter and its tables: layout at the sizes players use, palettes, glyphs.
#include "presenter/presenter.h"

#include <catch2/catch.hpp>
#include <cctype>
#include <set>

#include "game/definitions.h"
#include "presenter/palette.h"
#include "support/test_content.h"
#include "view/extract.h"

namespace presenter_test {

using namespace cairn;

namespace {

RenderFrame SomeFrame() {
  const SessionConfig config = cairn::test::Config();
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  ExtractOptions options;
  options.debug = true;
  options.inspected = session->World().PlayerEntity();
  RenderFrame frame;
  Extract(*session, options, frame);
  return frame;
}

bool Shows(const TextGrid& grid, std::string_view text) {
  return grid.ToText().find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("below 80x24 the presenter asks for a larger terminal", "[presenter]") {
  const RenderFrame frame = SomeFrame();
  TextGrid grid(60, 20);
  Present(frame, PresenterState{}, grid);
  CHECK(Shows(grid, "Please make the terminal at least 80x24 (it is 60x20)."));
  CHECK_FALSE(Shows(grid, "HP "));
}

TEST_CASE("at 80x24 the debug pane takes turns with the log; wide screens put it beside",
          "[presenter]") {
  const RenderFrame frame = SomeFrame();
  PresenterState state;
  state.debug_pane = true;
  TextGrid small(80, 24);
  Present(frame, state, small);
  CHECK(Shows(small, "HP 30/30"));
  CHECK(Shows(small, "Entity{World="));
  // The log's rows belong to the pane, but for the last: the newest message (a refused step says
  // why there).
  CHECK(Shows(small, "Welcome to cairn"));
  CHECK(small.ToText().find("Welcome to cairn") > small.ToText().find("Entity{World="));
  TextGrid wide(160, 50);
  Present(frame, state, wide);
  CHECK(Shows(wide, "Entity{World="));
  CHECK(Shows(wide, "Welcome to cairn"));  // beside: the log stays
  state.debug_pane = false;
  Present(frame, state, small);
  CHECK(Shows(small, "Welcome to cairn"));
}

TEST_CASE("text wraps at spaces, and a path longer than a line after a folder", "[presenter]") {
  CHECK(WrapWords("the morgue file went to /home/someone/.local/state/cairn/morgue/cairn-1.txt",
                  30) == std::vector<std::string_view>{"the morgue file went to",
                                                       "/home/someone/.local/state/",
                                                       "cairn/morgue/cairn-1.txt"});
  CHECK(WrapWords("abcdefghij", 4) == std::vector<std::string_view>{"abcd", "efgh", "ij"});
}

TEST_CASE("every palette colour stands out against the black background", "[palette]") {
  for (PaletteKind kind : {PaletteKind::Standard, PaletteKind::ColourBlind}) {
    for (int c = 1; c < kColourCount; ++c) {
      const PaletteColour& p = ColourIn(kind, static_cast<Colour>(c));
      INFO("palette " << static_cast<int>(kind) << " colour " << c);
      CHECK(ContrastAgainstBlack(p.rgb) >= 4.5);  // WCAG AA for text
      CHECK(p.xterm256 >= 16);
      CHECK(p.basic >= 0);
      CHECK(p.basic <= 7);
    }
  }
}

TEST_CASE("no two colours of a palette look the same in 256 colours", "[palette]") {
  for (PaletteKind kind : {PaletteKind::Standard, PaletteKind::ColourBlind}) {
    std::set<int> indices;
    for (int c = 1; c < kColourCount; ++c)
      CHECK(indices.insert(ColourIn(kind, static_cast<Colour>(c)).xterm256).second);
  }
}

TEST_CASE("no two kinds of thing share a glyph and colour", "[palette]") {
  // Monsters, terrain, the player and stairs: each look names one thing.
  std::set<std::pair<std::uint32_t, int>> looks;
  for (const MonsterDefinition& m : cairn::test::Definitions()->monsters) {
    INFO(m.id);
    CHECK(looks.insert({m.glyph, static_cast<int>(m.colour)}).second);
    CHECK(looks.insert({static_cast<std::uint32_t>(m.ascii), 100 + static_cast<int>(m.colour)})
              .second);
  }
  for (int t = 0; t < kTerrainCount; ++t) {
    std::uint32_t glyph = 0;
    char ascii = 0;
    Colour colour = Colour::Default;
    TerrainLook(static_cast<Terrain>(t), glyph, ascii, colour);
    INFO(TerrainName(static_cast<Terrain>(t)));
    CHECK(looks.insert({glyph, static_cast<int>(colour)}).second);
    CHECK(looks.insert({static_cast<std::uint32_t>(ascii), 100 + static_cast<int>(colour)}).second);
  }
  CHECK(looks.insert({'@', static_cast<int>(Colour::White)}).second);
  CHECK(looks.insert({'>', static_cast<int>(Colour::Yellow)}).second);
}

TEST_CASE("a text grid clips, escapes control characters and reports its maps", "[presenter]") {
  TextGrid grid(5, 2);
  CHECK(grid.Text(3, 0, "abcdef", Colour::Red) == 2);
  grid.Text(0, 1, "a\x01\xE2\x99\xA6", Colour::Green, kAttrDim);
  CHECK(grid.ToText() == "   ab\na?\xE2\x99\xA6\n");
  CHECK(grid.ColourMap() == "...rr\nGGG\n");
  CHECK(grid.AttributeMap() == "\nddd\n");
}

TEST_CASE("the help screen wraps a long description instead of cutting it", "[presenter]") {
  const RenderFrame frame = SomeFrame();
  PresenterState state;
  state.screen = Screen::Help;
  state.help = {
      HelpLine{"Act", "o X", "explore until something happens, then stop and say what it was"},
      HelpLine{"Act", "Z", "rest"}};
  TextGrid grid(80, 24);  // one column: 59 characters for a description
  Present(frame, state, grid);
  const std::string text = grid.ToText();
  CHECK(text.find("explore until something happens, then stop and say what it\n") !=
        std::string::npos);
  CHECK(text.find("\n                    was\n") != std::string::npos);  // the rest, under itself
  CHECK(text.find("    Z               rest") != std::string::npos);     // the next key follows
}

TEST_CASE(
    "the pane below the map leaves the map the top half, so the camera keeps the player in it",
    "[presenter]") {
  RenderFrame frame = SomeFrame();
  PresenterState state;
  state.debug_pane = true;
  const ScreenLayout layout = LayOut(state, 80, 24);
  CHECK(layout.map.y + layout.map.h <= layout.pane.y);  // nothing of the map hides under the pane
  TextGrid grid(80, 24);
  Present(frame, state, grid);
  bool seen = false;
  for (std::int32_t y = layout.map.y; y < layout.map.y + layout.map.h; ++y)
    for (std::int32_t x = 0; x < 80; ++x) seen = seen || grid.At(x, y).glyph == '@';
  CHECK(seen);
}

TEST_CASE("a long inspected entity is cut with a count, and the trace keeps its rows",
          "[presenter]") {
  RenderFrame frame = SomeFrame();
  for (int i = 0; i < 40; ++i)
    frame.debug.components.push_back("filler { n = " + std::to_string(i) + " }");
  for (int i = 0; i < 12; ++i)
    frame.debug.trace.push_back(std::to_string(100 + i) + " Movement moved");
  PresenterState state;
  state.debug_pane = true;
  for (const auto& [w, h] : {std::pair{80, 24}, std::pair{120, 40}, std::pair{100, 30}}) {
    TextGrid grid(w, h);
    Present(frame, state, grid);
    INFO(grid.ToText());
    CHECK(Shows(grid, "more lines (=: the entity view)"));
    CHECK(Shows(grid, "Trace: all"));
    CHECK(Shows(grid, "111 Movement moved"));  // the newest entries
    CHECK(Shows(grid, "110 Movement moved"));
    CHECK(Shows(grid, "109 Movement moved"));
  }
  state.pane_view = PaneView::Why;
  frame.debug.why.clear();
  frame.hud.paused = true;
  TextGrid grid(80, 24);
  Present(frame, state, grid);
  CHECK(Shows(grid, "why: nothing recorded yet"));
  CHECK(Shows(grid, "Debug (paused)  why  trace: all"));
}

TEST_CASE("the view's first section scrolls to every row, and says what each side hides",
          "[presenter]") {
  RenderFrame frame = SomeFrame();
  for (int i = 0; i < 60; ++i)
    frame.debug.trace.push_back(std::to_string(100 + i) + " Movement moved");
  for (int i = 0; i < 40; ++i)
    frame.debug.components.push_back("filler { n = " + std::to_string(i) + " }");
  PresenterState state;
  state.debug_pane = true;
  for (const auto& [w, h] : {std::pair{80, 24}, std::pair{100, 30}, std::pair{120, 40}}) {
    INFO(w << "x" << h);
    state.pane_view = PaneView::Trace;
    state.pane_scroll = 0;
    TextGrid grid(w, h);
    Present(frame, state, grid);
    CHECK(Shows(grid, "159 Movement moved"));
    CHECK(Shows(grid, "earlier lines (- +: scroll)"));
    CHECK_FALSE(Shows(grid, "newer lines"));
    // Up a page at a time until the oldest entry shows: each step moves, and stops at the top.
    std::set<int> seen;
    for (int step = 0; step < 100 && !Shows(grid, "100 Movement moved"); ++step) {
      const std::int32_t next = ScrolledPane(frame, state, w, h, -1);
      REQUIRE(next > state.pane_scroll);
      state.pane_scroll = next;
      Present(frame, state, grid);
      for (int i = 0; i < 60; ++i)
        if (Shows(grid, std::to_string(100 + i) + " Movement moved")) seen.insert(i);
    }
    CHECK(Shows(grid, "100 Movement moved"));
    CHECK(Shows(grid, "newer lines (- +: scroll)"));
    CHECK_FALSE(Shows(grid, "earlier lines"));
    CHECK(ScrolledPane(frame, state, w, h, -1) == state.pane_scroll);  // the top: no further
    CHECK(seen.size() + 1 >= 40);  // a page at a time skips no row (the newest page aside)
    // Down again to the newest.
    while (state.pane_scroll > 0) state.pane_scroll = ScrolledPane(frame, state, w, h, 1);
    Present(frame, state, grid);
    CHECK(Shows(grid, "159 Movement moved"));

    // The entity view puts the inspected entity first; it scrolls from the top.
    state.pane_view = PaneView::Entity;
    state.pane_scroll = 0;
    Present(frame, state, grid);
    CHECK(Shows(grid, frame.debug.components.front()));
    CHECK(Shows(grid, "more lines (- +: scroll)"));
    CHECK(Shows(grid, "(=: the trace view)"));  // the trace, cut, names its view
    for (int step = 0; step < 100 && !Shows(grid, "filler { n = 39 }"); ++step) {
      state.pane_scroll = ScrolledPane(frame, state, w, h, 1);
      Present(frame, state, grid);
    }
    CHECK(Shows(grid, "filler { n = 39 }"));
    CHECK(Shows(grid, "more lines above (- +: scroll)"));
    while (state.pane_scroll > 0) state.pane_scroll = ScrolledPane(frame, state, w, h, -1);
    Present(frame, state, grid);
    CHECK(Shows(grid, frame.debug.components.front()));
  }
}

TEST_CASE("the this-tick view lists a tick's entries under their phases", "[presenter]") {
  RenderFrame frame = SomeFrame();
  frame.debug.this_tick = 12;
  frame.debug.this_tick_phases = {{"AI", {"ai-step rat 3:1 idle -> approach", "intent rat 3:1"}},
                                  {"Movement", {"move-became-blow rat 3:1"}},
                                  {"Resolve", {"attacked player 0:1"}}};
  PresenterState state;
  state.debug_pane = true;
  state.pane_view = PaneView::Tick;
  TextGrid grid(80, 24);
  Present(frame, state, grid);
  CHECK(Shows(grid, "Tick 12: 4 entries by phase"));
  CHECK(Shows(grid, "Debug  tick"));
  // At 80x24 the pane below the map is short: every line is reached by scrolling down.
  std::set<std::string> seen;
  const std::vector<std::string> lines{"ai-step rat 3:1 idle -> approach",
                                       "intent rat 3:1",
                                       "move-became-blow rat 3:1",
                                       "attacked player 0:1",
                                       "  Movement",
                                       "  Resolve"};
  for (int step = 0; step < 20; ++step) {
    INFO(grid.ToText());
    for (const std::string& line : lines)
      if (Shows(grid, line)) seen.insert(line);
    const std::int32_t next = ScrolledPane(frame, state, 80, 24, 1);
    if (next == state.pane_scroll) break;
    state.pane_scroll = next;
    Present(frame, state, grid);
  }
  CHECK(seen.size() == lines.size());
  state.pane_scroll = 0;
  frame.debug.this_tick_phases.clear();
  Present(frame, state, grid);
  CHECK(Shows(grid, "Tick 12: 0 entries by phase"));
  CHECK(Shows(grid, "nothing happened"));
}

TEST_CASE("a console reply wider than the screen wraps, and what does not fit says so",
          "[presenter]") {
  const RenderFrame frame = SomeFrame();
  PresenterState state;
  state.screen = Screen::Console;
  state.console_lines.push_back("> TRACE");
  std::string reply;
  for (int i = 0; i < 60; ++i) reply += "word" + std::to_string(i) + " ";
  state.console_lines.push_back(reply);
  const std::vector<std::string> rows = ConsoleRows(state.console_lines, 80);
  REQUIRE(rows.size() > 2);
  for (const std::string& row : rows) CHECK(row.size() <= 80);
  TextGrid grid(80, 24);
  Present(frame, state, grid);
  CHECK(Shows(grid, "word59"));  // the end, at the bottom
  for (int i = 0; i < 60; ++i) state.console_lines.push_back("> line " + std::to_string(i));
  state.console_top = 0;
  Present(frame, state, grid);
  CHECK(Shows(grid, "> TRACE"));
  CHECK(Shows(grid, "more lines (PgDn scrolls on)"));
  state.console_top = -1;
  Present(frame, state, grid);
  CHECK(Shows(grid, "earlier lines (PgUp scrolls back)"));
  CHECK(Shows(grid, "> line 59"));
}

TEST_CASE("the end screen wraps a long morgue path instead of cutting it, and keeps its prompt",
          "[presenter]") {
  RenderFrame frame = SomeFrame();
  frame.summary.ended = true;
  frame.summary.won = true;
  frame.summary.cause = "escaped with the Cairnstone";
  for (int i = 0; i < 30; ++i) frame.summary.items.push_back("item " + std::to_string(i));
  PresenterState state;
  state.screen = Screen::Summary;
  const std::string folder = "/home/a-player-with-a-long-name/.local/state/cairn/morgue/";
  state.summary_note =
      "The summary is in " + folder + "cairn-seed-1234567890-2026-12-01-17-05-42.txt";
  TextGrid grid(80, 24);
  Present(frame, state, grid);
  INFO(grid.ToText());
  CHECK(Shows(grid, "The summary is in"));
  CHECK(Shows(grid, "/home/a-player-with-a-long-name/.local/state/cairn/morgue/"));
  CHECK(Shows(grid, "2026-12-01-17-05-42.txt"));  // the end of the path, on a row of its own
  CHECK(Shows(grid, "R: play again"));
  CHECK(Shows(grid, "more (the morgue file has them)"));  // 30 items do not fit: said so
  CHECK(Shows(grid, "item 0"));
}

TEST_CASE("the end screen tells the run in notes and words, its newest notes kept", "[presenter]") {
  RenderFrame frame = SomeFrame();
  frame.summary.ended = true;
  frame.summary.cause = "killed by a goblin on depth 4";
  frame.summary.why = {"tick 9: the player 0:1 died at 2,1, killed by the goblin 3:1 (melee)"};
  for (int i = 0; i < 20; ++i)
    frame.notes.push_back(Note{i * 10, 1 + i / 5, "note " + std::to_string(i)});
  frame.last_messages = {"The goblin hits you (5).", "You die..."};
  PresenterState state;
  state.screen = Screen::Summary;
  for (const auto& [w, h] : {std::pair{80, 24}, std::pair{120, 40}}) {
    TextGrid grid(w, h);
    Present(frame, state, grid);
    INFO(grid.ToText());
    CHECK(Shows(grid, "You were killed by a goblin on depth 4."));
    CHECK(Shows(grid, "Turn  Depth  What happened"));
    CHECK(Shows(grid, "  190      4  note 19"));  // the newest note
    CHECK(Shows(grid, "You die..."));
    CHECK(Shows(grid, "Enter, Space or Escape: back to the map"));
    CHECK_FALSE(Shows(grid, "0:1"));  // the engine's handles are the morgue's, for the curious
    if (h == 24) CHECK(Shows(grid, "earlier (the morgue file has them)"));
  }
}

TEST_CASE("every word the status line can show is explained on the help screen",
          "[presenter][help]") {
  RenderFrame frame = SomeFrame();
  // Everything shown at once: hunger, haste and slowness, paused with a command waiting, an
  // ended run.
  frame.hud.hunger = "Hungry";
  frame.hud.hasted = true;
  frame.hud.slowed = true;
  frame.hud.paused = true;
  frame.hud.queued = "wait";
  frame.hud.state = "dead";
  TextGrid grid(160, 24);
  Present(frame, PresenterState{}, grid);
  const std::string status = grid.ToText().substr(0, grid.ToText().find('\n'));
  std::string explained;
  for (const HelpLine& line : StatusLineHelp())
    explained += line.keys + " " + line.description + " ";
  // Each word of letters (numbers are values), as the status line writes it.
  std::string word;
  for (const char c : status + " ") {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += c;
      continue;
    }
    if (!word.empty() && word != "wait") {  // (the queued command's own name)
      INFO(status);
      INFO(word);
      CHECK(explained.find(word) != std::string::npos);
    }
    word.clear();
  }
  // Weak and Starving are the other hunger words.
  CHECK(explained.find("Weak") != std::string::npos);
  CHECK(explained.find("Starving") != std::string::npos);
}

namespace {

PresenterState LegendHelp() {
  PresenterState state;
  state.screen = Screen::Help;
  HelpLine key;
  key.group = "Act";
  key.keys = "o X";
  key.description = "explore until something happens";
  state.help.push_back(key);
  HelpLine water;
  water.group = "The map";
  water.glyph = 0x2248;
  water.ascii = '~';
  water.colour = Colour::Blue;
  water.description = "shallow water: wade through it";
  water.part = "signs on the map";
  state.help.push_back(water);
  return state;
}

}  // namespace

TEST_CASE("the help's legend draws each sign in its colour, with its ASCII stand-in",
          "[presenter][help]") {
  const RenderFrame frame = SomeFrame();
  PresenterState state = LegendHelp();
  state.help_page = 1;  // a new part starts a new column: at 80 wide, a new page
  TextGrid grid(80, 24);
  CHECK(HelpPageCount(state, 80, 24) == 2);
  Present(frame, state, grid);
  CHECK(Shows(grid, "cairn help: signs on the map (page 2 of 2; -: back, any other key returns)"));
  CHECK(Shows(grid, "  The map\n"));
  CHECK(Shows(grid,
              "    \xE2\x89\x88 or ~" + std::string(10, ' ') + "shallow water: wade through it"));
  CHECK(grid.At(4, 3).colour == Colour::Blue);
  // With --ascii only the stand-in is drawn.
  state.ascii = true;
  Present(frame, state, grid);
  CHECK(Shows(grid, "    ~" + std::string(15, ' ') + "shallow water: wade through it"));
  // At 120 columns the two parts sit side by side on one page.
  TextGrid wide(120, 40);
  state.help_page = 0;
  CHECK(HelpPageCount(state, 120, 40) == 1);
  Present(frame, state, wide);
  CHECK(Shows(wide, "cairn help: keys, signs on the map (any other key returns)"));  // both
  CHECK(wide.At(62, 2).glyph == 'T');  // "The map" heads the second column
}

TEST_CASE("a heading never ends a help column alone", "[presenter][help]") {
  PresenterState state;
  state.screen = Screen::Help;
  for (int i = 0; i < 20; ++i) {
    HelpLine line;
    line.group = "Act";
    line.keys = "k" + std::to_string(i);
    line.description = "a key";
    state.help.push_back(line);
  }
  HelpLine next;
  next.group = "Screens";
  next.keys = "?";
  next.description = "this help";
  state.help.push_back(next);
  TextGrid grid(80, 24);  // 21 rows a column: "Act" and 20 keys fill it
  Present(SomeFrame(), state, grid);
  CHECK_FALSE(Shows(grid, "Screens"));
  CHECK(HelpPageCount(state, 80, 24) == 2);
  state.help_page = 1;
  Present(SomeFrame(), state, grid);
  CHECK(Shows(grid, "\n  Screens\n    ?" + std::string(15, ' ') + "this help"));
}

namespace {

// The row of the grid that holds `text`, or -1.
std::int32_t RowOf(const TextGrid& grid, std::string_view text) {
  for (std::int32_t y = 0; y < grid.Height(); ++y) {
    std::string row;
    for (std::int32_t x = 0; x < grid.Width(); ++x) {
      const std::uint32_t c = grid.At(x, y).glyph;
      row += c < 128 ? static_cast<char>(c) : '?';
    }
    if (row.find(text) != std::string::npos) return y;
  }
  return -1;
}

}  // namespace

TEST_CASE("warnings, danger and good news have their colours in the log", "[presenter][more]") {
  RenderFrame frame = SomeFrame();
  frame.messages = {FrameMessage{"The monkey snatches 7 rations and runs!", MessageTone::Warning},
                    FrameMessage{"Your health is low! (4 of 20)", MessageTone::Danger},
                    FrameMessage{"Welcome to experience level 2!", MessageTone::Good},
                    FrameMessage{"You hit the rat (3)."}};
  TextGrid grid(120, 40);
  PresenterState state;
  Present(frame, state, grid);
  const auto colour_of = [&](std::string_view text) {
    const std::int32_t y = RowOf(grid, text);
    REQUIRE(y >= 0);
    std::int32_t x = 0;
    while (grid.At(x, y).glyph == ' ') ++x;
    return grid.At(x, y).colour;
  };
  CHECK(colour_of("The monkey snatches") == Colour::Yellow);
  CHECK(colour_of("Your health is low!") == Colour::Red);
  CHECK(colour_of("Welcome to experience") == Colour::Green);
  CHECK(colour_of("You hit the rat") == Colour::White);
}

TEST_CASE("a waiting --more-- stops the log at its page", "[presenter][more]") {
  RenderFrame frame = SomeFrame();
  frame.messages = {"first", "second", "third", "fourth", "fifth"};
  TextGrid grid(80, 24);
  PresenterState state;
  state.more_skip = 3;  // the page ends at "second"
  Present(frame, state, grid);
  CHECK(Shows(grid, "--more--"));
  CHECK(Shows(grid, "second"));
  CHECK_FALSE(Shows(grid, "third"));
  CHECK_FALSE(Shows(grid, "fifth"));
  state.more_skip = -1;
  Present(frame, state, grid);
  CHECK_FALSE(Shows(grid, "--more--"));
  CHECK(Shows(grid, "fifth"));
}

}  // namespace presenter_test
