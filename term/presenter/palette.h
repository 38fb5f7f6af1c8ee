// Palettes: what each of the game's colours looks like on a terminal, in 256 colours, in the 8
// basic ones, and in a colour-blind-safe set (after Okabe and Ito). Tests check every palette for
// contrast against the black background and for colours that would look alike.
#pragma once

#include <array>
#include <cstdint>

#include "game/components.h"

namespace cairn {

enum class PaletteKind : std::uint8_t { Standard, ColourBlind };

struct PaletteColour {
  std::array<std::uint8_t, 3> rgb;  // what the 256-colour index shows on xterm
  std::int16_t xterm256;            // index into the 256-colour table (-1: terminal default)
  std::int16_t basic;               // one of the 8 basic colours (0 black .. 7 white, -1 default)
  bool bold_in_basic;               // drawn bold in 8-colour mode, to tell it from its dark twin
};

[[nodiscard]] const PaletteColour& ColourIn(PaletteKind kind, Colour colour) noexcept;

// WCAG relative-luminance contrast ratio of an sRGB colour against black (1..21).
[[nodiscard]] double ContrastAgainstBlack(const std::array<std::uint8_t, 3>& rgb) noexcept;

}  // namespace cairn
