// CursesScreen: the only code that talks to ncurses. It copies a TextGrid to the terminal in
// colour (256, 8, or none) with Unicode glyphs, and turns key presses into key names and mouse
// events into the key names of mouse.h.
//
// The mouse: ncurses reports presses (mousemask; mouseinterval 0, so a press comes at once, not
// after a wait to see whether it was a click) in whichever protocol the terminfo entry names
// (xterm-256color: SGR 1006). Pointer motion needs the terminal's any-motion mode, which ncurses
// does not ask for: "\033[?1003h" turns it on, and it is turned off again at exit, on a crash
// (TerminalGuard) and around a suspend (Ctrl-Z), so the shell never receives motion reports.
#pragma once

#include <cstdint>
#include <string>

#include "presenter/palette.h"
#include "presenter/text_grid.h"

namespace cairn {

enum class ColourMode : std::uint8_t { Colour256, Colour8, Monochrome };

struct ScreenOptions {
  bool force_monochrome = false;  // --mono, or NO_COLOR in the environment
  PaletteKind palette = PaletteKind::Standard;
  bool mouse = true;  // clicks and pointer motion (off with --no-mouse)
};

class CursesScreen {
 public:
  explicit CursesScreen(const ScreenOptions& options);
  ~CursesScreen();
  CursesScreen(const CursesScreen&) = delete;
  CursesScreen& operator=(const CursesScreen&) = delete;

  [[nodiscard]] std::int32_t Width() const;
  [[nodiscard]] std::int32_t Height() const;
  [[nodiscard]] ColourMode Mode() const noexcept { return mode_; }
  // Whether the terminal's character set is UTF-8 (otherwise draw ASCII).
  [[nodiscard]] bool Utf8() const noexcept { return utf8_; }

  void Draw(const TextGrid& grid);
  // The next key as a key name ("h", "left", "kp7", "F5", "ctrl-p", "resize"), or "" when none
  // arrived within `timeout_ms`.
  [[nodiscard]] std::string ReadKey(int timeout_ms);
  // Drops every key typed and not yet read.
  void FlushInput();
  // Whether the terminal's input has ended or failed (it hung up, or it was closed without a
  // hang-up signal): found when a read comes back with no key, and kept from then on.
  [[nodiscard]] bool InputGone() const noexcept { return input_gone_; }

 private:
  [[nodiscard]] std::string ReadMouse();
  void CheckInput() noexcept;
  bool mouse_ = false;
  bool input_gone_ = false;
  ColourMode mode_ = ColourMode::Monochrome;
  PaletteKind palette_ = PaletteKind::Standard;
  bool utf8_ = false;
};

}  // namespace cairn
