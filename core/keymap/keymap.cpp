#include "keymap/keymap.h"

#include <algorithm>
#include <utility>

#include "base/closest_name.h"
#include "toml/table_reader.h"

namespace cairn {
namespace {

constexpr ActionInfo kActions[] = {
    {Action::MoveWest, "move_west", "Move", "move or attack west"},
    {Action::MoveSouth, "move_south", "Move", "move or attack south"},
    {Action::MoveNorth, "move_north", "Move", "move or attack north"},
    {Action::MoveEast, "move_east", "Move", "move or attack east"},
    {Action::MoveNorthWest, "move_northwest", "Move", "move or attack north-west"},
    {Action::MoveNorthEast, "move_northeast", "Move", "move or attack north-east"},
    {Action::MoveSouthWest, "move_southwest", "Move", "move or attack south-west"},
    {Action::MoveSouthEast, "move_southeast", "Move", "move or attack south-east"},
    {Action::Wait, "wait", "Act", "wait a turn"},
    {Action::PickUp, "pickup", "Act", "pick up what lies here"},
    {Action::Descend, "descend", "Act", "go down the stairs (away from them: travel to them)"},
    {Action::Ascend, "ascend", "Act", "go up the stairs (away from them: travel to them)"},
    {Action::Explore, "explore", "Act", "explore until something happens"},
    {Action::Rest, "rest", "Act", "rest until healed or something happens"},
    {Action::Fight, "fight", "Act", "fight the nearest monster: a step toward it or a blow"},
    {Action::CommandAllies, "command_allies", "Act",
     "tell your allies to wait here, or (when all wait) to follow you"},
    {Action::Drop, "drop", "Items", "drop an item"},
    {Action::Use, "use", "Items",
     "use an item: drink, read, eat, zap, wield and wear, or put away and take off"},
    {Action::Quaff, "quaff", "Items", "drink a potion"},
    {Action::Read, "read", "Items", "read a scroll"},
    {Action::Eat, "eat", "Items", "eat something"},
    {Action::Zap, "zap", "Items", "zap a wand or a staff at a monster"},
    {Action::Throw, "throw", "Items", "throw an item at a monster"},
    {Action::Equip, "equip", "Items", "wield a weapon or wear armour"},
    {Action::Unequip, "unequip", "Items", "take off armour"},
    {Action::Fire, "fire", "Items", "fire the quivered missile at the nearest monster (Tab: next)"},
    {Action::Quiver, "quiver", "Items", "choose the missile fire throws"},
    {Action::AutoPickup, "autopickup", "Items", "turn autopickup off or on for this run"},
    {Action::Help, "help", "Screens", "this help"},
    {Action::Messages, "messages", "Screens", "the whole message history"},
    {Action::Look, "look", "Screens",
     "look around: Tab the next monster or item, v describes it, . or g goes there"},
    {Action::Inventory, "inventory", "Screens", "what you carry"},
    {Action::Character, "character", "Screens", "your character: numbers, equipment, discoveries"},
    {Action::Quit, "quit", "Screens", "give up this character and quit"},
    {Action::SaveQuit, "save_quit", "Screens", "save and quit; cairn resumes it next time"},
    {Action::DebugPane, "debug_pane", "Debug", "show or hide the debug pane"},
    {Action::Pause, "pause", "Debug", "pause or resume the simulation"},
    {Action::StepTick, "step_tick", "Debug", "advance exactly one tick"},
    {Action::StepPhase, "step_phase", "Debug",
     "run the next phase of the tick, then stop inside it (the pane shows what it did)"},
    {Action::StepTurn, "step_turn", "Debug", "advance one player turn"},
    {Action::StepBackTick, "step_back_tick", "Debug", "step back one tick (pauses first)"},
    {Action::StepBackTurn, "step_back_turn", "Debug", "step back to just before your last command"},
    {Action::Restart, "restart", "Debug", "restart: a new world from the same level and seed"},
    {Action::InspectNext, "inspect_next", "Debug", "inspect the next entity"},
    {Action::InspectPrevious, "inspect_previous", "Debug", "inspect the previous entity"},
    {Action::Overlay, "overlay", "Debug", "cycle the map overlay (AI targets, labels, blockers)"},
    {Action::TraceFilter, "trace_filter", "Debug",
     "the pane's trace: every entry, or only the inspected entity's"},
    {Action::PaneView, "pane_view", "Debug",
     "the pane's view: the trace, why, the machine, this tick by phase, the entity"},
    {Action::PaneScrollUp, "pane_scroll_up", "Debug",
     "scroll the pane's first section up (the trace: back to older entries)"},
    {Action::PaneScrollDown, "pane_scroll_down", "Debug", "scroll the pane's first section down"},
    {Action::Console, "console", "Debug", "open the debug console (the cairn console commands)"},
};
static_assert(std::size(kActions) == kActionCount);

constexpr std::string_view kNamedKeys[] = {
    "space", "enter", "escape", "tab",  "backspace", "left",   "right", "up",  "down",
    "home",  "end",   "pgup",   "pgdn", "insert",    "delete", "kp1",   "kp2", "kp3",
    "kp4",   "kp5",   "kp6",    "kp7",  "kp8",       "kp9",    "F1",    "F2",  "F3",
    "F4",    "F5",    "F6",     "F7",   "F8",        "F9",     "F10",   "F11", "F12"};
constexpr std::string_view kFileMembers[] = {"format", "version", "keys", "options"};
constexpr std::string_view kOptionNames[] = {"ask_before_save_quit"};

// The suggestion, or what to say when there is none.
std::string OrElse(std::string suggestion, std::string_view otherwise) {
  return suggestion.empty() ? std::string(otherwise) : std::move(suggestion);
}

// " (did you mean explore?)" for an action name that is not one.
std::string ActionSuggestion(std::string_view typed) {
  ClosestName closest(typed);
  for (const ActionInfo& a : kActions) closest.Consider(a.name);
  return DidYouMeanText(closest.Best());
}

// " (did you mean pgdn?)" for a key name that is not one: the named keys and ctrl-a..ctrl-z.
std::string KeyNameSuggestion(std::string_view typed) {
  ClosestName closest(typed);
  for (std::string_view known : kNamedKeys) closest.Consider(known);
  std::string ctrl = "ctrl-a";
  for (char c = 'a'; c <= 'z'; ++c) {
    ctrl.back() = c;
    closest.Consider(ctrl);
  }
  return DidYouMeanText(closest.Best());
}

}  // namespace

std::span<const ActionInfo> AllActions() noexcept {
  return kActions;
}

const ActionInfo& InfoOf(Action action) noexcept {
  return kActions[static_cast<std::size_t>(action) < kActionCount ? static_cast<std::size_t>(action)
                                                                  : 0];
}

bool ValidKeyName(std::string_view name) noexcept {
  if (name.size() == 1) return name[0] > ' ' && name[0] < 0x7F;
  for (std::string_view known : kNamedKeys)
    if (name == known) return true;
  return name.size() == 6 && name.substr(0, 5) == "ctrl-" && name[5] >= 'a' && name[5] <= 'z';
}

Action KeyMap::ForKey(std::string_view key) const noexcept {
  for (const Binding& b : bindings_)
    if (b.key == key) return b.action;
  return Action::None;
}

std::vector<std::string> KeyMap::KeysFor(Action action) const {
  std::vector<std::string> keys;
  for (const Binding& b : bindings_)
    if (b.action == action) keys.push_back(b.key);
  return keys;
}

bool KeyMap::Apply(std::string_view text, std::string_view origin,
                   std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  std::vector<Binding> fresh;
  std::vector<Action> named;
  bool ask = ask_before_save_quit_;
  TomlValue root;
  if (ParseTomlFile(text, root, problems)) {
    TableReader file(root, "the key map", problems);
    constexpr std::int64_t kVersions[] = {1};
    std::int64_t version = 0;
    if (ReadFileHeader(file, "cairn-keys", "key map", kVersions, version)) {
      for (const TomlMember& m : root.members)
        if (m.key != "format" && m.key != "version" && m.key != "keys" && m.key != "options")
          file.Problem(m.key_position,
                       "unknown member '" + m.key + "'" +
                           OrElse(DidYouMean(m.key, kFileMembers),
                                  " (expected format, version, [keys], [options])"));
      if (const TomlValue* keys = file.Get("keys", TomlKind::Table, false))
        ReadKeys(*keys, origin, fresh, named, problems);
      else if (root.Find("keys") == nullptr)
        file.Problem(root.position, "a key map needs a [keys] table");
      if (const TomlValue* options = file.Get("options", TomlKind::Table, false))
        ReadOptions(*options, ask, problems);
    }
  }
  std::vector<Binding> merged = Merged(fresh, named, problems);
  SetProblemFile(problems, before, origin);
  if (problems.size() != before) return false;
  bindings_ = std::move(merged);
  ask_before_save_quit_ = ask;
  return true;
}

void KeyMap::ReadOptions(const TomlValue& options, bool& ask, std::vector<TextProblem>& problems) {
  for (const TomlMember& m : options.members) {
    if (m.key != "ask_before_save_quit") {
      problems.emplace_back(m.key_position, "unknown option '" + m.key + "'" +
                                                OrElse(DidYouMean(m.key, kOptionNames),
                                                       " (the options are: ask_before_save_quit)"));
      continue;
    }
    if (m.value.kind != TomlKind::Boolean) {
      problems.emplace_back(m.value.position, "'" + m.key + "' is true or false");
      continue;
    }
    ask = m.value.boolean;
  }
}

void KeyMap::ReadKeys(const TomlValue& keys, std::string_view origin, std::vector<Binding>& fresh,
                      std::vector<Action>& named, std::vector<TextProblem>& problems) {
  for (const TomlMember& m : keys.members) {
    const ActionInfo* info = nullptr;
    for (const ActionInfo& a : kActions)
      if (a.name == m.key) info = &a;
    if (info == nullptr) {
      problems.emplace_back(m.key_position,
                            "unknown action '" + m.key + "'" + ActionSuggestion(m.key));
      continue;
    }
    named.push_back(info->action);
    if (m.value.kind != TomlKind::Array) {
      problems.emplace_back(m.value.position,
                            "'" + m.key + "' must be a list of key names, like [\"h\", \"left\"]");
      continue;
    }
    for (const TomlValue& key : m.value.array) {
      if (key.kind != TomlKind::String || !ValidKeyName(key.text)) {
        const bool is_string = key.kind == TomlKind::String;
        problems.emplace_back(key.position, "'" + (is_string ? key.text : std::string("?")) +
                                                "' is not a key name" +
                                                OrElse(is_string ? KeyNameSuggestion(key.text) : "",
                                                       " (one printable character, or a name "
                                                       "like left, kp7, F5, ctrl-x)"));
        continue;
      }
      fresh.push_back(Binding{key.text, info->action, std::string(origin), key.position});
    }
  }
}

std::vector<KeyMap::Binding> KeyMap::Merged(const std::vector<Binding>& fresh,
                                            const std::vector<Action>& named,
                                            std::vector<TextProblem>& problems) const {
  // The file's actions replace their old keys; everything else keeps its keys.
  std::vector<Binding> merged;
  for (const Binding& b : bindings_)
    if (std::find(named.begin(), named.end(), b.action) == named.end()) merged.push_back(b);
  for (const Binding& b : fresh) {
    const auto other = std::find_if(merged.begin(), merged.end(),
                                    [&](const Binding& m) { return m.key == b.key; });
    if (other == merged.end()) {
      merged.push_back(b);
    } else {
      // Both places: the other binding's file is named unless it is this one.
      const std::string first_file = other->origin == b.origin ? std::string() : other->origin;
      const std::string why =
          other->action == b.action
              ? "duplicate key '" + b.key + "' for " + std::string(InfoOf(b.action).name)
              : "key '" + b.key + "' is bound to both " + std::string(InfoOf(other->action).name) +
                    " and " + std::string(InfoOf(b.action).name);
      if (other->position.line != 0)
        problems.push_back(DuplicateProblem(b.position, why, other->position, first_file));
      else
        problems.emplace_back(b.position, why + " (first in " + other->origin + ")");
    }
  }
  return merged;
}

}  // namespace cairn
