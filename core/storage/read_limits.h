// How much cairn reads, per kind of file: the one table of caps (docs/CLI.md, "Limits", lists
// them for users). A file over its cap is refused before a byte of it is read, so a 10 GB file or
// an endless device is an error, never a memory bomb.
//
// Each cap is a generous multiple of the largest file of that kind cairn can itself produce or
// accept, measured for issue 13:
//  - level: a 4096 x 4096 map (TileMap::kMaxSide) is 16.8 MB of rows; 4096 entities add about
//    0.6 MB (150 bytes each, written as cairn writes them).
//  - save: version 6 writes 156 to 421 bytes an entity (an item on the floor to a goblin
//    conjurer), up to 4.4 times the shortest text a level can give the same entity (an ogre), and
//    each map row twice (the map and what the player remembers). A level of 32 MiB names at most
//    381,300 entities (88 bytes each at the shortest), for which the game makes a world of
//    524,288 slots; that world full of the heaviest kind saves in about 210 MiB, the generated
//    floors below it in a few more. So the cap is 256 MiB: every save cairn writes from a level it
//    accepts reads back, even after the floor grew in play (save/limits_test measures each figure
//    through the level reader and the save writer; the writer refuses a save over the cap rather
//    than write what it cannot read; decision 0032).
//  - recording: about 85 bytes a tick (3,791 ticks: 320 KB); the bot's longest run, 30,000 turns,
//    is about 300,000 ticks, 26 MB.
//  - definitions, dungeon plans, key maps, autopickup files: the shipped ones are 1 to 4 KB; a
//    manifest holds about 120 bytes an entity of every level it migrates.
//  - console command files and key scripts: typed or generated commands, a few KB to a few MB.
// Memory follows the cap: reading costs at most a bounded multiple of the file (toml_reader.h).
#pragma once

#include <cstdint>
#include <string_view>

namespace cairn {

enum class FileKind : std::uint8_t {
  Level,
  Definitions,
  Dungeon,
  Save,
  Recording,
  KeyMap,
  AutoPickup,       // an autopickup rule (~/.config/cairn/autopickup.toml)
  Manifest,         // an identity-migration manifest
  ConsoleCommands,  // `cairn console FILE`
  KeyScript,        // `cairn sim --input @FILE`
};

inline constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

struct FileKindLimit {
  FileKind kind;
  std::string_view name;  // in messages: "a level", "a save"
  std::uint64_t cap;      // bytes; a file of more is refused
};

inline constexpr FileKindLimit kFileKindLimits[] = {
    {FileKind::Level, "a level", 32 * kMiB},
    {FileKind::Definitions, "a definitions file", 4 * kMiB},
    {FileKind::Dungeon, "a dungeon plan", 1 * kMiB},
    {FileKind::Save, "a save", 256 * kMiB},
    {FileKind::Recording, "a recording", 64 * kMiB},
    {FileKind::KeyMap, "a key map", 1 * kMiB},
    {FileKind::AutoPickup, "an autopickup file", 1 * kMiB},
    {FileKind::Manifest, "an identity manifest", 16 * kMiB},
    {FileKind::ConsoleCommands, "a console command file", 64 * kMiB},
    {FileKind::KeyScript, "a key script", 16 * kMiB},
};

// The cap of the largest kind: what `cairn check` reads before it knows a file's kind.
inline constexpr std::uint64_t kLargestFileCap = 256 * kMiB;

// One line of console commands read from standard input: a longer line is an error (the console
// stops), so an endless line cannot grow without bound. A SET body of every field of the widest
// component is under 1 KB.
inline constexpr std::uint64_t kConsoleLineCap = 1 * kMiB;

[[nodiscard]] constexpr const FileKindLimit& LimitOf(FileKind kind) noexcept {
  for (const FileKindLimit& limit : kFileKindLimits)
    if (limit.kind == kind) return limit;
  return kFileKindLimits[0];
}

static_assert([] {
  for (const FileKindLimit& limit : kFileKindLimits)
    if (limit.cap > kLargestFileCap) return false;
  return true;
}());

}  // namespace cairn
