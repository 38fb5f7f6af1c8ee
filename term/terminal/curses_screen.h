// CursesScreen: the only code that talks to ncurses. It copies a TextGrid to the terminal in
// colour (256, 8, or none) with Unicode glyphs, and turns key presses into key names.
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

 private:
  ColourMode mode_ = ColourMode::Monochrome;
  PaletteKind palette_ = PaletteKind::Standard;
  bool utf8_ = false;
};

}  // namespace cairn
