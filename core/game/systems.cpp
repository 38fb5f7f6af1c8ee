#include "game/systems.h"

#include <algorithm>

#include "game/ai.h"
#include "game/pathing.h"
#include "game/rules.h"

namespace cairn {
namespace {

// Fills scratch.order with the active owners of `pool` that pass `wanted`, by creation sequence.
template <class T, class Wanted>
void StableOrder(const GameWorld& world, const ComponentPool<T>& pool, TickScratch& scratch,
                 Wanted&& wanted) {
  scratch.order.clear();
  const auto owners = pool.Owners();
  const auto values = pool.Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (world.Registry().IsActive(owners[i]) && wanted(values[i])) scratch.order.push_back(owners[i]);
  const EntityRegistry& registry = world.Registry();
  std::sort(scratch.order.begin(), scratch.order.end(), [&](EntityId a, EntityId b) {
    return registry.CreationSequenceOf(a) < registry.CreationSequenceOf(b);
  });
}

void ClearIntent(Intent& intent) noexcept { intent = Intent{}; }

}  // namespace

bool Hostile(const GameWorld& world, EntityId a, EntityId b) noexcept {
  const bool a_player = world.Players().Contains(a);
  const bool b_player = world.Players().Contains(b);
  return (a_player && world.Ais().Contains(b)) || (b_player && world.Ais().Contains(a));
}

void SpendTime(GameWorld& world, EntityId actor, std::int32_t ticks) noexcept {
  if (Player* player = world.Players().Find(actor)) player->next_tick = world.Tick() + ticks;
  if (EnemyAi* ai = world.Ais().Find(actor)) ai->wake_tick = world.Tick() + ticks;
}

void BeginTickPhase(GameWorld& world) noexcept {
  world.BeginTickBookkeeping();
  world.Record(TraceEvent::TickStarted);
}

void PlayerIntentPhase(GameWorld& world, const TickInput& input) noexcept {
  world.SetPhase(TickPhase::PlayerIntent);
  const EntityId player = world.PlayerEntity();
  Player* state = world.Players().Find(player);
  Intent* intent = world.Intents().Find(player);
  if (state == nullptr || intent == nullptr || world.Tick() < state->next_tick) return;
  const PlayerCommand& command = input.command;
  switch (command.kind) {
    case PlayerCommandKind::None: return;
    case PlayerCommandKind::Move:
      *intent = Intent{ActionKind::Move, command.dx, command.dy, 0, {}};
      break;
    case PlayerCommandKind::Wait: *intent = Intent{ActionKind::Wait, 0, 0, 0, {}}; break;
    case PlayerCommandKind::PickUp: *intent = Intent{ActionKind::PickUp, 0, 0, 0, {}}; break;
    case PlayerCommandKind::Descend: *intent = Intent{ActionKind::Descend, 0, 0, 0, {}}; break;
    case PlayerCommandKind::Ascend: *intent = Intent{ActionKind::Ascend, 0, 0, 0, {}}; break;
  }
  world.Record(TraceEvent::PlayerActed, player, {}, static_cast<std::int64_t>(intent->kind));
}

void AiDecisionPhase(GameWorld& world, TickScratch& scratch) {
  world.SetPhase(TickPhase::Ai);
  const std::int64_t tick = world.Tick();
  StableOrder(world, world.Ais(), scratch, [&](const EnemyAi& ai) { return ai.wake_tick <= tick; });
  AiContext context{world, scratch, world.PlayerEntity(), {}};
  if (const Position* p = world.Positions().Find(context.player)) context.player_position = *p;
  else context.player = EntityId{};
  for (EntityId id : scratch.order) {
    EnemyAi* ai = world.Ais().Find(id);
    if (ai != nullptr) (void)StepAi(context, id, *ai);
  }
}

void MovementPhase(GameWorld& world, TickScratch& scratch) {
  world.SetPhase(TickPhase::Movement);
  StableOrder(world, world.Intents(), scratch,
              [](const Intent& intent) { return intent.kind == ActionKind::Move; });
  TileMap& map = world.Map();
  for (EntityId id : scratch.order) {
    Intent* intent = world.Intents().Find(id);
    Position* pos = world.Positions().Find(id);
    if (intent == nullptr) continue;
    if (pos == nullptr) {
      ClearIntent(*intent);
      continue;
    }
    const std::int32_t ticks = ActionTicks(world.Combats().Find(id));
    const Position from = *pos;
    const Position to{from.x + intent->dx, from.y + intent->dy};
    const bool one_step = intent->dx >= -1 && intent->dx <= 1 && intent->dy >= -1 &&
                          intent->dy <= 1 && (intent->dx != 0 || intent->dy != 0);
    if (!one_step || !map.Passable(to.x, to.y)) {
      ClearIntent(*intent);
      SpendTime(world, id, ticks);
      continue;
    }
    if (map.At(to.x, to.y) == Terrain::DoorClosed) {
      map.Set(to.x, to.y, Terrain::DoorOpen);  // opening a door takes the move
      ClearIntent(*intent);
      SpendTime(world, id, ticks);
      continue;
    }
    const EntityId occupant = world.OccupantAt(to.x, to.y);
    if (!occupant.IsNull() && occupant != id) {
      if (Hostile(world, id, occupant) && world.Registry().IsActive(occupant)) {
        *intent = Intent{ActionKind::Attack, 0, 0, intent->revision, occupant};  // fight into it
      } else {
        ClearIntent(*intent);
        SpendTime(world, id, ticks);
      }
      continue;
    }
    *pos = to;
    if (world.Blockers().Contains(id)) world.MoveOccupant(id, from, to);
    ClearIntent(*intent);
    SpendTime(world, id, ticks);
    world.Record(TraceEvent::Moved, id, {}, (static_cast<std::int64_t>(to.x) << 16) | to.y);
  }
}

namespace {

void ResolveAttack(GameWorld& world, EntityId attacker, Intent& intent) {
  const EntityId target = intent.target;
  const std::int32_t ticks = ActionTicks(world.Combats().Find(attacker));
  ClearIntent(intent);
  SpendTime(world, attacker, ticks);
  const Position* from = world.Positions().Find(attacker);
  const Position* to = world.Positions().Find(target);
  if (!world.Registry().IsActive(target) || from == nullptr || to == nullptr) {
    world.CountStaleRejected(target);
    return;
  }
  if (ChebyshevDistance(*from, *to) != 1) return;  // the target moved away: the blow falls short
  const Combat none{};
  const Combat* attack = world.Combats().Find(attacker);
  const Combat* defend = world.Combats().Find(target);
  Health* health = world.Healths().Find(target);
  if (attack == nullptr) attack = &none;
  if (defend == nullptr) defend = &none;
  Rng& rng = world.Random(RandomPurpose::Combat);
  AttackEvent event{attacker, target, 0, 0, 0, 0};
  if (static_cast<std::int32_t>(rng.Below(100)) < HitChance(*attack, *defend)) {
    event.hit = 1;
    event.damage = RollDamage(rng, *attack);
    if (health != nullptr) {
      health->current -= event.damage;
      if (health->current <= 0) event.killed = 1;
    }
  }
  world.Record(TraceEvent::Attacked, attacker, target, event.hit ? event.damage : -1);
  if (!world.Emit(world.Attacks(), event)) return;
  if (!world.Emit(world.Noises(), NoiseEvent{attacker, *to, kCombatNoiseRadius})) return;
  if (!event.killed) return;
  DeathEvent death{target, attacker, *to, {}, {}};
  if (const Appearance* look = world.Appearances().Find(target)) death.appearance = *look;
  if (const Named* named = world.Names().Find(target)) death.name = named->name;
  if (!world.Emit(world.Deaths(), death)) return;
  world.Record(TraceEvent::Died, target, attacker);
  if (Player* killer = world.Players().Find(attacker)) ++killer->kills;
  (void)world.QueueDestroy(target);
}

void ResolvePickUp(GameWorld& world, EntityId actor, Intent& intent) {
  ClearIntent(intent);
  const Position* where = world.Positions().Find(actor);
  Inventory* inventory = world.Inventories().Find(actor);
  if (where == nullptr || inventory == nullptr) return;
  // The oldest item lying here: a stable choice.
  EntityId chosen{};
  std::uint64_t chosen_sequence = 0;
  const auto owners = world.Items().Owners();
  for (EntityId item : owners) {
    const Position* p = world.Positions().Find(item);
    if (p == nullptr || p->x != where->x || p->y != where->y || !world.Registry().IsActive(item))
      continue;
    const std::uint64_t sequence = world.Registry().CreationSequenceOf(item);
    if (chosen.IsNull() || sequence < chosen_sequence) {
      chosen = item;
      chosen_sequence = sequence;
    }
  }
  if (chosen.IsNull()) {
    (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::NothingHere, actor, {}});
    return;
  }
  if (inventory->count >= inventory->capacity) {
    (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::InventoryFull, actor, chosen});
    return;
  }
  Item carried = *world.Items().Find(chosen);
  carried.holder = actor;
  if (world.QueueRemoveComponent<Position>(chosen) != Status::Ok) return;
  if (world.QueueSetComponent(chosen, carried) != Status::Ok) return;
  ++inventory->count;
  SpendTime(world, actor, ActionTicks(world.Combats().Find(actor)));
  (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::PickedUp, actor, chosen});
}

