#include "keymap/keys_table.h"

#include <algorithm>
#include <vector>

namespace cairn {
namespace {

// README's lines.
constexpr KeyLine kKeyRows[] = {
    {"move_west move_south move_north move_east move_northwest move_northeast move_southwest "
     "move_southeast",
     "move, or attack what stands there (walking into a door opens it)"},
    {"wait", "wait a turn"},
    {"explore", "explore until something happens (any key stops it)"},
    {"fight", "fight the nearest monster: a step toward it, or a blow"},
    {"rest", "rest until healed or something happens"},
    {"descend ascend", "take the stairs; away from them, travel to them first"},
    {"pickup", "pick up"},
    {"inventory", "inventory"},
    {"use", "use an item: drink, read, eat, zap, or wield and wear"},
    {"quaff read eat zap", "drink, read, eat, zap (the same, asking only among what fits)"},
    {"throw", "throw (darts, javelins; a cursor starts on the nearest monster, Tab for the next)"},
    {"equip / unequip", "wield or wear / take off"},
    {"drop", "drop"},
    {"character", "character sheet: numbers, equipment, discoveries"},
    {"look",
     "look around: Tab and Shift-Tab jump between monsters and items in view, v (or Enter) "
     "describes what is there, . or g goes there (with the debug pane shown, Enter inspects)"},
    {"messages", "the whole message history"},
    {"help", "help: every key, what each sign on the map means, the status line, the goal"},
    {"save_quit", "save and quit (the next start resumes)"},
    {"quit", "give up this character and quit (asks first)"},
    {"debug_pane", "show or hide the debug pane"},
    {"pause", "pause or resume"},
    {"step_tick", "step one tick"},
    {"step_phase", "step one phase of a tick"},
    {"step_turn", "step one player turn"},
    {"step_back_tick / step_back_turn",
     "step back one tick / to before your last command (F6 and F7 then redo)"},
    {"restart", "restart: a new run from the same seed (asks first while the character lives)"},
    {"inspect_next inspect_previous", "inspect the next or previous entity"},
    {"overlay", "cycle the map overlay: AI targets, entity labels, blockers"},
    {"trace_filter / pane_view",
     "debug pane: trace of the inspected entity only / the pane's view (trace, why, machine, "
     "tick, entity)"},
    {"pane_scroll_up pane_scroll_down", "debug pane: scroll the view's first section"},
    {"console", "the debug console"},
};

struct Line {
  std::vector<std::vector<Action>> parts;  // actions whose keys are shown together
  std::string text;
  std::string unknown;  // names in kKeyRows that are no action (a test keeps this empty)
};

const ActionInfo* FindAction(std::string_view name) {
  for (const ActionInfo& info : AllActions())
    if (info.name == name) return &info;
  return nullptr;
}

std::vector<Line> Lines(std::span<const KeyLine> rows) {
  std::vector<Line> lines;
  std::vector<bool> placed(kActionCount, false);
  for (const KeyLine& row : rows) {
    Line line;
    line.text = row.text;
    line.parts.emplace_back();
    std::string_view rest = row.actions;
    while (!rest.empty()) {
      const std::size_t space = rest.find(' ');
      const std::string_view word = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      if (word == "/") {
        line.parts.emplace_back();
      } else if (const ActionInfo* info = FindAction(word)) {
        line.parts.back().push_back(info->action);
        placed[static_cast<std::size_t>(info->action)] = true;
      } else {
        line.unknown += (line.unknown.empty() ? "" : " ") + std::string(word);
      }
    }
    lines.push_back(std::move(line));
  }
  // Actions no line names: each after the line holding the action before it.
  for (std::size_t a = 0; a < kActionCount; ++a) {
    if (placed[a]) continue;
    const ActionInfo& info = AllActions()[a];
    std::size_t at = 0;
    if (a > 0) {
      const Action before = AllActions()[a - 1].action;
      for (std::size_t i = 0; i < lines.size(); ++i)
        for (const auto& part : lines[i].parts)
          if (std::find(part.begin(), part.end(), before) != part.end()) at = i + 1;
    }
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at),
                 Line{{{info.action}}, std::string(info.description), {}});
    placed[a] = true;
  }
  return lines;
}

// The keys of a group of actions as the docs write them: the printable ones first, then the named
// ones, with the four arrows written "arrows" and the eight keypad directions "keypad".
std::string PartKeys(const KeyMap& keys, const std::vector<Action>& actions) {
  std::vector<std::string> all;
  for (Action action : actions)
    for (std::string& key : keys.KeysFor(action)) all.push_back(std::move(key));
  const auto has = [&](std::string_view key) {
    return std::find(all.begin(), all.end(), key) != all.end();
  };
  const bool arrows = has("left") && has("right") && has("up") && has("down");
  bool keypad = true;
  for (char d = '1'; d <= '9'; ++d)
    if (d != '5' && !has(std::string("kp") + d)) keypad = false;
  std::vector<std::string> printable, named;
  bool arrows_written = false, keypad_written = false;
  for (const std::string& key : all) {
    const bool is_arrow = key == "left" || key == "right" || key == "up" || key == "down";
    const bool is_keypad = key.size() == 3 && key.rfind("kp", 0) == 0 && key != "kp5";
    if (arrows && is_arrow) {
      if (!arrows_written) named.emplace_back("arrows");
      arrows_written = true;
    } else if (keypad && is_keypad) {
      if (!keypad_written) named.emplace_back("keypad");
      keypad_written = true;
    } else {
      (key.size() == 1 ? printable : named).push_back(KeyNameForDocs(key));
    }
  }
  std::string text;
  for (const auto* list : {&printable, &named})
    for (const std::string& key : *list) text += (text.empty() ? "" : " ") + key;
  return text.empty() ? std::string("(unbound)") : text;
}

}  // namespace

std::string KeyNameForDocs(std::string_view key) {
  if (key.size() == 1) {
    if (key == "`") return "`` ` ``";
    if (key == "|") return "`\\|`";  // a table cell's own separator, escaped
    return "`" + std::string(key) + "`";
  }
  static constexpr std::string_view kNames[][2] = {
      {"space", "Space"},         {"enter", "Enter"},   {"escape", "Esc"},   {"tab", "Tab"},
      {"backspace", "Backspace"}, {"left", "Left"},     {"right", "Right"},  {"up", "Up"},
      {"down", "Down"},           {"home", "Home"},     {"end", "End"},      {"pgup", "PgUp"},
      {"pgdn", "PgDn"},           {"insert", "Insert"}, {"delete", "Delete"}};
  for (const auto& [name, shown] : kNames)
    if (key == name) return std::string(shown);
  if (key.size() == 3 && key.rfind("kp", 0) == 0) return "keypad " + std::string(1, key[2]);
  if (key.size() == 6 && key.rfind("ctrl-", 0) == 0)
    return "Ctrl-" + std::string(1, static_cast<char>(key[5] - 'a' + 'A'));
  return std::string(key);  // F1..F12
}

std::string KeysMarkdown(const KeyMap& keys) {
  return KeysMarkdown(keys, kKeyRows);
}

std::string KeysMarkdown(const KeyMap& keys, std::span<const KeyLine> rows) {
  std::string out = "| keys | does |\n| --- | --- |\n";
  for (const Line& line : Lines(rows)) {
    std::string cell;
    for (const auto& part : line.parts) cell += (cell.empty() ? "" : " / ") + PartKeys(keys, part);
    out += "| " + cell + " | " + line.text;
    if (!line.unknown.empty()) out += " (unknown action " + line.unknown + ")";
    out += " |\n";
  }
  return out;
}

}  // namespace cairn
