// Helpers for the simulation tests: small worlds from ASCII maps.
#pragma once

#include <catch2/catch.hpp>

#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

#include "game/definitions.h"
#include "support/test_content.h"
#include "game/level.h"
#include "game/systems.h"
#include "game/tick.h"

namespace cairn::test {

inline LevelDefinition Level(std::initializer_list<std::string_view> rows, bool sleepers = false) {
  const std::vector<std::string_view> list(rows);
  return LevelFromAscii("test", list, *Definitions(), sleepers);
}

struct TestWorld {
  std::unique_ptr<GameWorld> world;
  TickScratch scratch;

  explicit TestWorld(const LevelDefinition& level, WorldLimits limits = WorldLimits::Uniform(64),
                     std::uint64_t seed = 1) {
    REQUIRE(BuildWorld(level, limits, Definitions(), seed, world) == Status::Ok);
    REQUIRE(scratch.TryInitialize(level.width, level.height, limits.entities) == Status::Ok);
    UpdatePlayerView(*world, scratch);
  }
  GameWorld& operator*() { return *world; }
  GameWorld* operator->() { return world.get(); }
  Status Tick(PlayerCommand command = {}) { return RunTick(*world, scratch, TickInput{command}); }

  // The first entity of the given monster kind (by creation order), or null.
  EntityId Monster(std::string_view kind) const {
    EntityId found{};
    std::uint64_t best = 0;
    const auto owners = world->Ais().Owners();
    const auto values = world->Ais().Values();
    for (std::size_t i = 0; i < owners.size(); ++i) {
      if (world->Definitions().monsters[values[i].kind].id != kind) continue;
      const std::uint64_t sequence = world->Registry().CreationSequenceOf(owners[i]);
      if (found.IsNull() || sequence < best) {
        found = owners[i];
        best = sequence;
      }
    }
    return found;
  }
};

}  // namespace cairn::test
