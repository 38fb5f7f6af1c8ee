// GameController: what each key does, and what the presenter should show. It is the game's
// logic above the simulation and below the terminal: it holds no curses, so `cairn frame` and the
// tests drive it with key names exactly as the terminal does.
#pragma once

#include <memory>
#include <string>

#include "console/console.h"
#include "keymap/keymap.h"
#include "presenter/presenter.h"
#include "sim/session.h"
#include "view/extract.h"

namespace cairn {

class GameController {
 public:
  GameController(GameSession& session, KeyMap keys, bool debug_start);

  // Handles one key name ("h", "left", "F5", "resize", ...). False once the player has quit.
  bool HandleKey(const std::string& key);
  // Extracts the current frame (with debug data when the pane is shown).
  void BuildFrame(RenderFrame& frame) const;

  [[nodiscard]] PresenterState& Presentation() noexcept { return state_; }
  [[nodiscard]] const PresenterState& Presentation() const noexcept { return state_; }
  [[nodiscard]] GameSession& Session() noexcept { return session_; }
  [[nodiscard]] EntityId Inspected() const noexcept { return inspected_; }
  [[nodiscard]] bool QuitRequested() const noexcept { return quit_; }

 private:
  void HandleMapKey(const std::string& key, Action action);
  void HandleLookKey(const std::string& key, Action action);
  void HandleConsoleKey(const std::string& key);
  void Play(const PlayerCommand& command);
  void CycleInspected(int direction);
  void UpdateBanner();
  void BuildHelp();

  GameSession& session_;
  KeyMap keys_;
  Console console_;
  PresenterState state_;
  EntityId inspected_{};
  OverlayMode overlay_ = OverlayMode::Off;
  PlayerCommand queued_{};  // while paused: what the player will do in the next tick it may act
  bool quit_ = false;
};

// The command a movement or action key means, or kind None.
[[nodiscard]] PlayerCommand CommandForAction(Action action) noexcept;
// "h/left/kp4": the keys bound to an action, for help and hints.
[[nodiscard]] std::string KeysText(const KeyMap& keys, Action action);

}  // namespace cairn
