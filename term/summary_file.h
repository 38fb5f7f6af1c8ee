// Where a finished run's summary goes: one plain-text file per run, in
// $XDG_STATE_HOME/cairn/morgue (usually ~/.local/state/cairn/morgue) unless --morgue says where.
#pragma once

#include <cstdint>
#include <string>

namespace cairn {

// cairn's folder for what it keeps between runs: $XDG_STATE_HOME/cairn, else
// ~/.local/state/cairn, else ./cairn-state (no home at all).
[[nodiscard]] std::string StateFolder();

// The folder summaries go to by default.
[[nodiscard]] std::string DefaultMorgueFolder();

// Writes `summary` to DIR/cairn-SEED-YYYYMMDD-HHMMSS.txt (the folder is made if needed) and
// returns a line for the player: where it is, or why it could not be written.
[[nodiscard]] std::string WriteRunSummary(const std::string& folder, std::uint64_t seed,
                                          const std::string& summary);

}  // namespace cairn
