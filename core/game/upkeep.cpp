#include "game/actions.h"
#include "game/items.h"
#include "game/rules.h"
#include "game/systems.h"

namespace cairn {

namespace {

void RechargeStaffs(GameWorld& world) {
  const auto& kinds = world.Definitions().items;
  const auto owners = world.Rechargings().Owners();
  for (EntityId id : owners) {
    Recharging* recharging = world.MutableRechargings().Find(id);
    Item* item = world.MutableItems().Find(id);
    if (recharging->turns > 0) --recharging->turns;
    if (recharging->turns > 0) continue;
    const ItemDefinition* kind =
        item != nullptr && item->kind < kinds.size() ? &kinds[item->kind] : nullptr;
    if (kind == nullptr || kind->recharge <= 0) {
      (void)world.QueueRemoveComponent<Recharging>(id);
      continue;
    }
    if (item->charges < StaffCapacity(*kind, *item)) {
      ++item->charges;
      (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Charged, item->holder, id, 0});
    }
    if (item->charges < StaffCapacity(*kind, *item))
      recharging->turns = static_cast<std::uint16_t>(kind->recharge);
    else
      (void)world.QueueRemoveComponent<Recharging>(id);
  }
}

}  // namespace

void Upkeep(GameWorld& world, TickScratch&) {
  const std::int64_t tick = world.Tick();
  // The player: one turn of food every normal turn; starving hurts instead; a fed body heals.
  const EntityId id = world.PlayerEntity();
  Player* player = world.MutablePlayers().Find(id);
  Health* health = world.MutableHealths().Find(id);
  if (player != nullptr && health != nullptr && world.Registry().IsActive(id)) {
    if (tick % kNormalActionTicks == 0) {
      if (player->nutrition > 0) {
        --player->nutrition;
        if (player->nutrition == kHungry)
          (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Hungry, id, {}, 0});
        if (player->nutrition == kWeak)
          (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Weak, id, {}, 0});
        if (player->nutrition == 0)
          (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Starving, id, {}, 0});
      } else if (--health->current <= 0) {
        Kill(world, id, EntityId{}, DeathCause::Starvation, AttackKind::Melee);
      }
    }
    if (player->nutrition > 0 && health->current < health->max &&
        tick % RegenerationTicks(health->max) == 0)
      ++health->current;
  }
  // Monsters that regenerate (trolls) do so every ten turns.
  if (tick % (std::int64_t{10} * kNormalActionTicks) == 0) {
    const auto owners = world.Ais().Owners();
    for (EntityId monster : owners) {
      const EnemyAi* ai = world.Ais().Find(monster);
      Health* h = world.MutableHealths().Find(monster);
      if (h == nullptr || ai->kind >= world.Definitions().monsters.size()) continue;
      const std::int32_t regeneration = world.Definitions().monsters[ai->kind].regeneration;
      if (regeneration > 0 && h->current > 0 && h->current < h->max)
        h->current = h->current + regeneration > h->max ? h->max : h->current + regeneration;
    }
  }
  // Staffs fill again by themselves: a charge `recharge` turns after the one before.
  if (tick % kNormalActionTicks == 0 && world.Rechargings().Size() != 0) RechargeStaffs(world);
  // Conditions that run out this tick say so.
  const auto owners = world.Conditions().Owners();
  const auto conditions = world.Conditions().Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (conditions[i].haste_until == tick && world.Players().Contains(owners[i]))
      (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::HasteEnded, owners[i], {}, 0});
}

}  // namespace cairn
