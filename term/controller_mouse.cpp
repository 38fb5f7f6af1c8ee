// The mouse (Brogue CE, DCSS's console version): a click on a map cell travels there, or steps or
// strikes when it is next to the player; a click on a sidebar entry looks at that monster; the
// pointer resting on a cell describes it, as look mode does, above the messages. A click turns
// into the same player commands as keys (a Move, or a travel run of Moves through the autopilot),
// so recordings hold only ordinary commands and replay deterministically.
#include <algorithm>
#include <cstdlib>

#include "controller_modes.h"
#include "presenter/pointer.h"

namespace cairn {

void GameController::HandleMouse(const MouseEvent& mouse) {
  if (mouse.kind == MouseKind::Hover) return HoverAt(mouse);
  RenderFrame frame;
  Extract(session_, ScreenExtraction(), frame);
  const PointerTarget at = PointAt(frame, state_, view_width_, view_height_, mouse.x, mouse.y);
  if (at.kind == PointerTarget::Kind::SidebarEntry) {
    // Looking at it: look mode with the cursor on the monster, as `x` and a walk there would.
    const SidebarMonster& m = frame.sidebar.monsters[static_cast<std::size_t>(at.entry)];
    if (Top().Shows() != Screen::Look) {
      ReturnToMap();
      state_.look_detail.clear();
      Push(std::make_unique<LookMode>());
    }
    return Top().Click(*this, m.x, m.y, true);
  }
  if (at.kind != PointerTarget::Kind::MapCell) return;
  Top().Click(*this, at.x, at.y, frame.Cell(at.x, at.y).knowledge != CellKnowledge::Unknown);
}

void GameController::TravelTo(std::int32_t x, std::int32_t y, bool known) {
  const Position* at = session_.World().Positions().Find(session_.World().PlayerEntity());
  if (at == nullptr) return;
  const std::int32_t dx = x - at->x, dy = y - at->y;
  if (dx == 0 && dy == 0) {
    state_.hover_text = CellWords(x, y);
    return;
  }
  // Next to the player: the key for that direction would do it (a blow at a monster there, a
  // step, a door opened), so the click does exactly that.
  if (std::abs(dx) <= 1 && std::abs(dy) <= 1)
    return Play(PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(dx),
                              static_cast<std::int8_t>(dy)});
  PlayerCommand step;
  if (!known) return session_.Log().Say("You have not seen that place.");
  if (!pilot_.FirstStepTo(session_, x, y, step)) {
    // A monster there is named: "There is no known way to the goblin."
    const GameWorld& world = session_.World();
    std::string there = "there";
    for (EntityId id : world.Ais().Owners())
      if (const Position* p = world.Positions().Find(id);
          p != nullptr && p->x == x && p->y == y && session_.Scratch().player_view.Visible(x, y) &&
          !Concealed(world, id))
        if (const Named* named = world.Names().Find(id); named != nullptr)
          there = "to the " + std::string(named->name.View());
    return session_.Log().Say("There is no known way " + there + ".");
  }
  pilot_.SetTravelTarget(x, y);
  std::string why;
  if (!session_.Paused() && pilot_.Start(session_, AutoGoal::Travel, why))
    return Push(std::make_unique<RunMode>(PlayerCommand{}));
  // A monster in view (a run would stop at once) or the simulation paused: one step of the way,
  // as Brogue walks a click one step at a time while something watches.
  Play(step);
}

void GameController::HoverAt(const MouseEvent& mouse) {
  hovering_ = false;
  state_.hover_text.clear();
  if (view_width_ < kMinWidth || view_height_ < kMinHeight) return;
  RenderFrame frame;
  Extract(session_, ScreenExtraction(), frame);
  const PointerTarget at = PointAt(frame, state_, view_width_, view_height_, mouse.x, mouse.y);
  std::int32_t x = at.x, y = at.y;
  if (at.kind == PointerTarget::Kind::SidebarEntry) {
    x = frame.sidebar.monsters[static_cast<std::size_t>(at.entry)].x;
    y = frame.sidebar.monsters[static_cast<std::size_t>(at.entry)].y;
  } else if (at.kind != PointerTarget::Kind::MapCell) {
    return;
  }
  Top().Hover(*this, x, y);
}

// The map (and a run of turns or a --more-- page over it): the pointer's cell is described above
// the messages, and again after each step of a run.
void GameController::HoverCell(std::int32_t x, std::int32_t y) {
  hovering_ = true;
  hover_x_ = x;
  hover_y_ = y;
  RefreshHover();
}

void GameController::RefreshHover() {
  if (hovering_) state_.hover_text = CellWords(hover_x_, hover_y_);
}

}  // namespace cairn
