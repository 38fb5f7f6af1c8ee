#include "game/ai.h"

#include "game/actions.h"
#include "game/ai_steps.h"
#include "game/machines.h"
#include "game/nearest.h"
#include "game/pathing.h"
#include "game/rules.h"

namespace cairn {

const char* AiActionName(AiAction action) noexcept {
  switch (action) {
    case AiAction::Idle: return "idle";
    case AiAction::Wander: return "wander";
    case AiAction::Hunt: return "hunt";
    case AiAction::Flee: return "flee";
    case AiAction::Follow: return "follow";
  }
  return "unknown";
}

const char* AiPhaseName(AiPhase phase) noexcept {
  switch (phase) {
    case AiPhase::Asleep: return "asleep";
    case AiPhase::Wander: return "wander";
    case AiPhase::SelectTarget: return "select-target";
    case AiPhase::Approach: return "approach";
    case AiPhase::Attack: return "attack";
    case AiPhase::Recover: return "recover";
    case AiPhase::Flee: return "flee";
    case AiPhase::Follow: return "follow";
    case AiPhase::Return: return "return";
  }
  return "unknown";
}

const char* AiProfileName(AiProfile profile) noexcept {
  switch (profile) {
    case AiProfile::Melee: return "melee";
    case AiProfile::Coward: return "coward";
    case AiProfile::Pack: return "pack";
    case AiProfile::Ranged: return "ranged";
    case AiProfile::Caster: return "caster";
    case AiProfile::Thief: return "thief";
    case AiProfile::Breeder: return "breeder";
    case AiProfile::Summoner: return "summoner";
    case AiProfile::Blinker: return "blinker";
    case AiProfile::Lurker: return "lurker";
    case AiProfile::Breather: return "breather";
    case AiProfile::Erratic: return "erratic";
  }
  return "unknown";
}

const char* CancelReasonName(CancelReason reason) noexcept {
  switch (reason) {
    case CancelReason::None: return "none";
    case CancelReason::TargetGone: return "target-gone";
    case CancelReason::TargetUnseen: return "target-unseen";
    case CancelReason::Hurt: return "hurt";
    case CancelReason::Blocked: return "blocked";
    case CancelReason::LostTrail: return "lost-trail";
    case CancelReason::Recovered: return "recovered";
  }
  return "unknown";
}

const char* StepResultName(StepResult result) noexcept {
  switch (result) {
    case StepResult::Running: return "running";
    case StepResult::Succeeded: return "succeeded";
    case StepResult::Failed: return "failed";
    case StepResult::Cancelled: return "cancelled";
  }
  return "unknown";
}

void CancelAction(GameWorld& world, EntityId self, EnemyAi& ai, CancelReason reason) noexcept {
  // The intent it issued, once: only an intent of the current revision is its own.
  if (Intent* intent = world.MutableIntents().Find(self); intent != nullptr &&
                                                          intent->kind != ActionKind::None &&
                                                          intent->revision == ai.action_revision)
    intent->kind = ActionKind::None;
  // Its pending request, once: a spawn still queued is dropped; either way it waits no more.
  if (ai.pending_request != 0) {
    const std::uint32_t request = ai.pending_request;
    (void)world.RevokeSpawn(request);  // NotFound: published already, nothing to drop
    ai.pending_request = 0;
    world.Record(TraceEvent::RequestRevoked, [&](TraceEntry& entry) {
      entry.a = self;
      entry.value = request;
    });
  }
  ++ai.action_revision;
  ai.last_cancel = reason;
}

AiAction ActionOfPhase(AiPhase phase) noexcept {
  switch (phase) {
    case AiPhase::Asleep: return AiAction::Idle;
    case AiPhase::Wander: return AiAction::Wander;
    case AiPhase::SelectTarget:
    case AiPhase::Approach:
    case AiPhase::Attack:
    case AiPhase::Recover: return AiAction::Hunt;
    case AiPhase::Flee: return AiAction::Flee;
    case AiPhase::Follow:
    case AiPhase::Return: return AiAction::Follow;
  }
  return AiAction::Idle;
}

void EnterPhase(GameWorld& world, EntityId self, EnemyAi& ai, AiPhase to, AiReason reason,
                EntityId target) noexcept {
  const AiPhase from = ai.phase;
  const AiAction action = ActionOfPhase(to);
  if (action != ai.action) ++ai.action_revision;  // a new action: old intents are not its own
  ai.action = action;
  ai.phase = to;
  ai.target = target;
  if (to != AiPhase::Recover) ai.searching = 0;
  world.Record(TraceEvent::AiPhase, [&](TraceEntry& entry) {
    entry.a = self;
    entry.b = target;
    entry.detail[0] = static_cast<std::uint8_t>(from);
    entry.detail[1] = static_cast<std::uint8_t>(to);
    entry.detail[2] = static_cast<std::uint8_t>(reason);
  });
}

namespace {

// Cells a path may cross at all (for fields that ignore who stands where).
class TerrainFilter final : public CellFilter {};

}  // namespace

void SetIntent(GameWorld& world, EntityId self, const EnemyAi& ai, Intent intent) noexcept {
  intent.revision = ai.action_revision;
  if (Intent* existing = world.MutableIntents().Find(self)) *existing = intent;
}

void IntendWait(GameWorld& world, EntityId self, const EnemyAi& ai) noexcept {
  SetIntent(world, self, ai, Intent{ActionKind::Wait, 0, 0, 0, {}, {}});
}

void IntendStep(GameWorld& world, EntityId self, const EnemyAi& ai, Position from, Position to) {
  SetIntent(world, self, ai,
            Intent{ActionKind::Move,
                   static_cast<std::int8_t>(to.x - from.x),
                   static_cast<std::int8_t>(to.y - from.y),
                   0,
                   {},
                   {}});
}

void IntendAttack(GameWorld& world, EntityId self, const EnemyAi& ai, EntityId target) noexcept {
  SetIntent(world, self, ai, Intent{ActionKind::Attack, 0, 0, 0, target, {}});
}

void Intend(GameWorld& world, EntityId self, const EnemyAi& ai, ActionKind kind,
            EntityId target) noexcept {
  SetIntent(world, self, ai, Intent{kind, 0, 0, 0, target, {}});
}

bool Carrying(const GameWorld& world, EntityId self) noexcept {
  const Inventory* pack = world.Inventories().Find(self);
  return pack != nullptr && pack->count > 0;
}

// A pack closes in from every side: each member heads for the free cell beside the target that is
// nearest to it, so the pack spreads around its prey instead of queueing behind one another.
Position SurroundCell(const GameWorld& world, Position self, Position target) {
  Position best = target;
  std::int32_t best_distance = kUnreachable;
  for (int d = 0; d < 8; ++d) {
    const Position cell{target.x + kStepDx[d], target.y + kStepDy[d]};
    if (!world.Map().Passable(cell.x, cell.y) || !world.OccupantAt(cell.x, cell.y).IsNull())
      continue;
    const std::int32_t distance = ChebyshevDistance(self, cell);
    if (distance < best_distance) {
      best = cell;
      best_distance = distance;
    }
  }
  return best;
}

// One A* step toward `goal`; false when there is no route. A hunt's goal (its prey, often hemmed
// in by the rest of the pack) is first checked for a closed pocket; a wanderer's random goal,
// seldom shared, against the floor's free regions once its failed searches pay for labelling
// them (decision 0027), which in a dense crowd most of them do.
// The free cell beside `from` nearest `goal` that is no pressure plate and no farther from it than
// `from` is (first in direction order): a way around a plate on the route.
bool StepAround(const GameWorld& world, Position from, Position goal, Position& step) {
  std::int32_t best = ChebyshevDistance(from, goal) + 1;
  for (int d = 0; d < 8; ++d) {
    const Position next{from.x + kStepDx[d], from.y + kStepDy[d]};
    if (!world.Map().Passable(next.x, next.y) || !world.OccupantAt(next.x, next.y).IsNull() ||
        !StepTriggerAt(world, next).IsNull())
      continue;
    if (const std::int32_t distance = ChebyshevDistance(next, goal); distance < best) {
      best = distance;
      step = next;
    }
  }
  return best <= ChebyshevDistance(from, goal);
}

bool StepToward(AiContext& ctx, EntityId self, const EnemyAi& ai, Position from, Position goal,
                std::uint32_t limit) {
  Position step{};
  std::int32_t length = 0;
  const TileMap& map = ctx.world.Map();
  const std::span<const std::uint8_t> blocked = ctx.world.BlockedCells();
  const std::uint64_t revision = ctx.world.OccupancyRevision();
  if (limit == kApproachSearchLimit &&
      ctx.scratch.pocket.Unreachable(map, blocked, revision, from, goal))
    return false;
  const bool wander = limit == kWanderSearchLimit;
  if (wander && ctx.scratch.regions.Unreachable(map, blocked, revision, from, goal)) return false;
  // A monster may step into passable terrain where no other blocker stands.
  if (!ctx.scratch.paths.FindPath(map, blocked, revision, from, goal, limit, step, length)) {
    if (wander) ctx.scratch.regions.NoteFailedSearch(revision, ctx.scratch.paths.LastExpansions());
    return false;
  }
  // The goal may be occupied (the player): then the route ends next to it, not on it.
  if (!ctx.world.OccupantAt(step.x, step.y).IsNull()) return false;
  // Monsters know the floor's machines: none steps on a pressure plate, but steps around it.
  if (ctx.world.Triggers().Size() != 0 && !StepTriggerAt(ctx.world, step).IsNull() &&
      !StepAround(ctx.world, from, goal, step))
    return false;
  IntendStep(ctx.world, self, ai, from, step);
  return true;
}

// A failed or cancelled step says why (the revalidation that ended it); a running or succeeded
// one needs no reason.
void RecordStep(GameWorld& world, EntityId self, AiPhase phase, StepResult result,
                AiReason reason) noexcept {
  world.Record(TraceEvent::AiStep, [&](TraceEntry& entry) {
    entry.a = self;
    entry.detail[0] = static_cast<std::uint8_t>(phase);
    entry.detail[1] = static_cast<std::uint8_t>(result);
    entry.detail[2] = static_cast<std::uint8_t>(reason);
  });
}

namespace {

bool SeesPlayer(const AiContext& ctx, Position self, const MonsterDefinition& definition) {
  if (ctx.player.IsNull()) return false;
  // The player's view is symmetric: the monster sees the player exactly when the player's
  // field of view reaches the monster, and the player is within the monster's own sight. Sight
  // first: it is arithmetic on what the step holds already, and it rules out most of a large
  // floor, whose view grid read at the monster's cell would be a cache miss.
  const std::int64_t dx = self.x - ctx.player_position.x;
  const std::int64_t dy = self.y - ctx.player_position.y;
  if (dx * dx + dy * dy > static_cast<std::int64_t>(definition.sight) * definition.sight)
    return false;
  return ctx.scratch.player_view.Visible(self.x, self.y);
}

// A freed ally of the player's in a cell beside `pos` (the first clockwise from north-west), or
// null: a hunter that cannot reach the player strikes what fights for them.
EntityId AllyBeside(const GameWorld& world, Position pos) {
  if (world.Allies().Size() == 0) return {};
  for (int d = 0; d < 8; ++d) {
    const EntityId there = world.OccupantAt(pos.x + kStepDx[d], pos.y + kStepDy[d]);
    if (there.IsNull()) continue;
    if (const Ally* ally = world.Allies().Find(there); ally != nullptr && ally->shackled == 0)
      return there;
  }
  return {};
}

// With no way to its prey, a hunter goes for the nearest freed ally within kAllyBlocks cells (it
// stands in the way, often, in a corridor): once beside it, AllyBeside strikes it.
constexpr std::int32_t kAllyBlocks = 16;
bool StepTowardAlly(AiContext& ctx, EntityId self, const EnemyAi& ai, Position pos) {
  const GameWorld& world = ctx.world;
  if (world.Allies().Size() == 0) return false;
  NearestOldest nearest(world);
  for (EntityId id : world.Allies().Owners()) {
    const Position* at = world.Positions().Find(id);
    const Ally* ally = world.Allies().Find(id);
    if (at == nullptr || ally->shackled != 0 || !world.Registry().IsActive(id)) continue;
    if (const std::int32_t distance = ChebyshevDistance(pos, *at); distance <= kAllyBlocks)
      nearest.Offer(id, distance);
  }
  const EntityId best = nearest.Best();
  if (best.IsNull()) return false;
  const Position target = *world.Positions().Find(best);  // copied: the step may move pools
  return StepToward(ctx, self, ai, pos, target, kApproachSearchLimit);
}

bool Hurt(const GameWorld& world, EntityId self, const MonsterDefinition& definition) {
  const Health* health = world.Healths().Find(self);
  return health != nullptr && definition.flee_percent > 0 &&
         health->current * 100 < health->max * definition.flee_percent;
}

void EnsureFleeMap(AiContext& ctx) {
  TickScratch& s = ctx.scratch;
  const std::int64_t tick = ctx.world.Tick();
  if (s.flee_tick == tick) return;
  const TerrainFilter terrain;
  const Position sources[] = {ctx.player_position};
  const TileMap& map = ctx.world.Map();
  s.flee_window = MapWindow::Around(map, ctx.player_position, TickScratch::kFleeReach);
  s.paths.DistanceMap(map, terrain, sources, s.flee_window, s.player_distance.span());
  s.paths.FleeMap(map, terrain, s.flee_window, s.player_distance.span(), s.flee.span());
  s.distance_tick = tick;
  s.flee_tick = tick;
}

bool Shooter(const EnemyAi& ai, const MonsterDefinition& definition) noexcept {
  return (ai.profile == AiProfile::Ranged || ai.profile == AiProfile::Caster) &&
         definition.ranged.count > 0;
}

// Who hangs back while it waits to act again: shooters reloading, summoners while their kin fight.
bool KeepsDistance(const EnemyAi& ai, const MonsterDefinition& definition) noexcept {
  return Shooter(ai, definition) || ai.profile == AiProfile::Summoner;
}

// What a summoner, a blinker or a breather does from afar when its special is ready, or None.
ActionKind SpecialAct(const AiContext& ctx, const EnemyAi& ai, Position pos, Position target,
                      const MonsterDefinition& definition, std::int32_t distance) {
  const GameWorld& world = ctx.world;
  const TickScratch& scratch = ctx.scratch;
  if (ai.special_tick > world.Tick()) return ActionKind::None;
  Position cell{};
  switch (ai.profile) {
    case AiProfile::Summoner:
      return CountKind(world, definition.summons_index) < kMaxSummoned ? ActionKind::Summon
                                                                       : ActionKind::None;
    case AiProfile::Blinker:
      return distance >= 3 && BlinkCell(world, scratch, pos, target, definition.range, cell)
                 ? ActionKind::Blink
                 : ActionKind::None;
    case AiProfile::Breather:
      return distance <= definition.range && ClearShot(world, pos, target, definition.range)
                 ? ActionKind::Breathe
                 : ActionKind::None;
    default: return ActionKind::None;
  }
}

// An erratic flier's step one time in three: to any free cell beside it, not toward anything.
bool Flit(AiContext& ctx, EntityId self, const EnemyAi& ai, Position pos) {
  GameWorld& world = ctx.world;
  Rng& rng = world.Random(RandomPurpose::Ai);
  if (rng.Below(3) != 0) return false;
  const std::uint32_t first = rng.Below(8);
  for (std::uint32_t i = 0; i < 8; ++i) {
    const std::uint32_t d = (first + i) % 8;
    const Position next{pos.x + kStepDx[d], pos.y + kStepDy[d]};
    if (!world.Map().Passable(next.x, next.y) || !world.OccupantAt(next.x, next.y).IsNull() ||
        !StepTriggerAt(world, next).IsNull())
      continue;
    IntendStep(world, self, ai, pos, next);
    return true;
  }
  return false;
}

PhaseOutcome WanderStep(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos) {
  GameWorld& world = ctx.world;
  Rng& rng = world.Random(RandomPurpose::Ai);
  const bool at_goal = ai.goal_x == pos.x && ai.goal_y == pos.y;
  if (ai.goal_x < 0 || at_goal) {
    // A new goal: a random passable cell within 8 cells.
    ai.goal_x = -1;
    for (int attempt = 0; attempt < 8; ++attempt) {
      const std::int32_t gx = pos.x + rng.Range(-8, 8);
      const std::int32_t gy = pos.y + rng.Range(-8, 8);
      if (world.Map().Passable(gx, gy) && (gx != pos.x || gy != pos.y)) {
        ai.goal_x = gx;
        ai.goal_y = gy;
        break;
      }
    }
  }
  if (ai.goal_x >= 0 &&
      StepToward(ctx, self, ai, pos, Position{ai.goal_x, ai.goal_y}, kWanderSearchLimit))
    return {StepResult::Running, AiReason::None};
  ai.goal_x = ai.goal_y = -1;
  IntendWait(world, self, ai);
  return {StepResult::Failed, AiReason::Blocked};  // a new goal next time
}

PhaseOutcome FleeStep(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos) {
  GameWorld& world = ctx.world;
  const Health* health = world.Healths().Find(self);
  const bool thief_with_prize = ai.profile == AiProfile::Thief && Carrying(world, self);
  if (!thief_with_prize && health != nullptr && health->current * 100 >= health->max * 70)
    return {StepResult::Succeeded, AiReason::Recovered};
  EnsureFleeMap(ctx);
  const TileMap& map = world.Map();
  // Beyond the field's window a cell is as unreachable as a wall's: a coward flees at most
  // kFleeReach cells from the player, and one the field does not reach keeps still (or fights
  // back when the player is beside it) (decision 0035).
  const MapWindow window = ctx.scratch.flee_window;
  const auto flee = [&](Position at) {
    return window.Contains(at.x, at.y) ? ctx.scratch.flee[window.Index(at.x, at.y)] : kUnreachable;
  };
  std::int32_t best = flee(pos);
  Position best_cell = pos;
  // Where the field does not reach (too far from the player, or reached only by a route that
  // leaves the window), there is no downhill: rolling into the field would be toward the player.
  for (int d = 0; d < 8 && best != kUnreachable; ++d) {
    const Position next{pos.x + kStepDx[d], pos.y + kStepDy[d]};
    if (!map.Passable(next.x, next.y) || !world.OccupantAt(next.x, next.y).IsNull()) continue;
    const std::int32_t value = flee(next);
    if (value < best) {
      best = value;
      best_cell = next;
    }
  }
  if (best_cell.x != pos.x || best_cell.y != pos.y)
    IntendStep(world, self, ai, pos, best_cell);
  else if (!ctx.player.IsNull() && ChebyshevDistance(pos, ctx.player_position) == 1)
    IntendAttack(world, self, ai, ctx.player);  // cornered: fight back
  else
    IntendWait(world, self, ai);
  return {StepResult::Running, AiReason::None};
}

PhaseOutcome SelectTargetStep(AiContext& ctx, EnemyAi& ai) {
  if (ctx.player.IsNull()) return {StepResult::Failed, AiReason::NoTarget};
  ai.target = ctx.player;
  ai.last_seen_x = ctx.player_position.x;
  ai.last_seen_y = ctx.player_position.y;
  return {StepResult::Succeeded, AiReason::TargetChosen};
}

PhaseOutcome ApproachStep(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos,
                          const MonsterDefinition& definition, bool sees) {
  GameWorld& world = ctx.world;
  const Position* target = world.Positions().Find(ai.target);
  if (target == nullptr) return {StepResult::Cancelled, AiReason::TargetGone};
  if (sees) {
    ai.last_seen_x = target->x;
    ai.last_seen_y = target->y;
    const std::int32_t distance = ChebyshevDistance(pos, *target);
    // An erratic flier flits even beside its prey: one step in three goes anywhere.
    if (ai.profile == AiProfile::Erratic && Flit(ctx, self, ai, pos))
      return {StepResult::Running, AiReason::None};
    if (distance == 1) {
      const bool steal = ai.profile == AiProfile::Thief && !Carrying(world, self);
      Intend(world, self, ai, steal ? ActionKind::Steal : ActionKind::Attack, ai.target);
      return {StepResult::Succeeded, AiReason::InReach, true};
    }
    if (Shooter(ai, definition) && distance <= definition.range &&
        ai.special_tick <= world.Tick() && ClearShot(world, pos, *target, definition.range)) {
      Intend(world, self, ai, ActionKind::Shoot, ai.target);
      return {StepResult::Succeeded, AiReason::InReach, true};
    }
    if (const ActionKind special = SpecialAct(ctx, ai, pos, *target, definition, distance);
        special != ActionKind::None) {
      Intend(world, self, ai, special, ai.target);
      return {StepResult::Succeeded, AiReason::InReach, true};
    }

    if (ai.profile == AiProfile::Pack && distance <= 4) {
      const Position flank = SurroundCell(world, pos, *target);
      if ((flank.x != target->x || flank.y != target->y) &&
          StepToward(ctx, self, ai, pos, flank, kApproachSearchLimit))
        return {StepResult::Running, AiReason::None};
    }
  }
  if (const EntityId ally = AllyBeside(world, pos); !ally.IsNull()) {
    IntendAttack(world, self, ai, ally);  // the player's ally stands in the way: strike it
    return {StepResult::Succeeded, AiReason::InReach, true};
  }
  const Position trail{ai.last_seen_x, ai.last_seen_y};
  if (!sees && pos.x == trail.x && pos.y == trail.y)
    return {StepResult::Failed, AiReason::LostTrail};
  if (ai.alertness <= 0) return {StepResult::Failed, AiReason::Calmed};
  if (!StepToward(ctx, self, ai, pos, trail, kApproachSearchLimit) &&
      !StepTowardAlly(ctx, self, ai, pos))
    IntendWait(world, self, ai);
  return {StepResult::Running, AiReason::None};
}

// Resumed after the strike, shot or grab it intended was carried out (or missed its chance).
PhaseOutcome AttackStep(AiContext& ctx, EntityId self, EnemyAi& ai,
                        const MonsterDefinition& definition) {
  if (Hurt(ctx.world, self, definition)) return {StepResult::Cancelled, AiReason::Hurt};
  // Recover from it: a shooter until it has reloaded, a heavy hitter for its `recover` ticks.
  const std::int64_t now = ctx.world.Tick();
  ai.recover_until =
      std::max(now + definition.recover, KeepsDistance(ai, definition) ? ai.special_tick : now);
  return {StepResult::Succeeded, AiReason::Struck};
}

// A shooter that is reloading keeps its distance: a step away from a target within two cells.
bool StepBack(AiContext& ctx, EntityId self, const EnemyAi& ai, Position pos, Position target) {
  const GameWorld& world = ctx.world;
  Position best = pos;
  std::int32_t farthest = ChebyshevDistance(pos, target);
  for (int d = 0; d < 8; ++d) {
    const Position next{pos.x + kStepDx[d], pos.y + kStepDy[d]};
    if (!world.Map().Passable(next.x, next.y) || !world.OccupantAt(next.x, next.y).IsNull())
      continue;
    if (const std::int32_t distance = ChebyshevDistance(next, target); distance > farthest) {
      farthest = distance;
      best = next;
    }
  }
  if (best.x == pos.x && best.y == pos.y) return false;
  IntendStep(ctx.world, self, ai, pos, best);
  return true;
}

PhaseOutcome RecoverStep(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos,
                         const MonsterDefinition& definition, bool sees) {
  GameWorld& world = ctx.world;
  if (Hurt(world, self, definition)) return {StepResult::Cancelled, AiReason::Hurt};
  const std::int64_t now = world.Tick();
  if (ai.searching != 0) {
    // It lost its prey where it last saw it: look around there until the search runs out.
    if (sees && world.Registry().IsActive(ai.target))
      return {StepResult::Succeeded, AiReason::Spotted};
    if (now >= ai.recover_until) return {StepResult::Failed, AiReason::GaveUp};
    Rng& rng = world.Random(RandomPurpose::Ai);
    const bool at_goal = ai.goal_x == pos.x && ai.goal_y == pos.y;
    if (ai.goal_x < 0 || at_goal) {
      const std::int32_t gx = ai.last_seen_x + rng.Range(-3, 3);
      const std::int32_t gy = ai.last_seen_y + rng.Range(-3, 3);
      ai.goal_x = world.Map().Passable(gx, gy) ? gx : -1;
      ai.goal_y = world.Map().Passable(gx, gy) ? gy : -1;
    }
    if (ai.goal_x < 0 ||
        !StepToward(ctx, self, ai, pos, Position{ai.goal_x, ai.goal_y}, kWanderSearchLimit)) {
      ai.goal_x = ai.goal_y = -1;
      IntendWait(world, self, ai);
    }
    return {StepResult::Running, AiReason::None};
  }
  if (now >= ai.recover_until) return {StepResult::Succeeded, AiReason::Recovered};
  // Regaining its footing, or reloading: a shooter steps back from what comes close; a cornered
  // one strikes what stands beside it.
  const Position* target = world.Positions().Find(ai.target);
  if (KeepsDistance(ai, definition) && sees && target != nullptr) {
    const std::int32_t distance = ChebyshevDistance(pos, *target);
    if (distance <= 2 && StepBack(ctx, self, ai, pos, *target))
      return {StepResult::Running, AiReason::None};
    if (distance == 1) {
      IntendAttack(world, self, ai, ai.target);
      return {StepResult::Running, AiReason::None};
    }
  }
  IntendWait(world, self, ai);
  return {StepResult::Running, AiReason::None};
}

// Where each phase's result leads (the named machine of ai.h).
struct Transition {
  AiPhase to;
  bool cancels;  // the action is cancelled (its intent cleared, its request revoked) first
};
Transition Next(AiPhase phase, const PhaseOutcome& outcome) {
  if (outcome.result == StepResult::Cancelled)
    return {outcome.reason == AiReason::Hurt ? AiPhase::Flee : AiPhase::Wander, true};
  const bool ok = outcome.result == StepResult::Succeeded;
  switch (phase) {
    case AiPhase::Asleep:
    case AiPhase::Wander: return {AiPhase::SelectTarget, false};  // (only on noticing)
    case AiPhase::SelectTarget: return {ok ? AiPhase::Approach : AiPhase::Wander, false};
    case AiPhase::Approach:
      return {ok                                      ? AiPhase::Attack
              : outcome.reason == AiReason::LostTrail ? AiPhase::Recover
                                                      : AiPhase::Wander,
              false};
    case AiPhase::Attack: return {AiPhase::Recover, false};
    case AiPhase::Recover: return {ok ? AiPhase::Approach : AiPhase::Wander, false};
    case AiPhase::Flee: return {AiPhase::SelectTarget, false};
    case AiPhase::Follow:  // an ally's phases (ai_ally.cpp): a monster made to hold one hunts
    case AiPhase::Return: return {AiPhase::SelectTarget, false};
  }
  return {AiPhase::Wander, false};
}

// What a monster saw or heard this step and how alert it is now: the cause a later `noticed` has.
// Sight of the player first (`at` its cell), else the first noise heard. `noticed`: this is what
// tipped it into the hunt (the entry then tells the story, for "why").
void RecordPerceived(GameWorld& world, EntityId self, const EnemyAi& ai, Position here,
                     const Position* seen_at, EntityId player, const NoiseEvent* heard,
                     bool noticed) noexcept {
  world.Record(TraceEvent::Perceived, [&](TraceEntry& entry) {
    entry.a = self;
    const Position at = seen_at != nullptr ? *seen_at : heard->where;
    entry.b = seen_at != nullptr ? player : heard->source;
    entry.detail[0] =
        static_cast<std::uint8_t>(seen_at != nullptr ? Perception::Sight : Perception::Noise);
    const std::int32_t distance = ChebyshevDistance(at, here);
    entry.detail[1] = static_cast<std::uint8_t>(distance > 255 ? 255 : distance);
    entry.detail[2] = noticed ? 1 : 0;
    entry.x = at.x;
    entry.y = at.y;
    entry.value = ai.alertness;
  });
}

// Perception: sight, then noise, raise its alertness (asleep, it notices less); what it saw or
// heard is traced.
void Perceive(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos, bool sees) {
  GameWorld& world = ctx.world;
  const bool asleep = ai.phase == AiPhase::Asleep;
  // A hiding lurker hears nothing and springs the moment its prey comes within its sight.
  const bool lurking = asleep && ai.profile == AiProfile::Lurker;
  if (sees) {
    ai.alertness += lurking ? kAlertnessToHunt : asleep ? 25 : 60;
  } else if (ai.alertness > 0) {
    ai.alertness -= 5;
  }
  const NoiseEvent* heard = nullptr;  // the first noise it heard: traced as the cause
  for (const NoiseEvent& noise : world.Noises().Events())
    if (!lurking && ChebyshevDistance(noise.where, pos) <= noise.radius) {
      ai.alertness += asleep ? 20 : 40;
      if (heard == nullptr) heard = &noise;
    }
  if (ai.alertness > 2 * kAlertnessToHunt) ai.alertness = 2 * kAlertnessToHunt;
  if (ai.alertness < 0) ai.alertness = 0;
  if (sees || heard != nullptr) {
    const bool notices = (ai.phase == AiPhase::Asleep || ai.phase == AiPhase::Wander) &&
                         ai.alertness >= kAlertnessToHunt && !ctx.player.IsNull();
    RecordPerceived(world, self, ai, pos, sees ? &ctx.player_position : nullptr, ctx.player, heard,
                    notices);
  }
}

}  // namespace

StepResult StepAi(AiContext& ctx, EntityId self, EnemyAi& ai) {
  GameWorld& world = ctx.world;
  const Position* here = world.Positions().Find(self);
  const auto& monsters = world.Definitions().monsters;
  if (here == nullptr || ai.kind >= monsters.size()) {
    world.SetWakeTick(ai, world.Tick() + kRecheckTicks);
    RecordStep(world, self, ai.phase, StepResult::Failed, AiReason::TargetGone);
    return StepResult::Failed;
  }
  const Position pos = *here;
  const MonsterDefinition& definition = monsters[ai.kind];

  const bool sees = SeesPlayer(ctx, pos, definition);
  Perceive(ctx, self, ai, pos, sees);

  // Revalidate what it holds: the target, then any request still pending.
  if ((ai.action == AiAction::Hunt || ai.action == AiAction::Flee) && !ai.target.IsNull() &&
      !world.Registry().IsActive(ai.target)) {
    world.CountStaleRejected(ai.target);
    RecordStep(world, self, ai.phase, StepResult::Cancelled, AiReason::TargetGone);
    CancelAction(world, self, ai, CancelReason::TargetGone);
    EnterPhase(world, self, ai, AiPhase::Wander, AiReason::TargetGone, {});
  }
  if (ai.pending_request != 0)
    for (const SpawnOutcome& outcome : world.VisibleOutcomes())
      if (outcome.request == ai.pending_request) ai.pending_request = 0;

  // Noticing the player turns a sleeper or a wanderer into a hunter.
  if ((ai.phase == AiPhase::Asleep || ai.phase == AiPhase::Wander) &&
      ai.alertness >= kAlertnessToHunt && !ctx.player.IsNull()) {
    if (ai.phase == AiPhase::Asleep)
      (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Woke, self, ctx.player});
    EnterPhase(world, self, ai, AiPhase::SelectTarget, AiReason::Noticed, ctx.player);
  }
  if (ai.phase == AiPhase::Asleep) {
    world.SetWakeTick(ai, world.Tick() + kRecheckTicks);
    RecordStep(world, self, AiPhase::Asleep, StepResult::Running);
    return StepResult::Running;
  }

