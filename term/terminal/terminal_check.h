// Whether the terminal can show the game at all, asked of terminfo before curses starts.
#pragma once

#include <string>

namespace cairn {

// "" when the terminal named by TERM can draw the game; otherwise what it lacks, as the middle of
// a sentence: "this terminal (TERM=dumb) cannot move the cursor (no 'cup' capability)".
// curses itself does not refuse such a terminal: it starts, and every frame lands on one garbled
// line, so the game asks first.
[[nodiscard]] std::string WhyTerminalCannotPlay();

}  // namespace cairn
