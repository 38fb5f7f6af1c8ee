// GameController: what each key does, and what the presenter should show. It is the game's
// logic above the simulation and below the terminal: it holds no curses, so `cairn frame` and the
// tests drive it with key names exactly as the terminal does.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "console/console.h"
#include "keymap/keymap.h"
#include "mouse.h"
#include "presenter/presenter.h"
#include "sim/autopilot.h"
#include "sim/session.h"
#include "view/extract.h"

namespace cairn {

// When the log stops for a --more-- (controller_more.cpp): Important (the default) only when a
// warning or danger would otherwise scroll away unread; All whenever new messages do not fit;
// Off never.
enum class MoreMode : std::uint8_t { Important, All, Off };
// "important", "all", "off" (the --more option's words); false for anything else.
[[nodiscard]] bool ParseMoreMode(std::string_view text, MoreMode& out) noexcept;

class GameController {
 public:
  GameController(GameSession& session, KeyMap keys, bool debug_start);

  // Handles one key name ("h", "left", "F5", "resize", ...), or a mouse event named as a key
  // (mouse.h: "click:X,Y", "hover:X,Y"). False once the player has quit. A hover only describes:
  // it never stops a run of turns or answers a question.
  bool HandleKey(const std::string& key);
  // A run of turns (explore, rest, travel) in progress: the caller plays it a step at a time with
  // Continue, drawing between steps, and calls Interrupt when a key is pressed meanwhile.
  [[nodiscard]] bool Busy() const noexcept {
    return pilot_.Active() || after_travel_.kind != PlayerCommandKind::None;
  }
  void Continue();
  void Interrupt();
  // Called once when a run ends (death or victory) with the summary text; returns a line saying
  // where it was written (or why it was not), for the summary screen.
  void SetRunEndHandler(std::function<std::string(const std::string& summary)> handler) {
    on_run_end_ = std::move(handler);
  }
  // Called by save-and-quit, and at every save point (a change of floor): writes the save and
  // returns "" or why it could not. Without one, the key says saving is not available here.
  void SetSaveHandler(std::function<std::string()> handler) { on_save_ = std::move(handler); }
  // Saving is off for this game (`why` says why, e.g. another character's save was kept): the
  // save key says so, and the quit question does not offer it.
  void SetSavingOff(std::string why) { saving_off_ = std::move(why); }
  // Stepping back is off for this game (`why` says why, e.g. --record is recording: a recording
  // is one line of ticks from the start, which a step back would break): the keys say so.
  void SetStepBackOff(std::string why) { session_.SetStepBackOff(std::move(why)); }
  void SetMoreMode(MoreMode mode) noexcept { more_mode_ = mode; }
  // The screen's size, for what depends on it (how far the console scrolls a page, which of the
  // map's cells a frame holds).
  void SetViewSize(std::int32_t width, std::int32_t height) noexcept {
    view_width_ = width;
    view_height_ = height;
    state_.map_rows = session_.World().Map().Height();  // the layout gives the pane the rest
  }
  // Called when the character's story ends and its save must go: death or victory, giving up
  // (a confirmed quit) and a confirmed restart.
  // True once when the end screen has just come up: keys typed ahead in the fight that ended the
  // run are to be dropped, so none of them dismisses it unread (the loop flushes the input).
  [[nodiscard]] bool TakeDropTypedAhead() noexcept {
    return std::exchange(drop_typed_ahead_, false);
  }
  void SetForgetHandler(std::function<void()> handler) { on_forget_ = std::move(handler); }
  // Whether the player left by save-and-quit (the caller says where the save went).
  [[nodiscard]] bool Saved() const noexcept { return saved_; }
  // Extracts the current frame (with debug data when the pane is shown), holding the map's cells
  // the view can show on a screen of the size SetViewSize gave last (ScreenExtraction): present
  // it on a screen of that size.
  void BuildFrame(RenderFrame& frame) const;
  // What every extraction for the screen shares: the map's cells within the screen's size of
  // the cell the camera follows (the look or aim cursor, else the player), where the view it
  // draws lies; not every cell of a map that may be 4096 x 4096.
  [[nodiscard]] ExtractOptions ScreenExtraction() const;

