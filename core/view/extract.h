// Extraction: from a session to a RenderFrame, after a commit.
#pragma once

#include "sim/session.h"
#include "view/render_frame.h"

namespace cairn {

struct ExtractOptions {
  EntityId inspected{};           // the entity the debug pane shows (null: none)
  bool debug = false;             // fill the debug data (costs a little per frame)
  OverlayMode overlay = OverlayMode::Off;
  std::size_t trace_lines = 12;
  bool reveal_map = false;        // debug: show the whole map as if seen
};

// Builds the frame. Entities pending destroy are left out: they are already gone for gameplay.
void Extract(const GameSession& session, const ExtractOptions& options, RenderFrame& out);

// The glyph a terrain cell is drawn with (Unicode and ASCII) and its colour.
void TerrainLook(Terrain terrain, std::uint32_t& glyph, char& ascii, Colour& colour) noexcept;

// One line describing what is at (x, y) for look mode: terrain, then every entity there.
[[nodiscard]] std::string DescribeCell(const GameSession& session, std::int32_t x, std::int32_t y);

}  // namespace cairn
