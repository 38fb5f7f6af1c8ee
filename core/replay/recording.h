// Recordings: everything needed to play a run again and to say where a replay first differs.
//
// A recording holds its format and version, the build that made it and the content it ran on
// (the level's name and digest), the seed, and for every tick: the input, the state hash, the
// hash of every part (registry, map, random streams, each component pool) that changed, and the
// digest of every entity component that changed. It ends with `[end]`, the number of ticks and
// the final state hash, so a recording cut at a tick boundary is told from a whole one. A replay
// checks all of it, tick by tick: a divergence is named by its first tick, the first part that
// differs, and, where it can be, the entity (docs/formats/replay.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/text_problem.h"
#include "dungeon/dungeon_plan.h"
#include "game/component_kind.h"
#include "game/components.h"
#include "game/state_hash.h"
#include "toml/toml_value.h"

namespace cairn {

inline constexpr std::string_view kReplayFormat = "cairn-replay";
// Version 2 added [end] and hashes each world's seed: version 1 recordings are refused.
// Version 3 hashes the player's autopickup rule and names the one the run started with (its
// `autopickup` member): version 2 recordings are refused.
// Version 4 names an entity by its canonical place, not its runtime SLOT:GEN, and digests the
// references a component holds by place too (decision 0016). A version-3 recording is still read
// and replayed: its entity lines are checked as version 3 made them.
// Version 5 holds the state hash's named form (decision 0037): `initial` gives registry, map,
// random and each component pool that is not empty, a [[tick]]'s `parts` a pool that empties as
// 16 zeros, and a component this build does not know is named as such. Versions 3 and 4 are
// still read and replayed, their hashes checked in the positional form of their day.
// Version 6 names the dungeon rules its floors were made under (`dungeon_rules`, dungeon_plan.h):
// a version-5 recording was made under rules 1 and replays under them.
inline constexpr std::int64_t kReplayVersion = 6;
inline constexpr std::int64_t kFirstReplayWithRules = 6;         // the first to name dungeon_rules
inline constexpr std::int64_t kReplayHandleVersion = 3;          // the last that wrote SLOT:GEN
inline constexpr std::int64_t kLastPositionalReplayVersion = 4;  // the last of positional hashes

// How a recording of `version` forms its hashes: versions 3 and 4 over the components that had
// arrived by save version 6 (the last positional one), by position; from 5, by name.
[[nodiscard]] constexpr DigestForm RecordingForm(std::int64_t version) noexcept {
  return version <= kLastPositionalReplayVersion
             ? DigestForm::PositionalAt(kLastPositionalSaveVersion)
             : DigestForm::Named();
}

struct EntityDigest {
  ComponentKind kind = ComponentKind::Position;
  // Version 4: the entity's place in creation order among the entities alive before or after
  // the tick (the order the state hash uses). Version 3: its slot, with `generation`.
  std::uint32_t place = 0;
  std::uint32_t generation = 0;  // version 3 only
  std::uint64_t digest = 0;      // 0: the entity no longer has this component
};

struct TickRecord {
  std::int64_t tick = 0;
  std::string input;  // the player command of this tick as text ("h", "da"); "" for none
  std::uint64_t state = 0;
  std::vector<PartHash> parts;         // parts whose hash changed this tick
  std::vector<EntityDigest> entities;  // entity components that changed this tick
  TextPosition position{};             // where its [[tick]] was read (0:0 when recorded)
};

struct Recording {
  std::int64_t version = kReplayVersion;  // how its entity lines name entities
  std::string build;
  std::string level;          // "default", or the level file's path
  std::uint64_t content = 0;  // the level's digest
  std::uint64_t seed = 0;
  AutoPickup autopickup{};  // the rule the run's player started with (a replay starts so)
  std::int32_t dungeon_rules = kDungeonRules;  // what made its floors (1 before version 6)
  std::vector<PartHash> initial;  // every part's hash before the first tick (RecordingForm's)
  std::uint64_t initial_state = 0;
  std::vector<TickRecord> ticks;
};

[[nodiscard]] std::string WriteRecording(const Recording& recording);
// Reads a recording, reporting every problem; true only when there were none. A whole recording
// ends with [end] naming its last tick and state: without it, or with ticks after it, or with
// figures that disagree with the ticks, it is refused (cut short, or added to).
[[nodiscard]] bool ParseRecording(std::string_view text, Recording& out,
                                  std::vector<TextProblem>& problems);

}  // namespace cairn
