#include "sim/key_script.h"

namespace cairn {

bool KeyScript::Next(const GameSession& session, PlayerCommand& out) {
  // Bounded: every pass consumes a key or ends a run.
  for (;;) {
    std::string why;
    if (pilot_.Active()) {
      if (pilot_.Next(session, out, why)) return true;
      if (after_travel_.kind != PlayerCommandKind::None) {
        out = after_travel_;
        after_travel_ = PlayerCommand{};
        if (!session.WouldRefuse(out, why)) return true;
      }
      continue;
    }
    after_travel_ = PlayerCommand{};
    if (at_ >= keys_.size()) return false;
    const KeyToken token = NextKeyToken(keys_, at_);
    at_ += token.length;
    switch (token.kind) {
      case KeyTokenKind::Command:
        if (!session.WouldRefuse(token.command, why)) {
          out = token.command;
          return true;
        }
        if (token.command.kind == PlayerCommandKind::Descend ||
            token.command.kind == PlayerCommandKind::Ascend) {
          const AutoGoal goal = token.command.kind == PlayerCommandKind::Descend
                                    ? AutoGoal::StairsDown
                                    : AutoGoal::StairsUp;
          if (pilot_.Start(session, goal, why)) after_travel_ = token.command;
        }
        break;
      case KeyTokenKind::Explore: (void)pilot_.Start(session, AutoGoal::Explore, why); break;
      case KeyTokenKind::Rest: (void)pilot_.Start(session, AutoGoal::Rest, why); break;
      case KeyTokenKind::Fight: (void)pilot_.Start(session, AutoGoal::Fight, why); break;
      case KeyTokenKind::Unknown: break;
    }
  }
}

}  // namespace cairn
