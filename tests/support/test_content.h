// The content tests run on: the real definitions from data/ (compiled in) and small levels.
#pragma once

#include <catch2/catch.hpp>
#include <memory>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "sim/key_script.h"
#include "sim/session.h"

namespace cairn::test {

inline std::shared_ptr<const DefinitionSet> Definitions() {
  auto set = DefaultDefinitions();
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

// A session on the built-in default dungeon (generated floors, set pieces, the start kit).
inline SessionConfig DungeonConfig(std::uint64_t seed = 1) {
  SessionConfig config;
  config.seed = seed;
  config.definitions = Definitions();
  config.dungeon = DefaultDungeon();
  REQUIRE(config.dungeon != nullptr);
  return config;
}

// A session on the built-in default dungeon.
inline std::unique_ptr<GameSession> Dungeon(std::uint64_t seed) {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(DungeonConfig(seed), session) == Status::Ok);
  return session;
}

// Plays `keys` (sim/key_script.h) on `session` until they run out or the run ends.
inline void PlayKeys(GameSession& session, const std::string& keys) {
  KeyScript script(keys);
  PlayerCommand command;
  while (session.State() == SessionState::Playing && script.Next(session, command))
    REQUIRE(session.Submit(command) != Status::AllocationFailed);
}

}  // namespace cairn::test
