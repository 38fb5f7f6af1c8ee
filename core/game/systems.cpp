#include "game/systems.h"

#include <algorithm>

#include "base/assert.h"
#include "game/actions.h"
#include "game/ai.h"
#include "game/items.h"
#include "game/machines.h"
#include "game/pathing.h"
#include "game/player_commands.h"
#include "game/rules.h"

namespace cairn {
namespace {

// Fills scratch.order with the active owners of `pool` whose `keys` (one per component, index
// for index with its values) pass `wanted`, by creation sequence (`by_creation`: the pool's
// dense indices in that order, GameWorld keeps them).
template <class T, class Key, class Wanted>
void StableOrder(const GameWorld& world, const ComponentPool<T>& pool,
                 std::span<const std::uint32_t> by_creation, std::span<const Key> keys,
                 TickScratch& scratch, Wanted&& wanted) {
  const EntityRegistry& registry = world.Registry();
  const auto owners = pool.Owners();
  scratch.order.clear();
  // `wanted` first: it reads one key per component (the wake ticks' copy, or the Intent
  // itself), and most of a crowd is not wanted.
  for (const std::uint32_t i : by_creation) {
    if (!wanted(keys[i])) continue;
    const EntityId id = owners[i];
    if (registry.IsActive(id)) scratch.order.push_back(id);
  }
}

}  // namespace

Side SideOf(const GameWorld& world, EntityId id) noexcept {
  if (world.Players().Contains(id)) return Side::Player;
  if (const Ally* ally = world.Allies().Size() != 0 ? world.Allies().Find(id) : nullptr)
    return ally->shackled != 0 ? Side::None : Side::Player;
  return world.Ais().Contains(id) ? Side::Monsters : Side::None;
}

bool Hostile(const GameWorld& world, EntityId a, EntityId b) noexcept {
  const Side one = SideOf(world, a);
  const Side other = SideOf(world, b);
  return one != Side::None && other != Side::None && one != other;
}

bool Concealed(const GameWorld& world, EntityId id) noexcept {
  const EnemyAi* ai = world.Ais().Find(id);
  return ai != nullptr && ai->profile == AiProfile::Lurker && ai->phase == AiPhase::Asleep &&
         !world.Allies().Contains(id);  // one in chains, or freed, is in plain sight
}

void SpendTime(GameWorld& world, EntityId actor, std::int32_t ticks) noexcept {
  if (Player* player = world.MutablePlayers().Find(actor)) player->next_tick = world.Tick() + ticks;
  if (EnemyAi* ai = world.MutableAis().Find(actor)) world.SetWakeTick(*ai, world.Tick() + ticks);
}

namespace {

// After a step onto `to`: the player's autopickup (ResolveGameplay, next), a plate underfoot
// (set off there), and the trace (`swapped`: the ally the player changed places with).
void Arrived(GameWorld& world, TickScratch& scratch, EntityId id, EntityId swapped, Position to) {
  if (id == world.PlayerEntity()) scratch.player_stepped = true;
  if (world.Triggers().Size() != 0)
    if (const EntityId plate = StepTriggerAt(world, to); !plate.IsNull())
      scratch.stepped.emplace_back(plate, id);
  world.Record(TraceEvent::Moved, [&](TraceEntry& moved) {
    moved.a = id;
    moved.b = swapped;
    moved.x = to.x;
    moved.y = to.y;
  });
}

// The player moves into someone who is no enemy: a lever is pulled (the move becomes an Operate
// intent, which ResolveGameplay carries out), and an ally changes places with the player (Brogue,
// DCSS), in one move. False for anyone else.
bool PlayerBumps(GameWorld& world, TickScratch& scratch, Intent& intent, std::int32_t ticks,
                 EntityId occupant, Position from, Position to) {
  const EntityId player = world.PlayerEntity();
  if (occupant.IsNull() || occupant == player) return false;
  if (const Trigger* lever = world.Triggers().Find(occupant);
      lever != nullptr && lever->how == TriggerHow::Bump) {
    intent = Intent{ActionKind::Operate, 0, 0, intent.revision, occupant, {}};
    return true;
  }
  if (!world.Allies().Contains(occupant) || SideOf(world, occupant) != Side::Player) return false;
  Position* mine = world.MutablePositions().Find(player);
  Position* theirs = world.MutablePositions().Find(occupant);
  if (mine == nullptr || theirs == nullptr) return false;
  ClearIntent(intent);
  SpendTime(world, player, ticks);
  *mine = to;
  *theirs = from;
  world.MoveOccupant(player, from, to);
  world.MoveOccupant(occupant, to, from);
  Arrived(world, scratch, player, occupant, to);
  return true;
}

}  // namespace

void BeginTickPhase(GameWorld& world) noexcept {
  world.BeginTickBookkeeping();
  world.Record(TraceEvent::TickStarted);
}

void PlayerIntentPhase(GameWorld& world, const TickScratch& scratch, const TickInput& input) {
  world.SetPhase(TickPhase::PlayerIntent);
  const EntityId player = world.PlayerEntity();
  Player* state = world.MutablePlayers().Find(player);
  Intent* intent = world.MutableIntents().Find(player);
  if (state == nullptr || intent == nullptr || world.Tick() < state->next_tick) return;
  if (input.command.kind == PlayerCommandKind::None) return;
  std::string why;
  Intent wanted{};
  // A command the session would have refused (a replay edited by hand, a stale letter) does
  // nothing: no time passes, as when it is refused before the tick.
  if (!TranslatePlayerCommand(world, scratch.player_view, input.command, wanted, why)) return;
  // A setting takes no turn: it changes now, and the player may act again in the next tick.
  if (input.command.kind == PlayerCommandKind::Quiver) {
    FillQuiver(world, player, wanted.item);
    return;
  }
  if (input.command.kind == PlayerCommandKind::AutoPickup) {
    ToggleAutoPickup(world, player);
    return;
  }
  // Fire with nothing of the quivered kind left takes the first missile carried, and says so.
  // (With nothing ever quivered it takes what the pack shows as quivered: nothing to say.)
  if (input.command.kind == PlayerCommandKind::Fire) {
    const Quiver* quiver = world.Quivers().Find(player);
    const Item* missile = world.Items().Find(wanted.item);
    if (quiver != nullptr && quiver->filled != 0 && missile != nullptr &&
        !Quivered(world, player, missile->kind))
      (void)world.Emit(world.Notices(),
                       NoticeEvent{NoticeKind::Quivered, player, wanted.item, quiver->kind + 1});
  }
  *intent = wanted;
  ++state->turns;
  world.Record(TraceEvent::PlayerActed, player, {}, static_cast<std::int64_t>(intent->kind));
}

void AiDecisionPhase(GameWorld& world, TickScratch& scratch) {
  world.SetPhase(TickPhase::Ai);
  const std::int64_t tick = world.Tick();
  // Who is due, from the wake ticks' copy: 8 bytes a monster rather than its whole EnemyAi.
  CAIRN_ASSERT(world.AiWakeTicksMatch(), "wake_tick written behind GameWorld::SetWakeTick");
  StableOrder(world, world.Ais(), world.AisByCreation(), world.AiWakeTicksByIndex(), scratch,
              [&](std::int64_t wake_tick) { return wake_tick <= tick; });
  AiContext context{world, scratch, world.PlayerEntity(), {}};
  if (const Position* p = world.Positions().Find(context.player))
    context.player_position = *p;
  else
    context.player = EntityId{};
  const bool has_allies = world.Allies().Size() != 0;
  for (EntityId id : scratch.order) {
    EnemyAi* ai = world.MutableAis().Find(id);
    if (ai == nullptr) continue;
    // Most floors have no ally: one size test a tick spares a lookup a monster.
    if (const Ally* ally = has_allies ? world.Allies().Find(id) : nullptr)
      (void)StepAlly(context, id, *ai, *ally);
    else
      (void)StepAi(context, id, *ai);
  }
}

void MovementPhase(GameWorld& world, TickScratch& scratch) {
  world.SetPhase(TickPhase::Movement);
  scratch.player_stepped = false;
  StableOrder(world, world.Intents(), world.IntentsByCreation(), world.Intents().Values(), scratch,
              [](const Intent& intent) { return intent.kind == ActionKind::Move; });
  TileMap& map = world.Map();
  // Who the player is cannot change here: membership changes only when the buffer commits.
  const EntityId player = world.PlayerEntity();
  for (EntityId id : scratch.order) {
    Intent* intent = world.MutableIntents().Find(id);
    Position* pos = world.MutablePositions().Find(id);
    if (intent == nullptr || pos == nullptr) {
      if (intent != nullptr) ClearIntent(*intent);
      continue;
    }
    const std::int32_t ticks = StepTicks(world, id);
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
    if (id == player && PlayerBumps(world, scratch, *intent, ticks, occupant, from, to)) continue;
    if (!occupant.IsNull() && occupant != id) {
      const bool blow = Hostile(world, id, occupant) && world.Registry().IsActive(occupant);
      if (blow) {
        *intent =
            Intent{ActionKind::Attack, 0, 0, intent->revision, occupant, {}};  // fight into it
      } else {
        ClearIntent(*intent);
        SpendTime(world, id, ticks);
      }
      // Why it did not move: it fights into the cell, or someone (older, so earlier in this
      // order, or standing there) holds it.
      world.Record(blow ? TraceEvent::MoveBecameBlow : TraceEvent::LostCell,
                   [&](TraceEntry& entry) {
                     entry.a = id;
                     entry.b = occupant;
                     entry.x = to.x;
                     entry.y = to.y;
                   });
      continue;
    }
    *pos = to;
    if (world.Blockers().Contains(id)) world.MoveOccupant(id, from, to);
    ClearIntent(*intent);
    SpendTime(world, id, ticks);
    Arrived(world, scratch, id, {}, to);
  }
}

namespace {

// Heavy armour is loud: each step the wearer takes is heard `noise` cells away.
void ArmourClanks(GameWorld& world, EntityId wearer) {
  const Item* armour = world.Items().Find(EquippedIn(world, wearer, ItemCategory::Armour));
  const Position* at = world.Positions().Find(wearer);
  if (armour == nullptr || at == nullptr || armour->kind >= world.Definitions().items.size())
    return;
  if (const std::int32_t noise = world.Definitions().items[armour->kind].noise; noise > 0)
    (void)world.Emit(world.Noises(), NoiseEvent{wearer, *at, noise});
}

}  // namespace

void ResolveGameplayPhase(GameWorld& world, TickScratch& scratch) {
  world.SetPhase(TickPhase::ResolveGameplay);
  // Noises live from one tick's ResolveGameplay to the next tick's AI phase, which has read them.
  world.Noises().Clear();
  scratch.reserved.clear();
  StableOrder(world, world.Intents(), world.IntentsByCreation(), world.Intents().Values(), scratch,
              [](const Intent& intent) { return intent.kind != ActionKind::None; });
  // Plates stepped on click first; then the player who walked onto items picks up what autopickup
  // wants: it is part of the step.
  FireSteppedTriggers(world, scratch);
  if (scratch.player_stepped) {
    scratch.player_stepped = false;
    ArmourClanks(world, world.PlayerEntity());
    AutoPickUpHere(world, scratch, world.PlayerEntity());
  }
  // Actions below may rebuild scratch lists: walk a copy of the order's length, by index.
  const std::size_t actors = scratch.order.size();
  for (std::size_t i = 0; i < actors; ++i) {
    const EntityId id = scratch.order[i];
    Intent* intent = world.MutableIntents().Find(id);
    if (intent == nullptr || !world.Registry().IsActive(id)) continue;  // died earlier this phase
    switch (intent->kind) {
      case ActionKind::Attack: ResolveAttack(world, scratch, id, *intent); break;
      case ActionKind::Shoot: ResolveShoot(world, scratch, id, *intent); break;
      case ActionKind::Steal: ResolveSteal(world, scratch, id, *intent); break;
      case ActionKind::Summon: ResolveSummon(world, scratch, id, *intent); break;
      case ActionKind::Blink: ResolveBlink(world, scratch, id, *intent); break;
      case ActionKind::Breathe: ResolveBreathe(world, scratch, id, *intent); break;
      case ActionKind::Free: ResolveFree(world, id, *intent); break;
      case ActionKind::Order: ResolveOrder(world, id, *intent); break;
      case ActionKind::Operate: ResolveOperate(world, id, *intent); break;
      case ActionKind::PickUp: ResolvePickUp(world, id, *intent); break;
      case ActionKind::Drop: ResolveDrop(world, id, *intent); break;
      case ActionKind::Equip: ResolveEquip(world, id, *intent, true); break;
      case ActionKind::Unequip: ResolveEquip(world, id, *intent, false); break;
      case ActionKind::Use: ResolveUse(world, scratch, id, *intent); break;
      case ActionKind::Throw: ResolveThrow(world, scratch, id, *intent); break;
      case ActionKind::Descend:
      case ActionKind::Ascend: ResolveStairs(world, id, *intent); break;
      case ActionKind::Wait:
        ClearIntent(*intent);
        SpendTime(world, id, ActorTicks(world, id));
        if (id == world.PlayerEntity() && world.Secrets().Size() != 0) Search(world, id);
        break;
      case ActionKind::Move:  // Movement left it: nothing more to do this tick
      case ActionKind::None: ClearIntent(*intent); break;
    }
    if (world.Fault().Active()) return;
  }
  Upkeep(world, scratch);
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
  // Seen again: the item mark is set below if an item still lies there.
  for (const std::uint32_t cell : scratch.player_view.VisibleCells()) map.RememberSeen(cell);
  // Items autopickup wants, lying in view: remembered where they lie until the cell is seen
  // without them (what explore walks to), by the rule as it is now (on or off alike).
  // And what lies in view, to be drawn where it was seen once out of view (seen_items.h).
  SeenItems& seen = world.SeenItemsMemory();
  const auto width = static_cast<std::uint32_t>(map.Width());
  seen.ForgetSeen([&](std::uint32_t cell) {
    return scratch.player_view.Visible(static_cast<std::int32_t>(cell % width),
                                       static_cast<std::int32_t>(cell / width));
  });
  for (EntityId item : world.Items().Owners()) {
    const Position* at = world.Positions().Find(item);
    if (at == nullptr || !scratch.player_view.Visible(at->x, at->y)) continue;
    if (WantedItem(world, item)) map.SetItemRemembered(at->x, at->y, true);
    if (const Appearance* look = world.Appearances().Find(item))
      seen.Remember(static_cast<std::uint32_t>(map.Index(at->x, at->y)), item, *look);
  }
}

void EndTickPhase(GameWorld& world, TickScratch& scratch) noexcept {
  world.SetPhase(TickPhase::EndTick);
  UpdatePlayerView(world, scratch);
  world.EndTickBookkeeping();
}

}  // namespace cairn
