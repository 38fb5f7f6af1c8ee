// One line of the message log: what was said, when, how often in a row, and how much it matters.
// Kept apart from the session so the render snapshot can carry a tone without the session.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cairn {

// How a message is shown: Warning and Danger are the ones a player must not miss (theft, hunger,
// low health, a floor's feeling, death): they get colour, and a --more-- where later messages
// would scroll them away unread. Good news is coloured too.
enum class MessageTone : std::uint8_t { Plain, Good, Warning, Danger };
inline constexpr int kMessageToneCount = 4;
// As saves write them.
inline constexpr std::string_view kMessageToneNames[kMessageToneCount] = {"plain", "good",
                                                                          "warning", "danger"};

[[nodiscard]] constexpr bool Important(MessageTone tone) noexcept {
  return tone == MessageTone::Warning || tone == MessageTone::Danger;
}

struct Message {
  std::int64_t tick = 0;  // when it was (last) said
  std::string text;
  std::uint32_t count = 1;  // said this many times in a row: shown as "text x6"
  MessageTone tone = MessageTone::Plain;
  std::uint64_t said = 0;  // the session's count of messages said when it was (last) said
};

// One line of the run's notes: its story in a player's words, as DCSS keeps them ("Reached depth
// 3.", "Drank a murky potion: it was a potion of haste.", "Killed by a goblin."), with the turn and
// the depth it happened on. The end screen and the morgue file show them as a table.
struct Note {
  std::int32_t turn = 0;
  std::int32_t depth = 0;
  std::string text;
};
inline constexpr std::size_t kMaxNotes = 500;  // a run keeps its first 500 (a save holds them all)

// The notes as a table: a heading row (" Turn  Depth  What happened") and one row each, the
// numbers right-aligned; "nothing noted" when there are none. The morgue and the end screen.
[[nodiscard]] inline std::vector<std::string> NoteRows(std::span<const Note> notes) {
  std::vector<std::string> rows;
  if (notes.empty()) {
    rows.push_back("nothing noted");
    return rows;
  }
  const auto right = [](const std::string& text, std::size_t width) {
    return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
  };
  rows.push_back(" Turn  Depth  What happened");
  for (const Note& n : notes)
    rows.push_back(right(std::to_string(n.turn), 5) + "  " + right(std::to_string(n.depth), 5) +
                   "  " + n.text);
  return rows;
}

// "There is nothing in view to fight. x6" for a message said six times in a row.
[[nodiscard]] inline std::string ShownText(const Message& m) {
  return m.count > 1 ? m.text + " x" + std::to_string(m.count) : m.text;
}

}  // namespace cairn
