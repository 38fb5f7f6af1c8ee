// What monsters do besides striking and shooting: a summoner's call, a blinker's leap, a breath
// along a line; and the helpers the bolts and scrolls that move or call monsters share with them.
#include <algorithm>

#include "game/actions.h"
#include "game/ai.h"
#include "game/pathing.h"
#include "game/recipes.h"
#include "game/rules.h"
#include "game/systems.h"

namespace cairn {
namespace {

void Notice(GameWorld& world, NoticeKind kind, EntityId subject, EntityId object = {},
            std::int32_t value = 0) {
  (void)world.Emit(world.Notices(), NoticeEvent{kind, subject, object, value});
}

bool Reserved(const TickScratch& scratch, Position cell) {
  return std::any_of(scratch.reserved.begin(), scratch.reserved.end(),
                     [&](Position p) { return p.x == cell.x && p.y == cell.y; });
}

}  // namespace

const MonsterDefinition* MonsterKindOf(const GameWorld& world, EntityId id) noexcept {
  const EnemyAi* ai = world.Ais().Find(id);
  const auto& monsters = world.Definitions().monsters;
  return ai != nullptr && ai->kind < monsters.size() ? &monsters[ai->kind] : nullptr;
}

void StartCooldown(GameWorld& world, EntityId self, const MonsterDefinition& kind) {
  EnemyAi* ai = world.MutableAis().Find(self);
  if (ai == nullptr) return;
  ai->special_tick = world.Tick() + std::int64_t{kind.cooldown} * kNormalActionTicks;
  if (kind.cooldown > 0) world.RecordTimer(self, TimerKind::Special, ai->special_tick);
}

bool BeginAimed(GameWorld& world, EntityId actor, Intent& intent, AimedAction& out) {
  const EntityId target = intent.target;
  ClearIntent(intent);
  SpendTime(world, actor, ActorTicks(world, actor));
  const MonsterDefinition* kind = MonsterKindOf(world, actor);
  const Position* from = world.Positions().Find(actor);
  const Position* to = world.Positions().Find(target);
  if (kind == nullptr || from == nullptr || to == nullptr || !world.Registry().IsActive(target)) {
    world.CountStaleRejected(target);
    return false;
  }
  out = AimedAction{kind, *from, *to, target};
  return true;
}

bool OpenCellBeside(const GameWorld& world, const TickScratch& scratch, Position around,
                    Position& out) {
  for (int d = 0; d < 8; ++d) {
    const Position cell{around.x + kStepDx[d], around.y + kStepDy[d]};
    if (!world.Map().Passable(cell.x, cell.y) || !world.OccupantAt(cell.x, cell.y).IsNull() ||
        world.Map().At(cell.x, cell.y) == Terrain::DoorClosed || Reserved(scratch, cell))
      continue;
    out = cell;
    return true;
  }
  return false;
}

std::int32_t CountKind(const GameWorld& world, std::uint16_t kind) noexcept {
  std::int32_t count = 0;
  for (const EnemyAi& other : world.Ais().Values()) count += other.kind == kind ? 1 : 0;
  return count;
}

std::int32_t CallMonsters(GameWorld& world, TickScratch& scratch, Position around,
                          const MonsterDefinition& kind, std::int32_t count) {
  std::int32_t called = 0;
  for (; called < count; ++called) {
    Position cell{};
    if (!OpenCellBeside(world, scratch, around, cell)) break;
    ComponentBundle monster = MonsterRecipe(world.Definitions(), kind, cell, false);
    monster.ai.alertness = 2 * kAlertnessToHunt;  // called to fight: it hunts at once
    SpawnRequestId request = 0;
    if (world.QueueSpawn(monster, request) != Status::Ok) break;
    scratch.reserved.push_back(cell);
  }
  return called;
}

void WakeFloor(GameWorld& world) {
  const auto owners = world.Ais().Owners();
  for (EntityId id : owners)
    if (!world.Allies().Contains(id)) world.MutableAis().Find(id)->alertness = 2 * kAlertnessToHunt;
}

void Relocate(GameWorld& world, EntityId id, Position to) noexcept {
  Position* at = world.MutablePositions().Find(id);
  if (at == nullptr) return;
  const Position from = *at;
  *at = to;
  if (world.Blockers().Contains(id)) world.MoveOccupant(id, from, to);
}

bool BlinkCell(const GameWorld& world, const TickScratch& scratch, Position from, Position target,
               std::int32_t range, Position& out) {
  std::int32_t best = kUnreachable;
  for (int d = 0; d < 8; ++d) {
    const Position cell{target.x + kStepDx[d], target.y + kStepDy[d]};
    if (!world.Map().Passable(cell.x, cell.y) || !world.OccupantAt(cell.x, cell.y).IsNull() ||
        world.Map().At(cell.x, cell.y) == Terrain::DoorClosed || Reserved(scratch, cell))
      continue;
    const std::int32_t distance = ChebyshevDistance(from, cell);
    if (distance >= best || distance > range || !ClearShot(world, from, cell, range)) continue;
    best = distance;
    out = cell;
  }
  return best != kUnreachable;
}

void ResolveSummon(GameWorld& world, TickScratch& scratch, EntityId summoner, Intent& intent) {
  ClearIntent(intent);
  SpendTime(world, summoner, ActorTicks(world, summoner));
  const MonsterDefinition* kind = MonsterKindOf(world, summoner);
  const Position* at = world.Positions().Find(summoner);
  if (kind == nullptr || at == nullptr ||
      kind->summons_index >= world.Definitions().monsters.size())
    return;
  StartCooldown(world, summoner, *kind);
  const MonsterDefinition& called = world.Definitions().monsters[kind->summons_index];
  // A floor holds at most kMaxSummoned of a called kind: a summoner left alone fills no floor.
  const std::int32_t room = kMaxSummoned - CountKind(world, kind->summons_index);
  const std::int32_t count =
      CallMonsters(world, scratch, *at, called, std::min(kind->summon_count, room));
  if (count > 0) Notice(world, NoticeKind::Summoned, summoner, {}, count);
}

void ResolveBlink(GameWorld& world, TickScratch& scratch, EntityId blinker, Intent& intent) {
  AimedAction aim;
  if (!BeginAimed(world, blinker, intent, aim)) return;
  Position cell{};
  if (!BlinkCell(world, scratch, aim.from, aim.to, aim.kind->range, cell))
    return;  // the way closed since, or a spawn this phase took the cell
  scratch.reserved.push_back(cell);
  StartCooldown(world, blinker, *aim.kind);
  Relocate(world, blinker, cell);
  Notice(world, NoticeKind::Blinked, blinker, aim.target);
}

void ResolveBreathe(GameWorld& world, TickScratch& scratch, EntityId breather, Intent& intent) {
  AimedAction aim;
  if (!BeginAimed(world, breather, intent, aim)) return;
  const MonsterDefinition* kind = aim.kind;
  StartCooldown(world, breather, *kind);
  Notice(world, NoticeKind::Breathed, breather, aim.target);
  // Everyone on the line is struck, friend or foe, each dodging on their own.
  Position path[kMaxMissileRange];
  const std::int32_t cells =
      LinePath(world, aim.from, aim.to, std::min(kind->range, kMaxMissileRange), path, true);
  Rng& rng = world.Random(RandomPurpose::Combat);
  Combat breath{};
  breath.damage_dice = kind->ranged.count;
  breath.damage_sides = kind->ranged.sides;
  breath.damage_bonus = kind->ranged.bonus;
  for (std::int32_t i = 0; i < cells; ++i) {
    const EntityId struck = world.OccupantAt(path[i].x, path[i].y);
    // The dead of this phase still hold their cells until the commit: passed over.
    if (struck.IsNull() || struck == breather || !world.Healths().Contains(struck) ||
        !world.Registry().IsActive(struck))
      continue;
    const bool hit = rng.Percent(kSpellHitChance);
    StrikeBlow(world, scratch, AttackEvent{breather, struck, 0, 0, 0, AttackKind::Spell, {}}, hit,
               hit ? RollDamage(rng, breath) : 0);
  }
}

}  // namespace cairn
