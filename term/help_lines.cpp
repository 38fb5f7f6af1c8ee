#include "help_lines.h"

#include <algorithm>

#include "controller.h"
#include "view/legend.h"

namespace cairn {
namespace {

HelpLine Prose(std::string text) {
  HelpLine line;
  line.group = "The goal";
  line.description = std::move(text);
  line.part = "goal and status line";
  return line;
}

// The goal (docs/GAME.md, "The run"), with the keys and signs it names as this game has them.
void AddGoal(const KeyMap& keys, const DefinitionSet& definitions, std::vector<HelpLine>& out) {
  std::string prize = "the Cairnstone";
  for (const ItemDefinition& item : definitions.items)
    if (item.category == ItemCategory::Artifact)
      prize = "the " + item.name + " (" + std::string(1, item.ascii) + ")";
  out.push_back(Prose("Go down to the bottom floor for " + prize +
                      ", then carry it back up and out by the first floor's staircase up (" +
                      KeysText(keys, Action::Ascend) + ")."));
  out.push_back(Prose("One life: a death ends the run. Eat before you starve; rest (" +
                      KeysText(keys, Action::Rest) + ") heals you while you are fed."));
}

// The mouse and the sidebar (docs/TERMINAL.md): what a click and a pointer do, and what the
// sidebar (or, at 80 columns, the list over the map) holds.
void AddMouseAndSidebar(std::vector<HelpLine>& out) {
  const auto add = [&out](std::string group, std::string what, std::string text) {
    HelpLine line;
    line.group = std::move(group);
    line.keys = std::move(what);
    line.description = std::move(text);
    line.part = "mouse and sidebar";
    out.push_back(std::move(line));
  };
  add("Mouse", "click a cell",
      "travel there by the shortest known way (next to you: a step, a blow, a door)");
  add("Mouse", "point at one", "describe that cell on the message row");
  add("Mouse", "click an entry", "look at that monster from the sidebar");
  add("Mouse", "when aiming", "a click aims there; a second click throws or zaps");
  add("Sidebar", "from 100 cols",
      "hunger, conditions and their turns, the quiver, what lies here, and every monster in "
      "view with a health bar and what it is doing");
  add("Sidebar", "at 80 cols",
      "the monsters in view, four at most, over the map's top corner away from you");
}

}  // namespace

std::vector<HelpLine> HelpLines(const KeyMap& keys, const DefinitionSet& definitions) {
  std::vector<HelpLine> lines;
  for (const ActionInfo& info : AllActions()) {
    HelpLine line;
    line.group = std::string(info.group);
    line.keys = KeysText(keys, info.action);
    line.description = std::string(info.description);
    line.part = "keys";
    lines.push_back(std::move(line));
  }
  for (const MapSign& entry : MapLegend(definitions)) {
    HelpLine line;
    line.group = entry.group;
    line.description = entry.text;
    line.glyph = entry.glyph;
    line.ascii = entry.ascii;
    line.colour = entry.colour;
    line.part = "signs on the map";
    lines.push_back(std::move(line));
  }
  // Where nothing is drawn, and how a remembered place looks: not signs of their own.
  HelpLine unseen;
  unseen.group = "The map";
  unseen.keys = "(blank)";
  unseen.description = "not seen yet";
  unseen.part = "signs on the map";
  HelpLine dim = unseen;
  dim.keys = "(dim)";
  dim.description = "seen before, out of sight now: as you last saw it";
  const auto after_map = std::find_if(lines.begin(), lines.end(), [](const HelpLine& l) {
    return l.part == "signs on the map" && l.group != "The map";
  });
  lines.insert(lines.insert(after_map, dim), unseen);
  AddMouseAndSidebar(lines);
  AddGoal(keys, definitions, lines);
  for (HelpLine& line : StatusLineHelp()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace cairn
