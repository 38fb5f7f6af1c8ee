#include "view/extract.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "game/ai.h"
#include "game/article.h"
#include "game/items.h"
#include "game/pathing.h"
#include "game/rules.h"
#include "game/systems.h"
#include "identity/handle_text.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/handle_references.h"
#include "sim/machine_text.h"
#include "sim/rewind.h"
#include "sim/trace_text.h"
#include "sim/why.h"
#include "view/player_panels.h"
#include "view/sidebar_data.h"

namespace cairn {

const char* OverlayModeName(OverlayMode mode) noexcept {
  switch (mode) {
    case OverlayMode::Off: return "off";
    case OverlayMode::AiTargets: return "AI targets";
    case OverlayMode::Labels: return "entity labels";
    case OverlayMode::Blockers: return "blockers";
  }
  return "unknown";
}

void TerrainLook(Terrain terrain, std::uint32_t& glyph, char& ascii, Colour& colour) noexcept {
  switch (terrain) {
    case Terrain::Wall: glyph = 0x2593, ascii = '#', colour = Colour::Grey; break;   // ▓
    case Terrain::Floor: glyph = 0x00B7, ascii = '.', colour = Colour::Grey; break;  // ·
    case Terrain::DoorClosed: glyph = '+', ascii = '+', colour = Colour::Brown; break;
    case Terrain::DoorOpen: glyph = '\'', ascii = '\'', colour = Colour::Brown; break;
    case Terrain::Water: glyph = 0x2248, ascii = '~', colour = Colour::Blue; break;  // ≈
    case Terrain::Chasm: glyph = ':', ascii = ':', colour = Colour::Purple; break;
  }
}

namespace {

// The registry's numbers, every pool's occupancy and the world's counters.
void ExtractMachine(const GameSession& session, DebugData& d) {
  const GameWorld& world = session.World();
  const EntityRegistry& registry = world.Registry();
  d.world_id = registry.WorldId();
  d.live = registry.LiveCount();
  d.pending = registry.PendingCount();
  d.free = registry.FreeCount();
  d.retired = registry.RetiredCount();
  d.capacity = registry.Capacity();
  d.structural_revision = registry.StructuralRevision();
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    const PoolStats stats = StatsOf(world, type.id);
    d.pools.push_back(
        PoolLine{std::string(type.name), stats.size, stats.capacity, stats.high_water});
  }
  const WorldCounters& c = world.Counters();
  const WorldLimits& limits = world.Limits();
  d.counters.push_back("commands hw " + std::to_string(c.command_high_water) + "/" +
                       std::to_string(limits.commands) + "  outcomes hw " +
                       std::to_string(c.outcome_high_water) + "/" +
                       std::to_string(limits.outcomes));
  d.counters.push_back("events hw atk " + std::to_string(world.Attacks().HighWaterMark()) +
                       " die " + std::to_string(world.Deaths().HighWaterMark()) + " noise " +
                       std::to_string(world.Noises().HighWaterMark()) + " /" +
                       std::to_string(limits.events));
  d.counters.push_back("dropped notices " + std::to_string(world.Notices().Dropped()) +
                       "  stale rejected " + std::to_string(c.stale_rejected));
  d.counters.push_back("spawned " + std::to_string(c.spawns_published) + "  destroyed " +
                       std::to_string(c.destroys_published) + "  commands " +
                       std::to_string(c.commands_recorded));
  d.counters.push_back("peak generation " + std::to_string(registry.PeakGeneration()) +
                       "  capacity failures " + std::to_string(world.CapacityFailures()));
  d.counters.push_back("binding conflicts " + std::to_string(world.Bindings().Conflicts()) +
                       "  effects dropped " + std::to_string(session.Log().EffectsDropped()));
  // The frame before this one's: this extraction is still running.
  d.counters.push_back("last extraction " +
                       std::to_string((session.LastExtractionNanoseconds() + 500) / 1000) + " us");
  // How far a step back reaches, and what it costs: the moments, how far apart (more than 50 on a
  // floor whose moments would outgrow the budget), and the memory they hold (decision 0033).
  const RewindBuffer& rewind = session.Rewind();
  d.counters.push_back("rewind to tick " + std::to_string(rewind.EarliestTick()) + "  moments " +
                       std::to_string(rewind.MomentCount()) + " every " +
                       std::to_string(rewind.Interval()) + "  " +
                       std::to_string((rewind.Bytes() + 512) / 1024) + " KB");
  d.phase_nanoseconds = session.LastTimings().nanoseconds;
  // The free list and retired count only: each slot's generation is the console's SLOTS.
  d.free_slots = SlotsText(registry);
  d.free_slots.erase(std::min(d.free_slots.size(), d.free_slots.find(" gen=")));
}

// The trace's newest lines, oldest first (TraceLines), filtered to the inspected entity on request.
void ExtractTrace(const GameWorld& world, const ExtractOptions& options, DebugData& d) {
  d.trace_inspected_only = options.trace_inspected_only && !options.inspected.IsNull();
  d.trace = TraceLines(
      world.Trace(), options.trace_lines, d.trace_inspected_only ? options.inspected : EntityId{},
      [&world](const TraceEntry& e) {
        return std::to_string(e.tick) + " " + TickPhaseName(e.phase) + " " +
               TraceEventText(e, world.Definitions()).substr(6);  // without "event="
      });
}

// Every entry of the tick stepped last (the tick stopped inside, or the newest that did something),
// grouped by phase: what a learner reads after F6 to see the whole of one tick at once.
void ExtractThisTick(const GameWorld& world, EntityId only, bool inside, DebugData& d) {
  const TraceRing& trace = world.Trace();
  const auto counts = [only](const TraceEntry& e) {
    return e.event != TraceEvent::TickStarted && (only.IsNull() || e.a == only || e.b == only);
  };
  TraceEntry e;
  if (!trace.Recent(0, e)) return;
  d.this_tick = e.tick;
  // Between ticks, the newest tick that did something: quiet ticks after it are only counted.
  for (std::uint64_t n = 0; !inside && trace.Recent(n, e); ++n)
    if (counts(e)) {
      d.quiet_ticks_after = d.this_tick - e.tick;
      d.this_tick = e.tick;
      break;
    }
  if (inside) d.this_tick = world.Tick();
  std::vector<TraceEntry> entries;  // newest first
  for (std::uint64_t n = 0; trace.Recent(n, e) && e.tick >= d.this_tick; ++n)
    if (e.tick == d.this_tick && counts(e)) entries.push_back(e);
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    const std::string phase = TickPhaseName(it->phase);
    if (d.this_tick_phases.empty() || d.this_tick_phases.back().phase != phase)
      d.this_tick_phases.push_back({phase, {}});
    d.this_tick_phases.back().lines.push_back(
        TraceEventText(*it, world.Definitions()).substr(6));  // without "event="
  }
}

