// SessionAccess: the narrow way into a GameSession for the units that save, restore and duplicate
// a run (sim/session_persist.h, sim/session_duplicate.h). They need the floors as the session
// keeps them (world, level, unknown components), the run's key scope, and the steps that build a
// session; nothing else of the session is open to them, and nothing here is open to front ends
// (only core/sim includes this header).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <vector>

#include "sim/session.h"

namespace cairn {

struct SessionAccess {
  using Floor = GameSession::Floor;
  using PreservedEntry = GameSession::PreservedEntry;

  // --- reading and changing a running session ----------------------------------------------------
  [[nodiscard]] static const std::vector<Floor>& Floors(const GameSession& session) noexcept {
    return session.floors_;
  }
  [[nodiscard]] static Floor& ActiveFloor(GameSession& session) noexcept {
    return session.Active();
  }
  static void SetRunInstance(GameSession& session, const Uuid& instance) noexcept {
    session.run_instance_ = instance;
  }

  // --- building a session from an image ----------------------------------------------------------
  // A session with no floors yet: the config checked, the appearances shuffled.
  [[nodiscard]] static Status Prepare(const SessionConfig& config,
                                      std::unique_ptr<GameSession>& out) {
    return GameSession::Prepare(config, out);
  }
  [[nodiscard]] static const std::shared_ptr<const DefinitionSet>& Definitions(
      const GameSession& session) noexcept {
    return session.definitions_;
  }
  [[nodiscard]] static std::uint64_t FloorWorldSeed(const GameSession& session,
                                                    std::int32_t depth) noexcept {
    return session.FloorWorldSeed(depth);
  }
  [[nodiscard]] static Status FinishFloor(const GameSession& session,
                                          std::shared_ptr<const LevelDefinition> level,
                                          std::unique_ptr<GameWorld> world,
                                          const std::vector<EntityId>& created, Floor& out) {
    return session.FinishFloor(std::move(level), std::move(world), created, out);
  }
  // Makes `floors` the run (a new run: nothing before it can be stepped back to), with the player
  // on floor `depth` and `instance` as the run's key scope.
  static void Publish(GameSession& session, std::vector<Floor> floors, std::int32_t depth,
                      const Uuid& instance) {
    session.Publish(std::move(floors));
    session.active_ = depth - 1;
    session.run_instance_ = instance;
  }
};

// Every durable identity the run knows (keys on every floor, level UUIDs, the run's scope): what a
// freshly minted one is checked against.
[[nodiscard]] std::set<Uuid> KnownIdentities(const GameSession& session);

}  // namespace cairn
