// Limits configured up front for one session: every container the simulation uses is reserved
// from these when the world is built, and never grows during play.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "game/component_kind.h"

namespace cairn {

// The most entities one world is built for, whatever a level or a save asks: a level file at its
// 32 MiB cap (storage/read_limits.h) holds about 250,000 instances.
inline constexpr std::uint32_t kMaxWorldEntities = 1u << 22;

struct WorldLimits {
  std::uint32_t entities = 4096;
  std::array<std::uint32_t, kComponentKindCount> pools{};  // per ComponentKind
  std::uint32_t commands = 1024;  // structural commands recorded in one tick
  std::uint32_t outcomes = 256;   // spawn outcomes one commit can publish
  std::uint32_t events = 1024;    // each event queue, per tick
  std::uint32_t trace = 1024;     // trace ring entries
  std::uint32_t story = 1024;     // story ring entries (the trace's deciding ones, for "why")

  // Every pool as large as the registry.
  [[nodiscard]] static constexpr WorldLimits Uniform(std::uint32_t entities) noexcept {
    WorldLimits limits;
    limits.entities = entities;
    limits.pools.fill(entities);
    return limits;
  }
  [[nodiscard]] constexpr std::uint32_t Pool(ComponentKind kind) const noexcept {
    return pools[static_cast<std::size_t>(kind)];
  }

  // The limits a world that starts with `count` entities (a level's instances, a saved
  // floor's) is built with, so that capacity follows the data: these, while they leave a quarter
  // more room to spawn into (a split, a breeder, a drop); else the entities, every pool and the
  // per-tick queues grown by the same power of two, to at most kMaxWorldEntities (4096 and
  // 100,001 entities: 131,072). The trace and story rings keep their size.
  [[nodiscard]] constexpr WorldLimits For(std::size_t count) const noexcept {
    const std::uint64_t wanted = static_cast<std::uint64_t>(count) + count / 4;
    std::uint64_t factor = 1;
    while (entities > 0 && entities * factor < wanted && entities * factor * 2 <= kMaxWorldEntities)
      factor *= 2;
    if (factor == 1) return *this;
    const auto grown = [factor](std::uint32_t n) {
      const std::uint64_t more = n * factor;
      return static_cast<std::uint32_t>(more < kMaxWorldEntities ? more : kMaxWorldEntities);
    };
    WorldLimits out = *this;
    out.entities = grown(entities);
    for (std::uint32_t& pool : out.pools) pool = grown(pool);
    out.commands = grown(commands);
    out.outcomes = grown(outcomes);
    out.events = grown(events);
    return out;
  }
};

}  // namespace cairn
