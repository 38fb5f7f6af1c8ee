// The ally machine (ai.h, docs/GAME.md "Allies"): a freed captive keeps to its anchor (the player,
// or the post it was told to hold), picks the nearest enemy it can reach from there, closes in,
// strikes, recovers, and goes back when the fight has drawn it too far:
//
//   Follow --noticed--> SelectTarget --target-chosen--> Approach --in-reach--> Attack
//   Follow --too-far--> Return --back--> Follow           Attack --struck--> Recover
//   SelectTarget --no-target--> Follow                     Recover --recovered--> Approach
//   Approach --too-far--> Return;  Approach/anything --target-gone--> Follow
//
// The same rules as the monster machine: bounded work a resumption, the target revalidated each
// time, value writes to its own EnemyAi and Intent only.
#include "game/actions.h"
#include "game/ai_steps.h"
#include "game/nearest.h"
#include "game/pathing.h"

namespace cairn {
namespace {

constexpr std::int32_t kAllyReach = 7;   // enemies farther than this from the anchor are let be
constexpr std::int32_t kAllyLeash = 10;  // farther than this from the anchor, it goes back
constexpr std::int32_t kAllyClose = 2;   // near enough to the player to stop following

struct AllyView {
  Position pos;
  Position anchor;  // the player, or its post (itself, with neither)
  bool waits = false;
  const MonsterDefinition* definition = nullptr;
};

// The nearest active monster of the other side within reach of the anchor that it can see (a
// clear line within its sight); ties to the oldest.
EntityId NearestEnemy(const AiContext& ctx, const AllyView& v) {
  const GameWorld& world = ctx.world;
  NearestOldest nearest(world);
  for (EntityId id : world.Ais().Owners()) {
    if (world.Allies().Contains(id) || !world.Registry().IsActive(id)) continue;
    const Position* at = world.Positions().Find(id);
    if (at == nullptr || ChebyshevDistance(*at, v.anchor) > kAllyReach) continue;
    const std::int32_t distance = ChebyshevDistance(*at, v.pos);
    if (distance > v.definition->sight) continue;
    if (distance > 1 && !ClearShot(world, v.pos, *at, v.definition->sight)) continue;
    nearest.Offer(id, distance);
  }
  return nearest.Best();
}

PhaseOutcome FollowStep(AiContext& ctx, EntityId self, EnemyAi& ai, const AllyView& v) {
  GameWorld& world = ctx.world;
  if (const EntityId enemy = NearestEnemy(ctx, v); !enemy.IsNull()) {
    ai.target = enemy;
    return {StepResult::Succeeded, AiReason::Noticed};
  }
  const std::int32_t distance = ChebyshevDistance(v.pos, v.anchor);
  if (distance > kAllyLeash) return {StepResult::Failed, AiReason::TooFar};
  const bool there = v.waits ? distance == 0 : distance <= kAllyClose;
  if (there || !StepToward(ctx, self, ai, v.pos, v.anchor, kApproachSearchLimit))
    IntendWait(world, self, ai);
  return {StepResult::Running, AiReason::None};
}

PhaseOutcome SelectStep(AiContext& ctx, EnemyAi& ai, const AllyView& v) {
  const EntityId enemy = NearestEnemy(ctx, v);
  if (enemy.IsNull()) return {StepResult::Failed, AiReason::NoTarget};
  ai.target = enemy;
  const Position* at = ctx.world.Positions().Find(enemy);
  ai.last_seen_x = at->x;
  ai.last_seen_y = at->y;
  return {StepResult::Succeeded, AiReason::TargetChosen};
}

PhaseOutcome ApproachStep(AiContext& ctx, EntityId self, EnemyAi& ai, const AllyView& v) {
  GameWorld& world = ctx.world;
  const Position* target = world.Positions().Find(ai.target);
  if (target == nullptr || !world.Registry().IsActive(ai.target))
    return {StepResult::Cancelled, AiReason::TargetGone};
  if (ChebyshevDistance(v.pos, v.anchor) > kAllyLeash)
    return {StepResult::Failed, AiReason::TooFar};
  if (ChebyshevDistance(v.pos, *target) == 1) {
    IntendAttack(world, self, ai, ai.target);
    return {StepResult::Succeeded, AiReason::InReach, true};
  }
  // Past its reach from the anchor the enemy is let be (a waiting ally holds its post).
  if (ChebyshevDistance(*target, v.anchor) > kAllyReach)
    return {StepResult::Cancelled, AiReason::TargetGone};
  if (!StepToward(ctx, self, ai, v.pos, *target, kApproachSearchLimit)) IntendWait(world, self, ai);
  return {StepResult::Running, AiReason::None};
}

PhaseOutcome ReturnStep(AiContext& ctx, EntityId self, EnemyAi& ai, const AllyView& v) {
  const std::int32_t distance = ChebyshevDistance(v.pos, v.anchor);
  if (v.waits ? distance == 0 : distance <= kAllyClose)
    return {StepResult::Succeeded, AiReason::Back};
  if (!StepToward(ctx, self, ai, v.pos, v.anchor, kApproachSearchLimit))
    IntendWait(ctx.world, self, ai);
  return {StepResult::Running, AiReason::None};
}

AiPhase NextAllyPhase(AiPhase phase, const PhaseOutcome& outcome) {
  if (outcome.result == StepResult::Cancelled) return AiPhase::Follow;
  const bool ok = outcome.result == StepResult::Succeeded;
  if (outcome.reason == AiReason::TooFar) return AiPhase::Return;
  switch (phase) {
    case AiPhase::Follow: return AiPhase::SelectTarget;
    case AiPhase::SelectTarget: return ok ? AiPhase::Approach : AiPhase::Follow;
    case AiPhase::Approach: return ok ? AiPhase::Attack : AiPhase::Follow;
    case AiPhase::Attack: return AiPhase::Recover;
    case AiPhase::Recover: return AiPhase::Approach;
    default: return AiPhase::Follow;  // Return is back, and a monster's phase becomes Follow
  }
}

}  // namespace

StepResult StepAlly(AiContext& ctx, EntityId self, EnemyAi& ai, const Ally& ally) {
  GameWorld& world = ctx.world;
  const Position* here = world.Positions().Find(self);
  const auto& monsters = world.Definitions().monsters;
  if (ally.shackled != 0 || here == nullptr || ai.kind >= monsters.size()) {
    // A captive waits in its chains: it looks again a turn later and does nothing else.
    world.SetWakeTick(ai, world.Tick() + kRecheckTicks);
    RecordStep(world, self, ai.phase, StepResult::Running);
    return StepResult::Running;
  }
  AllyView v{*here, *here, ally.order == AllyOrder::Wait, &monsters[ai.kind]};
  if (v.waits)
    v.anchor = Position{ally.post_x, ally.post_y};
  else if (!ctx.player.IsNull())
    v.anchor = ctx.player_position;
  const EntityId leader = v.waits ? EntityId{} : ctx.player;
  PhaseOutcome outcome;
  for (int steps = 0; steps < 6; ++steps) {
    const AiPhase phase = ai.phase;
    switch (phase) {
      case AiPhase::Follow: outcome = FollowStep(ctx, self, ai, v); break;
      case AiPhase::SelectTarget: outcome = SelectStep(ctx, ai, v); break;
      case AiPhase::Approach: outcome = ApproachStep(ctx, self, ai, v); break;
      case AiPhase::Attack:
        ai.recover_until = world.Tick() + v.definition->recover;
        outcome = {StepResult::Succeeded, AiReason::Struck};
        break;
      case AiPhase::Recover:
        outcome = world.Tick() >= ai.recover_until
                      ? PhaseOutcome{StepResult::Succeeded, AiReason::Recovered}
                      : PhaseOutcome{StepResult::Running, AiReason::None};
        if (outcome.result == StepResult::Running) IntendWait(world, self, ai);
        break;
      case AiPhase::Return: outcome = ReturnStep(ctx, self, ai, v); break;
      default: outcome = {StepResult::Failed, AiReason::Freed}; break;  // a monster's phase
    }
    RecordStep(world, self, phase, outcome.result, outcome.reason);
    if (outcome.result == StepResult::Running) return StepResult::Running;
    const AiPhase next = NextAllyPhase(phase, outcome);
    if (outcome.result == StepResult::Cancelled)
      CancelAction(world, self, ai, CancelReason::TargetGone);
    const bool hunting = next == AiPhase::SelectTarget || next == AiPhase::Approach ||
                         next == AiPhase::Attack || next == AiPhase::Recover;
    EnterPhase(world, self, ai, next, outcome.reason, hunting ? ai.target : leader);
    if (next == AiPhase::Recover && ai.recover_until > world.Tick())
      world.RecordTimer(self, TimerKind::Recover, ai.recover_until);
    if (outcome.acted) return outcome.result;
  }
  IntendWait(world, self, ai);
  return outcome.result;
}

}  // namespace cairn
