#include "sim/why.h"

#include "game/ai.h"
#include "sim/trace_text.h"

namespace cairn {
namespace {

std::string ShortHandle(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

std::string Who(const TraceEntry& e, bool second, const DefinitionSet& definitions) {
  return second ? WhoText(e.b, e.b_kind, definitions) : WhoText(e.a, e.a_kind, definitions);
}

std::string Cell(std::int32_t x, std::int32_t y) {
  return std::to_string(x) + "," + std::to_string(y);
}

// "(melee)", "(thrown darts)": how a blow was struck.
std::string Blow(const TraceEntry& e, const DefinitionSet& definitions) {
  std::string text = std::string("(") + AttackKindName(static_cast<AttackKind>(e.detail[0]));
  if (std::string item = KindText(e.c_kind, definitions); !item.empty()) text += " " + item;
  return text + ")";
}

// Where a structural change came from: a command of a tick's batch, or a console edit (which
// names itself: trace.h, EditCommand).
std::string Source(const TraceEntry& e) {
  if (e.detail[0] != 0)
    return std::string("by the console's ") +
           EditCommandName(static_cast<EditCommand>(e.detail[0]));
  return e.command == 0 ? "from the console" : "(command " + std::to_string(e.command) + ")";
}

// What a cut chain says at its end: how many older links, and where all of them are.
std::string LeftOut(const WhyAnswer& answer) {
  return std::to_string(answer.left_out) + " earlier link" + (answer.left_out == 1 ? "" : "s") +
         " left out (WHY " + ShortHandle(answer.subject) + " ALL gives the whole chain)";
}

}  // namespace

WhyAnswer AskWhy(const GameWorld& world, EntityId id, std::size_t links) {
  WhyAnswer answer;
  answer.subject = id;
  const bool alive = world.Registry().IsAlive(id);
  if (alive) {
    answer.state = WhyState::Alive;
    answer.kind = world.KindOfEntity(id);
  }
  const TraceRing& story = world.Story();
  TraceEntry e;
  for (std::uint64_t n = 0; story.Recent(n, e); ++n) {
    const bool names = e.a == id || (!e.b.IsNull() && e.b == id);
    if (!names) continue;
    if (answer.kind.cls == KindClass::None) answer.kind = e.a == id ? e.a_kind : e.b_kind;
    if (!alive && answer.state == WhyState::Forgotten) {
      // The newest entry about a handle no longer alive: its end, when the story still has it.
      answer.state = WhyState::Gone;
      answer.since = e.tick;
    }
    if (e.event == TraceEvent::Died && e.a == id) {  // (alive still while its destroy is pending)
      answer.state = WhyState::Dead;
      answer.since = e.tick;
      // Anything after a death (its body removed at commit) is bookkeeping: the death leads.
      answer.chain.clear();
      answer.left_out = 0;
    }
    if (answer.chain.size() < links)
      answer.chain.push_back(e);
    else
      ++answer.left_out;
  }
  return answer;
}

std::string WhoText(EntityId id, const EntityKind& kind, const DefinitionSet& definitions) {
  const std::string handle = ShortHandle(id);
  switch (kind.cls) {
    case KindClass::None: return "entity " + handle;
    case KindClass::Player: return "the player " + handle;
    case KindClass::Stairs: return "the stairs " + handle;
    case KindClass::Monster:
      return "the " +
             (kind.index < definitions.monsters.size() ? definitions.monsters[kind.index].name
                                                       : "monster") +
             " " + handle;
    case KindClass::Item:
      return "the " +
             (kind.index < definitions.items.size() ? definitions.items[kind.index].name : "item") +
             " " + handle;
    case KindClass::Machine:
      return std::string("the ") + MachinePartName(kind.index) + " " + handle;
  }
  return "entity " + handle;
}

std::string WhyHeadline(const WhyAnswer& answer, const GameWorld& world) {
  const std::string who = WhoText(answer.subject, answer.kind, world.Definitions());
  switch (answer.state) {
    case WhyState::Forgotten: return who + ": nothing about it is remembered";
    case WhyState::Dead: return who + " is dead since tick " + std::to_string(answer.since);
    case WhyState::Gone:
      if (!answer.chain.empty() && answer.chain[0].event == TraceEvent::Destroyed)
        return who + " was removed at tick " + std::to_string(answer.since);
      return who + " is no longer alive, last mentioned at tick " + std::to_string(answer.since);
    case WhyState::Alive: break;
  }
  std::string text = who;
  if (const Position* at = world.Positions().Find(answer.subject))
    text += " at " + Cell(at->x, at->y);
  // Things are not alive: an item is carried or lies somewhere, stairs simply are.
  if (const Item* item = world.Items().Find(answer.subject);
      item != nullptr && !item->holder.IsNull())
    return text + " is carried by " +
           WhoText(item->holder, world.KindOfEntity(item->holder), world.Definitions());
  if (answer.kind.cls == KindClass::Item) return text + " lies on the floor";
  if (answer.kind.cls == KindClass::Stairs) return text + " is there";
  text += " is alive";
  if (const Health* health = world.Healths().Find(answer.subject))
    text += ", health " + std::to_string(health->current) + " of " + std::to_string(health->max);
  if (const EnemyAi* ai = world.Ais().Find(answer.subject)) {
    text += std::string(", in ") + AiPhaseName(ai->phase);
    if (!ai->target.IsNull())
      text +=
          " aiming at " + WhoText(ai->target, world.KindOfEntity(ai->target), world.Definitions());
  }
  return text;
}

namespace {

// "the trigger 1:1 at 3,2 set off the gate 2:1": a machine part set off.
std::string SetOff(const TraceEntry& e, const std::string& a, const DefinitionSet& definitions) {
  return a + " at " + Cell(e.x, e.y) + " set off " + Who(e, true, definitions);
}

}  // namespace

std::string WhyLink(const TraceEntry& e, const DefinitionSet& definitions) {
  std::string text = "tick " + std::to_string(e.tick) + ": ";
  const std::string a = Who(e, false, definitions);
  switch (e.event) {
    case TraceEvent::Died:
      text += a + " died at " + Cell(e.x, e.y);
      if (static_cast<DeathCause>(e.detail[0]) == DeathCause::Starvation)
        return text + " of starvation";
      text += ", killed by " + Who(e, true, definitions);
      return text + " (" + AttackKindName(static_cast<AttackKind>(e.detail[1])) + ")";
    case TraceEvent::Attacked:
      if (e.value < 0)
        return text + a + " missed " + Who(e, true, definitions) + " " + Blow(e, definitions);
      text += a + " hit " + Who(e, true, definitions) + " for " + std::to_string(e.value) + " " +
              Blow(e, definitions) + ", leaving it at " + std::to_string(e.x) + " health";
      return e.detail[1] != 0 ? text + " and killing it" : text;
    case TraceEvent::AiPhase:
      text += a + " went from " + AiPhaseName(static_cast<AiPhase>(e.detail[0])) + " to " +
              AiPhaseName(static_cast<AiPhase>(e.detail[1])) + " (" +
              AiReasonName(static_cast<AiReason>(e.detail[2])) + ")";
      return e.b.IsNull() ? text : text + ", aiming at " + Who(e, true, definitions);
    case TraceEvent::AiStep:
      text += a + "'s " + AiPhaseName(static_cast<AiPhase>(e.detail[0])) + " step " +
              StepResultName(static_cast<StepResult>(e.detail[1]));
      if (static_cast<AiReason>(e.detail[2]) != AiReason::None)
        text += std::string(" (") + AiReasonName(static_cast<AiReason>(e.detail[2])) + ")";
      return text;
    case TraceEvent::Perceived:
      if (static_cast<Perception>(e.detail[0]) == Perception::Sight)
        text +=
            a + " saw " + Who(e, true, definitions) + " at distance " + std::to_string(e.detail[1]);
      else
        text += a + " heard a noise at " + Cell(e.x, e.y) +
                (e.b.IsNull() ? "" : " made by " + Who(e, true, definitions));
      return text + " (alertness " + std::to_string(e.value) + ")";
    case TraceEvent::TimerSet:
      return text + a + " set its " + TimerKindName(static_cast<TimerKind>(e.detail[0])) +
             " timer, due at tick " + std::to_string(e.value);
    case TraceEvent::RequestRevoked:
      return text + a + "'s spawn request " + std::to_string(e.value) + " was revoked";
    case TraceEvent::Spawned: return text + a + " was spawned " + Source(e);
    case TraceEvent::Destroyed: return text + a + " was removed " + Source(e);
    case TraceEvent::Fault:
      return text + "the simulation stopped: " + StatusName(static_cast<Status>(e.value));
    case TraceEvent::TickStarted:
    case TraceEvent::PlayerActed:
    case TraceEvent::Moved:
    case TraceEvent::SpawnQueued:
    case TraceEvent::DestroyQueued:
    case TraceEvent::ComponentQueued:
    case TraceEvent::ComponentChanged:
    case TraceEvent::LostCell:
    case TraceEvent::MoveBecameBlow:
    case TraceEvent::ValueWritten:
    case TraceEvent::SwapMoved:
    case TraceEvent::StaleRejected: break;
    case TraceEvent::Triggered: return text + SetOff(e, a, definitions);
  }
  return text + TraceEventText(e, definitions);
}

std::vector<std::string> WhyLines(const WhyAnswer& answer, const GameWorld& world) {
  std::vector<std::string> lines;
  lines.reserve(answer.chain.size() + 1);
  lines.push_back(WhyHeadline(answer, world));
  for (const TraceEntry& e : answer.chain) lines.push_back(WhyLink(e, world.Definitions()));
  if (answer.left_out > 0) lines.push_back(LeftOut(answer));
  return lines;
}

std::string WhyReply(const WhyAnswer& answer, const GameWorld& world) {
  if (answer.state == WhyState::Forgotten) return "stale";
  std::string reply = "why " + WhyHeadline(answer, world);
  for (std::size_t i = 0; i < answer.chain.size(); ++i)
    reply += (i == 0 ? ": " : " | ") + WhyLink(answer.chain[i], world.Definitions());
  if (answer.left_out > 0) reply += " | " + LeftOut(answer);
  return reply;
}

}  // namespace cairn
