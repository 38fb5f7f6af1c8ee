#include "presenter/sidebar.h"

#include <algorithm>
#include <string>
#include <vector>

namespace cairn {
namespace {

constexpr std::int32_t kEntryRows = 3;  // a monster: glyph and name, health bar, state
constexpr std::int32_t kBarWidth = 18;

struct Line {
  std::string text;
  Colour colour = Colour::Default;
  std::uint8_t attributes = kAttrNone;
};

Colour HungerColour(const std::string& hunger) {
  if (hunger == "Fed") return Colour::Green;
  return hunger == "Hungry" ? Colour::Yellow : Colour::Red;
}

// The player's side, top down: hunger, conditions, the quiver, then what is underfoot (the
// terrain when nothing lies there).
std::vector<Line> PlayerLines(const SidebarData& s) {
  std::vector<Line> lines;
  if (s.hunger.empty()) return lines;  // no player to describe (a death, a fault)
  lines.push_back({s.hunger + " (food " + std::to_string(s.nutrition) + ")", HungerColour(s.hunger),
                   s.hunger == "Fed" ? kAttrNone : kAttrBold});
  for (std::size_t i = 0; i < s.conditions.size(); ++i) {
    const bool good = i < s.hasted.size() && s.hasted[i];  // the kind, never the words
    lines.push_back({s.conditions[i], good ? Colour::Cyan : Colour::Magenta, kAttrBold});
  }
  if (!s.quiver.empty()) lines.push_back({"Quiver: " + s.quiver, Colour::Default});
  if (s.underfoot.empty()) lines.push_back({"Here: " + s.terrain, Colour::Grey});
  for (const std::string& thing : s.underfoot) lines.push_back({"Here: " + thing, Colour::White});
  return lines;
}

// `text` in at most `width` columns: cut after the last whole word that fits with an ellipsis,
// never in the middle of a word ("Here: a +1 long…" never; "Here: a +1…" instead).
std::string Fitted(const std::string& text, std::int32_t width, bool ascii) {
  const auto w = static_cast<std::size_t>(std::max(1, width));
  if (text.size() <= w) return text;
  const std::string_view dots = ascii ? "..." : "\u2026";
  const std::size_t dots_width = ascii ? 3 : 1;
  if (w <= dots_width) return std::string(dots.substr(0, w));
  std::size_t cut = text.rfind(' ', w - dots_width);
  if (cut == std::string::npos || cut == 0) cut = w - dots_width;  // one long word: cut it
  return text.substr(0, cut) + std::string(dots);
}

// Where the monsters' entries start, and how many fit (the last row says how many did not).
struct MonsterRows {
  std::int32_t top = 0;
  std::int32_t shown = 0;
  std::int32_t hidden = 0;
};
MonsterRows PlanMonsters(const SidebarData& s, ScreenRect r) {
  MonsterRows plan;
  const auto player = static_cast<std::int32_t>(PlayerLines(s).size());
  plan.top = r.y + player + (player > 0 ? 1 : 0);  // a rule between the two sides
  const auto count = static_cast<std::int32_t>(s.monsters.size());
  const std::int32_t rows = r.y + r.h - plan.top;
  // Entries are kEntryRows with a blank row between them.
  const auto fit = [](std::int32_t room) {
    return room < kEntryRows ? 0 : (room + 1) / (kEntryRows + 1);
  };
  plan.shown = std::min(count, fit(rows));
  if (plan.shown < count) plan.shown = std::min(count, fit(rows - 1));  // room for "N more"
  plan.hidden = count - plan.shown;
  return plan;
}

Colour StateColour(const std::string& state) {
  if (state == "hunting you" || state == "noticed you") return Colour::Red;
  if (state == "searching" || state == "fleeing") return Colour::Yellow;
  if (state == "asleep") return Colour::Grey;
  return Colour::Default;
}

void DrawBar(const SidebarMonster& m, const PresenterState& state, TextGrid& grid, std::int32_t x,
             std::int32_t y) {
  if (m.health_max <= 0) return;
  const std::int32_t health = std::clamp(m.health, 0, m.health_max);
  // Rounded up: a monster with any health left keeps at least one cell.
  const std::int32_t filled = (health * kBarWidth + m.health_max - 1) / m.health_max;
  const Colour colour = health * 3 >= m.health_max * 2 ? Colour::Green
                        : health * 3 >= m.health_max   ? Colour::Yellow
                                                       : Colour::Red;
  for (std::int32_t i = 0; i < kBarWidth; ++i) {
    if (i < filled)
      grid.Put(x + i, y, state.ascii ? '=' : 0x2588, colour);  // █
    else
      grid.Put(x + i, y, state.ascii ? '-' : 0x2591, Colour::Grey, kAttrDim);  // ░
  }
}

// The entry of the monster under the look or aiming cursor is drawn reversed.
bool Marked(const SidebarMonster& m, const PresenterState& state) {
  if (state.screen == Screen::Look) return m.x == state.look_x && m.y == state.look_y;
  if (state.screen == Screen::Target) return m.x == state.target_x && m.y == state.target_y;
  return false;
}

}  // namespace

bool SidebarFits(const PresenterState& state, std::int32_t width) noexcept {
  return width >= (state.debug_pane ? kSidebarWithPaneWidth : kSidebarMinWidth);
}

void DrawSidebar(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                 ScreenRect r) {
  grid.Clear(r.x, r.y, r.w, r.h);
  const std::int32_t rule_x = r.x + r.w - 1, text_w = r.w - 1;
  for (std::int32_t y = r.y; y < r.y + r.h; ++y)
    grid.Put(rule_x, y, state.ascii ? '|' : 0x2502, Colour::Grey);  // │
  const SidebarData& s = frame.sidebar;
  std::int32_t y = r.y;
  for (const Line& line : PlayerLines(s)) {
    if (y >= r.y + r.h) return;
    grid.Text(r.x, y++, Fitted(line.text, text_w, state.ascii), line.colour, line.attributes,
              text_w);
  }
  const MonsterRows plan = PlanMonsters(s, r);
  if (plan.top > r.y && plan.top - 1 < r.y + r.h)
    for (std::int32_t x = r.x; x < r.x + text_w; ++x)
      grid.Put(x, plan.top - 1, state.ascii ? '-' : 0x2500, Colour::Grey);  // ─
  for (std::int32_t i = 0; i < plan.shown; ++i) {
    const SidebarMonster& m = s.monsters[static_cast<std::size_t>(i)];
    const std::int32_t top = plan.top + i * (kEntryRows + 1);
    grid.Put(r.x, top, state.ascii ? static_cast<unsigned char>(m.ascii) : m.glyph, m.colour,
             kAttrBold);
    grid.Text(r.x + 2, top, m.name, Colour::White, Marked(m, state) ? kAttrReverse : kAttrNone,
              text_w - 2);
    DrawBar(m, state, grid, r.x + 1, top + 1);
    const std::int32_t x =
        r.x + 1 + grid.Text(r.x + 1, top + 2, m.state, StateColour(m.state), kAttrNone, text_w - 1);
    if (m.slowed) grid.Text(x, top + 2, ", slowed", Colour::Magenta, kAttrNone, r.x + text_w - x);
  }
  if (plan.hidden > 0)
    grid.Text(r.x, r.y + r.h - 1,
              std::string(state.ascii ? "..." : "\u2026") + " " + std::to_string(plan.hidden) +
                  " more in view",
              Colour::Yellow, kAttrNone, text_w);
}

namespace {

// How hurt, in words, from the bar's numbers (the words look mode uses).
std::string WoundWord(const SidebarMonster& m) {
  if (m.health_max <= 0) return "";
  if (m.health >= m.health_max) return "unhurt";
  const std::int32_t percent = std::max(0, m.health) * 100 / m.health_max;
  if (percent >= 75) return "lightly wounded";
  if (percent >= 40) return "wounded";
  if (percent >= 15) return "badly wounded";
  return "almost dead";
}

// Columns `text` takes: one a code point (names are ASCII; the ellipsis is one).
std::size_t TextColumns(const std::string& text) {
  std::size_t columns = 0;
  for (const char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return columns;
}

// `parts` joined with ", ", as many whole parts as fit in `width` (the first always, cut if it
// must), the dropped ones marked by `ellipsis`.
std::string JoinFitting(const std::vector<std::string>& parts, std::size_t width,
                        const std::string& ellipsis) {
  std::string text = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const bool last = i + 1 == parts.size();
    const std::string next = text + ", " + parts[i];
    if (TextColumns(next) + (last ? 0 : TextColumns(ellipsis)) > width) return text + ellipsis;
    text = next;
  }
  return text;
}

}  // namespace

std::int32_t DrawMonsterList(const RenderFrame& frame, const PresenterState& state, TextGrid& grid,
                             ScreenRect map) {
  const auto& monsters = frame.sidebar.monsters;
  if (monsters.empty() || map.w < 40 || map.h < 4) return 0;
  constexpr std::int32_t kMost = 4;
  const auto count = static_cast<std::int32_t>(monsters.size());
  const std::int32_t shown = std::min({count, kMost, map.h - 2});
  // At most half the map wide, or three fifths where an entry needs it (80 columns: 48).
  const auto room = static_cast<std::size_t>(map.w * 3 / 5 - 5);
  const std::string ellipsis = state.ascii ? "..." : "\u2026";
  std::vector<std::string> rows;
  std::size_t widest = 0;
  for (std::int32_t i = 0; i < shown; ++i) {
    const SidebarMonster& m = monsters[static_cast<std::size_t>(i)];
    std::vector<std::string> parts{m.name, m.state};
    if (const std::string wounds = WoundWord(m); !wounds.empty()) parts.push_back(wounds);
    if (m.slowed) parts.emplace_back("slowed");
    std::string text = JoinFitting(parts, room, ellipsis);
    widest = std::max(widest, TextColumns(text));
    rows.push_back(std::move(text));
  }
  const std::string more =
      count > shown ? ellipsis + " " + std::to_string(count - shown) + " more in view" : "";
  const std::int32_t width =
      std::min<std::int32_t>(static_cast<std::int32_t>(std::max(widest + 2, TextColumns(more))) + 3,
                             std::max(map.w / 2, static_cast<std::int32_t>(room) + 5));
  const std::int32_t height = shown + (more.empty() ? 0 : 1);
  // The corner away from the player: the right one unless the player stands in the right half.
  std::int32_t cx = 0, cy = 0;
  MapOrigin(frame, state, map, cx, cy);
  const bool player_right = frame.focus_x - cx >= map.w / 2;
  const std::int32_t x = player_right ? map.x : map.x + map.w - width;
  grid.Clear(x, map.y, width, height);
  const std::uint32_t rule = state.ascii ? '|' : 0x2502;
  for (std::int32_t i = 0; i < height; ++i)
    grid.Put(player_right ? x + width - 1 : x, map.y + i, rule, Colour::Grey);
  const std::int32_t text_x = player_right ? x : x + 2;
  for (std::int32_t i = 0; i < shown; ++i) {
    const SidebarMonster& m = monsters[static_cast<std::size_t>(i)];
    grid.Put(text_x, map.y + i, state.ascii ? static_cast<unsigned char>(m.ascii) : m.glyph,
             m.colour, kAttrBold);
    grid.Text(text_x + 2, map.y + i, rows[static_cast<std::size_t>(i)], StateColour(m.state),
              kAttrNone, width - 4);
  }
  if (!more.empty()) grid.Text(text_x, map.y + shown, more, Colour::Yellow, kAttrNone, width - 2);
  return height;
}

std::int32_t SidebarEntryAt(const RenderFrame& frame, ScreenRect r, std::int32_t x,
                            std::int32_t y) {
  if (x < r.x || x >= r.x + r.w - 1 || y < r.y || y >= r.y + r.h) return -1;
  const MonsterRows plan = PlanMonsters(frame.sidebar, r);
  if (y < plan.top) return -1;
  const std::int32_t entry = (y - plan.top) / (kEntryRows + 1);
  const std::int32_t row = (y - plan.top) % (kEntryRows + 1);
  return entry < plan.shown && row < kEntryRows ? entry : -1;
}

ScreenRect BelowHover(const PresenterState& state, ScreenRect log) noexcept {
  if (state.screen != Screen::Map || state.hover_text.empty() || log.h < 2) return log;
  return ScreenRect{log.x, log.y + 1, log.w, log.h - 1};
}

void DrawHover(const PresenterState& state, TextGrid& grid, ScreenRect log) {
  if (BelowHover(state, log).y == log.y) return;
  grid.Clear(log.x, log.y, log.w, 1);
  grid.Text(log.x, log.y, state.hover_text, Colour::Cyan, kAttrNone, log.w);
}

}  // namespace cairn
