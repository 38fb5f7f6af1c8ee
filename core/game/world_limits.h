// Limits configured up front for one session: every container the simulation uses is reserved
// from these when the world is built, and never grows during play.
#pragma once

#include <array>
#include <cstdint>

#include "game/component_kind.h"

namespace cairn {

struct WorldLimits {
  std::uint32_t entities = 4096;
  std::array<std::uint32_t, kComponentKindCount> pools{};  // per ComponentKind
  std::uint32_t commands = 1024;  // structural commands recorded in one tick
  std::uint32_t outcomes = 256;   // spawn outcomes one commit can publish
  std::uint32_t events = 1024;    // each event queue, per tick
  std::uint32_t trace = 1024;     // trace ring entries
  std::uint32_t story = 1024;     // story ring entries (the trace's deciding ones, for "why")

  // Every pool as large as the registry.
  [[nodiscard]] static WorldLimits Uniform(std::uint32_t entities) noexcept {
    WorldLimits limits;
    limits.entities = entities;
    limits.pools.fill(entities);
    return limits;
  }
  [[nodiscard]] std::uint32_t Pool(ComponentKind kind) const noexcept {
    return pools[static_cast<std::size_t>(kind)];
  }
};

}  // namespace cairn
