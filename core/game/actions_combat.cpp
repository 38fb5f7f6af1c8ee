#include <algorithm>

#include "game/actions.h"
#include "game/ai.h"
#include "game/items.h"
#include "game/pathing.h"
#include "game/recipes.h"
#include "game/rules.h"
#include "game/systems.h"

namespace cairn {
namespace {

// What a dead monster leaves: what it carried, then its loot rolls, on the cell where it fell.
void LeaveBehind(GameWorld& world, EntityId victim, Position where) {
  const auto owners = world.Items().Owners();
  const auto items = world.Items().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    if (items[i].holder != victim) continue;
    Item dropped = items[i];
    dropped.holder = EntityId{};
    dropped.letter = 0;
    dropped.equipped = 0;
    if (world.QueueSetComponent(owners[i], where) != Status::Ok) return;
    if (world.QueueSetComponent(owners[i], dropped) != Status::Ok) return;
  }
  const Loot* loot = world.Loots().Find(victim);
  if (loot == nullptr) return;
  const Player* player = world.Players().Find(world.PlayerEntity());
  const std::int32_t depth = player != nullptr ? player->depth : 1;
  Rng& rng = world.Random(RandomPurpose::Loot);
  for (const LootEntry& entry : loot->entries) {  // in slot order: the rolls are deterministic
    if (entry.item >= world.Definitions().items.size() || !rng.Percent(entry.chance)) continue;
    SpawnRequestId request = 0;
    if (world.QueueSpawn(RolledItemRecipe(world.Definitions(),
                                          world.Definitions().items[entry.item], where, depth, rng),
                         request) != Status::Ok)
      return;
  }
}

// A breeder that survives a hit splits: the new one takes half of what is left.
void Split(GameWorld& world, TickScratch& scratch, EntityId target) {
  EnemyAi* ai = world.MutableAis().Find(target);
  Health* health = world.MutableHealths().Find(target);
  const Position* where = world.Positions().Find(target);
  const MonsterDefinition* kind = MonsterKindOf(world, target);
  if (ai == nullptr || health == nullptr || where == nullptr || kind == nullptr) return;
  if (ai->profile != AiProfile::Breeder || health->current < 2 || ai->special_tick > world.Tick())
    return;
  if (CountKind(world, ai->kind) >= kMaxBreeders) return;
  Position cell{};
  if (!OpenCellBeside(world, scratch, *where, cell)) return;
  const std::int32_t half = health->current / 2;
  ComponentBundle child = MonsterRecipe(world.Definitions(), *kind, cell, false);
  child.health.current = half;
  child.ai.special_tick = world.Tick() + kNormalActionTicks;
  SpawnRequestId request = 0;
  if (world.QueueSpawn(child, request) != Status::Ok) return;
  scratch.reserved.push_back(cell);
  health->current -= half;
  ai->pending_request = request;
  ai->special_tick = world.Tick() + kNormalActionTicks;
  world.RecordTimer(target, TimerKind::Special, ai->special_tick);
  (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Split, target, {}, half});
}

}  // namespace

namespace {

std::int32_t Conditioned(const GameWorld& world, EntityId actor, std::int32_t ticks) noexcept {
  return ConditionedTicks(ticks, world.Conditions().Find(actor), world.Tick());
}

}  // namespace

std::int32_t StepTicks(const GameWorld& world, EntityId actor) noexcept {
  const Combat* combat = world.Combats().Find(actor);
  if (combat == nullptr || combat->move_speed <= 0) return ActorTicks(world, actor);
  Combat moving = *combat;
  moving.speed = combat->move_speed;
  return Conditioned(world, actor, ActionTicks(&moving));
}

std::int32_t ActorTicks(const GameWorld& world, EntityId actor) noexcept {
  return Conditioned(world, actor, ActionTicks(world.Combats().Find(actor)));
}

