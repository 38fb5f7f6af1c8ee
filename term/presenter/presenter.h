// The presenter: lays a RenderFrame out on a TextGrid. It reads only the frame and its own
// state (which screen, the look cursor, the console line); it never sees the world or the rules.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "presenter/text_grid.h"
#include "view/render_frame.h"

namespace cairn {

inline constexpr std::int32_t kMinWidth = 80;
inline constexpr std::int32_t kMinHeight = 24;
// At this width and more the debug pane sits beside the map; below it, it takes the bottom half
// of the screen in turn with the message log.
inline constexpr std::int32_t kSidePaneWidth = 120;
// The sidebar (sidebar.h) sits left of the map from this width on: 21 columns and a generated
// floor's 79 beside them. Below it (so at 80x24) the screen is as it was without one.
inline constexpr std::int32_t kSidebarMinWidth = 100;
inline constexpr std::int32_t kSidebarWidth = 21;  // 20 of text and a rule
// With the debug pane open the pane wins: the sidebar shows beside it only where the sidebar, a
// whole floor and the widest pane (56) all fit; narrower, the pane's own monster list stands in.
inline constexpr std::int32_t kSidebarWithPaneWidth = 156;

// What the debug pane puts first (the pane_view key cycles them): the trace, why the inspected
// entity is as it is, the machine (registry, pools, counters), every entry of the tick stepped
// last grouped by phase, or the inspected entity whole. The first section scrolls
// (pane_scroll_up, pane_scroll_down); every other section that is cut names this key.
enum class PaneView : std::uint8_t { Trace, Why, Machine, Tick, Entity };
inline constexpr int kPaneViewCount = 5;
[[nodiscard]] const char* PaneViewName(PaneView view) noexcept;

enum class Screen : std::uint8_t {
  Map,
  Help,
  Messages,
  Look,
  Console,
  Quit,
  SaveQuit,
  Restart,
  Inventory,
  ItemPrompt,
  Target,
  Character,
  Summary,
  Lesson  // `cairn lesson`: its text and command line (the console's fields) and the pane
};

// One line of the help screen, under its group's heading: keys (or the status line's words) and
// what they do; a sign of the map with what it means (drawn in its colour, and what --ascii draws
// instead); or, with neither, a line of prose (the goal). A new `part` starts a new column, and
// the title names the part a page starts with.
struct HelpLine {
  std::string group;
  std::string keys;
  std::string description;
  std::uint32_t glyph = 0;  // a sign of the map instead of keys (0: none)
  char ascii = 0;
  Colour colour = Colour::Default;
  std::string part = "keys";
};

struct PresenterState {
  Screen screen = Screen::Map;
  // How many rows the floor's map has (0: not known): a pane below the map takes the rows a
  // short map does not need.
  std::int32_t map_rows = 0;
  bool debug_pane = false;
  bool ascii = false;       // ASCII glyphs instead of Unicode
  std::int32_t look_x = 0;  // the look cursor, in map cells
  std::int32_t look_y = 0;
  std::string look_text;                 // what is under it
  std::vector<std::string> look_detail;  // `v`'s account of it, shown over the map ("": none)
  std::string console_input;
  std::vector<std::string> console_lines;  // what the console said, oldest first
  // The first wrapped console row shown (ConsoleRows); -1 keeps the newest row at the bottom.
  std::int32_t console_top = -1;
  PaneView pane_view = PaneView::Trace;
  std::string pane_view_keys = "=";  // the keys that change the view, for the pane's hints
  // Rows the view's first section is scrolled from where it starts (the trace's newest row, the
  // top of the rest); ScrolledPane moves it.
  std::int32_t pane_scroll = 0;
  std::string pane_scroll_keys = "- +";            // the scroll keys, for the pane's hints
  std::string step_phase_keys = "\\: next phase";  // the step_phase keys, for the tick's hint
  std::int32_t message_scroll = 0;  // history screen: lines scrolled back from the newest
  std::vector<HelpLine> help;       // from the key map
  std::int32_t help_page = 0;       // which page of help (small terminals need several)
  std::string banner;               // one line over the map (game over, a notice)
  std::string prompt;               // ItemPrompt: "Drink what?"; Target: "Throw at whom?"
  std::vector<char> choices;        // ItemPrompt: the letters that answer it
  std::int32_t target_x = 0;        // Target: the aiming cursor, in map cells
  std::int32_t target_y = 0;
  std::string target_text;   // what is under the aiming cursor
  std::string summary_note;  // Summary: where the summary file went
  std::string hover_text;    // the map cell under the mouse pointer, described (or "")
  // A --more-- is waiting (GameController::CheckMore): the log shows the messages up to the
  // `more_skip` newest, and a key shows the next page. -1: none.
  std::int32_t more_skip = -1;
};

struct ScreenRect {
  std::int32_t x = 0, y = 0, w = 0, h = 0;
};

// Where the map, the message log (or the console, or a prompt) and the debug pane go on a WxH
// screen. With the pane below the map (narrower than kSidePaneWidth) the map keeps the top half,
// and the bottom half is the pane's on the map screen and the console's while it is open.
struct ScreenLayout {
  ScreenRect map, log, pane, sidebar;
  bool pane_shown = false;
  bool sidebar_shown = false;
};
// `text` in lines of at most `width` columns, broken between words where it can be.
[[nodiscard]] std::vector<std::string_view> WrapWords(std::string_view text, std::size_t width);

[[nodiscard]] ScreenLayout LayOut(const PresenterState& state, std::int32_t width,
                                  std::int32_t height);

// The console's lines as drawn `width` columns wide: each wrapped at spaces (a word longer than
// the width is cut into pieces), so nothing is lost off the edge.
[[nodiscard]] std::vector<std::string> ConsoleRows(const std::vector<std::string>& lines,
                                                   std::int32_t width);
// How many of those rows the console shows at once on a WxH screen (its last row is the input).
[[nodiscard]] std::int32_t ConsoleHistoryRows(const PresenterState& state, std::int32_t width,
                                              std::int32_t height);

// `console_top` moved by `pages` pages (negative: back), -1 once at the newest row again.
[[nodiscard]] std::int32_t ScrolledConsole(const PresenterState& state, std::int32_t width,
                                           std::int32_t height, std::int32_t pages);

// The map cell the camera follows: the look or aiming cursor while one is up, else the player's
// (`player_x`, `player_y`: the frame's focus). The controller asks extraction for the cells around
// it, so the view drawn around it lies within them.
void CameraFocus(const PresenterState& state, std::int32_t player_x, std::int32_t player_y,
                 std::int32_t& x, std::int32_t& y);

// The map cell drawn at the top left of the map's rectangle `map` (the camera): CameraFocus
// centred, clamped to the map; a map smaller than the rectangle is centred in it, so the origin
// may be negative.
void MapOrigin(const RenderFrame& frame, const PresenterState& state, ScreenRect map,
               std::int32_t& x, std::int32_t& y);

// `pane_scroll` moved by `pages` half-pages of the view's first section on a WxH screen (negative:
// up, toward the top and the trace's older entries), kept within the section's rows.
[[nodiscard]] std::int32_t ScrolledPane(const RenderFrame& frame, const PresenterState& state,
                                        std::int32_t width, std::int32_t height,
                                        std::int32_t pages);

// How many pages the help screen has on a WxH screen (the controller returns to the map after
// the last).
[[nodiscard]] std::int32_t HelpPageCount(const PresenterState& state, std::int32_t width,
                                         std::int32_t height);
// The status line's words and what each means, for the help screen: every word DrawStatus can
// write (tests/term/presenter_test.cpp checks a status line with all of them shown).
[[nodiscard]] std::vector<HelpLine> StatusLineHelp();

void Present(const RenderFrame& frame, const PresenterState& state, TextGrid& grid);

}  // namespace cairn
