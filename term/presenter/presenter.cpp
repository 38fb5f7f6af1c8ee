#include "presenter/presenter.h"

#include <algorithm>

namespace cairn {
namespace {

struct Rect {
  std::int32_t x, y, w, h;
};

std::uint32_t Glyph(const PresenterState& state, std::uint32_t glyph, char ascii) {
  return state.ascii ? static_cast<std::uint32_t>(static_cast<unsigned char>(ascii)) : glyph;
}

void Box(TextGrid& grid, Rect r, const PresenterState& state, std::string_view title) {
  const std::uint32_t h = state.ascii ? '-' : 0x2500, v = state.ascii ? '|' : 0x2502;
  for (std::int32_t x = r.x; x < r.x + r.w; ++x) grid.Put(x, r.y, h, Colour::Grey);
  for (std::int32_t y = r.y + 1; y < r.y + r.h; ++y) grid.Put(r.x, y, v, Colour::Grey);
  if (!title.empty()) grid.Text(r.x + 2, r.y, std::string(" ") + std::string(title) + " ", Colour::White, kAttrBold);
}

// The camera origin: the focus centred, clamped to the map (small maps are centred instead).
std::int32_t CameraOrigin(std::int32_t focus, std::int32_t view, std::int32_t map) {
  if (map <= view) return -(view - map) / 2;
  return std::clamp(focus - view / 2, 0, map - view);
}

void DrawMap(const RenderFrame& frame, const PresenterState& state, TextGrid& grid, Rect r) {
  const bool looking = state.screen == Screen::Look;
  const bool aiming = state.screen == Screen::Target;
  const std::int32_t fx = looking ? state.look_x : aiming ? state.target_x : frame.focus_x;
  const std::int32_t fy = looking ? state.look_y : aiming ? state.target_y : frame.focus_y;
  const std::int32_t cx = CameraOrigin(fx, r.w, frame.map_width);
  const std::int32_t cy = CameraOrigin(fy, r.h, frame.map_height);
  const auto on_screen = [&](std::int32_t mx, std::int32_t my, std::int32_t& sx, std::int32_t& sy) {
    sx = mx - cx;
    sy = my - cy;
    return sx >= 0 && sy >= 0 && sx < r.w && sy < r.h;
  };
  for (std::int32_t sy = 0; sy < r.h; ++sy) {
    for (std::int32_t sx = 0; sx < r.w; ++sx) {
      const std::int32_t mx = cx + sx, my = cy + sy;
      if (mx < 0 || my < 0 || mx >= frame.map_width || my >= frame.map_height) continue;
      const FrameCell& cell = frame.Cell(mx, my);
      if (cell.knowledge == CellKnowledge::Unknown) continue;
      grid.Put(r.x + sx, r.y + sy, Glyph(state, cell.glyph, cell.ascii), cell.colour,
               cell.knowledge == CellKnowledge::Remembered ? kAttrDim : kAttrNone);
    }
  }
  std::int32_t sx = 0, sy = 0;
  for (const FrameEffect& e : frame.effects)
    if (on_screen(e.x, e.y, sx, sy)) grid.Put(r.x + sx, r.y + sy, Glyph(state, e.glyph, e.ascii), e.colour);
  for (const FrameEntity& e : frame.entities)
    if (on_screen(e.x, e.y, sx, sy))
      grid.Put(r.x + sx, r.y + sy, Glyph(state, e.glyph, e.ascii), e.colour,
               e.player ? kAttrBold : kAttrNone);
  for (const OverlayMark& m : frame.debug.marks) {
    if (!on_screen(m.x, m.y, sx, sy)) continue;
    if (m.mark != '\0') grid.Put(r.x + sx, r.y + sy, static_cast<unsigned char>(m.mark), m.colour, kAttrBold);
    if (m.highlight) grid.SetAttributes(r.x + sx, r.y + sy, kAttrReverse);
    if (!m.label.empty())
      grid.Text(r.x + sx + 1, r.y + sy, m.label, m.colour, kAttrNone, r.w - sx - 1);
  }
  if (looking && on_screen(state.look_x, state.look_y, sx, sy))
    grid.SetAttributes(r.x + sx, r.y + sy, kAttrReverse);
  if (aiming && on_screen(state.target_x, state.target_y, sx, sy))
    grid.SetAttributes(r.x + sx, r.y + sy, kAttrReverse);
}

void DrawStatus(const RenderFrame& frame, TextGrid& grid, std::int32_t width) {
  const HudValues& hud = frame.hud;
  const bool low = hud.health_max > 0 && hud.health * 3 <= hud.health_max;
  std::int32_t x = 0;
  x += grid.Text(x, 0, "HP ", Colour::White);
  x += grid.Text(x, 0, std::to_string(hud.health) + "/" + std::to_string(hud.health_max),
                 low ? Colour::Red : Colour::Green, kAttrBold);
  x += grid.Text(x, 0, "  Lv " + std::to_string(hud.level) + "  Depth " + std::to_string(hud.depth) +
                           "  Turn " + std::to_string(hud.turn) + "  Tick " + std::to_string(hud.tick) +
                           "  Kills " + std::to_string(hud.kills),
                 Colour::White);
  if (!hud.hunger.empty())
    x += grid.Text(x, 0, "  " + hud.hunger, hud.hunger == "Hungry" ? Colour::Yellow : Colour::Red, kAttrBold);
  if (hud.hasted) x += grid.Text(x, 0, "  Hasted", Colour::Cyan, kAttrBold);
  if (hud.slowed) x += grid.Text(x, 0, "  Slowed", Colour::Magenta, kAttrBold);
  std::string right;
  if (hud.paused) right += "[PAUSED";
  if (hud.paused && !hud.queued.empty()) right += ": next " + hud.queued;
  if (hud.paused) right += "] ";
  if (hud.state != "playing") right += "[" + hud.state + "] ";
  right += "seed " + std::to_string(hud.seed);
  const std::int32_t rx = std::max(x + 2, width - static_cast<std::int32_t>(right.size()));
  grid.Text(rx, 0, right, hud.paused || hud.state != "playing" ? Colour::Yellow : Colour::Grey,
            hud.paused ? kAttrBold : kAttrNone);
}

void DrawMessages(const RenderFrame& frame, TextGrid& grid, Rect r) {
  const std::int32_t count = static_cast<std::int32_t>(frame.messages.size());
  for (std::int32_t i = 0; i < r.h && i < count; ++i) {
    const std::string& text = frame.messages[static_cast<std::size_t>(count - 1 - i)];
    const std::int32_t row = r.y + r.h - 1 - i;
    grid.Text(r.x, row, text, i == 0 ? Colour::White : Colour::Grey, kAttrNone, r.w);
  }
}

std::string Pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::vector<std::pair<std::string, Colour>> DebugLines(const RenderFrame& frame,
                                                       std::int32_t width) {
  const DebugData& d = frame.debug;
  std::vector<std::pair<std::string, Colour>> lines;
  const auto add = [&](std::string text, Colour colour = Colour::Default) {
    lines.emplace_back(std::move(text), colour);
  };
  if (d.has_inspected) {
    add(d.inspected_handle, Colour::Cyan);
    std::string line = "  " + d.inspected_state;
    if (d.creation_sequence != 0) line += "  seq " + std::to_string(d.creation_sequence);
    if (!d.inspected_id.empty()) line += "  id " + d.inspected_id;
    add(line);
    // The durable key, whole (an abbreviated UUID is not an identity).
    if (!d.inspected_source.empty()) {
      add("  uuid  " + d.inspected_source);
      add("  scope " + d.inspected_instance);
    }
    // Components can be long (enemy_ai has 14 fields): wrap them at field boundaries.
    const std::size_t room = static_cast<std::size_t>(std::max(20, width - 2));
    for (const std::string& c : d.components) {
      std::string rest = "  " + c;
      bool first = true;
      while (!rest.empty()) {
        std::string piece = rest;
        if (piece.size() > room) {
          std::size_t cut = rest.rfind(", ", room);
          if (cut == std::string::npos || cut < 8) cut = room;
          else cut += 1;  // keep the comma on this line
          piece = rest.substr(0, cut);
          rest = "      " + rest.substr(cut + (rest[cut] == ' ' ? 1 : 0));
        } else {
          rest.clear();
        }
        add(piece, first ? Colour::Default : Colour::Default);
        first = false;
      }
    }
    for (const std::string& a : d.ai) add("  AI " + a, Colour::Yellow);
  } else {
    add("no entity inspected ([ ] or look, then Enter)", Colour::Grey);
  }
  add("Registry world " + std::to_string(d.world_id) + " rev " + std::to_string(d.structural_revision),
      Colour::White);
  add("  live " + std::to_string(d.live) + " pending " + std::to_string(d.pending) + " free " +
      std::to_string(d.free) + " retired " + std::to_string(d.retired) + " cap " +
      std::to_string(d.capacity));
  add("Pools size/capacity high-water", Colour::White);
  const std::size_t half = static_cast<std::size_t>(std::max(20, width / 2 - 1));
  for (std::size_t i = 0; i < d.pools.size(); i += 2) {
    std::string line;
    for (std::size_t k = i; k < i + 2 && k < d.pools.size(); ++k) {
      const PoolLine& p = d.pools[k];
      line += Pad(" " + p.name + " " + std::to_string(p.size) + "/" + std::to_string(p.capacity) +
                      " " + std::to_string(p.high_water),
                  half);
    }
    add(line);
  }
  add("Queues and counters", Colour::White);
  for (const std::string& c : d.counters) add("  " + c);
  static constexpr const char* kPhase[] = {"Begin", "Player", "AI", "Move", "Resolve", "Commit", "End"};
  std::string phases = "Phases us:";
  for (std::size_t i = 0; i < d.phase_nanoseconds.size(); ++i)
    phases += std::string(" ") + kPhase[i] + " " + std::to_string((d.phase_nanoseconds[i] + 500) / 1000);
  add(phases, Colour::White);
  if (!d.monsters.empty()) {
    add("Monsters in view", Colour::White);
    for (const std::string& m : d.monsters) add("  " + m);
  }
  add(std::string("Overlay: ") + OverlayModeName(d.overlay) + "   Trace", Colour::White);
  for (const std::string& t : d.trace) add("  " + t, Colour::Grey);
  return lines;
}

void DrawDebugPane(const RenderFrame& frame, const PresenterState& state, TextGrid& grid, Rect r) {
  grid.Clear(r.x, r.y, r.w, r.h);
  Box(grid, r, state, "Debug " + std::string(frame.hud.paused ? "(paused)" : ""));
  const auto lines = DebugLines(frame, r.w - 2);
  // Keep the trace's newest lines: when the pane is short, drop from the middle of the trace.
  const std::int32_t room = r.h - 1;
  std::int32_t row = r.y + 1;
  const std::int32_t total = static_cast<std::int32_t>(lines.size());
  const std::int32_t skip = std::max(0, total - room);
  std::int32_t first_trace = 0;
  for (std::int32_t i = 0; i < total; ++i)
    if (lines[static_cast<std::size_t>(i)].first.rfind("Overlay:", 0) == 0) first_trace = i + 1;
  for (std::int32_t i = 0; i < total && row < r.y + r.h; ++i) {
    if (skip > 0 && i >= first_trace && i < first_trace + skip) continue;
    const auto& [text, colour] = lines[static_cast<std::size_t>(i)];
    grid.Text(r.x + 2, row++, text, colour, kAttrNone, r.w - 3);
  }
}

// Splits `text` at spaces into lines of at most `width` characters (a longer word is cut).
std::vector<std::string_view> WrapWords(std::string_view text, std::size_t width) {
  width = std::max<std::size_t>(width, 1);  // a width of 0 would never get through the text
  std::vector<std::string_view> lines;
  while (text.size() > width) {
    std::size_t cut = text.rfind(' ', width);
    if (cut == std::string_view::npos || cut == 0) cut = width;
    lines.push_back(text.substr(0, cut));
    text.remove_prefix(cut);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  }
  if (!text.empty() || lines.empty()) lines.push_back(text);
  return lines;
}

void DrawHelp(const PresenterState& state, TextGrid& grid) {
  // Every key, from the key map: group headings and entries in columns, in pages if they do not
  // fit (an 80x24 terminal needs three). A description too long for its column goes on over the
  // next rows, under itself, rather than being cut.
  const std::int32_t columns = grid.Width() >= 120 ? 2 : 1;
  const std::int32_t column_width = grid.Width() / columns;
  const auto description_width = static_cast<std::size_t>(std::max(12, column_width - 21));
  struct Row {
    std::string_view group;  // a heading when not empty
    std::string_view keys;   // empty on a description's later rows
    std::string_view text;
  };
  std::vector<Row> rows;
  std::string_view group;
  for (const HelpLine& line : state.help) {
    if (line.group != group) {
      group = line.group;
      rows.push_back(Row{group, {}, {}});
    }
    std::string_view keys = line.keys;
    for (std::string_view part : WrapWords(line.description, description_width)) {
      rows.push_back(Row{{}, keys, part});
      keys = {};
    }
  }
  const std::int32_t per_column = std::max(1, grid.Height() - 3);
  const std::int32_t per_page = per_column * columns;
  const std::int32_t pages = std::max<std::int32_t>(1, (static_cast<std::int32_t>(rows.size()) + per_page - 1) / per_page);
  const std::int32_t page = std::clamp(state.help_page, 0, pages - 1);
  std::string title = "cairn: keys";
  if (pages > 1)
    title += " (page " + std::to_string(page + 1) + " of " + std::to_string(pages) +
             ": space for the next, any other key returns)";
  else
    title += " (any key returns)";
  grid.Text(2, 0, title, Colour::White, kAttrBold);
  for (std::int32_t i = 0; i < per_page; ++i) {
    const std::size_t index = static_cast<std::size_t>(page * per_page + i);
    if (index >= rows.size()) break;
    const std::int32_t x = (i / per_column) * column_width;
    const std::int32_t y = 2 + i % per_column;
    const Row& row = rows[index];
    if (!row.group.empty()) {
      grid.Text(x + 2, y, row.group, Colour::Yellow, kAttrBold);
      continue;
    }
    grid.Text(x + 4, y, row.keys, Colour::Cyan, kAttrNone, 15);
    grid.Text(x + 20, y, row.text, Colour::Default, kAttrNone, column_width - 21);
  }
}

void DrawHistory(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  grid.Text(2, 0, "Message history (up/down or j/k scroll, any other key returns)", Colour::White,
            kAttrBold);
  const std::int32_t rows = grid.Height() - 2;
  const std::int32_t count = static_cast<std::int32_t>(frame.messages.size());
  const std::int32_t last = std::max(0, count - 1 - state.message_scroll);
  for (std::int32_t i = 0; i < rows && last - i >= 0; ++i)
    grid.Text(1, grid.Height() - 1 - i, frame.messages[static_cast<std::size_t>(last - i)],
              i == 0 && state.message_scroll == 0 ? Colour::White : Colour::Grey, kAttrNone,
              grid.Width() - 2);
}

void DrawInventoryLines(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                        Rect r, const std::vector<char>* only) {
  std::int32_t row = r.y;
  for (const FrameItem& item : frame.inventory) {
    if (only != nullptr && std::find(only->begin(), only->end(), item.letter) == only->end()) continue;
    if (row >= r.y + r.h) break;
    std::int32_t x = r.x;
    x += grid.Text(x, row, std::string(1, item.letter) + " - ", Colour::White, kAttrBold);
    grid.Put(x, row, Glyph(state, item.glyph, item.ascii), item.colour);
    grid.Text(x + 2, row, item.name, item.equipped ? Colour::Cyan : Colour::Default, kAttrNone,
              r.x + r.w - x - 2);
    ++row;
  }
}

void DrawInventory(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  grid.Text(2, 0, "Inventory (" + std::to_string(frame.inventory.size()) + " of " +
                      std::to_string(frame.inventory_capacity) + " letters; any key returns)",
            Colour::White, kAttrBold);
  if (frame.inventory.empty()) grid.Text(4, 2, "You carry nothing.", Colour::Grey);
  DrawInventoryLines(frame, state, grid, Rect{4, 2, grid.Width() - 6, grid.Height() - 3}, nullptr);
}

void DrawLines(TextGrid& grid, const std::string& title, const std::vector<std::string>& lines) {
  grid.Text(2, 0, title, Colour::White, kAttrBold);
  std::int32_t row = 2;
  for (const std::string& line : lines) {
    if (row >= grid.Height()) break;
    grid.Text(4, row++, line, line.empty() || line.back() != ':' ? Colour::Default : Colour::Yellow,
              line.empty() || line.back() != ':' ? kAttrNone : kAttrBold, grid.Width() - 6);
  }
}

void DrawSummary(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  const RunSummary& s = frame.summary;
  std::vector<std::string> lines;
  lines.push_back(s.won ? "You " + s.cause + "!" : "You were " + s.cause + ".");
  lines.push_back("");
  lines.push_back("Experience level " + std::to_string(s.level) + "; deepest floor " +
                  std::to_string(s.deepest) + "; " + std::to_string(s.turns) + (s.turns == 1 ? " turn; " : " turns; ") +
                  std::to_string(s.kills) + " kills.");
  lines.push_back("");
  lines.push_back("Carried:");
  for (const std::string& item : s.items) lines.push_back("  " + item);
  if (s.items.empty()) lines.push_back("  nothing");
  if (!s.discoveries.empty()) {
    lines.push_back("");
    lines.push_back("Discoveries:");
    for (const std::string& d : s.discoveries) lines.push_back("  " + d);
  }
  lines.push_back("");
  if (!state.summary_note.empty()) lines.push_back(state.summary_note);
  lines.push_back("R: play again (the same seed)   Q: quit   any other key: back to the map");
  DrawLines(grid, s.won ? "Victory" : "Rest in peace", lines);
}

}  // namespace

void Present(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  const std::int32_t w = grid.Width(), h = grid.Height();
  grid.Clear(0, 0, w, h);
  if (w < kMinWidth || h < kMinHeight) {
    const std::string ask = "Please make the terminal at least " + std::to_string(kMinWidth) + "x" +
                            std::to_string(kMinHeight) + " (it is " + std::to_string(w) + "x" +
                            std::to_string(h) + ").";
    const std::int32_t row = h / 2;
    std::int32_t at = 0;
    for (std::int32_t line = 0; at < static_cast<std::int32_t>(ask.size()); ++line) {
      const std::string part = ask.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(std::max(1, w)));
      grid.Text(0, row + line, part, Colour::Yellow, kAttrBold);
      at += std::max(1, w);
    }
    return;
  }
  if (state.screen == Screen::Help) return DrawHelp(state, grid);
  if (state.screen == Screen::Messages) return DrawHistory(frame, state, grid);
  if (state.screen == Screen::Inventory) return DrawInventory(frame, state, grid);
  if (state.screen == Screen::Character)
    return DrawLines(grid, "Character (any key returns)", frame.character);
  if (state.screen == Screen::Summary) return DrawSummary(frame, state, grid);

