// GameController: what each key does, and what the presenter should show. It is the game's
// logic above the simulation and below the terminal: it holds no curses, so `cairn frame` and the
// tests drive it with key names exactly as the terminal does.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

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
  ~GameController();
  GameController(const GameController&) = delete;
  GameController& operator=(const GameController&) = delete;

  // Handles one key name ("h", "left", "F5", "resize", ...), or a mouse event named as a key
  // (mouse.h: "click:X,Y", "hover:X,Y"). False once the player has quit. A hover only describes:
  // it never stops a run of turns or answers a question.
  bool HandleKey(const std::string& key);
  // A run of turns (explore, rest, travel) in progress: the caller plays it a step at a time with
  // Continue, drawing between steps, and calls Interrupt when a key is pressed meanwhile.
  [[nodiscard]] bool Busy() const noexcept;
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
  // How the in-game console's long work (TICK N) shows progress and learns to stop
  // (Console::SetLongWorkCheck).
  void SetLongWorkCheck(std::function<bool(std::uint64_t done, std::uint64_t total)> check) {
    console_.SetLongWorkCheck(std::move(check));
  }
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
  // The controller's screens and prompts are one stack of modes (controller_modes.h), each a type
  // with its own keys: the map at the bottom, always; over it what a key opened (help, look, an
  // item prompt and the aiming it leads to, a question, the console, the end screen), a run of
  // turns, or a --more-- page. The top mode takes the keys and names the screen the presenter
  // draws (PresenterState::screen follows it).
  class Mode;
  class MapMode;
  class RunMode;
  class MorePage;
  class HelpMode;
  class GlanceMode;
  class MessagesMode;
  class SummaryMode;
  class QuestionMode;
  class FreeMode;
  class LookMode;
  class ConsoleMode;
  class ItemPromptMode;
  class TargetMode;
  [[nodiscard]] Mode& Top() const noexcept { return *modes_.back(); }
  void Push(std::unique_ptr<Mode> mode);
  // Closes the top mode (the map never closes); the closed one lives until the next key, as its
  // own key handler may be what closed it.
  void Pop();
  void ReturnToMap();  // closes every mode over the map
  void ShowTop() noexcept;

  // The map's keys (controller_map.cpp), by what they do.
  [[nodiscard]] bool OpenScreen(Action action);
  [[nodiscard]] bool AskToFree(const PlayerCommand& move);
  [[nodiscard]] bool AskOrQuit(Action action);
  [[nodiscard]] bool DebugKey(Action action);
  void SayUnknownKey(const std::string& key);
  void OpenLook();
  void UpdateLookText();
  [[nodiscard]] std::string CellWords(std::int32_t x, std::int32_t y) const;
  // --more-- (controller_more.cpp): after a key or a step of a run, stops the log where a
  // message would scroll away unread; a key shows the next page, Escape all of them.
  void CheckMore();
  // The mouse (controller_mouse.cpp).
  void HandleMouse(const MouseEvent& mouse);
  void TravelTo(std::int32_t x, std::int32_t y, bool known);
  void HoverAt(const MouseEvent& mouse);
  void HoverCell(std::int32_t x, std::int32_t y);  // the map's pointer text for a cell
  void RefreshHover();
  void ScrollConsole(std::int32_t pages);
  void StepForwardTick();
  void StepForwardPhase();
  void WatchInspected() const;
  [[nodiscard]] TickInput NextStepInput();
  void StepForwardTurn();
  void StepBack(bool whole_turn);
  void BeginItemPrompt(Action action);
  void BeginTarget(const PlayerCommand& command);
  // f: aims the quivered missile (or says there is none to fire) as a throw is aimed.
  void BeginFire();
  void UpdateTargetText();
  void Play(const PlayerCommand& command);
  void StartRun(AutoGoal goal, PlayerCommand after = {});
  void EndRun();  // stops a run of turns, saying nothing
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
  std::vector<std::unique_ptr<Mode>> modes_;
  std::vector<std::unique_ptr<Mode>> closed_;  // closed during this key; freed at the next
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
  std::uint64_t more_seen_ = 0;  // the messages said up to this count have been shown
};

// The command a movement or action key means, or kind None.
[[nodiscard]] PlayerCommand CommandForAction(Action action) noexcept;
// "h/left/kp4": the keys bound to an action, for help and hints.
[[nodiscard]] std::string KeysText(const KeyMap& keys, Action action);

}  // namespace cairn