  // The machine: each phase's step returns a result; Running ends the resumption, anything else
  // moves to the phase it leads to (and is traced with its reason). Bounded: every phase but
  // Running hands on, and a hunt passes through at most SelectTarget, Approach, Attack, Recover
  // and Approach again before it must act.
  PhaseOutcome outcome;
  for (int steps = 0; steps < 6; ++steps) {
    const AiPhase phase = ai.phase;
    switch (phase) {
      default:  // Asleep, and an ally's phase left on a monster
      case AiPhase::Wander: outcome = WanderStep(ctx, self, ai, pos); break;
      case AiPhase::SelectTarget: outcome = SelectTargetStep(ctx, ai); break;
      case AiPhase::Approach: outcome = ApproachStep(ctx, self, ai, pos, definition, sees); break;
      case AiPhase::Attack: outcome = AttackStep(ctx, self, ai, definition); break;
      case AiPhase::Recover: outcome = RecoverStep(ctx, self, ai, pos, definition, sees); break;
      case AiPhase::Flee: outcome = FleeStep(ctx, self, ai, pos); break;
    }
    RecordStep(world, self, phase, outcome.result, outcome.reason);
    if (outcome.result == StepResult::Running) return StepResult::Running;
    if (phase == AiPhase::Wander) return outcome.result;  // a wanderer with no way on waits a turn
    const Transition next = Next(phase, outcome);
    if (next.cancels)
      CancelAction(
          world, self, ai,
          outcome.reason == AiReason::Hurt ? CancelReason::Hurt : CancelReason::TargetGone);
    const EntityId target = next.to == AiPhase::Wander ? EntityId{} : ai.target;
    EnterPhase(world, self, ai, next.to, outcome.reason, target);
    if (next.to == AiPhase::Recover) {
      ai.searching = outcome.reason == AiReason::LostTrail ? 1 : 0;
      if (ai.searching != 0) ai.recover_until = world.Tick() + definition.search;
      ai.goal_x = ai.goal_y = -1;
      if (ai.recover_until > world.Tick())
        world.RecordTimer(self, ai.searching != 0 ? TimerKind::Search : TimerKind::Recover,
                          ai.recover_until);
    }
    if (outcome.acted) return outcome.result;
  }
  IntendWait(world, self, ai);
  return outcome.result;
}

}  // namespace cairn
