#include "game/actions.h"
#include "game/ai.h"
#include "game/pathing.h"
#include "game/rules.h"
#include "game/systems.h"

namespace cairn {

void ResolveFree(GameWorld& world, EntityId actor, Intent& intent) {
  const EntityId captive = intent.target;
  ClearIntent(intent);
  const Position* from = world.Positions().Find(actor);
  const Position* at = world.Positions().Find(captive);
  Ally* ally = world.MutableAllies().Find(captive);
  EnemyAi* ai = world.MutableAis().Find(captive);
  if (from == nullptr || at == nullptr || ally == nullptr || ai == nullptr || ally->shackled == 0 ||
      ChebyshevDistance(*from, *at) != 1 || !world.Registry().IsActive(captive)) {
    world.CountStaleRejected(captive);
    return;
  }
  SpendTime(world, actor, ActorTicks(world, actor));
  ally->shackled = 0;
  ally->order = AllyOrder::Follow;
  ai->alertness = 0;
  CancelAction(world, captive, *ai, CancelReason::None);
  EnterPhase(world, captive, *ai, AiPhase::Follow, AiReason::Freed, actor);
  world.SetWakeTick(*ai, world.Tick() + kNormalActionTicks);
  (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Freed, actor, captive});
}

bool AnyAllyFollows(const GameWorld& world) noexcept {
  for (const Ally& ally : world.Allies().Values())
    if (ally.shackled == 0 && ally.order == AllyOrder::Follow) return true;
  return false;
}

void ResolveOrder(GameWorld& world, EntityId actor, Intent& intent) {
  ClearIntent(intent);
  SpendTime(world, actor, ActorTicks(world, actor));
  const AllyOrder order = AnyAllyFollows(world) ? AllyOrder::Wait : AllyOrder::Follow;
  const auto owners = world.Allies().Owners();
  EntityId told{};
  for (EntityId id : owners) {
    Ally* ally = world.MutableAllies().Find(id);
    EnemyAi* ai = world.MutableAis().Find(id);
    const Position* at = world.Positions().Find(id);
    if (ally == nullptr || ai == nullptr || at == nullptr || ally->shackled != 0) continue;
    ally->order = order;
    ally->post_x = at->x;
    ally->post_y = at->y;
    // Whatever it was doing, it drops it and takes up the order (a waiting ally still fights
    // what comes within reach of its post).
    CancelAction(world, id, *ai, CancelReason::None);
    EnterPhase(world, id, *ai, AiPhase::Follow, AiReason::Ordered,
               order == AllyOrder::Follow ? actor : EntityId{});
    if (told.IsNull()) told = id;
  }
  (void)world.Emit(world.Notices(),
                   NoticeEvent{NoticeKind::Ordered, actor, told, order == AllyOrder::Wait ? 1 : 0});
}

}  // namespace cairn
