#include "sim/trace_text.h"

#include "game/ai.h"
#include "game/component_kind.h"

namespace cairn {
namespace {

std::string HandleText(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

std::string ComponentChange(std::int64_t value) {
  const bool removal = value >= 100;
  const auto kind = static_cast<ComponentKind>(removal ? value - 100 : value);
  return std::string(" component=") + ComponentKindName(kind) +
         (removal ? " change=remove" : " change=set");
}

// A console edit's entry (trace.h: EditCommand): a spawn, destroy or component change the console
// made between ticks.
bool IsEdit(const TraceEntry& e) {
  return (e.event == TraceEvent::Spawned || e.event == TraceEvent::Destroyed ||
          e.event == TraceEvent::ComponentChanged || e.event == TraceEvent::SwapMoved) &&
         e.detail[0] != 0;
}

std::string Editor(const TraceEntry& e) {
  return std::string(" by=") + EditCommandName(static_cast<EditCommand>(e.detail[0]));
}

}  // namespace

const char* AttackKindName(AttackKind kind) noexcept {
  switch (kind) {
    case AttackKind::Melee: return "melee";
    case AttackKind::Thrown: return "thrown";
    case AttackKind::Missile: return "missile";
    case AttackKind::Spell: return "spell";
    case AttackKind::Wand: return "wand";
  }
  return "unknown";
}

const char* DeathCauseName(DeathCause cause) noexcept {
  switch (cause) {
    case DeathCause::Attack: return "attack";
    case DeathCause::Starvation: return "starvation";
    case DeathCause::Trap: return "trap";
  }
  return "unknown";
}

std::string KindText(const EntityKind& kind, const DefinitionSet& definitions) {
  switch (kind.cls) {
    case KindClass::None: return "";
    case KindClass::Player: return "player";
    case KindClass::Stairs: return "stairs";
    case KindClass::Monster:
      return kind.index < definitions.monsters.size() ? definitions.monsters[kind.index].id
                                                      : "monster";
    case KindClass::Item:
      return kind.index < definitions.items.size() ? definitions.items[kind.index].id : "item";
    case KindClass::Machine: return MachinePartName(kind.index);
  }
  return "";
}

namespace {

// " a=1:1 kind=rat": an entity an entry names, with what it was; nothing for none.
std::string HandleAndKind(const char* handle_key, const char* kind_key, EntityId id,
                          const EntityKind& kind, const DefinitionSet& definitions) {
  if (id.IsNull()) return {};
  std::string text = handle_key + HandleText(id);
  if (std::string name = KindText(kind, definitions); !name.empty()) text += kind_key + name;
  return text;
}

// A triggered entry's own fields: how it was set off, and where.
std::string TriggeredText(const TraceEntry& e) {
  return std::string(" how=") + TriggerHowName(e.value) + " at=" + std::to_string(e.x) + "," +
         std::to_string(e.y);
}

}  // namespace

std::string TraceEventText(const TraceEntry& e, const DefinitionSet& definitions) {
  std::string text = std::string("event=") + TraceEventName(e.event) +
                     HandleAndKind(" a=", " kind=", e.a, e.a_kind, definitions) +
                     HandleAndKind(" b=", " b-kind=", e.b, e.b_kind, definitions);
  switch (e.event) {
    case TraceEvent::TickStarted:
    case TraceEvent::StaleRejected: break;
    case TraceEvent::Died:
      text += std::string(" cause=") + DeathCauseName(static_cast<DeathCause>(e.detail[0]));
      if (static_cast<DeathCause>(e.detail[0]) == DeathCause::Attack)
        text += std::string(" with=") + AttackKindName(static_cast<AttackKind>(e.detail[1]));
      text += " at=" + std::to_string(e.x) + "," + std::to_string(e.y);
      break;
    case TraceEvent::PlayerActed:
      text += std::string(" action=") + ActionKindName(static_cast<ActionKind>(e.value));
      break;
    case TraceEvent::AiPhase:
      text += std::string(" from=") + AiPhaseName(static_cast<AiPhase>(e.detail[0])) +
              " to=" + AiPhaseName(static_cast<AiPhase>(e.detail[1])) +
              " reason=" + AiReasonName(static_cast<AiReason>(e.detail[2]));
      break;
    case TraceEvent::AiStep:
      // The AI's own phase is `ai-phase=`: `phase=` is the tick's, at the head of the line.
      text += std::string(" ai-phase=") + AiPhaseName(static_cast<AiPhase>(e.detail[0])) +
              " result=" + StepResultName(static_cast<StepResult>(e.detail[1]));
      if (static_cast<AiReason>(e.detail[2]) != AiReason::None)
        text += std::string(" reason=") + AiReasonName(static_cast<AiReason>(e.detail[2]));
      break;
    case TraceEvent::Moved: text += " at=" + std::to_string(e.x) + "," + std::to_string(e.y); break;
    case TraceEvent::Attacked:
      text += e.value < 0 ? std::string(" result=miss")
                          : " result=hit damage=" + std::to_string(e.value);
      text += std::string(" with=") + AttackKindName(static_cast<AttackKind>(e.detail[0]));
      if (std::string item = KindText(e.c_kind, definitions); !item.empty())
        text += " item=" + item;
      text += " health=" + std::to_string(e.x);
      if (e.detail[1] != 0) text += " killed=yes";
      break;
    case TraceEvent::SpawnQueued:
    case TraceEvent::Spawned:
      if (IsEdit(e)) {
        text += Editor(e);
        break;
      }
      text += " cmd=" + std::to_string(e.command) + " request=" + std::to_string(e.value);
      break;
    case TraceEvent::DestroyQueued:
    case TraceEvent::Destroyed:
      text += IsEdit(e) ? Editor(e) : " cmd=" + std::to_string(e.command);
      break;
    case TraceEvent::ComponentQueued:
    case TraceEvent::ComponentChanged:
      text +=
          (IsEdit(e) ? Editor(e) : " cmd=" + std::to_string(e.command)) + ComponentChange(e.value);
      break;
    case TraceEvent::Perceived:
      text += std::string(" how=") +
              (static_cast<Perception>(e.detail[0]) == Perception::Sight ? "sight" : "noise") +
              " distance=" + std::to_string(e.detail[1]) + " at=" + std::to_string(e.x) + "," +
              std::to_string(e.y) + " alertness=" + std::to_string(e.value);
      if (e.detail[2] != 0) text += " noticed=yes";
      break;
    case TraceEvent::LostCell:
    case TraceEvent::MoveBecameBlow:
      text += " at=" + std::to_string(e.x) + "," + std::to_string(e.y);
      break;
    case TraceEvent::ValueWritten:
      text += std::string(" component=") + ComponentKindName(static_cast<ComponentKind>(e.value));
      break;
    case TraceEvent::SwapMoved:
      text += std::string(" component=") + ComponentKindName(static_cast<ComponentKind>(e.value)) +
              " dense=" + std::to_string(e.y) + ">" + std::to_string(e.x);
      break;
    case TraceEvent::Fault:
      text += std::string(" status=") + StatusName(static_cast<Status>(e.value));
      break;
    case TraceEvent::RequestRevoked: text += " request=" + std::to_string(e.value); break;
    case TraceEvent::Triggered: text += TriggeredText(e); break;
    case TraceEvent::TimerSet:
      text += std::string(" timer=") + TimerKindName(static_cast<TimerKind>(e.detail[0])) +
              " due=" + std::to_string(e.value);
      break;
  }
  return text;
}

std::string TraceText(const TraceEntry& e, const DefinitionSet& definitions) {
  // A console edit happens between ticks, in no tick phase: its phase reads `edit`.
  return "tick=" + std::to_string(e.tick) +
         " phase=" + (IsEdit(e) ? "edit" : TickPhaseName(e.phase)) +
         " seq=" + std::to_string(e.sequence) + " " + TraceEventText(e, definitions);
}

}  // namespace cairn