// Inside a tick stepped phase by phase: which phase ran, what it did, what waits for the commit.
void ExtractInsideTick(const GameSession& session, DebugData& d) {
  if (!session.InsideTick()) return;
  const GameWorld& world = session.World();
  const TickPhase ran = world.Phase();
  const auto next = static_cast<TickPhase>(static_cast<int>(ran) + 1);
  d.inside_tick = "tick " + std::to_string(world.Tick()) + " after " + TickPhaseName(ran) +
                  ", next " + TickPhaseName(next);
  // This tick's entries of the phase just run, newest back to the phase's first.
  const TraceRing& trace = world.Trace();
  TraceEntry e;
  for (std::uint64_t n = 0; trace.Recent(n, e) && e.tick == world.Tick(); ++n)
    if (e.phase == ran && e.event != TraceEvent::TickStarted)
      d.phase_did.push_back(TraceEventText(e, world.Definitions()).substr(6));  // no "event="
  std::reverse(d.phase_did.begin(), d.phase_did.end());
  for (const GameWorld::Command& c : world.QueuedCommands()) d.commands.push_back(CommandText(c));
}

// The inspected entity's AI, in words.
void ExtractAi(const EntityRegistry& registry, const EnemyAi& ai, DebugData& d) {
  d.ai.push_back(std::string("action ") + AiActionName(ai.action) + ", phase " +
                 AiPhaseName(ai.phase));
  d.ai.push_back("target " + (ai.target.IsNull()
                                  ? std::string("none")
                                  : FormatShortHandle(ai.target) +
                                        (registry.IsActive(ai.target) ? "" : " (gone)")));
  d.ai.push_back("wake tick " + std::to_string(ai.wake_tick) + ", pending request " +
                 std::to_string(ai.pending_request));
  d.ai.push_back("revision " + std::to_string(ai.action_revision) + ", alertness " +
                 std::to_string(ai.alertness));
  d.ai.push_back(std::string("last cancelled: ") + CancelReasonName(ai.last_cancel));
}

