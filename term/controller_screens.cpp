// The modes that only show or ask (controller_modes.h): help, the inventory and character sheet,
// the message history, the end screen, the questions, and the in-game console.
#include <algorithm>

#include "controller_modes.h"

namespace cairn {

void GameController::HelpMode::Key(GameController& game, const std::string& key, Action) {
  PresenterState& state = game.state_;
  if (key == "space" || key == "pgdn" || key == ">" || key == "right") {
    ++state.help_page;
    if (state.help_page >= HelpPageCount(state, game.view_width_, game.view_height_)) game.Pop();
  } else if (key == "backspace" || key == "pgup" || key == "<" || key == "left" || key == "-") {
    state.help_page = std::max(0, state.help_page - 1);  // back a page; the first stays
  } else {
    game.Pop();
  }
}

void GameController::GlanceMode::Key(GameController& game, const std::string&, Action) {
  game.Pop();
}

void GameController::MessagesMode::Key(GameController& game, const std::string& key, Action) {
  std::int32_t& scroll = game.state_.message_scroll;
  if (key == "up" || key == "k")
    ++scroll;
  else if (key == "down" || key == "j")
    scroll = std::max(0, scroll - 1);
  else if (key == "pgup")
    scroll += 10;
  else if (key == "pgdn")
    scroll = std::max(0, scroll - 10);
  else
    return game.Pop();
  scroll = std::clamp(scroll, 0,
                      std::max(0, static_cast<int>(game.session_.Log().Messages().size()) - 1));
}

void GameController::SummaryMode::Key(GameController& game, const std::string& key, Action action) {
  if (action == Action::Restart)
    (void)game.AskOrQuit(action);
  else if (action == Action::Quit)
    game.quit_ = true;  // the run is over: nothing to save, nothing to lose
  else if (key == "enter" || key == "space" || key == "escape")
    game.Pop();
}

void GameController::QuestionMode::Key(GameController& game, const std::string& key,
                                       Action action) {
  const Screen asked = Shows();
  game.Pop();  // answered: the question closes whatever the answer
  const bool yes = key == "y" || key == "Y";
  if (asked == Screen::Quit) {
    if (yes) {
      game.quit_ = true;
      if (game.session_.State() == SessionState::Playing && game.on_forget_)
        game.on_forget_();  // given up
    } else if (action == Action::SaveQuit) {
      game.SaveAndQuit();
    }
  } else if (asked == Screen::Restart) {
    if (yes) game.RestartRun();
  } else if (yes || action == Action::SaveQuit) {
    game.SaveAndQuit();
  }
}

std::string GameController::QuestionMode::Question(const GameController& game) const {
  const GameSession& session = game.session_;
  switch (Shows()) {
    case Screen::Quit:
      if (session.State() != SessionState::Playing) return "Really quit? (y/n)";
      if (!game.saving_off_.empty() || !game.on_save_)
        return "Really quit? This game is not saved and will be lost. (y/n)";
      return "Really quit? This character will be lost. (y/n; " +
             KeysText(game.keys_, Action::SaveQuit) + " saves and quits instead)";
    case Screen::SaveQuit: return "Save and quit? (y/n; the next start resumes here)";
    case Screen::Restart:
      return "Restart? This character will be lost, and a new run of seed " +
             std::to_string(session.Config().seed) + " begins. (y/n)";
    default: return {};
  }
}

void GameController::ConsoleMode::Key(GameController& game, const std::string& key, Action) {
  std::string& input = game.state_.console_input;
  if (key == "escape")
    game.Pop();
  else if (key == "enter")
    Run(game);
  else if (key == "pgup")
    game.ScrollConsole(-1);
  else if (key == "pgdn")
    game.ScrollConsole(1);
  else if (key == "backspace" && !input.empty())
    input.pop_back();
  else if (key == "space")
    input += ' ';
  else if (key.size() == 1 && input.size() < 400)
    input += key;
}

// Enter: runs the command line (an empty one closes the console).
void GameController::ConsoleMode::Run(GameController& game) {
  PresenterState& state = game.state_;
  if (state.console_input.empty()) return game.Pop();
  bool has_reply = false;
  const std::string reply = game.console_.Execute(state.console_input, has_reply);
  if (const EntityId shown = game.console_.TakeInspected(); !shown.IsNull())
    game.inspected_ = shown;
  state.console_lines.push_back("> " + state.console_input);
  if (has_reply) state.console_lines.push_back(reply);
  while (state.console_lines.size() > 200) state.console_lines.erase(state.console_lines.begin());
  state.console_input.clear();
  // A reply longer than the console shows from its start (the command line above it), with the
  // rest a PgDn away; a shorter one keeps the newest line at the bottom.
  const std::int32_t width = LayOut(state, game.view_width_, game.view_height_).log.w;
  const std::int32_t rows = ConsoleHistoryRows(state, game.view_width_, game.view_height_);
  const auto count = static_cast<std::int32_t>(ConsoleRows(state.console_lines, width).size());
  std::vector<std::string> answer{state.console_lines.end() - (has_reply ? 2 : 1),
                                  state.console_lines.end()};
  const auto fresh = static_cast<std::int32_t>(ConsoleRows(answer, width).size());
  state.console_top = fresh > rows ? std::max(0, count - fresh - 1) : -1;
}

}  // namespace cairn