void Kill(GameWorld& world, EntityId victim, EntityId killer, DeathCause cause, AttackKind blow) {
  if (!world.Registry().IsActive(victim)) return;
  const Position* at = world.Positions().Find(victim);
  DeathEvent death{victim, killer, at != nullptr ? *at : Position{}, {}, {}, cause, blow};
  if (const Appearance* look = world.Appearances().Find(victim)) death.appearance = *look;
  if (const Named* named = world.Names().Find(victim)) death.name = named->name;
  if (!world.Emit(world.Deaths(), death)) return;
  TraceEntry traced;
  traced.event = TraceEvent::Died;
  traced.a = victim;
  traced.b = killer;
  traced.detail[0] = static_cast<std::uint8_t>(cause);
  traced.detail[1] = static_cast<std::uint8_t>(blow);
  traced.x = death.where.x;
  traced.y = death.where.y;
  world.Record(traced);
  if (Player* player = world.MutablePlayers().Find(killer)) {
    ++player->kills;
    const Health* worth = world.Healths().Find(victim);
    // In 64 bits, then held at the type's top: past kMaxExperience the tick's limit check stops
    // the run (game/state_limits.h); it must never wrap on the way there.
    const std::int64_t gained =
        std::int64_t{player->experience} + (worth != nullptr ? worth->max : 1);
    player->experience = static_cast<std::int32_t>(std::min<std::int64_t>(gained, INT32_MAX));
    while (player->level < kMaxLevel &&
           player->experience >= ExperienceForLevel(player->level + 1)) {
      ++player->level;
      if (Health* health = world.MutableHealths().Find(killer)) {
        health->max += kHealthPerLevel;
        health->current += kHealthPerLevel;
      }
      RefreshCombat(world, killer);
      (void)world.Emit(world.Notices(),
                       NoticeEvent{NoticeKind::LevelUp, killer, {}, player->level});
    }
  }
  if (at != nullptr && !world.Players().Contains(victim)) LeaveBehind(world, victim, *at);
  (void)world.QueueDestroy(victim);
}

void StrikeBlow(GameWorld& world, TickScratch& scratch, AttackEvent event, bool hit,
                std::int32_t damage) {
  Health* health = world.MutableHealths().Find(event.target);
  if (hit) {
    event.hit = 1;
    event.damage = damage;
    if (health != nullptr) {
      health->current -= damage;
      if (health->current <= 0) event.killed = 1;
    }
  }
  TraceEntry traced;
  traced.event = TraceEvent::Attacked;
  traced.a = event.attacker;
  traced.b = event.target;
  traced.value = hit ? damage : -1;
  traced.detail[0] = static_cast<std::uint8_t>(event.kind);
  traced.detail[1] = event.killed;
  traced.x = health != nullptr ? health->current : 0;
  traced.c_kind = world.KindOfEntity(event.item);
  world.Record(traced);
  if (!world.Emit(world.Attacks(), event)) return;
  if (const Position* to = world.Positions().Find(event.target))
    if (!world.Emit(world.Noises(), NoiseEvent{event.attacker, *to, kCombatNoiseRadius})) return;
  // Being hit wakes and angers a monster, whoever struck.
  if (EnemyAi* ai = world.MutableAis().Find(event.target)) ai->alertness = 2 * kAlertnessToHunt;
  if (event.killed) {
    Kill(world, event.target, event.attacker, DeathCause::Attack, event.kind);
  } else if (hit) {
    Split(world, scratch, event.target);
  }
}

void ResolveAttack(GameWorld& world, TickScratch& scratch, EntityId attacker, Intent& intent) {
  const EntityId target = intent.target;
  ClearIntent(intent);
  SpendTime(world, attacker, ActorTicks(world, attacker));
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
  if (attack == nullptr) attack = &none;
  if (defend == nullptr) defend = &none;
  Rng& rng = world.Random(RandomPurpose::Combat);
  const bool hit = static_cast<std::int32_t>(rng.Below(100)) < HitChance(*attack, *defend);
  const std::int32_t damage = hit ? RollDamage(rng, *attack) : 0;
  StrikeBlow(world, scratch, AttackEvent{attacker, target, 0, 0, 0, AttackKind::Melee, {}}, hit,
             damage);
}

bool ClearShot(const GameWorld& world, Position from, Position to, std::int32_t range) noexcept {
  Position path[kMaxMissileRange];
  const std::int32_t cells =
      MissilePath(world, from, to, range < kMaxMissileRange ? range : kMaxMissileRange, path);
  return cells > 0 && path[cells - 1].x == to.x && path[cells - 1].y == to.y;
}

std::int32_t MissilePath(const GameWorld& world, Position from, Position to, std::int32_t range,
                         Position* path) noexcept {
  return LinePath(world, from, to, range, path, false);
}

std::int32_t LinePath(const GameWorld& world, Position from, Position to, std::int32_t range,
                      Position* path, bool through) noexcept {
  const std::int32_t dx = to.x > from.x ? to.x - from.x : from.x - to.x;
  const std::int32_t dy = to.y > from.y ? to.y - from.y : from.y - to.y;
  const std::int32_t sx = from.x < to.x ? 1 : -1;
  const std::int32_t sy = from.y < to.y ? 1 : -1;
  std::int32_t error = dx - dy;
  Position at = from;
  std::int32_t count = 0;
  if (dx == 0 && dy == 0) return 0;
  while (count < range) {
    // Past the target the line continues in the same direction until something stops it.
    const std::int32_t e2 = 2 * error;
    if (e2 > -dy) {
      error -= dy;
      at.x += sx;
    }
    if (e2 < dx) {
      error += dx;
      at.y += sy;
    }
    if (!world.Map().Passable(at.x, at.y) || world.Map().At(at.x, at.y) == Terrain::DoorClosed)
      break;
    path[count++] = at;
    if (!through && !world.OccupantAt(at.x, at.y).IsNull()) break;
  }
  return count;
}

