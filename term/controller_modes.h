// The controller's modes (controller.h): each screen or prompt is a type with its own keys, on
// one stack over the map. Private to the controller's files.
#pragma once

#include <string>

#include "controller.h"

namespace cairn {

class GameController::Mode {
 public:
  explicit Mode(Screen shows) noexcept : shows_(shows) {}
  virtual ~Mode() = default;
  Mode(const Mode&) = delete;
  Mode& operator=(const Mode&) = delete;

  // The screen the presenter draws while this mode is on top.
  [[nodiscard]] Screen Shows() const noexcept { return shows_; }
  // A key while this mode is on top (its action in the key map, or None).
  virtual void Key(GameController& game, const std::string& key, Action action) = 0;
  // Whether this mode takes every key and click first, even on a screen too small to play on
  // (a run of turns stops at any key; a --more-- page turns at any key).
  [[nodiscard]] virtual bool TakesAnyInput() const noexcept { return false; }
  [[nodiscard]] virtual bool IsRun() const noexcept { return false; }
  // A click on a map cell (`known`: the player has seen it), and the pointer resting on one:
  // nothing unless the mode says.
  virtual void Click(GameController&, std::int32_t, std::int32_t, bool) {}
  virtual void Hover(GameController&, std::int32_t, std::int32_t) {}
  // The question this mode asks on the banner row ("" for none).
  [[nodiscard]] virtual std::string Question(const GameController&) const { return {}; }

 private:
  Screen shows_;
};

// The bottom of the stack: movement and actions, and the keys that open every other mode.
class GameController::MapMode final : public Mode {
 public:
  MapMode() noexcept : Mode(Screen::Map) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  void Click(GameController& game, std::int32_t x, std::int32_t y, bool known) override;
  void Hover(GameController& game, std::int32_t x, std::int32_t y) override;
};

// A run of turns (explore, rest, fight, travel) the caller plays a step at a time; any key or
// click stops it. `after` is the stairs command a travel to the stairs ends with.
class GameController::RunMode final : public Mode {
 public:
  explicit RunMode(PlayerCommand after) noexcept : Mode(Screen::Map), after_(after) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  [[nodiscard]] bool TakesAnyInput() const noexcept override { return true; }
  [[nodiscard]] bool IsRun() const noexcept override { return true; }
  void Hover(GameController& game, std::int32_t x, std::int32_t y) override {
    game.HoverCell(x, y);  // a run goes on while the pointer describes
  }
  void Step(GameController& game);

 private:
  PlayerCommand after_;
};

// A --more-- page over the map (controller_more.cpp): any key or click turns it, Escape skips
// every page left.
class GameController::MorePage final : public Mode {
 public:
  explicit MorePage(std::uint64_t page_end) noexcept : Mode(Screen::Map), page_end_(page_end) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  [[nodiscard]] bool TakesAnyInput() const noexcept override { return true; }
  void Hover(GameController& game, std::int32_t x, std::int32_t y) override {
    game.HoverCell(x, y);
  }

 private:
  std::uint64_t page_end_;  // the count of the last message on the page shown
};

// The help pages: forward a page (past the last one closes), back a page, anything else closes.
class GameController::HelpMode final : public Mode {
 public:
  HelpMode() noexcept : Mode(Screen::Help) {}
  void Key(GameController& game, const std::string& key, Action action) override;
};

// A screen only to read (the inventory, the character sheet): any key closes it.
class GameController::GlanceMode final : public Mode {
 public:
  explicit GlanceMode(Screen shows) noexcept : Mode(shows) {}
  void Key(GameController& game, const std::string& key, Action action) override;
};

// The whole message history: up and down a line or ten, anything else closes.
class GameController::MessagesMode final : public Mode {
 public:
  MessagesMode() noexcept : Mode(Screen::Messages) {}
  void Key(GameController& game, const std::string& key, Action action) override;
};

// The end screen after a death or a victory: it closes only when asked to (restart, quit, or
// Enter, Space or Escape to look at the last of the map), never at a key typed ahead.
class GameController::SummaryMode final : public Mode {
 public:
  SummaryMode() noexcept : Mode(Screen::Summary) {}
  void Key(GameController& game, const std::string& key, Action action) override;
};

// Quit, restart or save and quit, asked on the banner row: y does it (save-and-quit's own key
// too); any other key closes the question.
class GameController::QuestionMode final : public Mode {
 public:
  explicit QuestionMode(Screen asks) noexcept : Mode(asks) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  [[nodiscard]] std::string Question(const GameController& game) const override;
};

// Walking into a captive asks first, on the banner row: y frees it (the move, which the rules
// turn into freeing it); any other key leaves it in its chains, and no turn passes.
class GameController::FreeMode final : public Mode {
 public:
  FreeMode(PlayerCommand move, std::string name) noexcept
      : Mode(Screen::Map), move_(move), name_(std::move(name)) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  [[nodiscard]] std::string Question(const GameController&) const override {
    return "Free the shackled " + name_ + "? It will fight at your side. (y/n)";
  }

 private:
  PlayerCommand move_;
  std::string name_;
};

// Look mode (DCSS's x; controller_look.cpp).
class GameController::LookMode final : public Mode {
 public:
  LookMode() noexcept : Mode(Screen::Look) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  void Click(GameController& game, std::int32_t x, std::int32_t y, bool known) override;
  void Hover(GameController& game, std::int32_t x, std::int32_t y) override;
};

// The in-game console: a command line over the session (core/console).
class GameController::ConsoleMode final : public Mode {
 public:
  ConsoleMode() noexcept : Mode(Screen::Console) {}
  void Key(GameController& game, const std::string& key, Action action) override;

 private:
  void Run(GameController& game);
};

// "Drink what?": a letter from the list of what fits (controller_items.cpp).
class GameController::ItemPromptMode final : public Mode {
 public:
  explicit ItemPromptMode(Action action) noexcept : Mode(Screen::ItemPrompt), action_(action) {}
  void Key(GameController& game, const std::string& key, Action action) override;

 private:
  Action action_;  // the key that asked: drop, quaff, throw...
};

// Aiming a throw, a zap or a shot (controller_items.cpp): the cursor moves, Tab jumps between
// monsters, Enter lets fly.
class GameController::TargetMode final : public Mode {
 public:
  explicit TargetMode(const PlayerCommand& aiming) noexcept
      : Mode(Screen::Target), aiming_(aiming) {}
  void Key(GameController& game, const std::string& key, Action action) override;
  void Click(GameController& game, std::int32_t x, std::int32_t y, bool known) override;

 private:
  void LetFly(GameController& game);
  PlayerCommand aiming_;  // the throw or zap being aimed
};

}  // namespace cairn
