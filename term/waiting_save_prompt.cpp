#include "waiting_save_prompt.h"

#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "base/terminal_text.h"

namespace cairn {
namespace {

// One key from the terminal without waiting for Enter, then whatever else is pending is
// discarded (the rest of an escape sequence, keys typed ahead), so none of it reaches the game.
// 0 at end of input, on an error, or when a signal interrupts the wait (the caller's terminal
// guard then says which: play_command.cpp stops, the terminal as it was).
char ReadOneKey() {
  termios saved{};
  const bool raw = ::tcgetattr(STDIN_FILENO, &saved) == 0;
  if (raw) {
    termios one = saved;
    one.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));
    one.c_cc[VMIN] = 1;
    one.c_cc[VTIME] = 0;
    ::tcsetattr(STDIN_FILENO, TCSANOW, &one);
  }
  char key = 0;
  ssize_t n = 0;
  n = ::read(STDIN_FILENO, &key, 1);
  if (raw) {
    ::tcflush(STDIN_FILENO, TCIFLUSH);
    ::tcsetattr(STDIN_FILENO, TCSANOW, &saved);
  }
  return n == 1 ? key : 0;
}

// `text` broken between words to the terminal's width (at most 100 columns), so the terminal
// never breaks a number or a word.
std::string Wrapped(const std::string& text) {
  winsize size{};
  std::size_t width = 80;
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20) width = size.ws_col;
  width = std::min<std::size_t>(width - 1, 100);
  std::string out, line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    at = end + 1;
  }
  return out + line;
}

}  // namespace

WaitingSaveChoice AskAboutWaitingSave(const WaitingSavePrompt& prompt) {
  const std::string what = prompt.description.empty() ? "" : " (" + prompt.description + ")";
  if (!::isatty(STDIN_FILENO)) {
    std::cout << "cairn: a saved game waits in " << EscapeForTerminal(prompt.path) << what
              << "; it is kept, and this new game will not be saved.\n";
    return WaitingSaveChoice::Keep;
  }
  std::cout << Wrapped("A saved game waits in " + EscapeForTerminal(prompt.path) + what + ".")
            << "\n"
            << "A new game does not replace it unless you say so:\n";
  if (prompt.may_resume) std::cout << "  r  resume the saved game instead\n";
  std::cout << "  k  keep the saved game; the new game will not be saved (the default)\n"
            << "  a  abandon the saved game, and play and save the new one\n"
            << (prompt.may_resume ? "Your choice [r/k/a]: " : "Your choice [k/a]: ") << std::flush;
  const char key = ReadOneKey();
  std::cout << (key >= 0x20 && key < 0x7f ? std::string(1, key) : std::string()) << "\n";
  if ((key == 'r' || key == 'R') && prompt.may_resume) return WaitingSaveChoice::Resume;
  if (key == 'a' || key == 'A') {
    std::cout << "Abandon the saved game for good? It cannot be undone. [y/N]: " << std::flush;
    const char sure = ReadOneKey();
    std::cout << (sure >= 0x20 && sure < 0x7f ? std::string(1, sure) : std::string()) << "\n";
    if (sure == 'y' || sure == 'Y') return WaitingSaveChoice::Abandon;
    std::cout << "The saved game is kept.\n";
  }
  return WaitingSaveChoice::Keep;
}

}  // namespace cairn
