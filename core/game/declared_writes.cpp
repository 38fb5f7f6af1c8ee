#include "game/declared_writes.h"

#include <cstring>

#include "game/state_hash.h"

namespace cairn {

PoolFingerprints FingerprintPools(const GameWorld& world, std::uint32_t kinds) {
  PoolFingerprints prints{};
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    if ((kinds & KindBit(kind)) == 0) return;
    // The values' bytes as they lie (padding too: only a write changes them), eight at a time:
    // cheap enough to run around every phase in the builds that check.
    const auto values = pool.Values();
    const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
    const std::size_t size = values.size_bytes();
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ pool.MembershipRevision() ^ (size << 32);
    std::size_t at = 0;
    for (; at + 8 <= size; at += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes + at, sizeof word);
      h = (h ^ word) * 0x100000001B3ull;
      h ^= h >> 29;
    }
    for (; at < size; ++at) h = (h ^ bytes[at]) * 0x100000001B3ull;
    prints[static_cast<std::size_t>(kind)] = h;
  });
  return prints;
}

std::string UndeclaredWrite(const GameWorld& world, TickPhase phase, const PoolFingerprints& before,
                            std::size_t queued_before) {
  const PhaseAccess& declared = kPhaseAccess[static_cast<std::size_t>(phase)];
  const PoolFingerprints after = FingerprintPools(world, ~declared.writes);
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if (after[k] != before[k] && (declared.writes & KindBit(static_cast<ComponentKind>(k))) == 0)
      return std::string(TickPhaseName(phase)) + " wrote " + std::string(kComponentKindNames[k]) +
             ", which kPhaseAccess does not declare it writes";
  const auto queued = world.QueuedCommands();
  for (std::size_t i = queued_before; i < queued.size(); ++i) {
    using Kind = GameWorld::Command::Kind;
    const GameWorld::Command& c = queued[i];
    const bool component = c.kind == Kind::SetComponent || c.kind == Kind::RemoveComponent;
    const bool declared_it = component               ? (declared.writes & KindBit(c.component)) != 0
                             : c.kind == Kind::Spawn ? declared.spawns
                                                     : declared.destroys;
    if (declared_it) continue;
    const std::string what =
        component ? std::string(kComponentKindNames[static_cast<std::size_t>(c.component)])
        : c.kind == Kind::Spawn ? std::string("a spawn")
                                : std::string("a destroy");
    return std::string(TickPhaseName(phase)) + " queued " + what +
           ", which kPhaseAccess does not declare";
  }
  return "";
}

WatchedValues DigestWatched(const GameWorld& world) {
  WatchedValues values{};
  const EntityId watched = world.Watched();
  if (watched.IsNull() || !world.Registry().IsAlive(watched)) return values;
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    if (const auto* value = pool.Find(watched)) {
      Hasher h;
      Feed(h, *value);
      values[static_cast<std::size_t>(kind)] = h.Value() | 1;  // never 0 for a component held
    }
  });
  return values;
}

void TraceValueWrites(GameWorld& world, const WatchedValues& before) {
  const WatchedValues after = DigestWatched(world);
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if (before[k] != 0 && after[k] != 0 && before[k] != after[k])
      world.Record(TraceEvent::ValueWritten, world.Watched(), {}, static_cast<std::int64_t>(k));
}

}  // namespace cairn
