// The sidebar: a column left of the map on wide terminals (kSidebarMinWidth, presenter.h), after
// Brogue CE's. It always shows hunger and the player's conditions with the turns they have left,
// the quivered missile, what lies underfoot, and then every monster in view, nearest first: its
// glyph and name, a health bar and what it is doing in words. It draws only frame.sidebar (filled
// by core/view/sidebar_data.cpp), in ASCII too, and says everything in words and bar lengths, so
// it reads the same without colour.
//
// Which gives way to which: below kSidebarMinWidth there is no sidebar (80x24 is as before);
// with the debug pane open the pane wins below kSidebarWithPaneWidth, where all three fit.
#pragma once

#include <cstdint>

#include "presenter/presenter.h"

namespace cairn {

// Whether a screen `width` columns wide has a sidebar, with the pane open or not.
[[nodiscard]] bool SidebarFits(const PresenterState& state, std::int32_t width) noexcept;

void DrawSidebar(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                 ScreenRect r);

// Below the sidebar's width (80x24), the monsters in view as a compact list over a top corner of
// the map, away from the player (DCSS keeps one at 80 columns): glyph, name, what it is doing and
// how hurt it is, nearest first, at most four and a count of the rest. Nothing when none is in
// view. An entry too long for the list loses its last words whole, never a word cut. Returns the
// rows it covers from the map's top (0 for none).
std::int32_t DrawMonsterList(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                             ScreenRect map);

// The monster (an index into frame.sidebar.monsters) whose entry covers screen cell (x, y) of a
// sidebar drawn in `r`, or -1: what a click on the sidebar looks at.
[[nodiscard]] std::int32_t SidebarEntryAt(const RenderFrame& frame, ScreenRect r, std::int32_t x,
                                          std::int32_t y);

// The mouse pointer's description of the map cell under it (state.hover_text) takes the message
// area's top row while it is shown: the rows left for messages, and the row itself.
[[nodiscard]] ScreenRect BelowHover(const PresenterState& state, ScreenRect log) noexcept;
void DrawHover(const PresenterState& state, TextGrid& grid, ScreenRect log);

}  // namespace cairn