void ResolveShoot(GameWorld& world, TickScratch& scratch, EntityId shooter, Intent& intent) {
  AimedAction shot;
  if (!BeginAimed(world, shooter, intent, shot)) return;
  const MonsterDefinition* kind = shot.kind;
  const Position* from = &shot.from;
  const Position* to = &shot.to;
  StartCooldown(world, shooter, *kind);
  Position path[kMaxMissileRange];
  const std::int32_t cells =
      MissilePath(world, *from, *to, std::min(kind->range, kMaxMissileRange), path);
  if (cells == 0) return;
  const EntityId struck = world.OccupantAt(path[cells - 1].x, path[cells - 1].y);
  if (struck.IsNull()) return;  // it flew wide
  const bool spell = kind->profile == AiProfile::Caster;
  Rng& rng = world.Random(RandomPurpose::Combat);
  const Combat none{};
  const Combat* defend = world.Combats().Find(struck);
  if (defend == nullptr) defend = &none;
  Combat aim = world.Combats().Find(shooter) != nullptr ? *world.Combats().Find(shooter) : none;
  const bool hit = spell ? rng.Percent(kSpellHitChance)
                         : static_cast<std::int32_t>(rng.Below(100)) < HitChance(aim, *defend);
  aim.damage_dice = kind->ranged.count;
  aim.damage_sides = kind->ranged.sides;
  aim.damage_bonus = kind->ranged.bonus;
  const std::int32_t damage = hit ? RollDamage(rng, aim) : 0;
  StrikeBlow(
      world, scratch,
      AttackEvent{shooter, struck, 0, 0, 0, spell ? AttackKind::Spell : AttackKind::Missile, {}},
      hit, damage);
}

void ResolveSteal(GameWorld& world, TickScratch& scratch, EntityId thief, Intent& intent) {
  const EntityId target = intent.target;
  const Position* from = world.Positions().Find(thief);
  const Position* to = world.Positions().Find(target);
  if (from == nullptr || to == nullptr || !world.Registry().IsActive(target) ||
      ChebyshevDistance(*from, *to) != 1) {
    ClearIntent(intent);
    SpendTime(world, thief, ActorTicks(world, thief));
    return;
  }
  // Anything not in use may go: the thief picks at random.
  std::vector<EntityId>& loose = scratch.items;
  CarriedItems(world, target, loose);
  loose.erase(std::remove_if(loose.begin(), loose.end(),
                             [&](EntityId id) { return world.Items().Find(id)->equipped != 0; }),
              loose.end());
  Inventory* pack = world.MutableInventories().Find(thief);
  Rng& rng = world.Random(RandomPurpose::Combat);
  const Combat none{};
  const Combat* attack = world.Combats().Find(thief);
  const Combat* defend = world.Combats().Find(target);
  const bool grabbed =
      static_cast<std::int32_t>(rng.Below(100)) <
      HitChance(attack != nullptr ? *attack : none, defend != nullptr ? *defend : none);
  if (loose.empty() || pack == nullptr || pack->count >= pack->capacity) {
    intent.kind = ActionKind::Attack;  // nothing to take: it bites instead
    ResolveAttack(world, scratch, thief, intent);
    return;
  }
  ClearIntent(intent);
  SpendTime(world, thief, ActorTicks(world, thief));
  if (!grabbed) {
    (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Missed, thief, target, 0});
    return;
  }
  const EntityId taken = loose[rng.Below(static_cast<std::uint32_t>(loose.size()))];
  Item* item = world.MutableItems().Find(taken);
  (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Stole, thief, taken, 0});
  item->holder = thief;
  item->letter = 0;
  ++pack->count;
  if (Inventory* victim = world.MutableInventories().Find(target);
      victim != nullptr && victim->count > 0)
    --victim->count;
  // Off it goes with the prize, and does not come back while it holds it.
  if (EnemyAi* ai = world.MutableAis().Find(thief)) {
    CancelAction(world, thief, *ai, CancelReason::None);
    EnterPhase(world, thief, *ai, AiPhase::Flee, AiReason::Stole, target);
  }
}

}  // namespace cairn
