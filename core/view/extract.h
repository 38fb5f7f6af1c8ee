// Extraction: from a session to a RenderFrame, after a commit.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "game/trace.h"
#include "sim/session.h"
#include "view/render_frame.h"

namespace cairn {

struct ExtractOptions {
  EntityId inspected{};  // the entity the debug pane shows (null: none)
  bool debug = false;    // fill the debug data (costs a little per frame)
  OverlayMode overlay = OverlayMode::Off;
  std::size_t trace_lines = 400;      // the pane scrolls through them
  bool trace_inspected_only = false;  // the trace: only entries naming `inspected` as a or b
  bool reveal_map = false;            // debug: show the whole map as if seen
  // The map's cells go into the frame only within this many columns and rows of the cell the
  // camera follows (cells_focus_x and _y; -1: the frame's focus, the player), when both reaches
  // are above 0: a terminal passes its size, and the view it draws lies within. Otherwise every
  // cell of the map: 16.8 million on the largest, 134 MB a frame.
  std::int32_t cells_reach_x = 0;
  std::int32_t cells_reach_y = 0;
  std::int32_t cells_focus_x = -1;
  std::int32_t cells_focus_y = -1;
};

// Builds the frame. Entities pending destroy are left out: they are already gone for gameplay.
void Extract(const GameSession& session, const ExtractOptions& options, RenderFrame& out);

// The newest trace lines as the pane shows them, oldest first, at most `lines`: each entry as
// `text` words it, except that a tick which traced only its own start is idle, and a run of idle
// ticks is one line, "ticks 182-190: nothing happened" ("tick 182: ..." for one); a busy tick's
// start is left out too (every line begins with its tick). With `only` set, just the entries
// naming it as `a` or `b`, looking back through the whole ring for them.
[[nodiscard]] std::vector<std::string> TraceLines(
    const TraceRing& trace, std::size_t lines, EntityId only,
    const std::function<std::string(const TraceEntry&)>& text);

// The glyph a terrain cell is drawn with (Unicode and ASCII) and its colour.
void TerrainLook(Terrain terrain, std::uint32_t& glyph, char& ascii, Colour& colour) noexcept;

// One line describing what is at (x, y) for look mode: terrain, then every entity there.
[[nodiscard]] std::string DescribeCell(const GameSession& session, std::int32_t x, std::int32_t y);

}  // namespace cairn