// A machine part's wiring, both ways (game/machines.h): what its trigger sets off, and which
// triggers set it off. "wired to 2:1 portcullis (gate)", "wired from 1:1 lever (bump)".
void ExtractWiring(const GameWorld& world, EntityId id, DebugData& d) {
  const auto named = [&](EntityId who) {
    const Named* n = world.Names().Find(who);
    return FormatShortHandle(who) + (n != nullptr && !n->name.View().empty()
                                         ? " " + std::string(n->name.View())
                                         : std::string());
  };
  if (const Trigger* trigger = world.Triggers().Find(id)) {
    const char* what = world.Gates().Contains(trigger->target)    ? "gate"
                       : world.Traps().Contains(trigger->target)  ? "trap"
                       : world.Vaults().Contains(trigger->target) ? "vault"
                                                                  : "nothing it can set off";
    d.components.push_back("wired to " + named(trigger->target) + " (" + what + ", " +
                           TriggerHowName(static_cast<std::int64_t>(trigger->how)) +
                           (trigger->used != 0 ? ", used)" : ")"));
  }
  const auto owners = world.Triggers().Owners();
  const auto values = world.Triggers().Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (values[i].target == id && owners[i] != id)
      d.components.push_back("wired from " + named(owners[i]) + " (" +
                             TriggerHowName(static_cast<std::int64_t>(values[i].how)) + ")");
}

// The inspected entity: its full handle and what the registry says of it, its durable key, every
// component (unknown ones too) and its AI.
void ExtractInspected(const GameSession& session, EntityId id, DebugData& d) {
  const GameWorld& world = session.World();
  const EntityRegistry& registry = world.Registry();
  d.has_inspected = true;
  d.inspected = id;
  d.inspected_handle = FormatEntity(id);
  d.inspected_state = HandleDiagnosisName(registry.DiagnoseHandle(id));
  // Asked of the dead too: a stale handle's why is its death.
  if (const WhyAnswer why = AskWhy(world, id, kEveryWhyLink); why.state != WhyState::Forgotten)
    d.why = WhyLines(why, world);
  if (!registry.IsAlive(id)) return;
  d.creation_sequence = registry.CreationSequenceOf(id);
  if (const Named* named = world.Names().Find(id)) d.inspected_id = std::string(named->id.View());
  if (const PersistentObjectKey* key = world.Bindings().KeyOf(id)) {
    char text[kUuidTextLength + 1];
    (void)FormatUuid(key->Source.Value, text);
    d.inspected_source.assign(text, kUuidTextLength);
    (void)FormatUuid(key->Instance.Value, text);
    d.inspected_instance.assign(text, kUuidTextLength);
  }
  const HandleReferences references(world);
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    for (std::uint32_t slot : SlotsOf(world, id, type.id)) {
      std::array<FieldValue, kMaxFieldsPerComponent> fields{};
      if (!ReadSlot(world, id, type.id, slot, fields)) continue;
      std::string name(type.name);
      if (type.multiplicity == Multiplicity::Many) name += ":" + std::to_string(slot);
      d.components.push_back(name + " " + FormatComponentBody(type, fields, references));
    }
  }
  if (const auto* preserved = session.Preserved(id))
    for (const PreservedComponent& p : *preserved)
      d.components.push_back(p.type + ":" + std::to_string(p.slot) + " v" +
                             std::to_string(p.version) + " (not loaded)");
  ExtractWiring(world, id, d);
  if (const EnemyAi* ai = world.Ais().Find(id)) ExtractAi(registry, *ai, d);
  d.inspected_pools = EntityPoolLines(world, id);
  d.inspected_phases = PhasesTouchingLines(world, id);
}

