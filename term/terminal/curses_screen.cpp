#include "terminal/curses_screen.h"

#include <curses.h>
#include <langinfo.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "mouse.h"

namespace cairn {
namespace {

constexpr char kMotionOn[] = "\033[?1003h";
constexpr char kMotionOff[] = "\033[?1003l";

void Send(const char* text, std::size_t size) noexcept {
  ssize_t ignored = ::write(STDOUT_FILENO, text, size);
  (void)ignored;
}

// Ctrl-Z: ncurses's own handler leaves curses, stops the process and, once resumed, puts the
// screen back; around it, motion reports are turned off for the shell and on again for the game.
struct sigaction g_curses_suspend;
void OnSuspend(int signal) {
  Send(kMotionOff, sizeof kMotionOff - 1);
  g_curses_suspend.sa_handler(signal);
  Send(kMotionOn, sizeof kMotionOn - 1);
}

}  // namespace

CursesScreen::CursesScreen(const ScreenOptions& options) : palette_(options.palette) {
  std::setlocale(LC_ALL, "");
  const char* codeset = nl_langinfo(CODESET);
  utf8_ = codeset != nullptr &&
          (std::strcmp(codeset, "UTF-8") == 0 || std::strcmp(codeset, "utf8") == 0);
  setenv("ESCDELAY", "25", 0);  // Escape answers at once, not after a second
  initscr();
  cbreak();
  noecho();
  nonl();
  // Ctrl-S and Ctrl-Q are keys here, not the terminal's flow control (which would freeze the
  // screen while keys still play unseen, and keep a key map's binding of them from firing). Off
  // in the program's modes, which ncurses puts back after a suspend; endwin (and TerminalGuard)
  // give the shell the modes it had.
  if (termios modes{}; ::tcgetattr(STDIN_FILENO, &modes) == 0) {
    modes.c_iflag &= static_cast<tcflag_t>(~IXON);
    ::tcsetattr(STDIN_FILENO, TCSANOW, &modes);
    def_prog_mode();
  }
  keypad(stdscr, TRUE);
  curs_set(0);
  const char* no_color = std::getenv("NO_COLOR");
  const bool mono =
      options.force_monochrome || (no_color != nullptr && no_color[0] != '\0') || !has_colors();
  if (!mono) {
    start_color();
    use_default_colors();
    mode_ = COLORS >= 256 ? ColourMode::Colour256 : ColourMode::Colour8;
    for (int c = 1; c < kColourCount; ++c) {
      const PaletteColour& p = ColourIn(palette_, static_cast<Colour>(c));
      const short fg = mode_ == ColourMode::Colour256 ? p.xterm256 : p.basic;
      init_pair(static_cast<short>(c), fg, -1);
    }
  }
  if (options.mouse && mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, nullptr) != 0) {
    mouse_ = true;
    mouseinterval(0);
    Send(kMotionOn, sizeof kMotionOn - 1);
    // Chained to ncurses's suspend handler only when it installed one (a function to call).
    struct sigaction current;
    if (sigaction(SIGTSTP, nullptr, &current) == 0 && (current.sa_flags & SA_SIGINFO) == 0 &&
        current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN) {
      g_curses_suspend = current;
      struct sigaction chained = current;
      chained.sa_handler = OnSuspend;
      sigaction(SIGTSTP, &chained, nullptr);
    }
  }
}

CursesScreen::~CursesScreen() {
  if (mouse_) {
    Send(kMotionOff, sizeof kMotionOff - 1);
    mousemask(0, nullptr);
  }
  if (!isendwin()) endwin();
}

std::int32_t CursesScreen::Width() const {
  return COLS;
}
std::int32_t CursesScreen::Height() const {
  return LINES;
}

void CursesScreen::FlushInput() {
  flushinp();
}

