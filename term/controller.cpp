#include "controller.h"

#include <algorithm>

#include "help_lines.h"
#include "identity/handle_text.h"
#include "sim/keys.h"
#include "sim/rewind.h"
#include "sim/run_summary.h"
#include "view/describe.h"
#include "view/player_panels.h"

namespace cairn {

PlayerCommand CommandForAction(Action action) noexcept {
  switch (action) {
    case Action::MoveWest: return {PlayerCommandKind::Move, -1, 0};
    case Action::MoveSouth: return {PlayerCommandKind::Move, 0, 1};
    case Action::MoveNorth: return {PlayerCommandKind::Move, 0, -1};
    case Action::MoveEast: return {PlayerCommandKind::Move, 1, 0};
    case Action::MoveNorthWest: return {PlayerCommandKind::Move, -1, -1};
    case Action::MoveNorthEast: return {PlayerCommandKind::Move, 1, -1};
    case Action::MoveSouthWest: return {PlayerCommandKind::Move, -1, 1};
    case Action::MoveSouthEast: return {PlayerCommandKind::Move, 1, 1};
    case Action::Wait: return {PlayerCommandKind::Wait, 0, 0};
    case Action::PickUp: return {PlayerCommandKind::PickUp, 0, 0};
    case Action::Descend: return {PlayerCommandKind::Descend, 0, 0};
    case Action::Ascend: return {PlayerCommandKind::Ascend, 0, 0};
    default: return {};
  }
}

std::string KeysText(const KeyMap& keys, Action action) {
  std::string text;
  for (const std::string& key : keys.KeysFor(action)) {
    if (!text.empty()) text += " ";
    text += key;
  }
  return text.empty() ? "(unbound)" : text;
}

GameController::GameController(GameSession& session, KeyMap keys, bool debug_start)
    : session_(session), keys_(std::move(keys)), console_(session) {
  state_.debug_pane = debug_start;
  saved_depth_ = session_.Depth();
  more_seen_ = session_.Log().MessageCount();  // what was said before (a resumed log) is not news
  if (debug_start) {
    session_.SetPaused(true);
    inspected_ = session_.World().PlayerEntity();
  }
  BuildHelp();
  UpdateBanner();
}

void GameController::BuildHelp() {
  state_.pane_view_keys = KeysText(keys_, Action::PaneView);
  state_.pane_scroll_keys =
      KeysText(keys_, Action::PaneScrollUp) + " " + KeysText(keys_, Action::PaneScrollDown);
  state_.step_phase_keys = KeysText(keys_, Action::StepPhase) + ": next phase, " +
                           KeysText(keys_, Action::StepTick) + ": the rest";
  state_.help = HelpLines(keys_, session_.Definitions());
}

ExtractOptions GameController::ScreenExtraction() const {
  ExtractOptions options;
  options.cells_reach_x = std::max(view_width_, 1);
  options.cells_reach_y = std::max(view_height_, 1);
  // The cell the presenter's camera follows; -1 for the player stands for the frame's focus.
  CameraFocus(state_, -1, -1, options.cells_focus_x, options.cells_focus_y);
  return options;
}

// The pane's inspected entity is the one whose value writes the trace names, phase by phase (a
// setting of the world's observer, not of the game: GameWorld::Watch).
void GameController::WatchInspected() const {
  session_.World().Watch(state_.debug_pane ? inspected_ : EntityId{});
}

void GameController::BuildFrame(RenderFrame& frame) const {
  ExtractOptions options = ScreenExtraction();
  options.debug = state_.debug_pane;
  options.inspected = inspected_;
  WatchInspected();
  options.overlay = overlay_;
  options.trace_inspected_only = trace_inspected_only_;
  Extract(session_, options, frame);
  if (queued_.kind != PlayerCommandKind::None) {
    const std::string text = CommandText(queued_);
    frame.hud.queued = text.empty() ? std::string("?") : text;
  }
}

void GameController::UpdateBanner() {
  switch (session_.State()) {
    case SessionState::Dead:
      state_.banner = "You die... " + KeysText(keys_, Action::Restart) + ": play again, " +
                      KeysText(keys_, Action::Quit) + ": quit";
      break;
    case SessionState::Faulted:
      state_.banner = std::string("Simulation fault: ") + session_.World().Fault().what + ". " +
                      KeysText(keys_, Action::Restart) + ": restart";
      break;
    case SessionState::Won:
      state_.banner = "You escaped with the Cairnstone! " + KeysText(keys_, Action::Restart) +
                      ": play again, " + KeysText(keys_, Action::Quit) + ": quit";
      break;
    case SessionState::Playing: state_.banner.clear(); break;
  }
  if (state_.screen == Screen::Quit)
    state_.banner = session_.State() != SessionState::Playing ? "Really quit? (y/n)"
                    : !saving_off_.empty() || !on_save_
                        ? "Really quit? This game is not saved and will be lost. (y/n)"
                        : "Really quit? This character will be lost. (y/n; " +
                              KeysText(keys_, Action::SaveQuit) + " saves and quits instead)";
  if (state_.screen == Screen::SaveQuit)
    state_.banner = "Save and quit? (y/n; the next start resumes here)";
  if (state_.screen == Screen::Restart)
    state_.banner = "Restart? This character will be lost, and a new run of seed " +
                    std::to_string(session_.Config().seed) + " begins. (y/n)";
}

void GameController::Play(const PlayerCommand& command) {
  if (command.kind == PlayerCommandKind::None || session_.State() != SessionState::Playing) return;
  if (session_.Paused()) {
    // Paused: remember the command; stepping carries it out when the player may act.
    std::string why;
    if (session_.WouldRefuse(command, why)) {
      session_.Log().Say(why);
      return;
    }
    queued_ = command;
    return;
  }
  Refusal refused;
  (void)session_.Submit(command, &refused);
  // A stairs key away from the stairs travels to them first, then takes them (as in Brogue).
  if (refused.kind == RefusalKind::NoStairsHere) {
    StartRun(command.kind == PlayerCommandKind::Descend ? AutoGoal::StairsDown : AutoGoal::StairsUp,
             command);
    return;
  }
  if (refused.kind != RefusalKind::None) session_.Log().Say(refused.words);
  CheckRunEnd();
}

void GameController::StartRun(AutoGoal goal, PlayerCommand after) {
  if (session_.State() != SessionState::Playing) return;
  if (session_.Paused()) {
    session_.Log().Say("The simulation is paused: " + KeysText(keys_, Action::Pause) +
                       " resumes it.");
    return;
  }
  std::string why;
  if (!pilot_.Start(session_, goal, why)) {
    session_.Log().Say(why);
    return;
  }
  after_travel_ = after;
}

void GameController::Continue() {
  if (!Busy()) return;
  // A run of turns waits while the screen is too small to show it (as keys do): the player
  // would not see what it walks into.
  if (view_width_ < kMinWidth || view_height_ < kMinHeight) return;
  ContinueStep();
  CheckMore();
  if (state_.more_skip >= 0 && Busy()) {  // a message the player must see ends the run
    pilot_.Stop();
    after_travel_ = PlayerCommand{};
  }
}

void GameController::ContinueStep() {
  PlayerCommand command;
  std::string why;
  if (pilot_.Active() && pilot_.Next(session_, command, why)) {
    Play(command);
    SavePointIfFloorChanged();
    RefreshHover();
    return;
  }
  const PlayerCommand after = after_travel_;
  after_travel_ = PlayerCommand{};
  if (!why.empty()) {
    session_.Log().Say(why);
    return;
  }
  if (after.kind != PlayerCommandKind::None) Play(after);
  SavePointIfFloorChanged();
}

void GameController::Interrupt() {
  if (!Busy()) return;
  pilot_.Stop();
  after_travel_ = PlayerCommand{};
  session_.Log().Say("You stop.");
}

void GameController::CheckRunEnd() {
  const SessionState state = session_.State();
  if (run_end_handled_ || (state != SessionState::Dead && state != SessionState::Won)) return;
  run_end_handled_ = true;
  pilot_.Stop();
  after_travel_ = PlayerCommand{};
  const std::string summary = FormatRunSummary(session_, "cairn: the summary of a run");
  state_.summary_note = on_run_end_ ? on_run_end_(summary) : std::string();
  if (on_forget_) on_forget_();  // a dead or victorious character has no save to go back to
  state_.screen = Screen::Summary;
  drop_typed_ahead_ = true;
}

void GameController::SavePointIfFloorChanged() {
  // A new floor is a save point, as in DCSS: a crash or kill from here on resumes on it.
  if (session_.State() != SessionState::Playing || session_.World().InTick()) return;
  if (session_.Depth() == saved_depth_) return;
  saved_depth_ = session_.Depth();
  if (!on_save_ || !saving_off_.empty()) return;
  if (const std::string failure = on_save_(); !failure.empty())
    session_.Log().Say("The game could not be saved on arriving here: " + failure);
}

void GameController::RestartRun() {
  const bool alive = session_.State() == SessionState::Playing;
  if (session_.Restart() != Status::Ok) return;
  if (alive && on_forget_) on_forget_();  // the character given up for the new run
  queued_ = PlayerCommand{};
  run_end_handled_ = false;
  saved_depth_ = session_.Depth();
  state_.screen = Screen::Map;
  if (!inspected_.IsNull()) inspected_ = session_.World().PlayerEntity();
}

void GameController::CycleInspected(int direction) {
  // Live entities by slot, as numbers: the order the console's QUERY uses.
  const EntityRegistry& registry = session_.World().Registry();
  std::vector<EntityId> ids;
  for (std::uint32_t slot = 0; slot < registry.SlotsTouched(); ++slot) {
    const EntityId id = registry.EntityAtSlot(slot);
    if (!id.IsNull()) ids.push_back(id);
  }
  if (ids.empty()) {
    inspected_ = EntityId{};
    return;
  }
  auto it = std::find(ids.begin(), ids.end(), inspected_);
  std::size_t index = 0;
  if (it != ids.end()) {
    const auto at = static_cast<std::size_t>(it - ids.begin());
    index = direction > 0 ? (at + 1) % ids.size() : (at + ids.size() - 1) % ids.size();
  } else if (direction < 0) {
    index = ids.size() - 1;
  }
  inspected_ = ids[index];
  state_.pane_scroll = 0;  // another entity's rows
  state_.debug_pane = true;
}

void GameController::SaveAndQuit() {
  if (session_.State() != SessionState::Playing) {
    session_.Log().Say("This run is over: there is nothing to save.");
    return;
  }
  if (!saving_off_.empty()) {
    session_.Log().Say("This game cannot be saved: " + saving_off_);
    return;
  }
  if (!on_save_) {
    session_.Log().Say("Saving is not available here.");
    return;
  }
  const std::string failure = on_save_();
  if (!failure.empty()) {
    session_.Log().Say("The game was not saved: " + failure);
    return;
  }
  saved_ = true;
  quit_ = true;
}

bool GameController::HandleKey(const std::string& key) {
  if (key.empty() || key == "resize") return !quit_;
  WatchInspected();  // what the ticks this key runs trace of the inspected entity
  MouseEvent mouse;
  const bool is_mouse = ParseMouseKey(key, mouse);
  if (is_mouse && mouse.kind == MouseKind::Hover) {
    HandleMouse(mouse);  // it only describes, so a run goes on and a question stays asked
    return !quit_;
  }
  hovering_ = false;  // a key or a click: the player's attention has moved from the pointer
  state_.hover_text.clear();
  if (state_.more_skip >= 0) {  // a --more-- takes the key (or click): it only turns the page
    AdvanceMore(key);
    return !quit_;
  }
  if (Busy()) {  // a key during a run stops it, and does nothing else
    Interrupt();
    UpdateBanner();
    return !quit_;
  }
  // While the screen is smaller than the game needs, the presenter shows only "Please make the
  // terminal at least ...": a key typed then would be played blind, so it does nothing at all
  // (nothing played, queued or opened) until the screen is big enough again. The game loop sets
  // the size before every key, a resize included.
  if (view_width_ < kMinWidth || view_height_ < kMinHeight) return !quit_;
  if (is_mouse) {
    HandleMouse(mouse);
    SavePointIfFloorChanged();
    UpdateBanner();
    return !quit_;
  }
  const Action action = keys_.ForKey(key);
  switch (state_.screen) {
    case Screen::Help: HandleHelpKey(key); break;
    case Screen::Inventory:
    case Screen::Character: state_.screen = Screen::Map; break;
    case Screen::Summary: HandleSummaryKey(key, action); break;
    case Screen::Lesson: state_.screen = Screen::Map; break;  // the lesson's own (lesson_screen.h)
    case Screen::ItemPrompt: HandleItemPromptKey(key, action); break;
    case Screen::Target: HandleTargetKey(key, action); break;
    case Screen::Messages: HandleMessagesKey(key); break;
    case Screen::Look: HandleLookKey(key, action); break;
    case Screen::Console: HandleConsoleKey(key); break;
    case Screen::Quit:
    case Screen::Restart:
    case Screen::SaveQuit: HandleQuestionKey(key, action); break;
    case Screen::Map: HandleMapKey(key, action); break;
  }
  SavePointIfFloorChanged();
  UpdateBanner();
  CheckMore();
  return !quit_;
}

// The help screen: forward a page (past the last one returns), back a page, anything else
// returns.
void GameController::HandleHelpKey(const std::string& key) {
  if (key == "space" || key == "pgdn" || key == ">" || key == "right") {
    ++state_.help_page;
    if (state_.help_page >= HelpPageCount(state_, view_width_, view_height_))
      state_.screen = Screen::Map;
  } else if (key == "backspace" || key == "pgup" || key == "<" || key == "left" || key == "-") {
    state_.help_page = std::max(0, state_.help_page - 1);  // back a page; the first stays
  } else {
    state_.screen = Screen::Map;
  }
}

// The end screen leaves only when asked to: restart, quit, or Enter, Space or Escape to look at
// the last of the map. Any other key (one typed ahead in the fight) leaves it up.
void GameController::HandleSummaryKey(const std::string& key, Action action) {
  if (action == Action::Restart)
    HandleMapKey(key, action);
  else if (action == Action::Quit)
    quit_ = true;  // the run is over: nothing to save, nothing to lose
  else if (key == "enter" || key == "space" || key == "escape")
    state_.screen = Screen::Map;
}

// The whole message history: up and down a line or ten, anything else returns.
void GameController::HandleMessagesKey(const std::string& key) {
  if (key == "up" || key == "k")
    ++state_.message_scroll;
  else if (key == "down" || key == "j")
    state_.message_scroll = std::max(0, state_.message_scroll - 1);
  else if (key == "pgup")
    state_.message_scroll += 10;
  else if (key == "pgdn")
    state_.message_scroll = std::max(0, state_.message_scroll - 10);
  else
    state_.screen = Screen::Map;
  state_.message_scroll =
      std::clamp(state_.message_scroll, 0,
                 std::max(0, static_cast<int>(session_.Log().Messages().size()) - 1));
}

// Quit, restart or save and quit, asked: y does it (save-and-quit's own key too); any other key
// returns to the map.
void GameController::HandleQuestionKey(const std::string& key, Action action) {
  const Screen asked = state_.screen;
  state_.screen = Screen::Map;
  const bool yes = key == "y" || key == "Y";
  if (asked == Screen::Quit) {
    if (yes) {
      quit_ = true;
      if (session_.State() == SessionState::Playing && on_forget_) on_forget_();  // given up
    } else if (action == Action::SaveQuit) {
      SaveAndQuit();
    }
  } else if (asked == Screen::Restart) {
    if (yes) RestartRun();
  } else if (yes || action == Action::SaveQuit) {
    SaveAndQuit();
  }
}

void GameController::HandleMapKey(const std::string& key, Action action) {
  const PlayerCommand command = CommandForAction(action);
  if (command.kind != PlayerCommandKind::None) return Play(command);
  // A key bound to nothing says so, as DCSS and NetHack do ("Unknown command: M. ? for help").
  if (action == Action::None && !key.empty() && key != "resize" && key != "escape" &&
      key != "enter" && key != "space") {
    const std::string help = keys_.KeysFor(Action::Help).empty()
                                 ? std::string("the help key")
                                 : keys_.KeysFor(Action::Help).front();
    session_.Log().Say("Unknown command: " + key + ". " + help + " for help.");
    return;
  }
  switch (action) {
    case Action::Help:
      state_.screen = Screen::Help;
      state_.help_page = 0;
      break;
    case Action::Inventory: state_.screen = Screen::Inventory; break;
    case Action::Character: state_.screen = Screen::Character; break;
    case Action::Explore: StartRun(AutoGoal::Explore); break;
    case Action::Rest: StartRun(AutoGoal::Rest); break;
    case Action::Fight: StartRun(AutoGoal::Fight); break;
    case Action::Drop:
    case Action::Use:
    case Action::Quaff:
    case Action::Read:
    case Action::Eat:
    case Action::Zap:
    case Action::Throw:
    case Action::Equip:
    case Action::Unequip:
    case Action::Quiver: BeginItemPrompt(action); break;
    case Action::Fire: BeginFire(); break;
    case Action::AutoPickup: Play(PlayerCommand{PlayerCommandKind::AutoPickup}); break;
    case Action::Messages:
      state_.screen = Screen::Messages;
      state_.message_scroll = 0;
      break;
    case Action::Look: {
      state_.screen = Screen::Look;
      if (const Position* p = PartsOfPlayer(session_).at) {  // where it died, after death
        state_.look_x = p->x;
        state_.look_y = p->y;
      }
      state_.look_detail.clear();
      UpdateLookText();
      break;
    }
    case Action::Quit:
      // After a death or a victory the map is only to look at: quitting loses nothing, so it
      // does not ask (DCSS's any key after the end).
      if (session_.State() == SessionState::Dead || session_.State() == SessionState::Won)
        quit_ = true;
      else
        state_.screen = Screen::Quit;
      break;
    case Action::SaveQuit:
      // Asked first, as DCSS and NetHack ask (the key file's ask_before_save_quit = false does
      // not); a game that cannot be saved says so at once.
      if (keys_.AskBeforeSaveQuit() && saving_off_.empty() && on_save_ &&
          session_.State() == SessionState::Playing)
        state_.screen = Screen::SaveQuit;
      else
        SaveAndQuit();
      break;
    case Action::DebugPane: state_.debug_pane = !state_.debug_pane; break;
    case Action::Pause:
      session_.SetPaused(!session_.Paused());
      if (!session_.Paused() && queued_.kind != PlayerCommandKind::None) {
        const PlayerCommand pending = queued_;
        queued_ = PlayerCommand{};
        (void)session_.Submit(pending);
      }
      break;
    case Action::StepTick: StepForwardTick(); break;
    case Action::StepPhase: StepForwardPhase(); break;
    case Action::StepTurn: StepForwardTurn(); break;
    case Action::StepBackTick: StepBack(false); break;
    case Action::StepBackTurn: StepBack(true); break;
    case Action::Restart:
      // A living character is lost by a restart, so ask first (NetHack players press R to
      // remove a ring); after a death or a victory there is nothing to lose.
      if (session_.State() == SessionState::Playing)
        state_.screen = Screen::Restart;
      else
        RestartRun();
      break;
    case Action::InspectNext: CycleInspected(1); break;
    case Action::InspectPrevious: CycleInspected(-1); break;
    case Action::Overlay:
      overlay_ = static_cast<OverlayMode>((static_cast<int>(overlay_) + 1) % kOverlayModeCount);
      state_.debug_pane = state_.debug_pane || overlay_ != OverlayMode::Off;
      break;
    case Action::TraceFilter:
      trace_inspected_only_ = !trace_inspected_only_;
      state_.debug_pane = true;
      if (trace_inspected_only_ && inspected_.IsNull())
        session_.Log().Say(
            "The trace shows only the inspected entity's entries once one is inspected (" +
            KeysText(keys_, Action::InspectNext) + ", or look and Enter).");
      break;
    case Action::PaneView:
      state_.pane_view =
          static_cast<PaneView>((static_cast<int>(state_.pane_view) + 1) % kPaneViewCount);
      state_.pane_scroll = 0;
      state_.debug_pane = true;
      break;
    case Action::PaneScrollUp:
    case Action::PaneScrollDown: {
      state_.debug_pane = true;
      RenderFrame frame;
      BuildFrame(frame);
      state_.pane_scroll = ScrolledPane(frame, state_, view_width_, view_height_,
                                        action == Action::PaneScrollUp ? -1 : 1);
      break;
    }
    case Action::Console:
      state_.screen = Screen::Console;
      state_.console_input.clear();
      state_.console_top = -1;
      break;
    default: break;
  }
}

// Look mode (DCSS's x): the cursor moves with the movement keys, Tab and Shift-Tab jump between
// the monsters and items in view, v (or Enter without the debug pane) describes what is there
// (Escape closes the account, and leaves look mode when none is shown), `.` or g travels there;
// with the debug pane shown, Enter inspects the entity under it.
void GameController::HandleLookKey(const std::string& key, Action action) {
  const PlayerCommand command = CommandForAction(action);
  const bool described = !state_.look_detail.empty();
  state_.look_detail.clear();
  if (key == "escape" && described) {  // closes the account; look mode goes on
    UpdateLookText();
    return;
  }
  if (key == "escape" || action == Action::Look) {
    state_.screen = Screen::Map;
    return;
  }
  if (key == "tab" || key == "shift-tab") {
    const std::vector<Position> things = ThingsInView(session_, true);
    if (!things.empty()) {
      std::size_t next = key == "tab" ? 0 : things.size() - 1;
      for (std::size_t i = 0; i < things.size(); ++i)
        if (things[i].x == state_.look_x && things[i].y == state_.look_y)
          next = key == "tab" ? (i + 1) % things.size() : (i + things.size() - 1) % things.size();
      state_.look_x = things[next].x;
      state_.look_y = things[next].y;
    }
  } else if (key == "." || key == "g") {
    state_.screen = Screen::Map;
    RenderFrame frame;
    Extract(session_, ScreenExtraction(), frame);
    const bool known = frame.Cell(state_.look_x, state_.look_y).knowledge != CellKnowledge::Unknown;
    TravelTo(state_.look_x, state_.look_y, known);
    return;
  } else if (key == "enter" && state_.debug_pane) {
    // Inspect the top entity under the cursor (the last drawn there).
    RenderFrame frame;
    Extract(session_, ScreenExtraction(), frame);
    for (const FrameEntity& e : frame.entities)
      if (e.x == state_.look_x && e.y == state_.look_y) inspected_ = e.id;
    state_.screen = Screen::Map;
    return;
  } else if (key == "v" || key == "enter") {
    state_.look_detail = Describe(session_, state_.look_x, state_.look_y);
  } else if (command.kind == PlayerCommandKind::Move) {
    const TileMap& map = session_.World().Map();
    state_.look_x = std::clamp(state_.look_x + command.dx, 0, map.Width() - 1);
    state_.look_y = std::clamp(state_.look_y + command.dy, 0, map.Height() - 1);
  }
  UpdateLookText();
}

// What a cell holds, in a player's words, or the machine's while the debug pane is shown.
std::string GameController::CellWords(std::int32_t x, std::int32_t y) const {
  return state_.debug_pane ? DescribeCell(session_, x, y) : LookText(session_, x, y);
}

void GameController::UpdateLookText() {
  state_.look_text = CellWords(state_.look_x, state_.look_y);
}

void GameController::HandleConsoleKey(const std::string& key) {
  if (key == "escape") {
    state_.screen = Screen::Map;
  } else if (key == "enter") {
    if (state_.console_input.empty()) {
      state_.screen = Screen::Map;
      return;
    }
    bool has_reply = false;
    const std::string reply = console_.Execute(state_.console_input, has_reply);
    if (const EntityId shown = console_.TakeInspected(); !shown.IsNull()) inspected_ = shown;
    state_.console_lines.push_back("> " + state_.console_input);
    if (has_reply) state_.console_lines.push_back(reply);
    while (state_.console_lines.size() > 200)
      state_.console_lines.erase(state_.console_lines.begin());
    state_.console_input.clear();
    // A reply longer than the console shows from its start (the command line above it), with the
    // rest a PgDn away; a shorter one keeps the newest line at the bottom.
    const std::int32_t width = LayOut(state_, view_width_, view_height_).log.w;
    const std::int32_t rows = ConsoleHistoryRows(state_, view_width_, view_height_);
    const auto count = static_cast<std::int32_t>(ConsoleRows(state_.console_lines, width).size());
    std::vector<std::string> answer{state_.console_lines.end() - (has_reply ? 2 : 1),
                                    state_.console_lines.end()};
    const auto fresh = static_cast<std::int32_t>(ConsoleRows(answer, width).size());
    state_.console_top = fresh > rows ? std::max(0, count - fresh - 1) : -1;
  } else if (key == "pgup") {
    ScrollConsole(-1);
  } else if (key == "pgdn") {
    ScrollConsole(1);
  } else if (key == "backspace") {
    if (!state_.console_input.empty()) state_.console_input.pop_back();
  } else if (key == "space") {
    state_.console_input += ' ';
  } else if (key.size() == 1) {
    if (state_.console_input.size() < 400) state_.console_input += key;
  }
}

void GameController::ScrollConsole(std::int32_t pages) {
  state_.console_top = ScrolledConsole(state_, view_width_, view_height_, pages);
}

// --- stepping (docs/DEBUGGING.md)
// ------------------------------------------------------------------- A forward step after a step
// back replays what the run did the first time (the rewind buffer's redo list), as a debugger's
// redo does; a command queued since is a new choice and wins.

// The input a tick stepped from the keys gets: the queued command when the player may act, else
// what the run did the first time (after a step back), else none.
TickInput GameController::NextStepInput() {
  TickInput input;
  if (session_.PlayerReady() && queued_.kind != PlayerCommandKind::None) {
    input.command = queued_;
    queued_ = PlayerCommand{};
  } else {
    (void)session_.Rewind().NextRecorded(input);
  }
  return input;
}

void GameController::StepForwardTick() {
  session_.SetPaused(true);
  // Inside a tick stepped phase by phase, the rest of that tick (it counts as the one).
  (void)session_.StepTick(session_.InsideTick() ? TickInput{} : NextStepInput());
}

void GameController::StepForwardPhase() {
  session_.SetPaused(true);
  TickPhase ran{};
  (void)session_.StepPhase(session_.InsideTick() ? TickInput{} : NextStepInput(), ran);
}

void GameController::StepForwardTurn() {
  session_.SetPaused(true);
  TickInput recorded;
  if (queued_.kind != PlayerCommandKind::None || !session_.Rewind().NextRecorded(recorded)) {
    const PlayerCommand turn = queued_.kind != PlayerCommandKind::None
                                   ? queued_
                                   : PlayerCommand{PlayerCommandKind::Wait, 0, 0};
    queued_ = PlayerCommand{};
    (void)session_.Submit(turn);
    return;
  }
  // Redo up to and through the player's next recorded command, until they may act again (or the
  // recorded ticks run out); the bound only guards against a run that never gives them a turn.
  bool acted = false;
  for (int ticks = 0; ticks < 100000 && session_.State() == SessionState::Playing; ++ticks) {
    if (acted && session_.PlayerReady()) break;
    TickInput input;
    if (!session_.Rewind().NextRecorded(input)) break;
    acted = acted || input.command.kind != PlayerCommandKind::None;
    if (session_.StepTick(input) != Status::Ok) break;
  }
}

void GameController::StepBack(bool whole_turn) {
  session_.SetPaused(true);
  const std::int64_t before = session_.World().Tick();
  std::string why;
  const Status status = whole_turn ? session_.StepBackTurn(why) : session_.StepBack(1, why);
  if (status != Status::Ok) {
    session_.Log().Say(
        "Cannot step back: " + (why.empty() ? std::string(StatusName(status)) : why) + ".");
    return;
  }
  // The queued command was chosen for the present just left; the step forward keys redo instead.
  queued_ = PlayerCommand{};
  run_end_handled_ = session_.State() != SessionState::Playing;
  if (state_.screen == Screen::Summary) state_.screen = Screen::Map;
  session_.Log().Say("Stepped back from tick " + std::to_string(before) + " to tick " +
                     std::to_string(session_.World().Tick()) + " (" +
                     KeysText(keys_, Action::StepTick) + " / " + KeysText(keys_, Action::StepTurn) +
                     " redo).");
}

}  // namespace cairn
