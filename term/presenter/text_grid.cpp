#include "presenter/text_grid.h"

#include "base/utf8.h"

namespace cairn {

void TextGrid::Put(std::int32_t x, std::int32_t y, std::uint32_t glyph, Colour colour,
                   std::uint8_t attributes) noexcept {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  cells_[Index(x, y)] = GridCell{glyph, colour, attributes};
}

void TextGrid::SetAttributes(std::int32_t x, std::int32_t y, std::uint8_t attributes) noexcept {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  cells_[Index(x, y)].attributes = attributes;
}

std::int32_t TextGrid::Text(std::int32_t x, std::int32_t y, std::string_view text, Colour colour,
                            std::uint8_t attributes, std::int32_t max_width) noexcept {
  std::int32_t written = 0;
  for (std::size_t i = 0; i < text.size() && written < max_width && x + written < width_;) {
    std::uint32_t cp = '?';
    std::size_t length = 1;
    if (!DecodeUtf8(text, i, cp, length)) cp = '?';  // a broken byte shows as '?', one cell
    if (cp < 0x20 || cp == 0x7F) cp = '?';           // never a control character on screen
    Put(x + written, y, cp, colour, attributes);
    ++written;
    i += length;
  }
  return written;
}

void TextGrid::Clear(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h) noexcept {
  for (std::int32_t row = y; row < y + h; ++row)
    for (std::int32_t col = x; col < x + w; ++col) Put(col, row, ' ');
}

std::string TextGrid::ToText() const {
  std::string out;
  for (std::int32_t y = 0; y < height_; ++y) {
    std::string line;
    for (std::int32_t x = 0; x < width_; ++x) AppendUtf8(line, At(x, y).glyph);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

std::string TextGrid::ColourMap() const {
  static constexpr char kLetters[] = ".wgrGybmconp";
  std::string out;
  for (std::int32_t y = 0; y < height_; ++y) {
    std::string line;
    for (std::int32_t x = 0; x < width_; ++x) {
      const GridCell& c = At(x, y);
      char letter = c.glyph == ' ' ? '.' : kLetters[static_cast<std::size_t>(c.colour) % 12];
      if ((c.attributes & kAttrDim) != 0 && letter >= 'a' && letter <= 'z')
        letter = static_cast<char>(letter - 32);
      line += letter;
    }
    while (!line.empty() && line.back() == '.') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

std::string TextGrid::AttributeMap() const {
  std::string out;
  for (std::int32_t y = 0; y < height_; ++y) {
    std::string line;
    for (std::int32_t x = 0; x < width_; ++x) {
      const std::uint8_t a = At(x, y).attributes;
      line += (a & kAttrReverse)     ? 'R'
              : (a & kAttrBold)      ? 'B'
              : (a & kAttrUnderline) ? 'U'
              : (a & kAttrDim)       ? 'd'
                                     : '.';
    }
    while (!line.empty() && line.back() == '.') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace cairn
