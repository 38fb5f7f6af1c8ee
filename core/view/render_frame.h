// RenderFrame: one presentation frame as a value.
//
// Extraction (extract.h) builds it from the session after a commit; the presenter draws it and
// never reads the world. It holds no pointer into the world: entity handles are plain values
// (for the debug pane), text is copied. Skipping frames never affects the simulation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "game/components.h"
#include "game/definitions.h"
#include "identity/handle.h"
#include "sim/message.h"
#include "sim/run_outcome.h"

namespace cairn {

enum class CellKnowledge : std::uint8_t { Unknown, Remembered, Visible };

struct FrameCell {
  std::uint32_t glyph = ' ';
  char ascii = ' ';
  Colour colour = Colour::Default;
  CellKnowledge knowledge = CellKnowledge::Unknown;
  bool remembered_item = false;  // the look is an item's, remembered lying here (seen_items.h)
};

struct FrameEntity {
  EntityId id{};
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::uint32_t glyph = '?';
  char ascii = '?';
  Colour colour = Colour::Default;
  std::uint8_t layer = 0;
  bool monster = false;
  bool player = false;
  bool ally = false;  // a freed ally of the player's (drawn underlined)
};

struct FrameEffect {
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::uint32_t glyph = kRemainsGlyph;
  char ascii = kRemainsAscii;
  Colour colour = kRemainsColour;
};

struct HudValues {
  std::int32_t health = 0;
  std::int32_t health_max = 0;
  std::int32_t level = 1;
  std::int32_t experience = 0;
  std::int32_t next_level = 0;  // experience the next level needs
  std::string hunger;           // "", "Hungry", "Weak", "Starving"
  bool hasted = false;
  bool slowed = false;
  std::int32_t depth = 1;
  std::int32_t kills = 0;
  std::int64_t turn = 0;  // the player's turns (actions taken): the summary's and the sheet's count
  std::int64_t tick = 0;
  std::uint64_t seed = 0;
  bool paused = false;
  bool player_ready = true;
  std::string state;   // "playing", "dead", "fault: ..."
  std::string queued;  // a player command waiting for the next tick while paused
};

// A debug overlay drawing: a mark on a cell, a short label after it, or a highlighted cell.
struct OverlayMark {
  std::int32_t x = 0;
  std::int32_t y = 0;
  char mark = '\0';  // '\0': keep what is drawn there
  Colour colour = Colour::Red;
  std::string label;       // drawn from x + 1 on
  bool highlight = false;  // reverse video
};

enum class OverlayMode : std::uint8_t { Off, AiTargets, Labels, Blockers };
inline constexpr int kOverlayModeCount = 4;
[[nodiscard]] const char* OverlayModeName(OverlayMode mode) noexcept;

struct PoolLine {
  std::string name;
  std::uint32_t size = 0;
  std::uint32_t capacity = 0;
  std::uint32_t high_water = 0;
};

struct DebugData {
  // The inspected entity.
  bool has_inspected = false;
  EntityId inspected{};
  std::string inspected_handle;  // Entity{World=.., Slot=.., Generation=..}
  std::string inspected_id;      // authored id, or ""
  std::string inspected_state;   // active, pending destroy, or why the handle is stale
  std::uint64_t creation_sequence = 0;
  std::string inspected_source;  // its durable key, full UUIDs: "" until it has one
  std::string inspected_instance;
  std::vector<std::string>
      components;               // "position { x = 1, y = 2 }", unknown ones "NAME (not loaded)"
  std::vector<std::string> ai;  // action, phase, target, wake, pending, last cancellation
  // The machine.
  std::uint64_t world_id = 0;
  std::uint32_t live = 0, pending = 0, free = 0, retired = 0, capacity = 0;
  std::uint64_t structural_revision = 0;
  std::vector<PoolLine> pools;
  std::vector<std::string> counters;  // "commands hw 3/1024", "notices dropped 0", ...
  std::vector<std::string> trace;     // newest last; idle runs of ticks as one line each
  bool trace_inspected_only = false;  // the trace holds only entries naming the inspected entity
  // "Why": the chain of traced events that decided the inspected entity's present state or its
  // end, newest first (core/sim/why.h fills it; empty: nothing recorded yet).
  std::vector<std::string> why;
  std::array<std::int64_t, 7> phase_nanoseconds{};
  std::vector<std::string> monsters;  // one line per monster in view: handle, name, action/phase
  // Inside a tick stepped phase by phase (GameSession::InsideTick): which, and what the phase
  // just run did (this tick's trace entries of that phase), and the commands queued for the
  // commit. `inside_tick` is "" between ticks.
  std::string inside_tick;             // "tick 12 after AI, next Movement"
  std::vector<std::string> phase_did;  // the phase's trace lines, oldest first
  std::vector<std::string> commands;   // the command buffer (machine_text.h: CommandText)
  // "This tick": every trace entry of the tick stopped inside, or else of the newest tick that did
  // something, oldest first, grouped by tick phase; only the inspected entity's while the trace
  // filter is on.
  std::int64_t this_tick = -1;         // -1: nothing traced yet
  std::int64_t quiet_ticks_after = 0;  // ticks since it in which nothing happened
  struct PhaseEntries {
    std::string phase;  // "AI"
    std::vector<std::string> lines;
  };
  std::vector<PhaseEntries> this_tick_phases;
  std::vector<std::string> inspected_pools;   // where each of its components sits in its pool
  std::vector<std::string> inspected_phases;  // the phases that touch its components, as declared
  std::string free_slots;  // the registry's free list (machine_text.h: SlotsText)
  OverlayMode overlay = OverlayMode::Off;
  std::vector<OverlayMark> marks;
};

// One carried item as the player knows it.
struct FrameItem {
  char letter = 0;
  std::string name;  // "a +1 sword (wielded)", "3 murky potions"
  ItemCategory category = ItemCategory::Potion;
  bool equipped = false;
  bool quivered = false;  // what f fires (its name ends "(quivered)")
  std::uint32_t glyph = '?';
  char ascii = '?';
  Colour colour = Colour::Default;
};

// The sidebar (wide terminals, term/presenter/sidebar.h): a monster in view as the player sees it.
struct SidebarMonster {
  EntityId id{};
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::uint32_t glyph = '?';
  char ascii = '?';
  Colour colour = Colour::Default;
  std::string name;             // "kobold archer"
  std::int32_t health = 0;      // the health bar's fill: hit points now, of at most
  std::int32_t health_max = 0;  // (0: it has no health to show)
  std::string state;            // its AI phase in words (MonsterStateWord): "asleep", "hunting you"
  bool slowed = false;
};

// What the sidebar shows, always, beside the map: the player's side first, then the monsters.
struct SidebarData {
  std::vector<SidebarMonster> monsters;  // in view, nearest first (MonstersNearestFirst)
  std::string terrain;                   // underfoot: "floor", "open door", "shallow water"
  std::vector<std::string> underfoot;    // what lies there: "3 darts", "staircase down", remains
  std::string hunger;                    // "Fed", "Hungry", "Weak", "Starving": never empty
  std::int32_t nutrition = 0;            // turns of food left
  std::vector<std::string> conditions;   // "Hasted (12 turns)", "Slowed (3 turns)"
  std::vector<bool> hasted;              // per condition: whether it is the good one (haste)
  std::string quiver;                    // the quivered missile carried ("8 darts"), or ""
};

// One message as the log shows it: its text (with " x6" when repeated) and its tone.
struct FrameMessage {
  std::string text;
  MessageTone tone = MessageTone::Plain;
  FrameMessage() = default;
  FrameMessage(std::string shown,
               MessageTone how = MessageTone::Plain)  // NOLINT: a text is a message
      : text(std::move(shown)), tone(how) {}
  FrameMessage(const char* shown) : text(shown) {}  // NOLINT: so tests may write {"one", "two"}
};

// How many of the last messages the end screen carries (the morgue file keeps 15).
inline constexpr std::size_t kEndScreenMessages = 8;

struct RenderFrame {
  std::int32_t map_width = 0;
  std::int32_t map_height = 0;
  // The cells extracted, row by row: the rectangle from (cells_x, cells_y), cells_width by
  // cells_height. The whole map unless the extraction was asked for the cells around the view
  // (ExtractOptions::cells_reach_x); Cell() reads any other cell as unknown.
  std::int32_t cells_x = 0;
  std::int32_t cells_y = 0;
  std::int32_t cells_width = 0;
  std::int32_t cells_height = 0;
  std::vector<FrameCell> cells;
  std::vector<FrameEntity> entities;  // in draw order: layer, then creation sequence
  std::vector<FrameEffect> effects;
  std::int32_t focus_x = 0;  // the player's cell (the presenter's camera follows a cursor instead)
  std::int32_t focus_y = 0;
  HudValues hud;
  std::vector<FrameMessage> messages;  // oldest first, the whole history kept by the session
  DebugData debug;
  bool game_over = false;
  std::vector<FrameItem> inventory;  // by letter
  std::int32_t inventory_capacity = 0;
  std::vector<std::string> character;      // the character sheet, line by line
  RunSummary summary;                      // how the run ended (summary.ended)
  std::vector<Note> notes;                 // once ended: the run's notes (sim/message.h)
  std::vector<std::string> last_messages;  // once ended: the newest kEndScreenMessages
  std::string level_name;                  // "Depth 3: caverns"
  SidebarData sidebar;

  [[nodiscard]] const FrameCell& Cell(std::int32_t x, std::int32_t y) const {
    static const FrameCell kUnknown{};
    if (x < cells_x || y < cells_y || x - cells_x >= cells_width || y - cells_y >= cells_height)
      return kUnknown;
    return cells[static_cast<std::size_t>(y - cells_y) * static_cast<std::size_t>(cells_width) +
                 static_cast<std::size_t>(x - cells_x)];
  }
};

}  // namespace cairn
