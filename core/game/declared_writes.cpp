#include "game/declared_writes.h"

#include "game/state_hash.h"

namespace cairn {

PoolFingerprints FingerprintPools(const GameWorld& world) {
  PoolFingerprints prints{};
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    Hasher h(pool.MembershipRevision());
    for (const auto& value : pool.Values()) Feed(h, value);
    prints[static_cast<std::size_t>(kind)] = h.Value();
  });
  return prints;
}

std::string UndeclaredWrite(const GameWorld& world, TickPhase phase, const PoolFingerprints& before,
                            std::size_t queued_before) {
  const PhaseAccess& declared = kPhaseAccess[static_cast<std::size_t>(phase)];
  const PoolFingerprints after = FingerprintPools(world);
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

}  // namespace cairn
