#include "sim/run_summary.h"

#include "sim/narrator.h"

namespace cairn {

std::string FormatRunSummary(const GameSession& session, const std::string& header) {
  RunSummary s = session.Summary();
  if (!s.ended) FillSummary(session.World(), s);
  std::string out = header + "\n\n";
  out += "Seed " + std::to_string(session.Config().seed) + ", a dungeon " +
         std::to_string(session.FloorCount()) + " floors deep.\n";
  if (s.won)
    out += "ESCAPED: " + s.cause + ".\n";
  else if (s.ended)
    out += "DIED: " + s.cause + ".\n";
  else
    out += "Still alive on depth " + std::to_string(session.Depth()) + " when the run was left.\n";
  out += "\nNotes:\n";
  for (const std::string& row : NoteRows(session.Log().Notes())) out += "  " + row + "\n";
  out += "\n";
  out += "Character: experience level " + std::to_string(s.level) + ", " +
         std::to_string(s.health < 0 ? 0 : s.health) + " of " + std::to_string(s.max_health) +
         " hit points at the end.\n";
  out += "Depth: reached " + std::to_string(s.deepest) + ", ended on " + std::to_string(s.depth) +
         ".\n";
  out += "Turns: " + std::to_string(s.turns) + " (tick " + std::to_string(s.tick) + ").\n";
  out += "Kills: " + std::to_string(s.kills) + ".\n\n";
  out += "Carried:\n";
  if (s.items.empty()) out += "  nothing\n";
  for (const std::string& item : s.items) out += "  " + item + "\n";
  out += "\nDiscoveries:\n";
  if (s.discoveries.empty()) out += "  none\n";
  for (const std::string& found : s.discoveries) out += "  " + found + "\n";
  out += "\nLast messages:\n";
  const auto& messages = session.Log().Messages();
  for (std::size_t i = messages.size() > 15 ? messages.size() - 15 : 0; i < messages.size(); ++i)
    out += "  " + ShownText(messages[i]) + "\n";
  if (!s.why.empty()) {
    // The engine's own account, for the curious: entities as kind and slot:generation.
    out +=
        "\nFor the curious, the engine's account of the end (docs/DEBUGGING.md, \"why\"), "
        "newest first:\n";
    for (const std::string& link : s.why) out += "  " + link + "\n";
    if (s.why_left_out > 0)
      out += "  (" + std::to_string(s.why_left_out) + " earlier link" +
             (s.why_left_out == 1 ? "" : "s") + " left out)\n";
  }
  return out;
}

}  // namespace cairn
