#include "game/machines.h"

#include <algorithm>

#include "game/actions.h"
#include "game/ai.h"
#include "game/pathing.h"
#include "game/recipes.h"
#include "game/rules.h"
#include "game/systems.h"

namespace cairn {
namespace {

void Told(GameWorld& world, NoticeKind kind, EntityId subject, EntityId object,
          MachineOutcome outcome) {
  (void)world.Emit(world.Notices(),
                   NoticeEvent{kind, subject, object, static_cast<std::int32_t>(outcome)});
}

// A portcullis opens (its blocker goes) or closes (its blocker comes back, when no one stands
// under it). False when it stays as it is.
bool SwingGate(GameWorld& world, EntityId gate_id, Gate& gate) {
  const Position* at = world.Positions().Find(gate_id);
  if (gate.open == 0) {
    gate.open = 1;
    if (world.Blockers().Contains(gate_id)) (void)world.QueueRemoveComponent<Blocker>(gate_id);
    if (Appearance* look = world.MutableAppearances().Find(gate_id)) {
      look->glyph = U'\u00B7';  // a raised portcullis: the cell shows as open ground
      look->ascii = '.';
    }
    return true;
  }
  if (at != nullptr && !world.OccupantAt(at->x, at->y).IsNull()) return false;  // held up
  gate.open = 0;
  (void)world.QueueSetComponent(gate_id, Blocker{1});
  if (Appearance* look = world.MutableAppearances().Find(gate_id)) {
    look->glyph = U'#';
    look->ascii = '#';
  }
  return true;
}

// Every creature within `radius` of `at` takes `power`: a vent of caustic gas.
void Gas(GameWorld& world, EntityId trap, Position at, const Trap& spec) {
  const auto owners = world.Healths().Owners();
  std::vector<EntityId> hurt;
  for (EntityId id : owners) {
    const Position* p = world.Positions().Find(id);
    if (p == nullptr || !world.Registry().IsActive(id) || ChebyshevDistance(*p, at) > spec.radius)
      continue;
    if (!world.Players().Contains(id) && !world.Ais().Contains(id)) continue;
    hurt.push_back(id);
  }
  // Creation order: who dies first never depends on the pool's order.
  std::sort(hurt.begin(), hurt.end(), [&](EntityId a, EntityId b) {
    return world.Registry().CreationSequenceOf(a) < world.Registry().CreationSequenceOf(b);
  });
  for (EntityId id : hurt) {
    Health* health = world.MutableHealths().Find(id);
    health->current -= spec.power;
    if (EnemyAi* ai = world.MutableAis().Find(id)) ai->alertness = 2 * kAlertnessToHunt;
    if (health->current <= 0) Kill(world, id, trap, DeathCause::Trap, AttackKind::Spell);
  }
}

// The ground within `radius` of `at` with a chasm beside it falls in: a bridge collapses. The
// player's own cell holds (a fall is no way down here); anyone else on a falling cell dies.
void Collapse(GameWorld& world, EntityId trap, Position at, std::int32_t radius) {
  TileMap& map = world.Map();
  const EntityId player = world.PlayerEntity();
  // A bridge's cell: chasm on two opposite sides (north and south, or west and east).
  const auto chasm = [&](std::int32_t x, std::int32_t y) {
    return map.InBounds(x, y) && map.At(x, y) == Terrain::Chasm;
  };
  const auto beside_chasm = [&](std::int32_t x, std::int32_t y) {
    return (chasm(x, y - 1) && chasm(x, y + 1)) || (chasm(x - 1, y) && chasm(x + 1, y));
  };
  std::vector<Position> falling;
  for (std::int32_t y = at.y - radius; y <= at.y + radius; ++y)
    for (std::int32_t x = at.x - radius; x <= at.x + radius; ++x)
      if (map.InBounds(x, y) && map.At(x, y) == Terrain::Floor && beside_chasm(x, y) &&
          (player.IsNull() || world.OccupantAt(x, y) != player))
        falling.push_back(Position{x, y});
  // What stands or lies there falls: a creature dies, anything else is gone. Creation order, so
  // who dies first never depends on the pool's order.
  std::vector<EntityId> fallen;
  for (EntityId id : world.Positions().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (id != player && std::any_of(falling.begin(), falling.end(),
                                    [&](Position c) { return c.x == p->x && c.y == p->y; }))
      fallen.push_back(id);
  }
  std::sort(fallen.begin(), fallen.end(), [&](EntityId a, EntityId b) {
    return world.Registry().CreationSequenceOf(a) < world.Registry().CreationSequenceOf(b);
  });
  for (EntityId id : fallen) {
    if (world.Healths().Contains(id))
      Kill(world, id, trap, DeathCause::Trap, AttackKind::Spell);
    else
      (void)world.QueueDestroy(id);
  }
  for (const Position& cell : falling) map.Set(cell.x, cell.y, Terrain::Chasm);
}

// `trap.power` monsters of its kind on the free cells around `at`, hunting whoever stepped in.
void Summon(GameWorld& world, Position at, const Trap& trap) {
  const auto& monsters = world.Definitions().monsters;
  if (trap.monster >= monsters.size()) return;
  std::int32_t called = 0;
  for (int d = 0; d < 8 && called < trap.power; ++d) {
    const Position cell{at.x + kStepDx[d], at.y + kStepDy[d]};
    if (!world.Map().Passable(cell.x, cell.y) || world.Map().At(cell.x, cell.y) != Terrain::Floor ||
        !world.OccupantAt(cell.x, cell.y).IsNull() || !StepTriggerAt(world, cell).IsNull())
      continue;
    ComponentBundle monster =
        MonsterRecipe(world.Definitions(), monsters[trap.monster], cell, false);
    monster.ai.alertness = 2 * kAlertnessToHunt;
    SpawnRequestId request = 0;
    if (world.QueueSpawn(monster, request) != Status::Ok) return;
    ++called;
  }
}

void SpringTrap(GameWorld& world, EntityId trap_id, const Trap& trap, EntityId by) {
  const Position* at = world.Positions().Find(trap_id);
  switch (trap.kind) {
    case TrapKind::Gas:
      if (at != nullptr) Gas(world, trap_id, *at, trap);
      break;
    case TrapKind::Net: {
      const std::int64_t until =
          world.Tick() + std::int64_t{trap.power} * std::int64_t{kNormalActionTicks};
      if (Condition* held = world.MutableConditions().Find(by))
        held->slow_until = std::max(held->slow_until, until);
      else
        (void)world.QueueSetComponent(by, Condition{0, until});
      break;
    }
    case TrapKind::Collapse:
      if (at != nullptr) Collapse(world, trap_id, *at, trap.radius);
      break;
    case TrapKind::Summon:
      if (at != nullptr) Summon(world, *at, trap);
      break;
    case TrapKind::Alarm: WakeFloor(world); break;
  }
}

}  // namespace

bool FireTrigger(GameWorld& world, EntityId trigger_id, EntityId by) {
  Trigger* trigger = world.MutableTriggers().Find(trigger_id);
  if (trigger == nullptr || (trigger->once != 0 && trigger->used != 0)) return false;
  const EntityId target = trigger->target;
  if (!world.Registry().IsActive(target)) return false;
  MachineOutcome what = MachineOutcome::GateRaised;
  if (Gate* gate = world.MutableGates().Find(target)) {
    what = !SwingGate(world, target, *gate) ? MachineOutcome::GateHeld
           : gate->open != 0                ? MachineOutcome::GateRaised
                                            : MachineOutcome::GateLowered;
  } else if (const Trap* trap = world.Traps().Find(target)) {
    SpringTrap(world, target, *trap, by);
    what = TrapSprang(trap->kind);
  } else if (Vault* vault = world.MutableVaults().Find(target)) {
    if (vault->closed != 0) return false;
    vault->closed = 1;
    what = MachineOutcome::VaultClosed;
  } else {
    return false;
  }
  trigger->used = 1;
  world.Record(TraceEvent::Triggered, [&](TraceEntry& entry) {
    entry.a = trigger_id;
    entry.b = target;
    entry.value = static_cast<std::int64_t>(trigger->how);
    if (const Position* at = world.Positions().Find(trigger_id)) {
      entry.x = at->x;
      entry.y = at->y;
    }
  });
  Told(world, NoticeKind::Triggered, by, target, what);
  return true;
}

EntityId StepTriggerAt(const GameWorld& world, Position at) noexcept {
  const auto owners = world.Triggers().Owners();
  const auto values = world.Triggers().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    if (values[i].how != TriggerHow::Step) continue;
    const Position* p = world.Positions().Find(owners[i]);
    if (p != nullptr && p->x == at.x && p->y == at.y) return owners[i];
  }
  return {};
}

