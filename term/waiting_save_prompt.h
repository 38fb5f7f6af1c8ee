// What to do with a waiting save when the player asks for a new game (`cairn --seed N`,
// `--level`, `--record`). Asked on the terminal before the game takes it over, as NetHack asks
// about a game in progress; keeping the save is the default, so a stray key, an Enter, a closed
// terminal or a script loses nothing.
#pragma once

#include <string>

namespace cairn {

enum class WaitingSaveChoice : unsigned char {
  Resume,   // play the saved game instead of the new one
  Keep,     // play the new game, and never save over or remove the waiting one
  Abandon,  // remove the waiting save (confirmed twice) and play the new game as its owner
};

struct WaitingSavePrompt {
  std::string path;         // the waiting save
  std::string description;  // "seed 42, depth 3, saved 2026-12-01 11:02 UTC", or empty
  bool may_resume = true;   // false when the new game cannot be a resumed one (--record)
};

// Asks on standard input and output, one key at a time. When standard input is not a terminal,
// asks nothing, says the save is kept, and answers Keep.
[[nodiscard]] WaitingSaveChoice AskAboutWaitingSave(const WaitingSavePrompt& prompt);

}  // namespace cairn