void CursesScreen::Draw(const TextGrid& grid) {
  for (std::int32_t y = 0; y < grid.Height() && y < LINES; ++y) {
    for (std::int32_t x = 0; x < grid.Width() && x < COLS; ++x) {
      const GridCell& cell = grid.At(x, y);
      attr_t attributes = A_NORMAL;
      short pair = 0;
      if (mode_ != ColourMode::Monochrome && cell.colour != Colour::Default) {
        pair = static_cast<short>(cell.colour);
        if (mode_ == ColourMode::Colour8 && ColourIn(palette_, cell.colour).bold_in_basic)
          attributes |= A_BOLD;
      }
      if (cell.attributes & kAttrDim) attributes |= A_DIM;
      if (cell.attributes & kAttrBold) attributes |= A_BOLD;
      if (cell.attributes & kAttrReverse) attributes |= A_REVERSE;
      if (cell.attributes & kAttrUnderline) attributes |= A_UNDERLINE;
      std::uint32_t glyph = cell.glyph;
      if (!utf8_ && glyph >= 0x80) glyph = '?';
      wchar_t text[2] = {static_cast<wchar_t>(glyph), L'\0'};
      cchar_t cc;
      setcchar(&cc, text, attributes, pair, nullptr);
      mvadd_wch(y, x, &cc);  // the bottom-right cell may report ERR (it would scroll): harmless
    }
  }
  refresh();
}

std::string CursesScreen::ReadMouse() {
  MEVENT event;
  if (getmouse(&event) != OK) return "";
  MouseEvent mouse{MouseKind::Click, event.x, event.y};
  if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return MouseKeyName(mouse);
  // Motion with no button held; a release, another button or the wheel mean nothing yet.
  if (event.bstate & REPORT_MOUSE_POSITION) {
    mouse.kind = MouseKind::Hover;
    return MouseKeyName(mouse);
  }
  return "";
}

// No key came: a wait that ran out, or input that is gone. A terminal that hung up polls as hung up
// or as readable with nothing to read (end of file); either way every later read returns at once,
// so without this the game would spin.
void CursesScreen::CheckInput() noexcept {
  pollfd input{STDIN_FILENO, POLLIN, 0};
  const int ready = ::poll(&input, 1, 0);
  if (ready < 0) {
    input_gone_ = input_gone_ || errno != EINTR;
    return;
  }
  if (ready == 0) return;
  if ((input.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0) {
    input_gone_ = true;
    return;
  }
  int waiting = 0;
  if ((input.revents & POLLIN) != 0 && ::ioctl(STDIN_FILENO, FIONREAD, &waiting) == 0 &&
      waiting == 0)
    input_gone_ = true;
}

std::string CursesScreen::ReadKey(int timeout_ms) {
  timeout(timeout_ms);
  wint_t key = 0;
  const int kind = get_wch(&key);
  if (kind == ERR) {
    CheckInput();
    return "";
  }
  if (kind == KEY_CODE_YES) {
    switch (key) {
      case KEY_RESIZE: return "resize";
      case KEY_MOUSE: return ReadMouse();
      case KEY_BTAB: return "shift-tab";
      case KEY_LEFT: return "left";
      case KEY_RIGHT: return "right";
      case KEY_UP: return "up";
      case KEY_DOWN: return "down";
      case KEY_HOME: return "home";
      case KEY_END: return "end";
      case KEY_PPAGE: return "pgup";
      case KEY_NPAGE: return "pgdn";
      case KEY_IC: return "insert";
      case KEY_DC: return "delete";
      case KEY_BACKSPACE: return "backspace";
      case KEY_ENTER: return "enter";
      case KEY_A1: return "kp7";
      case KEY_A3: return "kp9";
      case KEY_B2: return "kp5";
      case KEY_C1: return "kp1";
      case KEY_C3: return "kp3";
      default:
        for (int f = 1; f <= 12; ++f)
          if (key == static_cast<wint_t>(KEY_F(f))) return "F" + std::to_string(f);
        return "";
    }
  }
  switch (key) {
    case 27: return "escape";
    case '\r':
    case '\n': return "enter";
    case '\t': return "tab";
    case 127:
    case 8: return "backspace";
    case ' ': return "space";
    default: break;
  }
  if (key >= 1 && key <= 26) return std::string("ctrl-") + static_cast<char>('a' + key - 1);
  if (key > 32 && key < 127) return std::string(1, static_cast<char>(key));
  return "";
}

}  // namespace cairn
