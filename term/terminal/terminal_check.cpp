// Kept apart from curses_screen.cpp: <term.h> defines a macro for every terminfo capability
// name (lines, columns, cup...), which must not leak into code that draws.
#include "terminal/terminal_check.h"

#include <curses.h>
#include <term.h>
#include <unistd.h>

#include <cstdlib>

#include "base/terminal_text.h"

namespace cairn {

std::string WhyTerminalCannotPlay() {
  const char* name = std::getenv("TERM");
  if (name == nullptr || name[0] == '\0') return "no terminal is named (TERM is not set)";
  const std::string which = "this terminal (TERM=" + EscapeForTerminal(name) + ")";
  int error = 0;
  // With `error` given, setupterm says nothing itself and reports why it failed there.
  if (setupterm(nullptr, STDOUT_FILENO, &error) != OK) {
    if (error == 1) return which + " is a printing terminal: it cannot move the cursor";
    if (error == -1)
      return "the terminfo database cannot be found, so " + which + " cannot be drawn on";
    return which + " is not in the terminfo database";
  }
  const char* cup = tigetstr("cup");
  // tigetstr answers null for a capability the terminal lacks, (char*)-1 for a name it does not
  // know.
  const bool addressable = cup != nullptr && cup != reinterpret_cast<char*>(-1);
  del_curterm(cur_term);  // initscr reads the description again for itself
  if (!addressable) return which + " cannot move the cursor (no 'cup' capability)";
  return "";
}

}  // namespace cairn
