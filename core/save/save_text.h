// What the save writer and reader share besides the format's name and version (save_codec.h):
// how terrain and a vanished reference are written.
#pragma once

#include <array>
#include <string_view>
#include <utility>

#include "game/tile_map.h"

namespace cairn {

// The map's characters: one per terrain, as in ASCII levels.
inline constexpr std::array<std::pair<char, Terrain>, 6> kTerrainChars = {
    {{'#', Terrain::Wall},
     {'.', Terrain::Floor},
     {'+', Terrain::DoorClosed},
     {'\'', Terrain::DoorOpen},
     {'~', Terrain::Water},
     {':', Terrain::Chasm}}};
// A reference to an entity that no longer exists.
inline constexpr std::string_view kGone = "gone";

}  // namespace cairn