// Monsters in view (or all, when revealing), nearest first, eight at most.
void ExtractMonsters(const GameSession& session, bool reveal_map, DebugData& d) {
  const GameWorld& world = session.World();
  const std::vector<EntityId> seen = MonstersNearestFirst(session, reveal_map);
  for (std::size_t i = 0; i < seen.size() && i < 8; ++i) {
    const EnemyAi* ai = world.Ais().Find(seen[i]);
    d.monsters.push_back(FormatShortHandle(seen[i]) + " " + NameOrHandle(world, seen[i]) + " " +
                         AiActionName(ai->action) + "/" + AiPhaseName(ai->phase));
  }
}

// The map overlay's marks.
void ExtractOverlay(const GameWorld& world, const RenderFrame& frame, OverlayMode overlay,
                    DebugData& d) {
  const EntityRegistry& registry = world.Registry();
  switch (overlay) {
    case OverlayMode::Off: break;
    case OverlayMode::AiTargets: {
      const auto owners = world.Ais().Owners();
      const auto ais = world.Ais().Values();
      for (std::size_t i = 0; i < owners.size(); ++i) {
        if (!registry.IsActive(owners[i])) continue;
        const EnemyAi& ai = ais[i];
        if (ai.action == AiAction::Hunt && ai.last_seen_x >= 0)
          d.marks.push_back(
              OverlayMark{ai.last_seen_x, ai.last_seen_y, '*', Colour::Red, "", false});
        else if (ai.action == AiAction::Wander && ai.goal_x >= 0)
          d.marks.push_back(OverlayMark{ai.goal_x, ai.goal_y, '+', Colour::Cyan, "", false});
        else if (ai.action == AiAction::Flee)
          if (const Position* p = world.Positions().Find(owners[i]))
            d.marks.push_back(OverlayMark{p->x, p->y, '\0', Colour::Yellow, "", true});
      }
      break;
    }
    case OverlayMode::Labels:
      for (const FrameEntity& e : frame.entities)
        d.marks.push_back(
            OverlayMark{e.x, e.y, '\0', Colour::Cyan, std::to_string(e.id.Slot), false});
      break;
    case OverlayMode::Blockers:
      for (EntityId id : world.Blockers().Owners())
        if (const Position* p = world.Positions().Find(id); p != nullptr && registry.IsActive(id))
          d.marks.push_back(OverlayMark{p->x, p->y, '\0', Colour::Magenta, "", true});
      break;
  }
}

// The map: every cell in view, or remembered, with its terrain's look (or, out of view, the look
// of an item remembered lying there); the rest stay blank. The cells within the options' reach of
// their focus, or all of them.
void ExtractCells(const TileMap& map, const SeenItems& seen, const FieldOfView& view,
                  const ExtractOptions& options, RenderFrame& frame) {
  frame.map_width = map.Width();
  frame.map_height = map.Height();
  MapWindow window = MapWindow::Whole(map);
  if (options.cells_reach_x > 0 && options.cells_reach_y > 0) {
    const Position focus{options.cells_focus_x < 0 ? frame.focus_x : options.cells_focus_x,
                         options.cells_focus_y < 0 ? frame.focus_y : options.cells_focus_y};
    window = MapWindow::Around(map, focus, options.cells_reach_x, options.cells_reach_y);
  }
  frame.cells_x = window.x;
  frame.cells_y = window.y;
  frame.cells_width = window.width;
  frame.cells_height = window.height;
  frame.cells.resize(window.Cells());
  for (std::int32_t y = window.y; y < window.y + window.height; ++y) {
    for (std::int32_t x = window.x; x < window.x + window.width; ++x) {
      FrameCell& cell = frame.cells[window.Index(x, y)];
      const bool visible = options.reveal_map || view.Visible(x, y);
      if (!visible && !map.Remembered(x, y)) continue;
      // Out of view, the terrain as it was last seen (a door closed since is still open here).
      TerrainLook(visible ? map.At(x, y) : map.RememberedTerrain(x, y), cell.glyph, cell.ascii,
                  cell.colour);
      cell.knowledge = visible ? CellKnowledge::Visible : CellKnowledge::Remembered;
      // Out of view, an item seen lying here is drawn as it looked (dimmed, as remembered).
      if (const SeenItem* item =
              visible ? nullptr : seen.Find(static_cast<std::uint32_t>(map.Index(x, y)))) {
        cell.glyph = item->look.glyph;
        cell.ascii = item->look.ascii;
        cell.colour = item->look.colour;
        cell.remembered_item = true;
      }
    }
  }
}

