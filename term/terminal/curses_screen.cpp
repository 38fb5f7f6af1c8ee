#include "terminal/curses_screen.h"

#include <curses.h>
#include <langinfo.h>

#include <clocale>
#include <cstdlib>
#include <cstring>

namespace cairn {

CursesScreen::CursesScreen(const ScreenOptions& options) : palette_(options.palette) {
  std::setlocale(LC_ALL, "");
  const char* codeset = nl_langinfo(CODESET);
  utf8_ = codeset != nullptr && (std::strcmp(codeset, "UTF-8") == 0 || std::strcmp(codeset, "utf8") == 0);
  setenv("ESCDELAY", "25", 0);  // Escape answers at once, not after a second
  initscr();
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  curs_set(0);
  const char* no_color = std::getenv("NO_COLOR");
  const bool mono = options.force_monochrome || (no_color != nullptr && no_color[0] != '\0') || !has_colors();
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
}

CursesScreen::~CursesScreen() {
  if (!isendwin()) endwin();
}

std::int32_t CursesScreen::Width() const { return COLS; }
std::int32_t CursesScreen::Height() const { return LINES; }

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

std::string CursesScreen::ReadKey(int timeout_ms) {
  timeout(timeout_ms);
  wint_t key = 0;
  const int kind = get_wch(&key);
  if (kind == ERR) return "";
  if (kind == KEY_CODE_YES) {
    switch (key) {
      case KEY_RESIZE: return "resize";
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
