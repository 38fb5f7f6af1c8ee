// Where a finished run's summary goes: one plain-text file per run, in
// $XDG_STATE_HOME/cairn/morgue (usually ~/.local/state/cairn/morgue) unless --morgue says where.
#pragma once

#include <cstdint>
#include <string>

namespace cairn {

// The folder summaries go to by default (StateFolder()/morgue); empty when there is no home.
[[nodiscard]] std::string DefaultMorgueFolder();

// Writes `summary` to DIR/cairn-SEED-YYYYMMDD-HHMMSS.txt (the folder is made if needed; -2, -3...
// before .txt when a run of the same seed ended in the same second, never replacing a file),
// each line escaped for a terminal, and returns a line for the player: where it is, or why it
// could not be written.
[[nodiscard]] std::string WriteRunSummary(const std::string& folder, std::uint64_t seed,
                                          const std::string& summary);

}  // namespace cairn