// Entities with a place and a look, in draw order: by layer, then by creation sequence.
void ExtractEntities(const GameWorld& world, const FieldOfView& view, bool reveal_map,
                     RenderFrame& frame) {
  const TileMap& map = world.Map();
  const EntityRegistry& registry = world.Registry();
  // Entities with a place and a look, skipping any pending destroy: monsters and items only in
  // view, features (stairs) also where remembered, the player always.
  struct Drawn {
    std::uint8_t layer;
    std::uint64_t sequence;
    FrameEntity entity;
  };
  std::vector<Drawn> drawn;
  const auto owners = world.Appearances().Owners();
  const auto looks = world.Appearances().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const EntityId id = owners[i];
    if (!registry.IsActive(id)) continue;
    const Position* p = world.Positions().Find(id);
    if (p == nullptr || !map.InBounds(p->x, p->y)) continue;
    const bool player = world.Players().Contains(id);
    const bool visible = reveal_map || (view.Visible(p->x, p->y) && !Concealed(world, id));
    // What does not move is remembered where it was seen: stairs, and a machine's parts.
    const bool feature = world.StairsPool().Contains(id) || world.Triggers().Contains(id) ||
                         world.Gates().Contains(id) || world.Traps().Contains(id);
    if (!player && !visible && !(feature && map.Remembered(p->x, p->y))) continue;
    const Appearance& look = looks[i];
    drawn.push_back(Drawn{look.layer, registry.CreationSequenceOf(id),
                          FrameEntity{id, p->x, p->y, look.glyph, look.ascii, look.colour,
                                      look.layer, world.Ais().Contains(id), player,
                                      SideOf(world, id) == Side::Player && !player}});
  }
  std::sort(drawn.begin(), drawn.end(), [](const Drawn& a, const Drawn& b) {
    return a.layer != b.layer ? a.layer < b.layer : a.sequence < b.sequence;
  });
  for (const Drawn& d : drawn) frame.entities.push_back(d.entity);
}

// The status line's values. After death, the character as it died (PartsOfPlayer): the status
// line never reads 0/0.
void ExtractHud(const GameSession& session, RenderFrame& frame) {
  const GameWorld& world = session.World();
  HudValues& hud = frame.hud;
  const PlayerParts me = PartsOfPlayer(session);
  if (const Health* h = me.health) {
    hud.health = std::max(h->current, 0);
    hud.health_max = h->max;
  }
  if (const Player* p = me.player) {
    hud.depth = p->depth;
    hud.kills = p->kills;
    hud.turn = p->turns;  // the one count of turns: the summary's and the character sheet's
  }
  if (const Position* p = me.at) {
    frame.focus_x = p->x;
    frame.focus_y = p->y;
  }
  hud.tick = world.Tick();
  hud.seed = session.Config().seed;
  hud.paused = session.Paused();
  hud.player_ready = session.PlayerReady();
  hud.state = session.State() == SessionState::Faulted
                  ? std::string("fault: ") + world.Fault().what
                  : std::string(SessionStateName(session.State()));
}

void ExtractDebug(const GameSession& session, const ExtractOptions& options, RenderFrame& frame) {
  DebugData& d = frame.debug;
  d.overlay = options.overlay;
  ExtractMachine(session, d);
  ExtractInsideTick(session, d);
  ExtractTrace(session.World(), options, d);
  ExtractThisTick(session.World(), d.trace_inspected_only ? options.inspected : EntityId{},
                  session.InsideTick(), d);
  if (!options.inspected.IsNull()) ExtractInspected(session, options.inspected, d);
  ExtractMonsters(session, options.reveal_map, d);
  ExtractOverlay(session.World(), frame, options.overlay, d);
}

}  // namespace

