// Save files for the program: where the game keeps its one save, reading one into a running
// session, and writing one atomically. Shared by the game, `cairn sim` and `cairn check`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "base/text_problem.h"
#include "replay/recording.h"
#include "sim/session.h"
#include "storage/read_limits.h"

namespace cairn {

// StateFolder()/save.toml ($XDG_STATE_HOME/cairn/save.toml or ~/.local/state/cairn/save.toml);
// empty when there is no home at all (user_folders.h).
[[nodiscard]] std::string DefaultSavePath();

// Reads `path` and restores the run it holds for `config`'s content; the seed is the save's (a
// --seed that disagrees is a problem). Every problem is one line in `diagnostics`, formatted
// PATH:LINE:COLUMN: error: WHAT. `out` is unchanged on failure, and the file is never touched.
[[nodiscard]] bool LoadSaveFile(const std::string& path, SessionConfig& config, bool seed_given,
                                std::unique_ptr<GameSession>& out,
                                std::vector<std::string>& diagnostics);

// A line about the save at `path` for a person choosing what to do with it: "seed 42, depth 3,
// tick 812, saved 2026-12-01 11:02 UTC" (or "it does not load, saved ...").
[[nodiscard]] std::string DescribeSave(const std::string& path, const SessionConfig& config);

// Captures `session` (minting keys from the system's entropy) and writes it to `path`
// atomically, creating the folder if needed. EntropyUnavailable when no key could be minted
// (nothing is written); CapacityExceeded when the save's text is over `cap`, the size a save
// is read at (read_limits.h; a test may pass less), so that cairn could not resume it (nothing is
// written); any other failure has `error` set and leaves the old file whole.
[[nodiscard]] Status WriteSaveFile(GameSession& session, const std::string& path,
                                   std::string& error,
                                   std::uint64_t cap = LimitOf(FileKind::Save).cap);

// Whether `a` and `b` name the same file: the same file on disk (a hard link too), or, where one
// is not there yet, the same path once symbolic links and `.` and `..` are resolved.
[[nodiscard]] bool SameFile(const std::string& a, const std::string& b);

// Why an output that is not a character's own save (a recording, a log) may not be written at
// `path`, or "": a saved game is there (its header says so), or a game holds the lock of a save
// there (it plays a character it will save there). No output but a character's own save by its
// own game ever replaces a character.
[[nodiscard]] std::string WhyNotOverACharacter(const std::string& path);
inline constexpr const char* kRecordingSparesCharacters =
    "a recording never replaces a character (choose another file)";

// Writes `recording` to `path` atomically, unless a character is there (WhyNotOverACharacter) or
// the text is over the size cairn reads a recording at (read_limits.h; a test may pass less), so
// that every recording written can be replayed. False with `error` set; nothing written then.
[[nodiscard]] bool WriteRecordingFile(const Recording& recording, const std::string& path,
                                      std::string& error,
                                      std::uint64_t cap = LimitOf(FileKind::Recording).cap);

}  // namespace cairn
