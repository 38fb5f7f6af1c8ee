#include "controller.h"

#include <algorithm>

#include "controller_modes.h"
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
  modes_.push_back(std::make_unique<MapMode>());
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

GameController::~GameController() = default;

bool GameController::Busy() const noexcept {
  return Top().IsRun();
}

void GameController::ShowTop() noexcept {
  state_.screen = Top().Shows();
}

void GameController::Push(std::unique_ptr<Mode> mode) {
  modes_.push_back(std::move(mode));
  ShowTop();
}

void GameController::Pop() {
  if (modes_.size() <= 1) return;
  closed_.push_back(std::move(modes_.back()));
  modes_.pop_back();
  ShowTop();
}

void GameController::ReturnToMap() {
  while (modes_.size() > 1) Pop();
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
  if (std::string question = Top().Question(*this); !question.empty())
    state_.banner = std::move(question);
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
  (void)session_.SubmitWithRefusal(command, refused);
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
  Push(std::make_unique<RunMode>(after));
}

void GameController::EndRun() {
  if (!Busy()) return;
  pilot_.Stop();
  Pop();
}

void GameController::Continue() {
  closed_.clear();
  if (!Busy()) return;
  // A run of turns waits while the screen is too small to show it (as keys do): the player
  // would not see what it walks into.
  if (view_width_ < kMinWidth || view_height_ < kMinHeight) return;
  static_cast<RunMode&>(Top()).Step(*this);
  CheckMore();  // a message the player must see ends the run
}

void GameController::RunMode::Step(GameController& game) {
  PlayerCommand command;
  std::string why;
  if (game.pilot_.Active() && game.pilot_.Next(game.session_, command, why)) {
    game.Play(command);
    game.SavePointIfFloorChanged();
    game.RefreshHover();
    return;
  }
  const PlayerCommand after = after_;
  game.Pop();  // the run is over; `this` lives until the next key
  if (!why.empty()) return game.session_.Log().Say(why);
  if (after.kind != PlayerCommandKind::None) game.Play(after);
  game.SavePointIfFloorChanged();
}

void GameController::RunMode::Key(GameController& game, const std::string&, Action) {
  game.Interrupt();
}

void GameController::Interrupt() {
  if (!Busy()) return;
  EndRun();
  session_.Log().Say("You stop.");
}

void GameController::CheckRunEnd() {
  const SessionState state = session_.State();
  if (run_end_handled_ || (state != SessionState::Dead && state != SessionState::Won)) return;
  run_end_handled_ = true;
  pilot_.Stop();
  const std::string summary = FormatRunSummary(session_, "cairn: the summary of a run");
  state_.summary_note = on_run_end_ ? on_run_end_(summary) : std::string();
  if (on_forget_) on_forget_();  // a dead or victorious character has no save to go back to
  ReturnToMap();
  Push(std::make_unique<SummaryMode>());
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
  ReturnToMap();
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
  closed_.clear();
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
  const Action action = is_mouse ? Action::None : keys_.ForKey(key);
  if (Top().TakesAnyInput()) {  // a --more-- page turns, a run stops: the key does nothing else
    Top().Key(*this, key, action);
    UpdateBanner();
    return !quit_;
  }
  // While the screen is smaller than the game needs, the presenter shows only "Please make the
  // terminal at least ...": a key typed then would be played blind, so it does nothing at all
  // (nothing played, queued or opened) until the screen is big enough again. The game loop sets
  // the size before every key, a resize included.
  if (view_width_ < kMinWidth || view_height_ < kMinHeight) return !quit_;
  if (is_mouse)
    HandleMouse(mouse);
  else
    Top().Key(*this, key, action);
  SavePointIfFloorChanged();
  UpdateBanner();
  if (!is_mouse) CheckMore();
  return !quit_;
}

// What a cell holds, in a player's words, or the machine's while the debug pane is shown.
std::string GameController::CellWords(std::int32_t x, std::int32_t y) const {
  return state_.debug_pane ? DescribeCell(session_, x, y) : LookText(session_, x, y);
}

void GameController::UpdateLookText() {
  state_.look_text = CellWords(state_.look_x, state_.look_y);
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
  if (Top().Shows() == Screen::Summary) Pop();
  session_.Log().Say("Stepped back from tick " + std::to_string(before) + " to tick " +
                     std::to_string(session_.World().Tick()) + " (" +
                     KeysText(keys_, Action::StepTick) + " / " + KeysText(keys_, Action::StepTurn) +
                     " redo).");
}

}  // namespace cairn