  const std::int32_t message_rows = h >= 30 ? 4 : 3;
  const bool side_pane = state.debug_pane && w >= kSidePaneWidth;
  const std::int32_t pane_width = side_pane ? std::min(56, w * 2 / 5) : 0;
  const Rect map{0, 1, w - pane_width, h - 1 - message_rows};
  DrawStatus(frame, grid, w);
  DrawMap(frame, state, grid, map);
  const Rect log{0, h - message_rows, w - pane_width, message_rows};
  if (state.screen == Screen::Look) {
    grid.Clear(log.x, log.y, log.w, log.h);
    grid.Text(0, log.y, "Look: move the cursor; Enter inspects; Escape returns.", Colour::Yellow);
    grid.Text(0, log.y + 1, state.look_text, Colour::White, kAttrNone, log.w);
  } else if (state.screen == Screen::Target || state.screen == Screen::ItemPrompt) {
    grid.Clear(log.x, log.y, log.w, log.h);
    grid.Text(0, log.y, state.prompt, Colour::Yellow, kAttrBold, log.w);
    if (state.screen == Screen::Target)
      grid.Text(0, log.y + 1, state.target_text, Colour::White, kAttrNone, log.w);
    if (state.screen == Screen::ItemPrompt) {
      // The choices in a box over the top of the map.
      const std::int32_t rows = std::min<std::int32_t>(static_cast<std::int32_t>(state.choices.size()), map.h - 2);
      const Rect box{1, map.y, std::min(map.w - 2, 60), rows + 2};
      grid.Clear(box.x, box.y, box.w, box.h);
      Box(grid, box, state, "");
      DrawInventoryLines(frame, state, grid, Rect{box.x + 2, box.y + 1, box.w - 3, rows}, &state.choices);
    }
  } else if (state.screen == Screen::Console) {
    grid.Clear(log.x, log.y, log.w, log.h);
    const std::int32_t history = log.h - 1;
    const std::int32_t count = static_cast<std::int32_t>(state.console_lines.size());
    for (std::int32_t i = 0; i < history && i < count; ++i)
      grid.Text(0, log.y + history - 1 - i, state.console_lines[static_cast<std::size_t>(count - 1 - i)],
                Colour::Cyan, kAttrNone, log.w);
    grid.Text(0, log.y + log.h - 1, "console> " + state.console_input + "_", Colour::White, kAttrBold, log.w);
  } else {
    DrawMessages(frame, grid, log);
  }
  if (state.debug_pane) {
    const Rect pane = side_pane ? Rect{w - pane_width, 1, pane_width, h - 1}
                                : Rect{0, h / 2, w, h - h / 2 - (state.screen == Screen::Map ? 0 : message_rows)};
    DrawDebugPane(frame, state, grid, pane);
  }
  if (!state.banner.empty()) {
    const std::int32_t width = std::min<std::int32_t>(static_cast<std::int32_t>(state.banner.size()) + 4, map.w);
    const std::int32_t bx = std::max(0, (map.w - width) / 2), by = map.y + map.h / 2;
    grid.Clear(bx, by - 1, width, 3);
    grid.Text(bx + 2, by, state.banner, Colour::Yellow, kAttrBold, width - 4);
  }
}

}  // namespace cairn
