// The map's keys: movement and actions are played; the rest open another mode (controller_modes.h)
// or work the debugger.
#include <utility>

#include "controller_modes.h"

namespace cairn {

void GameController::MapMode::Key(GameController& game, const std::string& key, Action action) {
  const PlayerCommand command = CommandForAction(action);
  if (command.kind == PlayerCommandKind::Move && game.AskToFree(command)) return;
  if (command.kind != PlayerCommandKind::None) return game.Play(command);
  if (action == Action::None) return game.SayUnknownKey(key);
  if (game.OpenScreen(action) || game.AskOrQuit(action) || game.DebugKey(action)) return;
  switch (action) {
    case Action::Explore: game.StartRun(AutoGoal::Explore); break;
    case Action::Rest: game.StartRun(AutoGoal::Rest); break;
    case Action::Fight: game.StartRun(AutoGoal::Fight); break;
    case Action::AutoPickup: game.Play(PlayerCommand{PlayerCommandKind::AutoPickup}); break;
    case Action::CommandAllies: game.Play(PlayerCommand{PlayerCommandKind::OrderAllies}); break;
    default: break;
  }
}

void GameController::MapMode::Click(GameController& game, std::int32_t x, std::int32_t y,
                                    bool known) {
  if (game.session_.State() == SessionState::Playing) game.TravelTo(x, y, known);
}

void GameController::MapMode::Hover(GameController& game, std::int32_t x, std::int32_t y) {
  game.HoverCell(x, y);
}

// A key bound to nothing says so, as DCSS and NetHack do ("Unknown command: M. ? for help");
// the keys that only close or confirm elsewhere say nothing on the map.
void GameController::SayUnknownKey(const std::string& key) {
  if (key.empty() || key == "resize" || key == "escape" || key == "enter" || key == "space") return;
  const std::string help = keys_.KeysFor(Action::Help).empty()
                               ? std::string("the help key")
                               : keys_.KeysFor(Action::Help).front();
  session_.Log().Say("Unknown command: " + key + ". " + help + " for help.");
}

// The keys that open a screen or a prompt over the map.
bool GameController::OpenScreen(Action action) {
  switch (action) {
    case Action::Help:
      state_.help_page = 0;
      Push(std::make_unique<HelpMode>());
      return true;
    case Action::Inventory: Push(std::make_unique<GlanceMode>(Screen::Inventory)); return true;
    case Action::Character: Push(std::make_unique<GlanceMode>(Screen::Character)); return true;
    case Action::Messages:
      state_.message_scroll = 0;
      Push(std::make_unique<MessagesMode>());
      return true;
    case Action::Look: OpenLook(); return true;
    case Action::Console:
      state_.console_input.clear();
      state_.console_top = -1;
      Push(std::make_unique<ConsoleMode>());
      return true;
    case Action::Drop:
    case Action::Use:
    case Action::Quaff:
    case Action::Read:
    case Action::Eat:
    case Action::Zap:
    case Action::Throw:
    case Action::Equip:
    case Action::Unequip:
    case Action::Quiver: BeginItemPrompt(action); return true;
    case Action::Fire: BeginFire(); return true;
    default: return false;
  }
}

// Quit, save and quit, and restart: asked first while a character would be lost by them.
bool GameController::AskOrQuit(Action action) {
  const bool playing = session_.State() == SessionState::Playing;
  switch (action) {
    case Action::Quit:
      // After a death or a victory the map is only to look at: quitting loses nothing, so it
      // does not ask (DCSS's any key after the end).
      if (playing)
        Push(std::make_unique<QuestionMode>(Screen::Quit));
      else
        quit_ = true;
      return true;
    case Action::SaveQuit:
      // Asked first, as DCSS and NetHack ask (the key file's ask_before_save_quit = false does
      // not); a game that cannot be saved says so at once.
      if (keys_.AskBeforeSaveQuit() && saving_off_.empty() && on_save_ && playing)
        Push(std::make_unique<QuestionMode>(Screen::SaveQuit));
      else
        SaveAndQuit();
      return true;
    case Action::Restart:
      // A living character is lost by a restart, so ask first (NetHack players press R to
      // remove a ring); after a death or a victory there is nothing to lose.
      if (playing)
        Push(std::make_unique<QuestionMode>(Screen::Restart));
      else
        RestartRun();
      return true;
    default: return false;
  }
}

// The debugger's keys (docs/DEBUGGING.md): the pane, pausing and stepping, what is inspected.
bool GameController::DebugKey(Action action) {
  switch (action) {
    case Action::DebugPane: state_.debug_pane = !state_.debug_pane; return true;
    case Action::Pause:
      session_.SetPaused(!session_.Paused());
      if (!session_.Paused() && queued_.kind != PlayerCommandKind::None)
        (void)session_.Submit(std::exchange(queued_, PlayerCommand{}));
      return true;
    case Action::StepTick: StepForwardTick(); return true;
    case Action::StepPhase: StepForwardPhase(); return true;
    case Action::StepTurn: StepForwardTurn(); return true;
    case Action::StepBackTick: StepBack(false); return true;
    case Action::StepBackTurn: StepBack(true); return true;
    case Action::InspectNext: CycleInspected(1); return true;
    case Action::InspectPrevious: CycleInspected(-1); return true;
    case Action::Overlay:
      overlay_ = static_cast<OverlayMode>((static_cast<int>(overlay_) + 1) % kOverlayModeCount);
      state_.debug_pane = state_.debug_pane || overlay_ != OverlayMode::Off;
      return true;
    case Action::TraceFilter:
      trace_inspected_only_ = !trace_inspected_only_;
      state_.debug_pane = true;
      if (trace_inspected_only_ && inspected_.IsNull())
        session_.Log().Say(
            "The trace shows only the inspected entity's entries once one is inspected (" +
            KeysText(keys_, Action::InspectNext) + ", or look and Enter).");
      return true;
    case Action::PaneView:
      state_.pane_view =
          static_cast<PaneView>((static_cast<int>(state_.pane_view) + 1) % kPaneViewCount);
      state_.pane_scroll = 0;
      state_.debug_pane = true;
      return true;
    case Action::PaneScrollUp:
    case Action::PaneScrollDown: {
      state_.debug_pane = true;
      RenderFrame frame;
      BuildFrame(frame);
      state_.pane_scroll = ScrolledPane(frame, state_, view_width_, view_height_,
                                        action == Action::PaneScrollUp ? -1 : 1);
      return true;
    }
    default: return false;
  }
}

// A move into a captive asks whether to free it (FreeMode); true when it asked.
bool GameController::AskToFree(const PlayerCommand& move) {
  const GameWorld& world = session_.World();
  const Position* at = world.Positions().Find(world.PlayerEntity());
  if (at == nullptr || session_.State() != SessionState::Playing) return false;
  const EntityId there = world.OccupantAt(at->x + move.dx, at->y + move.dy);
  const Ally* ally = world.Allies().Find(there);
  if (ally == nullptr || ally->shackled == 0) return false;
  const Named* named = world.Names().Find(there);
  Push(std::make_unique<FreeMode>(
      move, named != nullptr ? std::string(named->name.View()) : std::string("prisoner")));
  return true;
}

void GameController::FreeMode::Key(GameController& game, const std::string& key, Action) {
  const PlayerCommand move = move_;
  game.Pop();
  if (key == "y" || key == "Y") game.Play(move);
}

}  // namespace cairn