bool Caged(const GameWorld& world, EntityId item) noexcept {
  const Trigger* trigger = world.Triggers().Find(item);
  if (trigger == nullptr || trigger->how != TriggerHow::Take) return false;
  const Vault* vault = world.Vaults().Find(trigger->target);
  return vault != nullptr && vault->closed != 0;
}

void FireSteppedTriggers(GameWorld& world, TickScratch& scratch) {
  for (const auto& [trigger, by] : scratch.stepped)
    if (world.Registry().IsActive(by)) (void)FireTrigger(world, trigger, by);
  scratch.stepped.clear();
}

void Search(GameWorld& world, EntityId searcher) {
  const Position* from = world.Positions().Find(searcher);
  if (from == nullptr) return;
  const auto owners = world.Secrets().Owners();
  for (EntityId id : owners) {
    Secret* secret = world.MutableSecrets().Find(id);
    const Position* at = world.Positions().Find(id);
    if (secret->found != 0 || at == nullptr || ChebyshevDistance(*from, *at) != 1) continue;
    if (++secret->searched < kSearchTurns) continue;
    secret->found = 1;
    world.Map().Set(at->x, at->y, Terrain::DoorClosed);
    world.Record(TraceEvent::Triggered, [&](TraceEntry& entry) {
      entry.a = id;
      entry.b = id;
      entry.value = kSearchHow;
      entry.x = at->x;
      entry.y = at->y;
    });
    Told(world, NoticeKind::Triggered, searcher, id, MachineOutcome::SecretFound);
  }
}

void ResolveOperate(GameWorld& world, EntityId actor, Intent& intent) {
  const EntityId lever = intent.target;
  ClearIntent(intent);
  SpendTime(world, actor, ActorTicks(world, actor));
  const Position* from = world.Positions().Find(actor);
  const Position* at = world.Positions().Find(lever);
  if (from == nullptr || at == nullptr || ChebyshevDistance(*from, *at) != 1) return;
  if (!FireTrigger(world, lever, actor))
    Told(world, NoticeKind::Triggered, actor, lever, MachineOutcome::LeverSpent);
}

}  // namespace cairn
