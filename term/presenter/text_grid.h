// TextGrid: a screen as a value. The presenter lays a frame out into a grid; curses copies the
// grid to the terminal, and golden-frame tests print it as text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/components.h"

namespace cairn {

enum CellAttribute : std::uint8_t {
  kAttrNone = 0,
  kAttrDim = 1,
  kAttrBold = 2,
  kAttrReverse = 4,
  kAttrUnderline = 8  // an ally of the player's: the same letter as its kind, marked as a friend
};

struct GridCell {
  std::uint32_t glyph = ' ';
  Colour colour = Colour::Default;
  std::uint8_t attributes = kAttrNone;
  friend bool operator==(const GridCell&, const GridCell&) = default;
};

class TextGrid {
 public:
  TextGrid(std::int32_t width, std::int32_t height)
      : width_(width),
        height_(height),
        cells_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {}

  [[nodiscard]] std::int32_t Width() const noexcept { return width_; }
  [[nodiscard]] std::int32_t Height() const noexcept { return height_; }
  [[nodiscard]] const GridCell& At(std::int32_t x, std::int32_t y) const {
    return cells_[Index(x, y)];
  }
  void Put(std::int32_t x, std::int32_t y, std::uint32_t glyph, Colour colour = Colour::Default,
           std::uint8_t attributes = kAttrNone) noexcept;
  void SetAttributes(std::int32_t x, std::int32_t y, std::uint8_t attributes) noexcept;
  // Writes UTF-8 `text` from (x, y), at most `max_width` characters (and never past the edge).
  // Returns the number of cells written.
  std::int32_t Text(std::int32_t x, std::int32_t y, std::string_view text,
                    Colour colour = Colour::Default, std::uint8_t attributes = kAttrNone,
                    std::int32_t max_width = 1 << 30) noexcept;
  void Clear(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h) noexcept;

  // The characters, one line per row, trailing spaces removed (UTF-8).
  [[nodiscard]] std::string ToText() const;
  // One letter per cell for its colour ('.' default, w white, g grey, r red, G green, y yellow,
  // b blue, m magenta, c cyan, o orange, n brown, p purple), upper case when dim.
  [[nodiscard]] std::string ColourMap() const;
  // One letter per cell for its attributes ('.' none, d dim, B bold, R reverse).
  [[nodiscard]] std::string AttributeMap() const;

 private:
  // The cell's place in cells_, in size_t so a large grid's product cannot overflow an int.
  [[nodiscard]] std::size_t Index(std::int32_t x, std::int32_t y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  std::int32_t width_;
  std::int32_t height_;
  std::vector<GridCell> cells_;
};

}  // namespace cairn
