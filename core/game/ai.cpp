#include "game/ai.h"

#include "game/actions.h"
#include "game/pathing.h"
#include "game/rules.h"

namespace cairn {

const char* AiActionName(AiAction action) noexcept {
  switch (action) {
    case AiAction::Idle: return "idle";
    case AiAction::Wander: return "wander";
    case AiAction::Hunt: return "hunt";
    case AiAction::Flee: return "flee";
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
  if (Intent* intent = world.Intents().Find(self);
      intent != nullptr && intent->kind != ActionKind::None && intent->revision == ai.action_revision)
    intent->kind = ActionKind::None;
  ++ai.action_revision;
  ai.last_cancel = reason;
  world.Record(TraceEvent::AiCancelled, self, ai.target, static_cast<std::int64_t>(reason));
}

void BeginAction(GameWorld& world, EntityId self, EnemyAi& ai, AiAction action, AiPhase phase,
                 EntityId target) noexcept {
  ++ai.action_revision;
  ai.action = action;
  ai.phase = phase;
  ai.target = target;
  world.Record(TraceEvent::AiAction, self, target, static_cast<std::int64_t>(action));
}

namespace {

constexpr std::int32_t kRecheckTicks = kNormalActionTicks;
constexpr std::uint32_t kApproachSearchLimit = 2000;
constexpr std::uint32_t kWanderSearchLimit = 400;

// Cells a monster may step into: passable terrain with no other blocker on it.
class MonsterFilter final : public CellFilter {
 public:
  explicit MonsterFilter(const GameWorld& world) : world_(world) {}
  bool Enterable(const TileMap& map, std::int32_t x, std::int32_t y) const override {
    return map.Passable(x, y) && world_.OccupantAt(x, y).IsNull();
  }

 private:
  const GameWorld& world_;
};

// Cells a path may cross at all (for fields that ignore who stands where).
class TerrainFilter final : public CellFilter {};

void SetIntent(GameWorld& world, EntityId self, const EnemyAi& ai, Intent intent) noexcept {
  intent.revision = ai.action_revision;
  if (Intent* existing = world.Intents().Find(self)) *existing = intent;
}

void IntendWait(GameWorld& world, EntityId self, const EnemyAi& ai) noexcept {
  SetIntent(world, self, ai, Intent{ActionKind::Wait, 0, 0, 0, {}, {}});
}

void IntendStep(GameWorld& world, EntityId self, const EnemyAi& ai, Position from, Position to) {
  SetIntent(world, self, ai,
            Intent{ActionKind::Move, static_cast<std::int8_t>(to.x - from.x),
                   static_cast<std::int8_t>(to.y - from.y), 0, {}, {}});
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
    if (!world.Map().Passable(cell.x, cell.y) || !world.OccupantAt(cell.x, cell.y).IsNull()) continue;
    const std::int32_t distance = ChebyshevDistance(self, cell);
    if (distance < best_distance) {
      best = cell;
      best_distance = distance;
    }
  }
  return best;
}

// One A* step toward `goal`; false when there is no route.
bool StepToward(AiContext& ctx, EntityId self, const EnemyAi& ai, Position from, Position goal,
                std::uint32_t limit) {
  Position step{};
  std::int32_t length = 0;
  const MonsterFilter filter(ctx.world);
  if (!ctx.scratch.paths.FindPath(ctx.world.Map(), filter, from, goal, limit, step, length))
    return false;
  // The goal may be occupied (the player): then the route ends next to it, not on it.
  if (!ctx.world.OccupantAt(step.x, step.y).IsNull()) return false;
  IntendStep(ctx.world, self, ai, from, step);
  return true;
}

bool SeesPlayer(const AiContext& ctx, Position self, const MonsterDefinition& definition) {
  if (ctx.player.IsNull()) return false;
  // The player's view is symmetric: the monster sees the player exactly when the player's
  // field of view reaches the monster, and the player is within the monster's own sight.
  if (!ctx.scratch.player_view.Visible(self.x, self.y)) return false;
  const std::int64_t dx = self.x - ctx.player_position.x;
  const std::int64_t dy = self.y - ctx.player_position.y;
  return dx * dx + dy * dy <= static_cast<std::int64_t>(definition.sight) * definition.sight;
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
  s.paths.DistanceMap(ctx.world.Map(), terrain, sources, s.player_distance.span());
  s.paths.FleeMap(ctx.world.Map(), terrain, s.player_distance.span(), s.flee.span());
  s.distance_tick = tick;
  s.flee_tick = tick;
}

StepResult Wander(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos) {
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
  if (ai.goal_x >= 0 && StepToward(ctx, self, ai, pos, Position{ai.goal_x, ai.goal_y},
                                   kWanderSearchLimit))
    return StepResult::Running;
  ai.goal_x = ai.goal_y = -1;
  IntendWait(world, self, ai);
  return StepResult::Failed;
}

StepResult Flee(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos,
                const MonsterDefinition& definition) {
  GameWorld& world = ctx.world;
  const Health* health = world.Healths().Find(self);
  const bool thief_with_prize = ai.profile == AiProfile::Thief && Carrying(world, self);
  if (!thief_with_prize && health != nullptr && health->current * 100 >= health->max * 70) {
    CancelAction(world, self, ai, CancelReason::Recovered);
    BeginAction(world, self, ai, AiAction::Hunt, AiPhase::SelectTarget, ctx.player);
    return StepResult::Cancelled;
  }
  EnsureFleeMap(ctx);
  const TileMap& map = world.Map();
  std::int32_t best = ctx.scratch.flee[map.Index(pos.x, pos.y)];
  Position best_cell = pos;
  for (int d = 0; d < 8; ++d) {
    const Position next{pos.x + kStepDx[d], pos.y + kStepDy[d]};
    if (!map.Passable(next.x, next.y) || !world.OccupantAt(next.x, next.y).IsNull()) continue;
    const std::int32_t value = ctx.scratch.flee[map.Index(next.x, next.y)];
    if (value < best) {
      best = value;
      best_cell = next;
    }
  }
  if (best_cell.x != pos.x || best_cell.y != pos.y) {
    IntendStep(world, self, ai, pos, best_cell);
    return StepResult::Running;
  }
  // Cornered: fight back if the threat is adjacent.
  if (!ctx.player.IsNull() && ChebyshevDistance(pos, ctx.player_position) == 1) {
    IntendAttack(world, self, ai, ctx.player);
    return StepResult::Running;
  }
  (void)definition;
  IntendWait(world, self, ai);
  return StepResult::Running;
}

StepResult Hunt(AiContext& ctx, EntityId self, EnemyAi& ai, Position pos,
                const MonsterDefinition& definition, bool sees) {
  GameWorld& world = ctx.world;
  // Bounded: each case either acts or moves to a later phase; at most one pass through each.
  for (int transitions = 0; transitions < 4; ++transitions) {
    switch (ai.phase) {
      case AiPhase::SelectTarget:
        if (ctx.player.IsNull()) {
          CancelAction(world, self, ai, CancelReason::TargetGone);
          BeginAction(world, self, ai, AiAction::Wander, AiPhase::Wander, {});
          return StepResult::Cancelled;
        }
        ai.target = ctx.player;
        ai.last_seen_x = ctx.player_position.x;
        ai.last_seen_y = ctx.player_position.y;
        ai.phase = AiPhase::Approach;
        continue;
      case AiPhase::Attack:  // the strike was carried out (or missed its chance): recover
      case AiPhase::Recover:
        if (Hurt(world, self, definition)) {
          CancelAction(world, self, ai, CancelReason::Hurt);
          BeginAction(world, self, ai, AiAction::Flee, AiPhase::Flee, ai.target);
          return Flee(ctx, self, ai, pos, definition);
        }
        ai.phase = AiPhase::Approach;
        continue;
      case AiPhase::Approach: {
        const Position* target = world.Positions().Find(ai.target);
        if (target == nullptr) {
          CancelAction(world, self, ai, CancelReason::TargetGone);
          BeginAction(world, self, ai, AiAction::Wander, AiPhase::Wander, {});
          return StepResult::Cancelled;
        }
        if (sees) {
          ai.last_seen_x = target->x;
          ai.last_seen_y = target->y;
          const std::int32_t distance = ChebyshevDistance(pos, *target);
          if (distance == 1) {
            const bool steal = ai.profile == AiProfile::Thief && !Carrying(world, self);
            Intend(world, self, ai, steal ? ActionKind::Steal : ActionKind::Attack, ai.target);
            ai.phase = AiPhase::Attack;
            return StepResult::Running;
          }
          const bool shooter = ai.profile == AiProfile::Ranged || ai.profile == AiProfile::Caster;
          if (shooter && definition.ranged.count > 0 && distance <= definition.range &&
              ai.special_tick <= world.Tick() && ClearShot(world, pos, *target, definition.range)) {
            Intend(world, self, ai, ActionKind::Shoot, ai.target);
            ai.phase = AiPhase::Attack;
            return StepResult::Running;
          }
          if (ai.profile == AiProfile::Pack && distance <= 4) {
            const Position flank = SurroundCell(world, pos, *target);
            if ((flank.x != target->x || flank.y != target->y) &&
                StepToward(ctx, self, ai, pos, flank, kApproachSearchLimit))
              return StepResult::Running;
          }
        }
        const Position trail{ai.last_seen_x, ai.last_seen_y};
        if ((!sees && pos.x == trail.x && pos.y == trail.y) || ai.alertness <= 0) {
          CancelAction(world, self, ai, CancelReason::LostTrail);
          BeginAction(world, self, ai, AiAction::Wander, AiPhase::Wander, {});
          return StepResult::Cancelled;
        }
        if (!StepToward(ctx, self, ai, pos, trail, kApproachSearchLimit)) IntendWait(world, self, ai);
        return StepResult::Running;
      }
      default:
        ai.phase = AiPhase::SelectTarget;
        continue;
    }
  }
  IntendWait(world, self, ai);
  return StepResult::Running;
}

}  // namespace

StepResult StepAi(AiContext& ctx, EntityId self, EnemyAi& ai) {
  GameWorld& world = ctx.world;
  const Position* here = world.Positions().Find(self);
  const auto& monsters = world.Definitions().monsters;
  if (here == nullptr || ai.kind >= monsters.size()) {
    ai.wake_tick = world.Tick() + kRecheckTicks;
    return StepResult::Failed;
  }
  const Position pos = *here;
  const MonsterDefinition& definition = monsters[ai.kind];

  // Perception: sight, then noise. Asleep monsters notice less.
  const bool sees = SeesPlayer(ctx, pos, definition);
  const bool asleep = ai.phase == AiPhase::Asleep;
  if (sees) {
    ai.alertness += asleep ? 25 : 60;
  } else if (ai.alertness > 0) {
    ai.alertness -= 5;
  }
  for (const NoiseEvent& noise : world.Noises().Events())
    if (ChebyshevDistance(noise.where, pos) <= noise.radius) ai.alertness += asleep ? 20 : 40;
  if (ai.alertness > 2 * kAlertnessToHunt) ai.alertness = 2 * kAlertnessToHunt;
  if (ai.alertness < 0) ai.alertness = 0;

  // Revalidate what we hold: the target, and any request still pending.
  if ((ai.action == AiAction::Hunt || ai.action == AiAction::Flee) && !ai.target.IsNull() &&
      !world.Registry().IsActive(ai.target)) {
    world.CountStaleRejected(ai.target);
    CancelAction(world, self, ai, CancelReason::TargetGone);
    BeginAction(world, self, ai, AiAction::Wander, AiPhase::Wander, {});
  }
  if (ai.pending_request != 0)
    for (const SpawnOutcome& outcome : world.VisibleOutcomes())
      if (outcome.request == ai.pending_request) ai.pending_request = 0;

  switch (ai.action) {
    case AiAction::Idle:
      if (ai.alertness >= kAlertnessToHunt && !ctx.player.IsNull()) {
        (void)world.Emit(world.Notices(), NoticeEvent{NoticeKind::Woke, self, ctx.player});
        BeginAction(world, self, ai, AiAction::Hunt, AiPhase::SelectTarget, ctx.player);
        return Hunt(ctx, self, ai, pos, definition, sees);
      }
      ai.wake_tick = world.Tick() + kRecheckTicks;
      return StepResult::Running;
    case AiAction::Wander:
      if (ai.alertness >= kAlertnessToHunt && !ctx.player.IsNull()) {
        BeginAction(world, self, ai, AiAction::Hunt, AiPhase::SelectTarget, ctx.player);
        return Hunt(ctx, self, ai, pos, definition, sees);
      }
      return Wander(ctx, self, ai, pos);
    case AiAction::Hunt:
      return Hunt(ctx, self, ai, pos, definition, sees);
    case AiAction::Flee:
      return Flee(ctx, self, ai, pos, definition);
  }
  return StepResult::Failed;
}

}  // namespace cairn
