// Look mode (DCSS's x): the cursor moves with the movement keys, Tab and Shift-Tab jump between
// the monsters and items in view, v (or Enter without the debug pane) describes what is there
// (Escape closes the account, and leaves look mode when none is shown), `.` or g travels there;
// with the debug pane shown, Enter inspects the entity under it.
#include <algorithm>

#include "controller_modes.h"
#include "view/describe.h"
#include "view/player_panels.h"

namespace cairn {

void GameController::OpenLook() {
  if (const Position* p = PartsOfPlayer(session_).at) {  // where it died, after death
    state_.look_x = p->x;
    state_.look_y = p->y;
  }
  state_.look_detail.clear();
  Push(std::make_unique<LookMode>());
  UpdateLookText();
}

namespace {

// Tab and Shift-Tab: the next (or the previous) monster or item in view after the cursor.
void JumpToThing(GameSession& session, PresenterState& state, bool forward) {
  const std::vector<Position> things = ThingsInView(session, true);
  if (things.empty()) return;
  std::size_t next = forward ? 0 : things.size() - 1;
  for (std::size_t i = 0; i < things.size(); ++i)
    if (things[i].x == state.look_x && things[i].y == state.look_y)
      next = forward ? (i + 1) % things.size() : (i + things.size() - 1) % things.size();
  state.look_x = things[next].x;
  state.look_y = things[next].y;
}

}  // namespace

void GameController::LookMode::Key(GameController& game, const std::string& key, Action action) {
  PresenterState& state = game.state_;
  const PlayerCommand command = CommandForAction(action);
  const bool described = !state.look_detail.empty();
  state.look_detail.clear();
  if (key == "escape" && described) return game.UpdateLookText();  // look mode goes on
  if (key == "escape" || action == Action::Look) return game.Pop();
  if (key == "tab" || key == "shift-tab") {
    JumpToThing(game.session_, state, key == "tab");
  } else if (key == "." || key == "g") {
    game.Pop();
    RenderFrame frame;
    Extract(game.session_, game.ScreenExtraction(), frame);
    const bool known = frame.Cell(state.look_x, state.look_y).knowledge != CellKnowledge::Unknown;
    return game.TravelTo(state.look_x, state.look_y, known);
  } else if (key == "enter" && state.debug_pane) {
    // Inspect the top entity under the cursor (the last drawn there).
    RenderFrame frame;
    Extract(game.session_, game.ScreenExtraction(), frame);
    for (const FrameEntity& e : frame.entities)
      if (e.x == state.look_x && e.y == state.look_y) game.inspected_ = e.id;
    return game.Pop();
  } else if (key == "v" || key == "enter") {
    state.look_detail = Describe(game.session_, state.look_x, state.look_y);
  } else if (command.kind == PlayerCommandKind::Move) {
    const TileMap& map = game.session_.World().Map();
    state.look_x = std::clamp(state.look_x + command.dx, 0, map.Width() - 1);
    state.look_y = std::clamp(state.look_y + command.dy, 0, map.Height() - 1);
  }
  game.UpdateLookText();
}

// A click or the pointer resting on a cell moves the cursor there.
void GameController::LookMode::Click(GameController& game, std::int32_t x, std::int32_t y, bool) {
  Hover(game, x, y);
}

void GameController::LookMode::Hover(GameController& game, std::int32_t x, std::int32_t y) {
  game.state_.look_x = x;
  game.state_.look_y = y;
  game.UpdateLookText();
}

}  // namespace cairn