void ResolveStairs(GameWorld& world, EntityId actor, Intent& intent) {
  const std::int8_t wanted = intent.kind == ActionKind::Descend ? 1 : -1;
  ClearIntent(intent);
  const Position* where = world.Positions().Find(actor);
  if (where == nullptr) return;
  const auto owners = world.StairsPool().Owners();
  const auto stairs = world.StairsPool().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const Position* p = world.Positions().Find(owners[i]);
    if (p == nullptr || p->x != where->x || p->y != where->y || stairs[i].direction != wanted)
      continue;
    SpendTime(world, actor, ActionTicks(world.Combats().Find(actor)));
    (void)world.Emit(world.Notices(),
                     NoticeEvent{wanted > 0 ? NoticeKind::Descended : NoticeKind::Ascended, actor,
                                 owners[i]});
    return;
  }
  (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::NoStairs, actor, {}});
}

}  // namespace

void ResolveGameplayPhase(GameWorld& world, TickScratch& scratch) {
  world.SetPhase(TickPhase::ResolveGameplay);
  // Noises live from one tick's ResolveGameplay to the next tick's AI phase, which has read them.
  world.Noises().Clear();
  StableOrder(world, world.Intents(), scratch,
              [](const Intent& intent) { return intent.kind != ActionKind::None; });
  for (EntityId id : scratch.order) {
    Intent* intent = world.Intents().Find(id);
    if (intent == nullptr || !world.Registry().IsActive(id)) continue;  // died earlier this phase
    switch (intent->kind) {
      case ActionKind::Attack: ResolveAttack(world, id, *intent); break;
      case ActionKind::PickUp: ResolvePickUp(world, id, *intent); break;
      case ActionKind::Descend:
      case ActionKind::Ascend: ResolveStairs(world, id, *intent); break;
      case ActionKind::Wait:
        ClearIntent(*intent);
        SpendTime(world, id, ActionTicks(world.Combats().Find(id)));
        break;
      case ActionKind::Move:  // Movement left it: nothing more to do this tick
      case ActionKind::None: ClearIntent(*intent); break;
    }
    if (world.Fault().Active()) return;
  }
}

Status CommitPhase(GameWorld& world) noexcept {
  world.SetPhase(TickPhase::Commit);
  return world.Commit();
}

void UpdatePlayerView(GameWorld& world, TickScratch& scratch) noexcept {
  const EntityId player = world.PlayerEntity();
  const Position* p = world.Positions().Find(player);
  if (p == nullptr) return;
  scratch.player_view.Compute(world.Map(), p->x, p->y, kPlayerLightRadius);
  TileMap& map = world.Map();
  const std::int32_t r = kPlayerLightRadius;
  for (std::int32_t y = p->y - r; y <= p->y + r; ++y)
    for (std::int32_t x = p->x - r; x <= p->x + r; ++x)
      if (scratch.player_view.Visible(x, y)) map.Remember(x, y);
}

void EndTickPhase(GameWorld& world, TickScratch& scratch) noexcept {
  world.SetPhase(TickPhase::EndTick);
  UpdatePlayerView(world, scratch);
  world.EndTickBookkeeping();
}

}  // namespace cairn
