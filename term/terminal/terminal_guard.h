// TerminalGuard: the terminal is always given back as it was found.
//
// It saves the terminal modes (termios) before curses starts, and restores them on normal exit,
// on SIGINT, SIGTERM and SIGHUP (which only set a flag the game loop reads, so it can shut down
// in an orderly way), and on a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT: restore with
// async-signal-safe calls, then re-raise so the process still dies of its signal). SIGTSTP is
// left to ncurses, which suspends and resumes cleanly.
#pragma once

#include <csignal>

namespace cairn {

class TerminalGuard {
 public:
  TerminalGuard();
  ~TerminalGuard();
  TerminalGuard(const TerminalGuard&) = delete;
  TerminalGuard& operator=(const TerminalGuard&) = delete;

  // The signal that asked the game to stop (SIGINT, SIGTERM, SIGHUP), or 0.
  [[nodiscard]] static int StopRequested() noexcept;
  // Asks the game to stop as `signal` would (a terminal whose input ended stops as on SIGHUP).
  static void RequestStop(int signal) noexcept;
  // Puts the terminal back now (idempotent): leaves curses, restores the saved modes.
  static void Restore() noexcept;
};

}  // namespace cairn
