// The key map: which key does what. Actions are fixed by the game; bindings come from TOML.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/text_problem.h"
#include "toml/toml_value.h"

namespace cairn {

enum class Action : std::uint8_t {
  MoveWest,
  MoveSouth,
  MoveNorth,
  MoveEast,
  MoveNorthWest,
  MoveNorthEast,
  MoveSouthWest,
  MoveSouthEast,
  Wait,
  PickUp,
  Descend,
  Ascend,
  Explore,
  Rest,
  Fight,
  CommandAllies,
  Drop,
  Use,
  Quaff,
  Read,
  Eat,
  Zap,
  Throw,
  Equip,
  Unequip,
  Fire,
  Quiver,
  AutoPickup,
  Help,
  Messages,
  Look,
  Inventory,
  Character,
  Quit,
  SaveQuit,
  DebugPane,
  Pause,
  StepTick,
  StepPhase,
  StepTurn,
  StepBackTick,
  StepBackTurn,
  Restart,
  InspectNext,
  InspectPrevious,
  Overlay,
  TraceFilter,
  PaneView,
  PaneScrollUp,
  PaneScrollDown,
  Console,
  None,
};
inline constexpr std::size_t kActionCount = static_cast<std::size_t>(Action::None);

struct ActionInfo {
  Action action;
  std::string_view name;         // as written in key files: "move_west"
  std::string_view group;        // "Move", "Act", "Screens", "Debug"
  std::string_view description;  // for the help screen
};

[[nodiscard]] std::span<const ActionInfo> AllActions() noexcept;
[[nodiscard]] const ActionInfo& InfoOf(Action action) noexcept;

// Whether `name` is a key name cairn understands: one printable ASCII character, or one of
// space, enter, escape, tab, backspace, left, right, up, down, home, end, pgup, pgdn, insert,
// delete, kp1..kp9, f1..f12 (F1..F12), ctrl-a..ctrl-z.
[[nodiscard]] bool ValidKeyName(std::string_view name) noexcept;

class KeyMap {
 public:
  // The action bound to `key`, or Action::None.
  [[nodiscard]] Action ForKey(std::string_view key) const noexcept;
  // The keys bound to `action`, in the order the file gave them.
  [[nodiscard]] std::vector<std::string> KeysFor(Action action) const;

  // Applies a key file on top of this map: each action the file names gets exactly the keys the
  // file lists (actions it does not name keep theirs). Reports every problem (format, unknown
  // actions, bad key names, a key bound to two actions), each naming `origin` as its file; on any
  // problem the map is unchanged.
  [[nodiscard]] bool Apply(std::string_view text, std::string_view origin,
                           std::vector<TextProblem>& problems);

  // [options] of the key file. ask_before_save_quit: whether save_quit asks first (as DCSS and
  // NetHack do; true unless a file says false).
  [[nodiscard]] bool AskBeforeSaveQuit() const noexcept { return ask_before_save_quit_; }

 private:
  struct Binding {
    std::string key;
    Action action;
    std::string origin;  // which file, for conflict messages
    TextPosition position;
  };
  // The file's [keys] table: its bindings, and every action it names (whose old keys go).
  static void ReadKeys(const TomlValue& keys, std::string_view origin, std::vector<Binding>& fresh,
                       std::vector<Action>& named, std::vector<TextProblem>& problems);
  // This map's bindings with `named` actions' keys replaced by `fresh`; a key bound twice is a
  // problem.
  [[nodiscard]] std::vector<Binding> Merged(const std::vector<Binding>& fresh,
                                            const std::vector<Action>& named,
                                            std::vector<TextProblem>& problems) const;

  static void ReadOptions(const TomlValue& options, bool& ask, std::vector<TextProblem>& problems);

  std::vector<Binding> bindings_;
  bool ask_before_save_quit_ = true;
};

}  // namespace cairn
