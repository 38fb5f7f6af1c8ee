// The presenter and its tables: layout at the sizes players use, palettes, glyphs.
#include <catch2/catch.hpp>

#include <set>

#include "game/definitions.h"
#include "presenter/palette.h"
#include "presenter/presenter.h"
#include "view/extract.h"
#include "support/test_content.h"

using namespace cairn;

namespace {

RenderFrame SomeFrame() {
  const SessionConfig config = cairn::test::Config();
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::TryCreate(config, session) == Status::Ok);
  ExtractOptions options;
  options.debug = true;
  options.inspected = session->World().PlayerEntity();
  RenderFrame frame;
  Extract(*session, options, frame);
  return frame;
}

bool Shows(const TextGrid& grid, std::string_view text) {
  return grid.ToText().find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("below 80x24 the presenter asks for a larger terminal", "[presenter]") {
  const RenderFrame frame = SomeFrame();
  TextGrid grid(60, 20);
  Present(frame, PresenterState{}, grid);
  CHECK(Shows(grid, "Please make the terminal at least 80x24 (it is 60x20)."));
  CHECK_FALSE(Shows(grid, "HP "));
}

TEST_CASE("at 80x24 the debug pane takes turns with the log; wide screens put it beside",
          "[presenter]") {
  const RenderFrame frame = SomeFrame();
  PresenterState state;
  state.debug_pane = true;
  TextGrid small(80, 24);
  Present(frame, state, small);
  CHECK(Shows(small, "HP 30/30"));
  CHECK(Shows(small, "Entity{World="));
  CHECK_FALSE(Shows(small, "Welcome to cairn"));  // the log's rows belong to the pane now
  TextGrid wide(160, 50);
  Present(frame, state, wide);
  CHECK(Shows(wide, "Entity{World="));
  CHECK(Shows(wide, "Welcome to cairn"));  // beside: the log stays
  state.debug_pane = false;
  Present(frame, state, small);
  CHECK(Shows(small, "Welcome to cairn"));
}

TEST_CASE("every palette colour stands out against the black background", "[palette]") {
  for (PaletteKind kind : {PaletteKind::Standard, PaletteKind::ColourBlind}) {
    for (int c = 1; c < kColourCount; ++c) {
      const PaletteColour& p = ColourIn(kind, static_cast<Colour>(c));
      INFO("palette " << static_cast<int>(kind) << " colour " << c);
      CHECK(ContrastAgainstBlack(p.rgb) >= 4.5);  // WCAG AA for text
      CHECK(p.xterm256 >= 16);
      CHECK(p.basic >= 0);
      CHECK(p.basic <= 7);
    }
  }
}

TEST_CASE("no two colours of a palette look the same in 256 colours", "[palette]") {
  for (PaletteKind kind : {PaletteKind::Standard, PaletteKind::ColourBlind}) {
    std::set<int> indices;
    for (int c = 1; c < kColourCount; ++c)
      CHECK(indices.insert(ColourIn(kind, static_cast<Colour>(c)).xterm256).second);
  }
}

TEST_CASE("no two kinds of thing share a glyph and colour", "[palette]") {
  // Monsters, terrain, the player and stairs: each look names one thing.
  std::set<std::pair<std::uint32_t, int>> looks;
  for (const MonsterDefinition& m : cairn::test::Definitions()->monsters) {
    INFO(m.id);
    CHECK(looks.insert({m.glyph, static_cast<int>(m.colour)}).second);
    CHECK(looks.insert({static_cast<std::uint32_t>(m.ascii), 100 + static_cast<int>(m.colour)}).second);
  }
  for (int t = 0; t < kTerrainCount; ++t) {
    std::uint32_t glyph = 0;
    char ascii = 0;
    Colour colour = Colour::Default;
    TerrainLook(static_cast<Terrain>(t), glyph, ascii, colour);
    INFO(TerrainName(static_cast<Terrain>(t)));
    CHECK(looks.insert({glyph, static_cast<int>(colour)}).second);
    CHECK(looks.insert({static_cast<std::uint32_t>(ascii), 100 + static_cast<int>(colour)}).second);
  }
  CHECK(looks.insert({'@', static_cast<int>(Colour::White)}).second);
  CHECK(looks.insert({'>', static_cast<int>(Colour::Yellow)}).second);
}

TEST_CASE("a text grid clips, escapes control characters and reports its maps", "[presenter]") {
  TextGrid grid(5, 2);
  CHECK(grid.Text(3, 0, "abcdef", Colour::Red) == 2);
  grid.Text(0, 1, "a\x01\xE2\x99\xA6", Colour::Green, kAttrDim);
  CHECK(grid.ToText() == "   ab\na?\xE2\x99\xA6\n");
  CHECK(grid.ColourMap() == "...rr\nGGG\n");
  CHECK(grid.AttributeMap() == "\nddd\n");
}

TEST_CASE("the help screen wraps a long description instead of cutting it", "[presenter]") {
  const RenderFrame frame = SomeFrame();
  PresenterState state;
  state.screen = Screen::Help;
  state.help = {HelpLine{"Act", "o X", "explore until something happens, then stop and say what it was"},
                HelpLine{"Act", "Z", "rest"}};
  TextGrid grid(80, 24);  // one column: 59 characters for a description
  Present(frame, state, grid);
  const std::string text = grid.ToText();
  CHECK(text.find("explore until something happens, then stop and say what it\n") != std::string::npos);
  CHECK(text.find("\n                    was\n") != std::string::npos);  // the rest, under itself
  CHECK(text.find("    Z               rest") != std::string::npos);      // the next key follows
}
