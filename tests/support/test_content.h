// The content tests run on: the real definitions from data/ (compiled in) and small levels.
#pragma once

#include <catch2/catch.hpp>
#include <memory>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "content/level_loader.h"
#include "sim/key_script.h"
#include "sim/session.h"

namespace cairn::test {

// The built-in definitions of the newest edition, or of the edition of dungeon `rules`.
inline std::shared_ptr<const DefinitionSet> Definitions(std::int32_t rules = kDungeonRules) {
  auto set = DefaultDefinitions(rules);
  REQUIRE(set != nullptr);
  return set;
}

// A session on the built-in default level (or `level`).
inline SessionConfig Config(std::uint64_t seed = 1,
                            std::shared_ptr<const LevelDefinition> level = nullptr) {
  SessionConfig config;
  config.seed = seed;
  config.definitions = Definitions();
  config.level = level ? level : DefaultLevel();
  REQUIRE(config.level != nullptr);
  return config;
}

// A session on the built-in default dungeon (generated floors, set pieces, the start kit), of
// the edition of dungeon `rules` (an older build's run is remade on the content it had).
inline SessionConfig DungeonConfig(std::uint64_t seed = 1, std::int32_t rules = kDungeonRules) {
  SessionConfig config;
  config.seed = seed;
  config.definitions = Definitions(rules);
  config.dungeon = DefaultDungeon(rules);
  config.dungeon_rules = rules;
  // A run of the classic edition started with the fixed default rule: staffs came later.
  if (rules <= 3) config.autopickup = AutoPickup{};
  REQUIRE(config.dungeon != nullptr);
  return config;
}

// A session on the built-in default dungeon, its floors made under `rules` (the newest by
// default; an older build's file is remade under the rules that build had).
inline std::unique_ptr<GameSession> Dungeon(std::uint64_t seed,
                                            std::int32_t rules = kDungeonRules) {
  SessionConfig config = DungeonConfig(seed, rules);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

// A small walled room with a doorway, as a set piece for floors 1 and 2 of every run of the
// default dungeon: under the first dungeon rules both floors get it, under the rules since only
// the first. StoreRoomRun is such a run under `rules`, from seed 1.
inline constexpr const char* kStoreRoom = R"(format = "cairn-level"
version = 2
name = "The Store Room"
uuid = "3c1e7a52-0d94-4f1b-9a6e-5b8c2d7f4e10"

[map]
legend = { "#" = "wall", "." = "floor", "+" = "door" }
rows = [
  "###+###",
  "#.....#",
  "#.....#",
  "#######",
]

[[entity]]
id = "player"
uuid = "3c1e7a52-0d94-4f1b-9a6e-5b8c2d7f4e11"
kind = "player"
components = [
  { type = "position", version = 1, slot = 0, body = { x = 1, y = 1 } },
]
)";

inline SessionConfig StoreRoomRun(std::int32_t rules) {
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> problems;
  REQUIRE(
      LoadLevelText(kStoreRoom, *Definitions(rules), WorldLimits::Uniform(4096), *level, problems));
  auto plan = std::make_shared<DungeonPlan>(*DefaultDungeon(rules));
  SetPiece piece;
  piece.source = "store-room.toml";
  piece.level = std::move(level);
  piece.min_depth = 1;
  piece.max_depth = 2;
  piece.chance = 100;
  plan->set_pieces = {piece};
  SessionConfig config = DungeonConfig(1, rules);
  config.dungeon = std::move(plan);
  return config;
}

// Plays `keys` (sim/key_script.h) on `session` until they run out or the run ends.
inline void PlayKeys(GameSession& session, const std::string& keys) {
  KeyScript script(keys);
  PlayerCommand command;
  while (session.State() == SessionState::Playing && script.Next(session, command))
    REQUIRE(session.Submit(command) != Status::AllocationFailed);
}

}  // namespace cairn::test
