#include "view/legend.h"

#include <algorithm>

#include "game/recipes.h"
#include "game/tile_map.h"
#include "sim/run_outcome.h"
#include "view/extract.h"

namespace cairn {
namespace {

// What each terrain is to a player. A switch with no default: a new terrain does not compile
// until it is described here.
const char* TerrainMeaning(Terrain terrain) {
  switch (terrain) {
    case Terrain::Wall: return "wall: blocks the way and the view";
    case Terrain::Floor: return "floor";
    case Terrain::DoorClosed: return "closed door: walk into it to open it; it blocks the view";
    case Terrain::DoorOpen: return "open door";
    case Terrain::Water: return "shallow water: wade through it; it does not block the view";
    case Terrain::Chasm: return "chasm: no way across, but you can see over it";
  }
  return "terrain";
}

// What a monster of the profile does that its name does not say ("" for a plain fighter).
const char* ProfileMeaning(AiProfile profile) {
  switch (profile) {
    case AiProfile::Melee: return "";
    case AiProfile::Coward: return "flees when hurt";
    case AiProfile::Pack: return "hunts in packs";
    case AiProfile::Ranged: return "shoots from afar";
    case AiProfile::Caster: return "casts spells from afar";
    case AiProfile::Thief: return "steals, then runs";
    case AiProfile::Breeder: return "splits when struck";
    case AiProfile::Summoner: return "calls others to fight for it";
    case AiProfile::Blinker: return "blinks to your side";
    case AiProfile::Lurker: return "hides until you come close";
    case AiProfile::Breather: return "breathes along a line";
    case AiProfile::Erratic: return "flits about";
  }
  return "";
}

// A category as the legend names it: its name, but for missiles, which are thrown.
const char* CategoryNoun(ItemCategory category) {
  return category == ItemCategory::Thrown ? "missile to throw" : ItemCategoryName(category);
}

MapSign FromAppearance(std::string group, const Appearance& look, std::string text) {
  return MapSign{std::move(group), look.glyph, look.ascii, look.colour, std::move(text)};
}

void AddItems(const DefinitionSet& definitions, std::vector<MapSign>& out) {
  // One entry per sign, in the order the signs first appear in the file.
  std::vector<std::uint32_t> signs;
  for (const ItemDefinition& item : definitions.items)
    if (std::find(signs.begin(), signs.end(), item.glyph) == signs.end())
      signs.push_back(item.glyph);
  for (std::uint32_t sign : signs) {
    MapSign entry{"Items", sign, '?', Colour::Default, ""};
    bool first = true, one_colour = true;
    std::vector<ItemCategory> categories;
    for (const ItemDefinition& item : definitions.items) {
      if (item.glyph != sign) continue;
      if (first) entry.ascii = item.ascii, entry.colour = item.colour;
      one_colour = one_colour && item.colour == entry.colour;
      first = false;
      if (std::find(categories.begin(), categories.end(), item.category) == categories.end())
        categories.push_back(item.category);
    }
    // Potions and the like differ in colour, which is dealt anew every run: drawn plain.
    if (!one_colour) entry.colour = Colour::Default;
    for (ItemCategory category : categories) {
      std::string part = CategoryNoun(category);
      std::string known;  // the kinds, where a kind is known at sight
      bool unknown = false;
      for (const ItemDefinition& item : definitions.items) {
        if (item.glyph != sign || item.category != category) continue;
        unknown = unknown || !item.unidentified.empty();
        known += (known.empty() ? "" : ", ") + item.name;
      }
      part += unknown ? " (which kind is learnt by using or identifying one)" : ": " + known;
      entry.text += (entry.text.empty() ? "" : "; ") + part;
    }
    out.push_back(std::move(entry));
  }
}

}  // namespace

std::vector<MapSign> MapLegend(const DefinitionSet& definitions) {
  std::vector<MapSign> out;
  for (int t = 0; t < kTerrainCount; ++t) {
    const auto terrain = static_cast<Terrain>(t);
    MapSign entry{"The map", 0, 0, Colour::Default, TerrainMeaning(terrain)};
    TerrainLook(terrain, entry.glyph, entry.ascii, entry.colour);
    out.push_back(std::move(entry));
  }
  out.push_back(FromAppearance("The map", PlayerRecipe({0, 0}).Get<Appearance>(), "you"));
  out.push_back(
      FromAppearance("The map", StairsRecipe({0, 0}, 1).Get<Appearance>(), "staircase down"));
  out.push_back(FromAppearance("The map", StairsRecipe({0, 0}, -1).Get<Appearance>(),
                               "staircase up (on the first floor: the way out)"));
  out.push_back(MapSign{"The map", kRemainsGlyph, kRemainsAscii, kRemainsColour,
                        "where something died, for a few turns (nothing to pick up)"});
  static constexpr const char* kColourWords[] = {"plain", "white",  "grey",  "red",
                                                 "green", "yellow", "blue",  "magenta",
                                                 "cyan",  "orange", "brown", "purple"};
  static_assert(std::size(kColourWords) == kColourCount);
  for (const MonsterDefinition& monster : definitions.monsters) {
    std::string text = monster.name;
    // A letter two kinds share is told apart by its colour: the legend names it.
    const bool shared = std::count_if(definitions.monsters.begin(), definitions.monsters.end(),
                                      [&](const MonsterDefinition& other) {
                                        return other.glyph == monster.glyph;
                                      }) > 1;
    if (shared) text += " (" + std::string(kColourWords[static_cast<int>(monster.colour)]) + ")";
    if (const std::string what = ProfileMeaning(monster.profile); !what.empty())
      text += ": " + what;
    out.push_back(MapSign{"Monsters", monster.glyph, monster.ascii, monster.colour, text});
  }
  AddItems(definitions, out);
  // The signs the built-in machine templates (data/levels/machines/) draw their parts with.
  out.push_back(MapSign{"Machines", '^', '^', Colour::Grey,
                        "pressure plate: stepping on it sets off what it is wired to (monsters "
                        "step around it)"});
  out.push_back(MapSign{"Machines", '^', '^', Colour::Magenta,
                        "summoning circle: stepping on it calls monsters"});
  out.push_back(MapSign{"Machines", '/', '/', Colour::Yellow, "lever: walk into it to pull it"});
  out.push_back(MapSign{"Machines", '=', '=', Colour::Green, "vent: a plate sets it off"});
  out.push_back(MapSign{"Machines", '#', '#', Colour::Grey,
                        "portcullis: a lever raises it (look mode says which)"});
  return out;
}

}  // namespace cairn
