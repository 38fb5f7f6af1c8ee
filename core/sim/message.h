// One line of the message log: what was said, when, how often in a row, and how much it matters.
// Kept apart from the session so the render snapshot can carry a tone without the session.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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

// "There is nothing in view to fight. x6" for a message said six times in a row.
[[nodiscard]] inline std::string ShownText(const Message& m) {
  return m.count > 1 ? m.text + " x" + std::to_string(m.count) : m.text;
}

}  // namespace cairn
