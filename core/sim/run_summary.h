// The plain-text summary of a finished run (what roguelike players call a morgue file): who the
// character was, how and where the run ended, how long it took, what was killed and carried,
// what had been learned, and the last messages.
#pragma once

#include <string>

#include "sim/session.h"

namespace cairn {

// `header` is the first line (the program and its version). Valid for a run still going too
// (then it says so), so it can also be shown on quitting.
[[nodiscard]] std::string FormatRunSummary(const GameSession& session, const std::string& header);

}  // namespace cairn