  [[nodiscard]] PresenterState& Presentation() noexcept { return state_; }
  [[nodiscard]] const PresenterState& Presentation() const noexcept { return state_; }
  [[nodiscard]] GameSession& Session() noexcept { return session_; }
  [[nodiscard]] EntityId Inspected() const noexcept { return inspected_; }
  [[nodiscard]] bool QuitRequested() const noexcept { return quit_; }

 private:
  // One handler a screen (HandleKey dispatches on the screen shown).
  void HandleMapKey(const std::string& key, Action action);
  void HandleHelpKey(const std::string& key);
  void HandleSummaryKey(const std::string& key, Action action);
  void HandleMessagesKey(const std::string& key);
  void HandleQuestionKey(const std::string& key, Action action);
  void UpdateLookText();
  [[nodiscard]] std::string CellWords(std::int32_t x, std::int32_t y) const;
  void HandleLookKey(const std::string& key, Action action);
  void HandleConsoleKey(const std::string& key);
  // --more-- (controller_more.cpp): after a key or a step of a run, stops the log where a
  // message would scroll away unread; a key shows the next page, Escape all of them.
  void CheckMore();
  void AdvanceMore(const std::string& key);
  void ContinueStep();  // one step of a run of turns (Continue)
  // The mouse (controller_mouse.cpp).
  void HandleMouse(const MouseEvent& mouse);
  void ClickMap(std::int32_t x, std::int32_t y);
  void TravelTo(std::int32_t x, std::int32_t y, bool known);
  void HoverAt(const MouseEvent& mouse);
  void RefreshHover();
  void ScrollConsole(std::int32_t pages);
  void StepForwardTick();
  void StepForwardPhase();
  void WatchInspected() const;
  [[nodiscard]] TickInput NextStepInput();
  void StepForwardTurn();
  void StepBack(bool whole_turn);
  void HandleItemPromptKey(const std::string& key, Action action);
  void HandleTargetKey(const std::string& key, Action action);
  void BeginItemPrompt(Action action);
  void BeginTarget(const PlayerCommand& command);
  // f: aims the quivered missile (or says there is none to fire) as a throw is aimed.
  void BeginFire();
  void UpdateTargetText();
  void Play(const PlayerCommand& command);
  void StartRun(AutoGoal goal, PlayerCommand after = {});
  void CheckRunEnd();
  void SaveAndQuit();
  void SavePointIfFloorChanged();
  void RestartRun();
  void CycleInspected(int direction);
  void UpdateBanner();
  void BuildHelp();

  GameSession& session_;
  KeyMap keys_;
  Console console_;
  PresenterState state_;
  EntityId inspected_{};
  OverlayMode overlay_ = OverlayMode::Off;
  bool trace_inspected_only_ = false;
  PlayerCommand queued_{};  // while paused: what the player will do in the next tick it may act
  AutoPilot pilot_;
  PlayerCommand after_travel_{};  // the stairs command a travel ends with
  Action prompt_action_ = Action::None;
  PlayerCommand aiming_{};  // Target: the throw or zap being aimed
  std::function<std::string(const std::string&)> on_run_end_;
  std::function<std::string()> on_save_;
  std::function<void()> on_forget_;
  std::string saving_off_;
  bool drop_typed_ahead_ = false;
  std::int32_t view_width_ = kMinWidth;
  std::int32_t view_height_ = kMinHeight;
  std::int32_t saved_depth_ = 0;  // the floor of the last save point (or of the start)
  bool hovering_ = false;         // the pointer rests on this map cell (state_.hover_text)
  std::int32_t hover_x_ = 0;
  std::int32_t hover_y_ = 0;
  bool saved_ = false;
  bool run_end_handled_ = false;
  bool quit_ = false;
  MoreMode more_mode_ = MoreMode::Important;
  std::uint64_t more_seen_ = 0;      // the messages said up to this count have been shown
  std::uint64_t more_page_end_ = 0;  // the count of the last message on the --more-- page shown
};

// The command a movement or action key means, or kind None.
[[nodiscard]] PlayerCommand CommandForAction(Action action) noexcept;
// "h/left/kp4": the keys bound to an action, for help and hints.
[[nodiscard]] std::string KeysText(const KeyMap& keys, Action action);

}  // namespace cairn
