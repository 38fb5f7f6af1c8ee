// DungeonPlan: what a whole run's dungeon is made of, as plain data.
//
// A dungeon is `floors` floors deep. Each floor is generated from the session seed and its depth
// alone (so the same seed always gives the same dungeon, whatever order floors are visited in),
// and may receive one authored set piece: a hand-made level from data/levels/ stamped into the
// generated map. The bottom floor always holds the artifact the run is about.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/level.h"

namespace cairn {

// The rules that turn a seed into floors, by version. A save and a recording name the version
// their floors were made under, so a change to what a seed generates leaves them resumable and
// verifiable (docs/decisions/0038). 1: each floor rolls each set piece in its depth range, so one
// piece could appear on several floors. 2: a set piece appears at most once a run: a floor keeps
// the piece version 1 gives it unless a floor above already had that piece. 3: below the first
// floor, most floors get a machine template (DungeonPlan::machines, each at most once a run) and
// two in five a captive (a shackled monster the player may free as an ally), each from a stream
// of draws of its own; the templates are in the content digest only under rules 3. 4: the deep
// edition of the built-in content (fifteen floors, data/); generated as under 3. A run keeps the
// built-in content of its rules: 1 to 3 the classic edition (data/editions/classic/, decision
// 0042), so their saves and recordings resume and verify on the content they were made with.
inline constexpr std::int32_t kDungeonRules = 4;
inline constexpr std::int32_t kOldestDungeonRules = 1;

struct SetPiece {
  std::string source;  // where it came from (for messages and docs), e.g. "levels/vault.toml"
  std::shared_ptr<const LevelDefinition> level;
  std::int32_t min_depth = 1;
  std::int32_t max_depth = 1;
  std::int32_t chance = 100;  // percent, rolled per floor in range
};

// What the player starts with on a generated first floor.
struct StartItem {
  std::uint16_t item = 0;     // item definition
  std::int32_t quantity = 0;  // 0: the kind's least quantity
  bool equipped = false;
};

struct DungeonPlan {
  static constexpr std::int32_t kMaxFloors = 99;
  std::int32_t floors = 10;
  std::int32_t width = 79;  // every generated floor's size, in cells
  std::int32_t height = 29;
  std::vector<SetPiece> set_pieces;
  // Machine templates (data/levels/machines/): from rules 3, most floors below the first get one,
  // each template at most once a run, stamped beside the floor's set piece.
  std::vector<SetPiece> machines;
  std::vector<StartItem> start_kit;
};

}  // namespace cairn
