#include "presenter/presenter.h"

#include <algorithm>
#include <deque>

#include "presenter/sidebar.h"

namespace cairn {

// A longer word than `width` is cut.
std::vector<std::string_view> WrapWords(std::string_view text, std::size_t width) {
  width = std::max<std::size_t>(width, 1);  // a width of 0 would never get through the text
  std::vector<std::string_view> lines;
  while (text.size() > width) {
    std::size_t cut = text.rfind(' ', width);
    if (cut == std::string_view::npos || cut == 0) {
      // A word longer than the line (a file's path) breaks after a folder's slash if it can.
      const std::size_t slash = text.rfind('/', width - 1);
      cut = slash != std::string_view::npos && slash > 0 ? slash + 1 : width;
    }
    lines.push_back(text.substr(0, cut));
    text.remove_prefix(cut);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  }
  if (!text.empty() || lines.empty()) lines.push_back(text);
  return lines;
}

namespace {

using Rect = ScreenRect;

std::uint32_t Glyph(const PresenterState& state, std::uint32_t glyph, char ascii) {
  return state.ascii ? static_cast<std::uint32_t>(static_cast<unsigned char>(ascii)) : glyph;
}

// The pane's frame: a rule along the top and down the left side.
void Box(TextGrid& grid, Rect r, const PresenterState& state, std::string_view title) {
  const std::uint32_t h = state.ascii ? '-' : 0x2500, v = state.ascii ? '|' : 0x2502;
  for (std::int32_t x = r.x; x < r.x + r.w; ++x) grid.Put(x, r.y, h, Colour::Grey);
  for (std::int32_t y = r.y + 1; y < r.y + r.h; ++y) grid.Put(r.x, y, v, Colour::Grey);
  if (!title.empty())
    grid.Text(r.x + 2, r.y, std::string(" ") + std::string(title) + " ", Colour::White, kAttrBold);
}

// A pop-up's frame: the whole border, corners and all, so it reads as lying over the map.
void Frame(TextGrid& grid, Rect r, const PresenterState& state) {
  if (r.w < 2 || r.h < 2) return;
  const std::uint32_t h = state.ascii ? '-' : 0x2500, v = state.ascii ? '|' : 0x2502;
  const auto corner = [&](std::uint32_t glyph) { return state.ascii ? std::uint32_t{'+'} : glyph; };
  const std::uint32_t corners[4] = {corner(0x250C), corner(0x2510), corner(0x2514), corner(0x2518)};
  for (std::int32_t x = r.x + 1; x < r.x + r.w - 1; ++x) {
    grid.Put(x, r.y, h, Colour::Grey);
    grid.Put(x, r.y + r.h - 1, h, Colour::Grey);
  }
  for (std::int32_t y = r.y + 1; y < r.y + r.h - 1; ++y) {
    grid.Put(r.x, y, v, Colour::Grey);
    grid.Put(r.x + r.w - 1, y, v, Colour::Grey);
  }
  grid.Put(r.x, r.y, corners[0], Colour::Grey);
  grid.Put(r.x + r.w - 1, r.y, corners[1], Colour::Grey);
  grid.Put(r.x, r.y + r.h - 1, corners[2], Colour::Grey);
  grid.Put(r.x + r.w - 1, r.y + r.h - 1, corners[3], Colour::Grey);
}

// The camera origin: the focus centred, clamped to the map (small maps are centred instead).
std::int32_t CameraOrigin(std::int32_t focus, std::int32_t view, std::int32_t map) {
  if (map <= view) return -(view - map) / 2;
  return std::clamp(focus - view / 2, 0, map - view);
}

void DrawMap(const RenderFrame& frame, const PresenterState& state, TextGrid& grid, Rect r) {
  const bool looking = state.screen == Screen::Look;
  const bool aiming = state.screen == Screen::Target;
  std::int32_t cx = 0, cy = 0;
  MapOrigin(frame, state, r, cx, cy);
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
    if (on_screen(e.x, e.y, sx, sy))
      grid.Put(r.x + sx, r.y + sy, Glyph(state, e.glyph, e.ascii), e.colour);
  for (const FrameEntity& e : frame.entities)
    if (on_screen(e.x, e.y, sx, sy))
      grid.Put(r.x + sx, r.y + sy, Glyph(state, e.glyph, e.ascii), e.colour,
               e.player ? kAttrBold
               : e.ally ? kAttrUnderline
                        : kAttrNone);
  for (const OverlayMark& m : frame.debug.marks) {
    if (!on_screen(m.x, m.y, sx, sy)) continue;
    if (m.mark != '\0')
      grid.Put(r.x + sx, r.y + sy, static_cast<unsigned char>(m.mark), m.colour, kAttrBold);
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
  x += grid.Text(x, 0,
                 "  Lv " + std::to_string(hud.level) + "  Depth " + std::to_string(hud.depth) +
                     "  Turn " + std::to_string(hud.turn) + "  Tick " + std::to_string(hud.tick) +
                     "  Kills " + std::to_string(hud.kills),
                 Colour::White);
  if (!hud.hunger.empty())
    x += grid.Text(x, 0, "  " + hud.hunger, hud.hunger == "Hungry" ? Colour::Yellow : Colour::Red,
                   kAttrBold);
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

std::string_view Ellipsis(const PresenterState& state);

// A message's colour: its tone's (warnings yellow, danger red, good news green), else white for
// the newest and grey for the rest.
Colour ToneColour(const FrameMessage& m, bool newest) {
  switch (m.tone) {
    case MessageTone::Good: return Colour::Green;
    case MessageTone::Warning: return Colour::Yellow;
    case MessageTone::Danger: return Colour::Red;
    case MessageTone::Plain: break;
  }
  return newest ? Colour::White : Colour::Grey;
}

// Messages newest at the bottom, from `skip` back from the newest; one wider than the rows goes
// on over the next row rather than being cut. With a single row the newest message's start is
// shown, ending in "…" when it goes on (P, the history, has it whole). While a --more-- is
// waiting (state.more_skip >= 0) the last row says so and the messages stop above it.
void DrawMessages(const RenderFrame& frame, const PresenterState& state, TextGrid& grid, Rect r,
                  std::size_t skip = 0) {
  if (state.more_skip >= 0 && r.h >= 2 && state.screen == Screen::Map) {
    grid.Text(r.x, r.y + r.h - 1, "--more--", Colour::Yellow, kAttrReverse, r.w);
    r.h -= 1;
    skip = static_cast<std::size_t>(state.more_skip);
  }
  if (skip >= frame.messages.size() || r.h <= 0) return;
  const std::size_t newest = frame.messages.size() - 1 - skip;
  const bool first_is_newest = skip == 0 || state.more_skip >= 0;
  const std::uint8_t danger = kAttrBold;
  if (r.h == 1) {
    const FrameMessage& m = frame.messages[newest];
    std::string text = m.text;
    if (static_cast<std::int32_t>(text.size()) > r.w)
      text = std::string(WrapWords(text, static_cast<std::size_t>(std::max(1, r.w - 4))).front()) +
             " " + std::string(Ellipsis(state));
    grid.Text(r.x, r.y, text, ToneColour(m, first_is_newest),
              m.tone == MessageTone::Danger ? danger : std::uint8_t{kAttrNone}, r.w);
    return;
  }
  std::int32_t row = r.y + r.h - 1;
  for (std::size_t i = newest + 1; i-- > 0 && row >= r.y;) {
    const FrameMessage& m = frame.messages[i];
    const auto parts = WrapWords(m.text, static_cast<std::size_t>(std::max(1, r.w)));
    for (std::size_t k = parts.size(); k-- > 0 && row >= r.y;)
      grid.Text(r.x, row--, parts[k], ToneColour(m, i == newest && first_is_newest),
                m.tone == MessageTone::Danger ? danger : std::uint8_t{kAttrNone}, r.w);
  }
}

std::string Pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

// --- the debug pane
// ------------------------------------------------------------------------------- The pane is made
// of sections (the inspected entity, the machine, the monsters in view, and the trace or "why"),
// each a heading and a body. A short pane cannot hold them all, so rows are shared out: first every
// section's heading and a few body rows, then the rest in the order the pane view puts first. A
// body that does not get all its rows says how many it left out, so the trace always keeps its
// newest rows and nothing vanishes without a word.

struct PaneRow {
  std::string text;
  Colour colour = Colour::Default;
};
using PaneItem = std::vector<PaneRow>;  // one entry: its first row and its wrapped rows

struct PaneSection {
  std::vector<PaneRow> head;
  std::vector<PaneItem> body;
  std::size_t min_rows = 1;  // body rows kept before later sections are given any
  bool keep_newest = false;  // cut from the front (the trace is newest last)
  std::string more;          // after "… N more lines": the key that shows them
  bool lead = false;         // the view's first section: it scrolls (PresenterState::pane_scroll)
  std::size_t given = 0;     // body rows this frame
};

std::size_t RowCount(const std::vector<PaneItem>& body) {
  std::size_t rows = 0;
  for (const PaneItem& item : body) rows += item.size();
  return rows;
}

std::string_view Ellipsis(const PresenterState& state) {
  return state.ascii ? "..." : "\u2026";
}

// "… 3 more lines": what a cut leaves out.
std::string MoreLines(const PresenterState& state, std::size_t count,
                      std::string_view which = "more") {
  return std::string(Ellipsis(state)) + " " + std::to_string(count) + " " + std::string(which) +
         (count == 1 ? " line" : " lines");
}

// "(= F12: the entity view)": the key that puts a cut section first, where it scrolls.
std::string ViewHint(const PresenterState& state, PaneView view) {
  return "(" + state.pane_view_keys + ": the " + PaneViewName(view) + " view)";
}

// `text` cut at `breaks` (", " for a component's fields, " " otherwise) into rows at most `width`
// wide; rows after the first are indented under it.
PaneItem WrapItem(std::string text, std::size_t width, Colour colour,
                  std::string_view breaks = " ") {
  PaneItem rows;
  // Later rows two in from the entry's own start, so a nested entry's rows stay under it.
  const std::string indent(std::min<std::size_t>(text.find_first_not_of(' '), 8) + 2, ' ');
  width = std::max<std::size_t>(width, indent.size() + 8);
  while (text.size() > width) {
    std::size_t cut = text.rfind(breaks, width - breaks.size());
    if (cut == std::string::npos || cut < indent.size() + 4)
      cut = width;
    else
      cut += breaks.size() - (breaks.back() == ' ' ? 1 : 0);  // a comma stays on its row
    rows.push_back(PaneRow{text.substr(0, cut), colour});
    std::size_t rest = cut;
    while (rest < text.size() && text[rest] == ' ') ++rest;
    text = indent + text.substr(rest);
  }
  rows.push_back(PaneRow{std::move(text), colour});
  return rows;
}

// Items (a word and its number) in rows at most `width` wide, two spaces in, as one line when
// they fit: a number stays beside its word.
PaneItem PackItems(const std::vector<std::string>& items, std::size_t width) {
  PaneItem rows;
  std::string line = " ";
  for (const std::string& item : items) {
    if (line.size() > 2 && line.size() + 1 + item.size() > width) {
      rows.push_back(PaneRow{line, Colour::Default});
      line = "   ";
    }
    line += " " + item;
  }
  rows.push_back(PaneRow{std::move(line), Colour::Default});
  return rows;
}

std::string ShortHandle(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

PaneSection InspectedSection(const DebugData& d, const PresenterState& state, std::size_t width) {
  PaneSection s;
  if (!d.has_inspected) {
    s.head.push_back({"no entity inspected ([ ] or look, then Enter)", Colour::Grey});
    s.min_rows = 0;
    return s;
  }
  s.head.push_back({d.inspected_handle, Colour::Cyan});
  std::string line = "  " + d.inspected_state;
  if (d.creation_sequence != 0) line += "  seq " + std::to_string(d.creation_sequence);
  if (!d.inspected_id.empty()) line += "  id " + d.inspected_id;
  s.head.push_back({line, Colour::Default});
  // The AI first: the one-line story of a monster (action, phase, target) matters most.
  for (const std::string& a : d.ai) s.body.push_back(WrapItem("  AI " + a, width, Colour::Yellow));
  // The durable key, whole (an abbreviated UUID is not an identity).
  if (!d.inspected_source.empty()) {
    s.body.push_back(WrapItem("  uuid  " + d.inspected_source, width, Colour::Default));
    s.body.push_back(WrapItem("  scope " + d.inspected_instance, width, Colour::Default));
  }
  // Components can be long (enemy_ai has 14 fields): wrapped at field boundaries.
  for (const std::string& c : d.components)
    s.body.push_back(WrapItem("  " + c, width, Colour::Default, ", "));
  // Who touches it: each phase that declares reading or writing one of its components (in the
  // entity view, where the entity is whole; elsewhere the machine keeps the rows).
  if (state.pane_view == PaneView::Entity && !d.inspected_phases.empty()) {
    s.body.push_back({{"  Phases that touch it", Colour::White}});
    for (const std::string& p : d.inspected_phases)
      s.body.push_back(WrapItem("    " + p, width, Colour::Default, ","));
  }

  s.min_rows = 2;
  s.more = ViewHint(state, PaneView::Entity);
  return s;
}

// The pools, two a row where both fit (the second from the pane's middle), else one: long
// numbers (100000/131072 on a floor of 100,000 monsters) are never cut across two rows. Pools
// that never held anything are named together after them, so a floor without machines or
// allies keeps its rows for what it has.
template <class Add>
void PoolRows(const std::vector<PoolLine>& pools, std::size_t width, const Add& add) {
  const std::size_t half = std::max<std::size_t>(20, width / 2);
  std::vector<const PoolLine*> used;
  std::string never = " never used:";
  for (const PoolLine& p : pools) {
    if (p.size == 0 && p.high_water == 0)
      never += " " + p.name;
    else
      used.push_back(&p);
  }
  for (std::size_t i = 0; i < used.size();) {
    const auto entry = [&](std::size_t k) {
      const PoolLine& p = *used[k];
      return " " + p.name + " " + std::to_string(p.size) + "/" + std::to_string(p.capacity) + " " +
             std::to_string(p.high_water);
    };
    std::string line = entry(i++);
    if (i < used.size() && line.size() < half) {
      std::string second = entry(i);
      if (half + second.size() <= width) {
        line = Pad(std::move(line), half) + second;
        ++i;
      }
    }
    add(line);
  }
  if (used.size() < pools.size()) add(never);
}

PaneSection MachineSection(const RenderFrame& frame, const PresenterState& state,
                           std::size_t width) {
  const DebugData& d = frame.debug;
  PaneSection s;
  s.head.push_back({"Registry world " + std::to_string(d.world_id) + " rev " +
                        std::to_string(d.structural_revision),
                    Colour::White});
  const auto add = [&](std::string text, Colour colour = Colour::Default) {
    s.body.push_back(WrapItem(std::move(text), width, colour));
  };
  s.body.push_back(
      PackItems({"live " + std::to_string(d.live), "pending " + std::to_string(d.pending),
                 "free " + std::to_string(d.free), "retired " + std::to_string(d.retired),
                 "cap " + std::to_string(d.capacity)},
                width));
  if (!d.free_slots.empty()) add("Slots " + d.free_slots);
  add("Pools size/capacity high-water", Colour::White);
  PoolRows(d.pools, width, add);
  add("Queues and counters", Colour::White);
  for (const std::string& c : d.counters) add("  " + c);
  static constexpr const char* kPhase[] = {"Begin",   "Player", "AI", "Move",
                                           "Resolve", "Commit", "End"};
  std::string phases = "Phases us:";
  for (std::size_t i = 0; i < d.phase_nanoseconds.size(); ++i)
    phases +=
        std::string(" ") + kPhase[i] + " " + std::to_string((d.phase_nanoseconds[i] + 500) / 1000);
  add(phases, Colour::White);
  // The machine view: where each of the inspected entity's components sits in its pool's dense
  // array (what iteration walks; a removal moves the last owner into the hole).
  if (state.pane_view == PaneView::Machine && !d.inspected_pools.empty()) {
    add("Pools of " + ShortHandle(d.inspected) + ": dense index of size", Colour::White);
    for (const std::string& p : d.inspected_pools) add("  " + p);
  }
  s.min_rows = 0;
  s.more = ViewHint(state, PaneView::Machine);
  return s;
}

// Inside a tick stepped phase by phase: the phase just run and what it did, then the commands
// waiting for the commit (a destroy's entity shows "pending destroy" in the inspector until then).
PaneSection TickSection(const DebugData& d, const PresenterState& state, std::size_t width) {
  PaneSection s;
  if (d.inside_tick.empty()) return s;
  s.head.push_back(
      {"Inside " + d.inside_tick + " (" + state.step_phase_keys + ")", Colour::Yellow});
  for (const std::string& line : d.phase_did)
    s.body.push_back(WrapItem("  did " + line, width, Colour::Default));
  if (d.phase_did.empty()) s.body.push_back({{"  did nothing to trace", Colour::Grey}});
  s.body.push_back({{"  Commands queued " + std::to_string(d.commands.size()) +
                         (d.commands.empty() ? " (the commit publishes them)" : ":"),
                     Colour::White}});
  for (const std::string& c : d.commands)
    s.body.push_back(WrapItem("    " + c, width, Colour::Default));
  s.min_rows = 4;
  s.more = ViewHint(state, PaneView::Tick);
  return s;
}

PaneSection MonstersSection(const DebugData& d, const PresenterState& state, std::size_t width) {
  PaneSection s;
  if (d.monsters.empty()) return s;
  s.head.push_back({"Monsters in view " + std::to_string(d.monsters.size()), Colour::White});
  for (const std::string& m : d.monsters)
    s.body.push_back(WrapItem("  " + m, width, Colour::Default));
  s.min_rows = 0;
  s.more = ViewHint(state, PaneView::Entity);  // the view that gives them the most room
  return s;
}

PaneSection TraceSection(const DebugData& d, const PresenterState& state, std::size_t width) {
  PaneSection s;
  std::string head =
      std::string("Trace: ") +
      (d.trace_inspected_only ? ShortHandle(d.inspected) + " only" : std::string("all")) +
      "   Overlay: " + OverlayModeName(d.overlay);
  s.head.push_back({head, Colour::White});
  for (const std::string& t : d.trace) s.body.push_back(WrapItem("  " + t, width, Colour::Grey));
  if (d.trace.empty())
    s.body.push_back(
        {{d.trace_inspected_only ? "  no entry in the trace names " + ShortHandle(d.inspected)
                                 : std::string("  nothing traced yet"),
          Colour::Grey}});
  s.min_rows = 3;
  s.keep_newest = true;
  s.more = ViewHint(state, PaneView::Trace);
  return s;
}

// Every entry of one tick, oldest first under its phase's name: the whole of a stepped tick.
PaneSection ThisTickSection(const DebugData& d, const PresenterState& state, std::size_t width) {
  PaneSection s;
  std::size_t entries = 0;
  for (const DebugData::PhaseEntries& p : d.this_tick_phases) entries += p.lines.size();
  const std::string whose =
      d.trace_inspected_only ? " naming " + ShortHandle(d.inspected) : std::string();
  const std::string quiet =
      d.quiet_ticks_after > 0 ? ", " + std::to_string(d.quiet_ticks_after) + " quiet since" : "";
  s.head.push_back({d.this_tick < 0
                        ? std::string("This tick: nothing traced yet")
                        : "Tick " + std::to_string(d.this_tick) + ": " + std::to_string(entries) +
                              (entries == 1 ? " entry" : " entries") + whose + " by phase" + quiet,
                    Colour::White});
  for (const DebugData::PhaseEntries& p : d.this_tick_phases) {
    s.body.push_back({{"  " + p.phase, Colour::Yellow}});
    for (const std::string& line : p.lines)
      s.body.push_back(WrapItem("    " + line, width, Colour::Default));
  }
  if (d.this_tick >= 0 && entries == 0)
    s.body.push_back({{"  only its start: nothing happened", Colour::Grey}});
  s.min_rows = 3;
  s.more = ViewHint(state, PaneView::Tick);
  return s;
}

PaneSection WhySection(const DebugData& d, const PresenterState& state, std::size_t width) {
  PaneSection s;
  if (!d.has_inspected) {
    s.head.push_back({"Why: nothing inspected ([ ] or look, then Enter)", Colour::White});
    return s;
  }
  s.head.push_back({"Why " + ShortHandle(d.inspected) + " is so, newest first", Colour::White});
  for (const std::string& w : d.why) s.body.push_back(WrapItem("  " + w, width, Colour::Default));
  if (d.why.empty()) s.body.push_back({{"  why: nothing recorded yet", Colour::Grey}});
  s.min_rows = 3;
  s.more = ViewHint(state, PaneView::Why);
  return s;
}

// Shares `room` rows out: every heading that fits, in `first` order; then each shown section's
// minimum body rows in the same order; then the rest in `rest` order. A short pane so keeps every
// heading (each saying how much it holds) and gives the view's first section its rows before the
// others get theirs.
void ShareRows(std::vector<PaneSection>& sections, std::size_t room,
               std::initializer_list<std::size_t> first, std::initializer_list<std::size_t> rest) {
  std::vector<bool> shown(sections.size(), false);
  for (std::size_t i : first) {
    PaneSection& s = sections[i];
    if (s.head.empty() || s.head.size() > room) continue;
    shown[i] = true;
    room -= s.head.size();
  }
  for (std::size_t i : first) {
    PaneSection& s = sections[i];
    if (!shown[i]) continue;
    s.given = std::min({s.min_rows, RowCount(s.body), room});
    room -= s.given;
  }
  for (std::size_t i : rest) {
    PaneSection& s = sections[i];
    if (!shown[i]) continue;
    const std::size_t extra = std::min(room, RowCount(s.body) - s.given);
    s.given += extra;
    room -= extra;
  }
  for (std::size_t i = 0; i < sections.size(); ++i)
    if (!shown[i]) sections[i].head.clear();
}

// Which rows of a cut body show: `shown` rows from `first`, with a note above them when rows are
// hidden above and a note below when rows are hidden below. `scroll` counts rows hidden at the
// end a section starts from (the newest for the trace, the top for the rest); each note takes a
// row of the `given`.
struct PaneWindow {
  std::size_t first = 0, shown = 0;
  bool above = false, below = false;
};

PaneWindow WindowOf(const PaneSection& s, std::size_t scroll) {
  const std::size_t total = RowCount(s.body);
  PaneWindow w;
  if (s.given >= total) return PaneWindow{0, total, false, false};
  if (s.given == 0) return w;
  scroll = std::min(scroll, total - (s.given - 1));
  const bool near = scroll > 0;  // rows hidden at the start end
  w.shown = s.given - (near ? 1 : 0);
  const bool far = scroll + w.shown < total;
  if (far && w.shown > 0) --w.shown;
  if (s.keep_newest) {
    w.first = total - scroll - w.shown;
    w.above = far, w.below = near;
  } else {
    w.first = scroll;
    w.above = near, w.below = far;
  }
  return w;
}

// The rows a section shows in its `given` rows: its heading, then its body cut to fit, with a note
// for each side that hides rows saying how many and the key that shows them (the view's first
// section scrolls; another names the view that puts it first).
std::vector<PaneRow> SectionRows(const PaneSection& s, const PresenterState& state) {
  std::vector<PaneRow> rows(s.head.begin(), s.head.end());
  if (s.head.empty()) return rows;
  std::vector<PaneRow> body;
  std::vector<bool> starts;  // whether a row is an entry's first
  for (const PaneItem& item : s.body) {
    body.insert(body.end(), item.begin(), item.end());
    starts.resize(body.size(), false);
    if (!item.empty()) starts[body.size() - item.size()] = true;
  }
  if (s.given >= body.size()) {
    rows.insert(rows.end(), body.begin(), body.end());
    return rows;
  }
  if (s.given == 0) {  // the heading alone, saying how much it holds
    rows.back().text += "  " + MoreLines(state, body.size()) + " " + s.more;
    return rows;
  }
  PaneWindow w = WindowOf(s, s.lead ? static_cast<std::size_t>(state.pane_scroll) : 0);
  // No entry shows without its first row: a window that starts inside one starts after it, and
  // takes as many rows more below as there are.
  while (w.shown > 1 && !starts[w.first]) {
    ++w.first;
    if (w.first + w.shown > body.size()) --w.shown;
  }
  const std::string hint = s.lead ? "(" + state.pane_scroll_keys + ": scroll)" : s.more;
  const std::size_t after = body.size() - w.first - w.shown;
  if (w.above)
    rows.push_back({"  " + MoreLines(state, w.first, s.keep_newest ? "earlier" : "more") + " " +
                        (s.keep_newest || !s.lead ? hint : "above " + hint),
                    Colour::Grey});
  rows.insert(rows.end(), body.begin() + static_cast<std::ptrdiff_t>(w.first),
              body.begin() + static_cast<std::ptrdiff_t>(w.first + w.shown));
  if (w.below && after > 0)
    rows.push_back({"  " + MoreLines(state, after, s.keep_newest ? "newer" : "more") + " " + hint,
                    Colour::Grey});
  return rows;
}

enum : std::size_t { kTick, kInspected, kMachine, kMonsters, kLower };

// The pane's sections with their rows shared out for a pane `room` rows high: what the view puts
// first gets its rows first and scrolls.
std::vector<PaneSection> PaneSections(const RenderFrame& frame, const PresenterState& state,
                                      std::size_t width, std::size_t room) {
  const DebugData& d = frame.debug;
  std::vector<PaneSection> sections;
  sections.push_back(TickSection(d, state, width));
  sections.push_back(InspectedSection(d, state, width));
  sections.push_back(MachineSection(frame, state, width));
  sections.push_back(MonstersSection(d, state, width));
  switch (state.pane_view) {
    case PaneView::Why: sections.push_back(WhySection(d, state, width)); break;
    case PaneView::Tick: sections.push_back(ThisTickSection(d, state, width)); break;
    default: sections.push_back(TraceSection(d, state, width)); break;
  }
  // The trace (or why, or the tick) keeps a quarter of a tall pane, so a long entity never pushes
  // it out; as the view's first section, half of a short one.
  sections[kLower].min_rows =
      std::max<std::size_t>({3, room / 4, std::min<std::size_t>(room / 2, 6)});
  switch (state.pane_view) {
    case PaneView::Trace:
    case PaneView::Why:
      sections[kLower].lead = true;
      ShareRows(sections, room, {kTick, kLower, kInspected, kMonsters, kMachine},
                {kTick, kLower, kInspected, kMonsters, kMachine});
      break;
    case PaneView::Tick:
      sections[kLower].lead = true;
      ShareRows(sections, room, {kTick, kLower, kInspected, kMonsters, kMachine},
                {kLower, kTick, kInspected, kMonsters, kMachine});
      break;
    case PaneView::Machine:
      sections[kMachine].lead = true;
      sections[kMachine].min_rows = std::max<std::size_t>(room / 2, 2) - 1;
      ShareRows(sections, room, {kTick, kMachine, kLower, kInspected, kMonsters},
                {kTick, kMachine, kMonsters, kLower, kInspected});
      break;
    case PaneView::Entity:
      sections[kInspected].lead = true;
      sections[kInspected].min_rows = room / 2;
      ShareRows(sections, room, {kTick, kInspected, kLower, kMonsters, kMachine},
                {kInspected, kMonsters, kTick, kLower, kMachine});
      break;
  }
  return sections;
}

std::vector<PaneRow> DebugRows(const RenderFrame& frame, const PresenterState& state,
                               std::size_t width, std::size_t room) {
  std::vector<PaneRow> rows;
  for (const PaneSection& s : PaneSections(frame, state, width, room)) {
    std::vector<PaneRow> part = SectionRows(s, state);
    rows.insert(rows.end(), part.begin(), part.end());
  }
  return rows;
}

void DrawDebugPane(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                   ScreenRect r) {
  grid.Clear(r.x, r.y, r.w, r.h);
  // The title says which view and which trace filter are on; "(paused)" goes first when a
  // narrow pane has no room for all of it (the status line says it too).
  std::string title = std::string(state.pane_view == PaneView::Trace ? "" : "  ") +
                      (state.pane_view == PaneView::Trace ? "" : PaneViewName(state.pane_view)) +
                      "  trace: " + (frame.debug.trace_inspected_only ? "inspected only" : "all");
  title =
      (frame.hud.paused && static_cast<std::int32_t>(title.size()) + 19 <= r.w ? "Debug (paused)"
                                                                               : "Debug") +
      title;
  Box(grid, r, state, title);
  const std::int32_t width = r.w - 3;
  const auto rows = DebugRows(frame, state, static_cast<std::size_t>(std::max(1, width)),
                              static_cast<std::size_t>(std::max(0, r.h - 1)));
  std::int32_t y = r.y + 1;
  for (const PaneRow& row : rows) {
    if (y >= r.y + r.h) break;
    grid.Text(r.x + 2, y++, row.text, row.colour, kAttrNone, width);
  }
}

// The help screen's rows, each placed in a column (columns fill pages left to right): group
// headings, entries, the later rows of a wrapped description. A heading has a blank row before it
// (but at a column's top) and never ends a column alone; a new part starts a new column.
struct HelpRow {
  std::string_view group;          // a heading when not empty
  const HelpLine* line = nullptr;  // the entry (null on a heading)
  bool first = true;               // the entry's first row (it shows the keys or the sign)
  std::string_view text;
  std::int32_t column = 0, row = 0;
};

struct HelpGeometry {
  std::int32_t columns = 1, column_width = 80, per_column = 21;
};

HelpGeometry HelpGeometryOf(std::int32_t width, std::int32_t height) {
  HelpGeometry g;
  g.columns = width >= 120 ? 2 : 1;
  g.column_width = width / g.columns;
  g.per_column = std::max(2, height - 3);
  return g;
}

// A line of prose (no keys, no sign) is written from the keys' column on.
bool IsProse(const HelpLine& line) {
  return line.keys.empty() && line.glyph == 0;
}

std::vector<HelpRow> LayOutHelp(const PresenterState& state, const HelpGeometry& g,
                                std::deque<std::string>& continued) {
  const auto entry_width = static_cast<std::size_t>(std::max(12, g.column_width - 21));
  const auto prose_width = static_cast<std::size_t>(std::max(12, g.column_width - 6));
  std::vector<HelpRow> rows;
  std::int32_t column = 0, row = 0;
  const auto next_column = [&] {
    if (row > 0) ++column;
    row = 0;
  };
  const auto place = [&](HelpRow r) {
    if (row >= g.per_column) next_column();
    r.column = column;
    r.row = row++;
    rows.push_back(r);
  };
  std::string_view group, part;
  for (const HelpLine& line : state.help) {
    if (line.part != part) {
      part = line.part;
      group = {};
      next_column();
    }
    if (line.group != group) {
      group = line.group;
      if (row > 0) ++row;                         // a blank row before the heading
      if (row + 2 > g.per_column) next_column();  // never a heading alone at a column's foot
      place(HelpRow{group, nullptr, true, {}, 0, 0});
    }
    const auto parts = WrapWords(line.description, IsProse(line) ? prose_width : entry_width);
    // An entry is not split between columns (when it fits in one), and a column that goes on
    // with a group repeats its heading.
    if (row + static_cast<std::int32_t>(parts.size()) > g.per_column &&
        static_cast<std::int32_t>(parts.size()) < g.per_column) {
      // A heading just placed for it goes along.
      const bool heading =
          !rows.empty() && rows.back().line == nullptr && rows.back().column == column;
      if (heading) rows.pop_back();
      next_column();
      if (heading) place(HelpRow{group, nullptr, true, {}, 0, 0});
    }
    if (row == 0 && !rows.empty()) {
      continued.push_back(std::string(group) + " (continued)");
      place(HelpRow{continued.back(), nullptr, true, {}, 0, 0});
    }
    bool first = true;
    for (std::string_view text : parts) {
      place(HelpRow{{}, &line, first, text, 0, 0});
      first = false;
    }
  }
  return rows;
}

void DrawHelp(const PresenterState& state, TextGrid& grid) {
  // Every key, from the key map, then what every sign on the map and every word of the status
  // line means, and the goal: group headings and entries in columns, in pages if they do not fit.
  // A description too long for its column goes on over the next rows, under itself.
  const HelpGeometry g = HelpGeometryOf(grid.Width(), grid.Height());
  std::deque<std::string> continued;  // the "Items (continued)" headings the rows point into
  const std::vector<HelpRow> rows = LayOutHelp(state, g, continued);
  const std::int32_t pages = rows.empty() ? 1 : rows.back().column / g.columns + 1;
  const std::int32_t page = std::clamp(state.help_page, 0, pages - 1);
  // Every part the page holds, in order: "keys, signs on the map".
  std::vector<std::string_view> parts;
  for (const HelpRow& r : rows)
    if (r.column / g.columns == page && r.line != nullptr &&
        std::find(parts.begin(), parts.end(), r.line->part) == parts.end())
      parts.push_back(r.line->part);
  std::string title = "cairn help: ";
  for (std::size_t i = 0; i < parts.size(); ++i)
    title += std::string(i == 0 ? "" : ", ") + std::string(parts[i]);
  if (parts.empty()) title += "keys";
  title += " (";
  if (pages > 1)
    title += "page " + std::to_string(page + 1) + " of " + std::to_string(pages) + "; ";
  if (page + 1 < pages)
    title += std::string("space: more") + (page > 0 ? ", -: back" : "") + ", Esc: game)";
  else
    title += std::string(page > 0 ? "-: back, " : "") + "any other key returns)";
  grid.Text(2, 0, title, Colour::White, kAttrBold);
  for (const HelpRow& r : rows) {
    if (r.column / g.columns != page) continue;
    const std::int32_t x = (r.column % g.columns) * g.column_width;
    const std::int32_t y = 2 + r.row;
    if (r.line == nullptr) {
      grid.Text(x + 2, y, r.group, Colour::Yellow, kAttrBold);
      continue;
    }
    const HelpLine& line = *r.line;
    if (IsProse(line)) {
      grid.Text(x + 4, y, r.text, Colour::Default, kAttrNone, g.column_width - 5);
      continue;
    }
    if (r.first && line.glyph != 0) {
      grid.Put(x + 4, y, Glyph(state, line.glyph, line.ascii), line.colour);
      // What --ascii draws instead, where it differs.
      if (!state.ascii && line.ascii != 0 && static_cast<unsigned char>(line.ascii) != line.glyph)
        grid.Text(x + 6, y, std::string("or ") + line.ascii, Colour::Grey);
    } else if (r.first) {
      grid.Text(x + 4, y, line.keys, Colour::Cyan, kAttrNone, 15);
    }
    grid.Text(x + 20, y, r.text, Colour::Default, kAttrNone, g.column_width - 21);
  }
}

void DrawHistory(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  grid.Text(2, 0, "Message history (up/down or j/k scroll, any other key returns)", Colour::White,
            kAttrBold);
  DrawMessages(frame, state, grid, Rect{1, 2, grid.Width() - 2, grid.Height() - 2},
               static_cast<std::size_t>(std::max(0, state.message_scroll)));
}

void DrawInventoryLines(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                        Rect r, const std::vector<char>* only) {
  std::int32_t row = r.y;
  for (const FrameItem& item : frame.inventory) {
    if (only != nullptr && std::find(only->begin(), only->end(), item.letter) == only->end())
      continue;
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
  grid.Text(2, 0,
            "Inventory (" + std::to_string(frame.inventory.size()) + " of " +
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

// One part of the end screen: a heading and its rows, of which it keeps the first or the last.
struct SummaryPart {
  std::vector<std::string> heading;  // its title, and a table's own heading row
  std::vector<std::string> rows;
  bool keep_last = false;  // the notes and the messages: the newest matter most
  std::size_t given = 0;
};

// The end screen's parts in `room` rows, appended to `lines`: each part its heading, a blank
// before it and two rows; then the rest to the notes, the pack and the messages in turn. A cut
// part keeps its newest (or first) rows and says how many the morgue file has besides.
void AppendSummaryParts(std::vector<SummaryPart>& parts, std::size_t room,
                        const PresenterState& state, std::vector<std::string>& lines) {
  std::vector<bool> shown_part(parts.size(), false);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    SummaryPart& p = parts[k];
    const std::size_t want = 1 + p.heading.size() + std::min<std::size_t>(2, p.rows.size());
    if (want > room) break;
    shown_part[k] = true;
    p.given = want - 1 - p.heading.size();
    room -= want;
  }
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (!shown_part[k]) continue;
    const std::size_t extra = std::min(room, parts[k].rows.size() - parts[k].given);
    parts[k].given += extra;
    room -= extra;
  }
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const SummaryPart& p = parts[k];
    if (!shown_part[k]) continue;
    lines.push_back("");
    lines.insert(lines.end(), p.heading.begin(), p.heading.end());
    std::size_t shown = p.given;
    const bool cut = shown < p.rows.size();
    if (cut && shown > 0) --shown;  // a row says what was left out
    const std::size_t from = p.keep_last ? p.rows.size() - shown : 0;
    if (cut && p.keep_last)
      lines.push_back("  " + std::string(Ellipsis(state)) + " " +
                      std::to_string(p.rows.size() - shown) +
                      " earlier (the morgue file has them)");
    for (std::size_t i = from; i < from + shown; ++i) lines.push_back("  " + p.rows[i]);
    if (cut && !p.keep_last)
      lines.push_back("  " + std::string(Ellipsis(state)) + " " +
                      std::to_string(p.rows.size() - shown) + " more (the morgue file has them)");
  }
}

// The end screen (DCSS's farewell, NetHack's summary): how and where the run ended, the numbers,
// the run's notes, what was carried (identified), the last messages, where the morgue file went.
// It stays until the player leaves it on purpose (Enter, Space or Escape; keys typed ahead in the
// fight that ended it were dropped as it came up). A part that does not fit keeps its newest (or
// first) rows and says how many the morgue file has besides; no handle or AI word is shown.
void DrawSummary(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  const RunSummary& s = frame.summary;
  const auto width = static_cast<std::size_t>(std::max(20, grid.Width() - 8));
  std::vector<std::string> lines;
  lines.push_back(s.won ? "You " + s.cause + "!" : "You were " + s.cause + ".");
  lines.push_back("Experience level " + std::to_string(s.level) + "; deepest floor " +
                  std::to_string(s.deepest) + "; " + std::to_string(s.turns) +
                  (s.turns == 1 ? " turn; " : " turns; ") + std::to_string(s.kills) +
                  (s.kills == 1 ? " kill." : " kills."));
  std::vector<SummaryPart> parts(3);
  parts[0].rows = NoteRows(frame.notes);
  parts[0].heading = {"Notes:"};
  if (!frame.notes.empty()) {  // the table's heading row stays with the title
    parts[0].heading.push_back("  " + parts[0].rows.front());
    parts[0].rows.erase(parts[0].rows.begin());
  }
  parts[0].keep_last = true;
  parts[1].heading = {"Carried (identified):"};
  parts[1].rows = s.items.empty() ? std::vector<std::string>{"nothing"} : s.items;
  parts[2].heading = {"Last messages:"};
  for (const std::string& m : frame.last_messages)
    for (std::string_view row : WrapWords(m, width)) parts[2].rows.emplace_back(row);
  parts[2].keep_last = true;
  std::vector<std::string> tail{""};
  // Where the morgue file went: a long path goes on over the next rows, never cut.
  if (!state.summary_note.empty())
    for (std::string_view part : WrapWords(state.summary_note, width)) tail.emplace_back(part);
  tail.push_back("Enter, Space or Escape: back to the map   R: play again   Q: quit");
  std::size_t room = static_cast<std::size_t>(std::max(4, grid.Height() - 2));
  room -= std::min(room, lines.size() + tail.size());
  AppendSummaryParts(parts, room, state, lines);
  lines.insert(lines.end(), tail.begin(), tail.end());
  DrawLines(grid, s.won ? "Victory" : "Rest in peace", lines);
}

void DrawConsole(const PresenterState& state, TextGrid& grid, Rect r) {
  // The history rows, scrolled to console_top, with a row at either end saying how many rows lie
  // beyond it and which key brings them (it stands in for the row it covers, which it counts).
  grid.Clear(r.x, r.y, r.w, r.h);
  const std::int32_t history = r.h - 1;
  const std::vector<std::string> rows = ConsoleRows(state.console_lines, r.w);
  const std::int32_t count = static_cast<std::int32_t>(rows.size());
  const std::int32_t last_top = std::max(0, count - history);
  const std::int32_t top = state.console_top < 0 ? last_top : std::min(state.console_top, last_top);
  for (std::int32_t i = 0; i < history && top + i < count; ++i) {
    std::string text = rows[static_cast<std::size_t>(top) + static_cast<std::size_t>(i)];
    Colour colour = Colour::Cyan;
    if (i == 0 && top > 0) {
      text =
          MoreLines(state, static_cast<std::size_t>(top) + 1, "earlier") + " (PgUp scrolls back)";
      colour = Colour::Yellow;
    } else if (i == history - 1 && top + history < count) {
      const std::int32_t below = count - top - history;  // rows past the last one shown
      text = MoreLines(state, static_cast<std::size_t>(below) + 1) + " (PgDn scrolls on)";
      colour = Colour::Yellow;
    }
    grid.Text(r.x, r.y + i, text, colour, kAttrNone, r.w);
  }
  grid.Text(r.x, r.y + r.h - 1,
            (state.screen == Screen::Lesson ? "lesson> " : "console> ") + state.console_input + "_",
            Colour::White, kAttrBold, r.w);
}

// `cairn lesson` in the terminal: the title (`prompt`) on the top row, the lesson's text and the
// learner's command line, and the debug pane on the lesson's world beside them (120 columns and
// more) or below them; no map.
void DrawLesson(const RenderFrame& frame, const PresenterState& state, TextGrid& grid) {
  const ScreenLayout layout = LayOut(state, grid.Width(), grid.Height());
  grid.Text(0, 0, state.prompt, Colour::White, kAttrBold, grid.Width());
  DrawConsole(state, grid, layout.log);
  DrawDebugPane(frame, state, grid, layout.pane);
}

}  // namespace

const char* PaneViewName(PaneView view) noexcept {
  switch (view) {
    case PaneView::Trace: return "trace";
    case PaneView::Why: return "why";
    case PaneView::Machine: return "machine";
    case PaneView::Tick: return "tick";
    case PaneView::Entity: return "entity";
  }
  return "unknown";
}

std::int32_t ScrolledPane(const RenderFrame& frame, const PresenterState& state, std::int32_t width,
                          std::int32_t height, std::int32_t pages) {
  const ScreenLayout layout = LayOut(state, width, height);
  if (!layout.pane_shown) return 0;
  const std::vector<PaneSection> sections =
      PaneSections(frame, state, static_cast<std::size_t>(std::max(1, layout.pane.w - 3)),
                   static_cast<std::size_t>(std::max(0, layout.pane.h - 1)));
  for (const PaneSection& s : sections) {
    if (!s.lead || s.head.empty()) continue;
    const std::size_t total = RowCount(s.body);
    if (s.given == 0 || s.given >= total) return 0;
    const auto most = static_cast<std::int32_t>(total - (s.given - 1));
    const std::int32_t page = std::max<std::int32_t>(1, static_cast<std::int32_t>(s.given) / 2);
    // Up is toward the top: back into older entries for the trace, which starts at the newest.
    const std::int32_t step = s.keep_newest ? -pages * page : pages * page;
    return std::clamp(std::min(state.pane_scroll, most) + step, 0, most);
  }
  return 0;
}

ScreenLayout LayOut(const PresenterState& state, std::int32_t w, std::int32_t h) {
  ScreenLayout layout;
  const std::int32_t message_rows = h >= 30 ? 4 : 3;
  const bool console = state.screen == Screen::Console;
  layout.pane_shown = state.debug_pane;
  if (state.screen == Screen::Lesson) {
    // The lesson's text beside the pane, or over it with a little more than half the rows.
    layout.pane_shown = true;
    if (w >= kSidePaneWidth) {
      const std::int32_t pane_width = std::min(56, w * 2 / 5);
      layout.log = Rect{0, 1, w - pane_width, h - 1};
      layout.pane = Rect{w - pane_width, 1, pane_width, h - 1};
    } else {
      const std::int32_t text_rows = (h - 1) * 11 / 20;
      layout.log = Rect{0, 1, w, text_rows};
      layout.pane = Rect{0, 1 + text_rows, w, h - 1 - text_rows};
    }
    return layout;
  }
  if (state.debug_pane && w < kSidePaneWidth) {
    // The pane below the map: the map keeps the top half (so the camera centres the player in
    // what is really seen), or only the rows a shorter map has; the rest is the pane's, or the
    // console's while it is open.
    const std::int32_t map_rows =
        state.map_rows > 0 ? std::min(h / 2 - 1, state.map_rows) : h / 2 - 1;
    const std::int32_t below = 1 + map_rows;
    layout.map = Rect{0, 1, w, map_rows};
    if (console) {
      layout.pane_shown = false;
      layout.log = Rect{0, below, w, h - below};
    } else if (state.screen == Screen::Map) {
      // The newest message keeps the last row: a step refused must say why.
      layout.pane = Rect{0, below, w, h - below - 1};
      layout.log = Rect{0, h - 1, w, 1};
    } else {
      layout.pane = Rect{0, below, w, h - below - message_rows};
      layout.log = Rect{0, h - message_rows, w, message_rows};
    }
    return layout;
  }
  const std::int32_t pane_width = state.debug_pane ? std::min(56, w * 2 / 5) : 0;
  // The console gets half the screen: room for a reply to wrap and scroll.
  const std::int32_t log_rows = console ? std::max(message_rows, (h - 1) / 2) : message_rows;
  layout.sidebar_shown = SidebarFits(state, w);
  const std::int32_t sidebar_width = layout.sidebar_shown ? kSidebarWidth : 0;
  layout.map = Rect{sidebar_width, 1, w - pane_width - sidebar_width, h - 1 - log_rows};
  layout.log = Rect{0, h - log_rows, w - pane_width, log_rows};
  if (state.debug_pane) layout.pane = Rect{w - pane_width, 1, pane_width, h - 1};
  if (layout.sidebar_shown) layout.sidebar = Rect{0, 1, sidebar_width, layout.map.h};
  return layout;
}

std::vector<std::string> ConsoleRows(const std::vector<std::string>& lines, std::int32_t width) {
  std::vector<std::string> rows;
  for (const std::string& line : lines)
    for (std::string_view part : WrapWords(line, static_cast<std::size_t>(std::max(1, width))))
      rows.emplace_back(part);
  return rows;
}

std::int32_t ConsoleHistoryRows(const PresenterState& state, std::int32_t width,
                                std::int32_t height) {
  PresenterState console = state;
  if (console.screen != Screen::Lesson) console.screen = Screen::Console;
  return std::max(0, LayOut(console, width, height).log.h - 1);
}

std::int32_t ScrolledConsole(const PresenterState& state, std::int32_t width, std::int32_t height,
                             std::int32_t pages) {
  // A page is the rows shown less the two that may say what lies beyond them.
  const std::int32_t columns = LayOut(state, width, height).log.w;
  const std::int32_t rows = ConsoleHistoryRows(state, width, height);
  const auto count = static_cast<std::int32_t>(ConsoleRows(state.console_lines, columns).size());
  const std::int32_t last_top = std::max(0, count - rows);
  const std::int32_t top = state.console_top < 0 ? last_top : std::min(state.console_top, last_top);
  const std::int32_t next = std::clamp(top + pages * std::max(1, rows - 2), 0, last_top);
  return next >= last_top ? -1 : next;
}

void CameraFocus(const PresenterState& state, std::int32_t player_x, std::int32_t player_y,
                 std::int32_t& x, std::int32_t& y) {
  const bool looking = state.screen == Screen::Look;
  const bool aiming = state.screen == Screen::Target;
  x = looking ? state.look_x : aiming ? state.target_x : player_x;
  y = looking ? state.look_y : aiming ? state.target_y : player_y;
}

void MapOrigin(const RenderFrame& frame, const PresenterState& state, ScreenRect map,
               std::int32_t& x, std::int32_t& y) {
  std::int32_t fx = 0, fy = 0;
  CameraFocus(state, frame.focus_x, frame.focus_y, fx, fy);
  x = CameraOrigin(fx, map.w, frame.map_width);
  y = CameraOrigin(fy, map.h, frame.map_height);
}

std::int32_t HelpPageCount(const PresenterState& state, std::int32_t width, std::int32_t height) {
  const HelpGeometry g = HelpGeometryOf(width, height);
  std::deque<std::string> continued;  // the "Items (continued)" headings the rows point into
  const std::vector<HelpRow> rows = LayOutHelp(state, g, continued);
  return rows.empty() ? 1 : rows.back().column / g.columns + 1;
}

std::vector<HelpLine> StatusLineHelp() {
  // DrawStatus's words, left to right.
  const auto line = [](const char* keys, const char* text) {
    HelpLine l;
    l.group = "The status line";
    l.keys = keys;
    l.description = text;
    l.part = "goal and status line";
    return l;
  };
  // (Short enough not to wrap at 80 columns: the part shares its page with the goal.)
  return {
      line("HP 12/30", "hit points now / at most; red at a third or less"),
      line("Lv 3", "experience level: kills raise it, and your hit points"),
      line("Depth 2", "the floor you are on (1 is the top)"),
      line("Turn 250", "your turns so far"),
      line("Tick 2500", "the simulation's clock: 10 ticks a turn at normal speed"),
      line("Kills 4", "monsters you have killed"),
      line("Hungry", "time to eat; then Weak, then Starving: you lose hit points"),
      line("Hasted", "you act twice as fast for a while"),
      line("Slowed", "you act half as fast for a while"),
      line("[PAUSED]", "paused (debug keys); ': next' names the command waiting"),
      line("[dead] [won]", "the run has ended"),
      line("seed 1234", "the dungeon's seed: cairn --seed 1234 plays it again"),
  };
}

namespace {

// Look mode: its prompt and words in the message area, and an account asked for (v) in a box over
// the half of the map away from the cursor.
void DrawLook(const RenderFrame& frame, const PresenterState& state, TextGrid& grid, Rect map,
              Rect log) {
  grid.Clear(log.x, log.y, log.w, log.h);
  grid.Text(0, log.y,
            state.debug_pane
                ? "Look: move; Tab/Shift-Tab next; v describes; . g travel; Enter inspects; Esc."
                : "Look: move; Tab/Shift-Tab next thing; v describes; . or g goes there; Esc.",
            Colour::Yellow, kAttrNone, log.w);
  std::int32_t row = log.y + 1;
  for (std::string_view part : WrapWords(state.look_text, static_cast<std::size_t>(log.w)))
    if (row < log.y + log.h)
      grid.Text(0, row++, std::string(part), Colour::White, kAttrNone, log.w);
  if (!state.look_detail.empty()) {
    // The account in a box over the top of the map, each line wrapped.
    std::vector<std::string> rows;
    const std::int32_t box_w = std::min(map.w - 2, 76);
    for (const std::string& line : state.look_detail)
      for (std::string_view part :
           WrapWords(line, static_cast<std::size_t>(std::max(10, box_w - 4))))
        rows.emplace_back(part);
    const std::int32_t shown =
        std::min<std::int32_t>(static_cast<std::int32_t>(rows.size()), map.h - 2);
    // Over the half of the map away from the cursor, so the thing described stays in view.
    std::int32_t cx = 0, cy = 0;
    MapOrigin(frame, state, map, cx, cy);
    const bool cursor_high = state.look_y - cy < map.h / 2;
    const Rect box{map.x + 1, cursor_high ? map.y + map.h - (shown + 2) : map.y, box_w, shown + 2};
    grid.Clear(box.x, box.y, box.w, box.h);
    Frame(grid, box, state);
    for (std::int32_t i = 0; i < shown; ++i)
      grid.Text(box.x + 2, box.y + 1 + i, rows[static_cast<std::size_t>(i)], Colour::White,
                kAttrNone, box.w - 3);
  }
}

// The banner (after a death: how to go on) on the map's edge row farther from the player, so the
// `@` and whatever stands by it (the killer) stay in view; at the top, below the monster list's
// `list_rows`.
void DrawBanner(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                ScreenRect map, std::int32_t list_rows) {
  if (state.banner.empty()) return;
  std::int32_t cx = 0, cy = 0;
  MapOrigin(frame, state, map, cx, cy);
  const std::int32_t player_row = map.y + frame.focus_y - cy;
  const std::int32_t by = player_row < map.y + map.h / 2
                              ? map.y + map.h - 1
                              : map.y + std::min(list_rows, map.h / 2 - 1);
  const std::int32_t width =
      std::min<std::int32_t>(static_cast<std::int32_t>(state.banner.size()) + 4, map.w);
  const std::int32_t bx = map.x + std::max(0, (map.w - width) / 2);
  grid.Clear(bx, by, width, 1);
  grid.Text(bx + 2, by, state.banner, Colour::Yellow, kAttrBold, width - 4);
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
      const std::string part =
          ask.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(std::max(1, w)));
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
  if (state.screen == Screen::Lesson) return DrawLesson(frame, state, grid);

  const ScreenLayout layout = LayOut(state, w, h);
  const Rect map = layout.map, log = layout.log;
  DrawStatus(frame, grid, w);
  DrawMap(frame, state, grid, map);
  if (state.screen == Screen::Look) {
    DrawLook(frame, state, grid, map, log);
  } else if (state.screen == Screen::Target || state.screen == Screen::ItemPrompt) {
    grid.Clear(log.x, log.y, log.w, log.h);
    grid.Text(0, log.y, state.prompt, Colour::Yellow, kAttrBold, log.w);
    if (state.screen == Screen::Target)
      grid.Text(0, log.y + 1, state.target_text, Colour::White, kAttrNone, log.w);
    if (state.screen == Screen::ItemPrompt) {
      // The choices in a box over the top of the map.
      const std::int32_t rows =
          std::min<std::int32_t>(static_cast<std::int32_t>(state.choices.size()), map.h - 2);
      const Rect box{map.x + 1, map.y, std::min(map.w - 2, 60), rows + 2};
      grid.Clear(box.x, box.y, box.w, box.h);
      Frame(grid, box, state);
      DrawInventoryLines(frame, state, grid, Rect{box.x + 2, box.y + 1, box.w - 3, rows},
                         &state.choices);
    }
  } else if (state.screen == Screen::Console) {
    DrawConsole(state, grid, log);
  } else if (log.h > 0) {
    DrawMessages(frame, state, grid, BelowHover(state, log));
    DrawHover(state, grid, log);
  }
  if (layout.sidebar_shown) DrawSidebar(frame, state, grid, layout.sidebar);
  std::int32_t list_rows = 0;  // the monster list's, over the map's top rows
  if (!layout.sidebar_shown && !layout.pane_shown && state.screen == Screen::Map)
    list_rows = DrawMonsterList(frame, state, grid, map);
  if (layout.pane_shown) DrawDebugPane(frame, state, grid, layout.pane);
  DrawBanner(frame, state, grid, map, list_rows);
}

}  // namespace cairn