void Extract(const GameSession& session, const ExtractOptions& options, RenderFrame& out) {
  const auto started = std::chrono::steady_clock::now();
  const GameWorld& world = session.World();
  const TileMap& map = world.Map();
  const FieldOfView& view = session.Scratch().player_view;
  RenderFrame frame;
  ExtractHud(session, frame);  // first: its focus places the cells
  ExtractCells(map, world.SeenItemsMemory(), view, options, frame);
  ExtractEntities(world, view, options.reveal_map, frame);

  for (const DeathEffect& effect : session.Log().Effects())
    if (options.reveal_map || view.Visible(effect.where.x, effect.where.y))
      frame.effects.push_back(
          FrameEffect{effect.where.x, effect.where.y, effect.glyph, effect.ascii, effect.colour});

  frame.game_over = session.State() != SessionState::Playing;
  ExtractPlayerPanels(session, frame);
  ExtractSidebar(session, options.reveal_map, frame);
  for (const Message& m : session.Log().Messages())
    frame.messages.emplace_back(ShownText(m), m.tone);
  session.ShowTimings(options.debug);  // the next ticks are timed while the pane shows them
  session.ShowTimings(options.debug);  // the next ticks are timed while the pane shows them
  if (options.debug) ExtractDebug(session, options, frame);
  out = std::move(frame);
  // At least 1: a frame was extracted, however coarse the clock (0 means none was).
  session.NoteExtraction(std::max<std::int64_t>(
      1, std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() -
                                                              started)
             .count()));
}

std::vector<std::string> TraceLines(const TraceRing& trace, std::size_t lines, EntityId only,
                                    const std::function<std::string(const TraceEntry&)>& text) {
  // Newest first, a tick at a time: the tick's entries are read before deciding whether it was
  // idle, and a run of idle ticks is only written out when a busy tick (or the end) closes it.
  std::vector<std::string> newest_first;
  const auto idle_line = [](std::int64_t first, std::int64_t last) {
    return first == last ? "tick " + std::to_string(first) + ": nothing happened"
                         : "ticks " + std::to_string(first) + "-" + std::to_string(last) +
                               ": nothing happened";
  };
  bool idle_run = false;
  std::int64_t idle_first = 0, idle_last = 0;
  std::vector<TraceEntry> tick;  // the entries of one tick, newest first
  TraceEntry entry;
  std::uint64_t n = 0;
  bool more = trace.Recent(n, entry);
  while (more && newest_first.size() < lines) {
    tick.clear();
    const std::int64_t at = entry.tick;
    while (more && entry.tick == at) {
      tick.push_back(entry);
      more = trace.Recent(++n, entry);
    }
    if (!only.IsNull()) {
      for (const TraceEntry& e : tick)
        if ((e.a == only || e.b == only) && newest_first.size() < lines)
          newest_first.push_back(text(e));
      continue;
    }
    const bool idle = std::all_of(tick.begin(), tick.end(), [](const TraceEntry& e) {
      return e.event == TraceEvent::TickStarted;
    });
    if (idle) {
      if (!idle_run) idle_last = at;
      idle_first = at;
      idle_run = true;
      continue;
    }
    if (idle_run) newest_first.push_back(idle_line(idle_first, idle_last));
    idle_run = false;
    for (const TraceEntry& e : tick)
      if (e.event != TraceEvent::TickStarted && newest_first.size() < lines)
        newest_first.push_back(text(e));
  }
  if (idle_run && newest_first.size() < lines)
    newest_first.push_back(idle_line(idle_first, idle_last));
  return {newest_first.rbegin(), newest_first.rend()};
}

std::string DescribeCell(const GameSession& session, std::int32_t x, std::int32_t y) {
  const GameWorld& world = session.World();
  const TileMap& map = world.Map();
  if (!map.InBounds(x, y)) return "Nothing: beyond the map.";
  const bool visible = session.Scratch().player_view.Visible(x, y);
  if (!visible && !map.Remembered(x, y)) return "You have not seen this place.";
  std::string text = std::string("(") + std::to_string(x) + "," + std::to_string(y) + ") " +
                     TerrainName(visible ? map.At(x, y) : map.RememberedTerrain(x, y));
  if (!visible) return text + " (remembered)";
  for (const std::string& thing : ThingsAt(session, x, y)) text += "; " + thing;
  return text;
}

}  // namespace cairn
