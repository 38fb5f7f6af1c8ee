#include "presenter/palette.h"

#include <cmath>

namespace cairn {
namespace {

// Index order follows the Colour enum: Default, White, Grey, Red, Green, Yellow, Blue, Magenta,
// Cyan, Orange, Brown, Purple. Basic colours: 0 black 1 red 2 green 3 yellow 4 blue 5 magenta
// 6 cyan 7 white.
constexpr PaletteColour kStandard[] = {
    {{208, 208, 208}, -1, -1, false},  // default
    {{255, 255, 255}, 231, 7, true},   // white
    {{138, 138, 138}, 245, 7, false},  // grey
    {{255, 95, 95}, 203, 1, true},     // red
    {{95, 215, 95}, 77, 2, true},      // green
    {{255, 255, 95}, 227, 3, true},    // yellow
    {{95, 135, 255}, 69, 4, true},     // blue
    {{255, 95, 255}, 207, 5, true},    // magenta
    {{95, 255, 255}, 87, 6, true},     // cyan
    {{255, 175, 0}, 214, 3, false},    // orange
    {{175, 135, 95}, 137, 3, false},   // brown
    {{175, 135, 255}, 141, 5, false},  // purple
};

// Okabe-Ito: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple, which stay
// apart for the common forms of colour blindness. Red becomes vermillion and green bluish green.
constexpr PaletteColour kColourBlind[] = {
    {{208, 208, 208}, -1, -1, false},  // default
    {{255, 255, 255}, 231, 7, true},   // white
    {{138, 138, 138}, 245, 7, false},  // grey
    {{255, 95, 0}, 202, 1, true},      // red -> vermillion
    {{0, 175, 135}, 36, 2, true},      // green -> bluish green
    {{255, 255, 95}, 227, 3, true},    // yellow
    {{0, 135, 255}, 33, 4, true},      // blue
    {{215, 135, 175}, 175, 5, true},   // magenta -> reddish purple
    {{95, 175, 255}, 75, 6, true},     // cyan -> sky blue
    {{255, 175, 0}, 214, 3, false},    // orange
    {{175, 135, 95}, 137, 3, false},   // brown
    {{175, 135, 255}, 141, 5, false},  // purple
};
static_assert(std::size(kStandard) == kColourCount);
static_assert(std::size(kColourBlind) == kColourCount);

double Linear(std::uint8_t channel) {
  const double c = channel / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

}  // namespace

const PaletteColour& ColourIn(PaletteKind kind, Colour colour) noexcept {
  const auto i = static_cast<std::size_t>(colour) % kColourCount;
  return kind == PaletteKind::ColourBlind ? kColourBlind[i] : kStandard[i];
}

double ContrastAgainstBlack(const std::array<std::uint8_t, 3>& rgb) noexcept {
  const double l = 0.2126 * Linear(rgb[0]) + 0.7152 * Linear(rgb[1]) + 0.0722 * Linear(rgb[2]);
  return (l + 0.05) / 0.05;
}

}  // namespace cairn
