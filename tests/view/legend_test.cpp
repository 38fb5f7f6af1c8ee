#include "view/legend.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "base/utf8.h"
#include "game/tile_map.h"
#include "sim/run_outcome.h"
#include "support/source_files.h"
#include "support/test_content.h"
#include "view/extract.h"

namespace legend_test {

using namespace cairn;

namespace {

std::string Sign(std::uint32_t glyph) {
  std::string text;
  AppendUtf8(text, glyph);
  return text;
}

bool InLegend(const std::vector<MapSign>& legend, std::uint32_t glyph, char ascii, Colour colour) {
  return std::any_of(legend.begin(), legend.end(), [&](const MapSign& e) {
    return e.glyph == glyph && e.ascii == ascii && e.colour == colour;
  });
}

// docs/GAME.md's legend: its "## The screen" section, up to the next section.
std::string GameMdLegend() {
  const std::string doc = test::SourceFile("docs/GAME.md");
  const std::size_t start = doc.find("\n## The screen\n");
  REQUIRE(start != std::string::npos);
  return doc.substr(start, doc.find("\n## ", start + 1) - start);
}

}  // namespace

TEST_CASE("the legend has every terrain, the player, the stairs and the remains, as drawn",
          "[view]") {
  const auto legend = MapLegend(*test::Definitions());
  for (int t = 0; t < kTerrainCount; ++t) {
    std::uint32_t glyph = 0;
    char ascii = 0;
    Colour colour{};
    TerrainLook(static_cast<Terrain>(t), glyph, ascii, colour);
    INFO(TerrainName(static_cast<Terrain>(t)));
    CHECK(InLegend(legend, glyph, ascii, colour));
  }
  CHECK(InLegend(legend, '@', '@', Colour::White));
  CHECK(InLegend(legend, '>', '>', Colour::Yellow));
  CHECK(InLegend(legend, '<', '<', Colour::Yellow));
  CHECK(InLegend(legend, kRemainsGlyph, kRemainsAscii, kRemainsColour));
  // The chasm and the water the issue found missing, in words.
  const auto chasm =
      std::find_if(legend.begin(), legend.end(), [](const MapSign& e) { return e.glyph == ':'; });
  REQUIRE(chasm != legend.end());
  CHECK(chasm->text.rfind("chasm", 0) == 0);
  const auto water = std::find_if(legend.begin(), legend.end(),
                                  [](const MapSign& e) { return e.glyph == 0x2248; });
  REQUIRE(water != legend.end());
  CHECK(water->ascii == '~');
  CHECK(water->text.rfind("shallow water", 0) == 0);
}

TEST_CASE("the legend is made from the definitions: every monster and item sign is in it",
          "[view]") {
  DefinitionSet definitions = *test::Definitions();
  auto legend = MapLegend(definitions);
  for (const MonsterDefinition& m : definitions.monsters) {
    INFO(m.id);
    CHECK(InLegend(legend, m.glyph, m.ascii, m.colour));
  }
  for (const ItemDefinition& i : definitions.items) {
    INFO(i.id);
    const bool found = std::any_of(legend.begin(), legend.end(), [&](const MapSign& e) {
      return e.group == "Items" && e.glyph == i.glyph && e.ascii == i.ascii;
    });
    CHECK(found);
  }
  // Kinds known at sight are named; kinds learnt by use are not given away.
  const auto weapons = std::find_if(legend.begin(), legend.end(), [](const MapSign& e) {
    return e.group == "Items" && e.glyph == ')';
  });
  REQUIRE(weapons != legend.end());
  CHECK(weapons->text == "weapon: dagger, long sword, battle axe, spear, mace, war hammer");
  for (const MapSign& e : legend) CHECK(e.text.find("healing") == std::string::npos);
  // A monster added to the definitions is in the legend with nothing else written.
  MonsterDefinition newt;
  newt.id = "newt";
  newt.name = "newt";
  newt.glyph = 0x00F1;  // ñ
  newt.ascii = 'n';
  newt.colour = Colour::Orange;
  newt.profile = AiProfile::Coward;
  definitions.monsters.push_back(newt);
  legend = MapLegend(definitions);
  CHECK(InLegend(legend, 0x00F1, 'n', Colour::Orange));
  CHECK(std::any_of(legend.begin(), legend.end(),
                    [](const MapSign& e) { return e.text == "newt: flees when hurt"; }));
}

TEST_CASE("docs/GAME.md's legend shows every sign the game can draw, and its ASCII stand-in",
          "[view]") {
  const std::string doc = GameMdLegend();
  for (const MapSign& e : MapLegend(*test::Definitions())) {
    INFO(e.group << ": " << e.text);
    CHECK(doc.find("`" + Sign(e.glyph) + "`") != std::string::npos);
    CHECK(doc.find("`" + std::string(1, e.ascii) + "`") != std::string::npos);
  }
}

}  // namespace legend_test
