// The subcommands of the `cairn` program, each taking the arguments after its name and returning
// the process exit status (see cli_args.h and SPEC's exit status table).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/text_problem.h"
#include "game/level.h"
#include "replay/recording.h"

namespace cairn {

int RunConsoleCommand(const std::vector<std::string>& args);
int RunSimCommand(const std::vector<std::string>& args);
int RunReplayCommand(const std::vector<std::string>& args);
int RunCheckCommand(const std::vector<std::string>& args);
int RunPlayCommand(const std::vector<std::string>& args);
int RunFrameCommand(const std::vector<std::string>& args);
int RunFormatCommand(const std::vector<std::string>& args);
int RunIdentityCommand(const std::vector<std::string>& args);
int RunGenerateCommand(const std::vector<std::string>& args);
int RunBotCommand(const std::vector<std::string>& args);
int RunKeysCommand(const std::vector<std::string>& args);
int RunLessonCommand(const std::vector<std::string>& args);

// The limits every interactive and headless session starts from; a floor that holds more is built
// with room for its own (WorldLimits::For).
inline constexpr WorldLimits kSessionLimits = WorldLimits::Uniform(4096);
// What a level or a save read from a file may hold: the same limits grown to the largest world.
inline constexpr WorldLimits kReadLimits = kSessionLimits.For(kMaxWorldEntities);

// Loads the level at `path` for a subcommand, reporting problems on standard error as
// PATH:LINE:COLUMN: error: ... lines. False when it cannot be used.
[[nodiscard]] bool LoadLevelForCommand(const std::string& path,
                                       std::shared_ptr<const LevelDefinition>& out);

// For `cairn check`: replays a recording with every check of `replay --verify` (replay_command.cpp)
// and prints its first difference at the diverging [[tick]]. True when it verifies; one made with
// other content is refused, as `replay` refuses it.
[[nodiscard]] bool CheckRecordingReplays(const std::string& path, const Recording& recording);

// Prints problems as PATH:LINE:COLUMN: error: WHAT (PATH: error: WHAT without a position), the
// path and message escaped for the terminal (FormatProblem, base/text_problem.h).
void PrintProblems(const std::string& path, const std::vector<TextProblem>& problems);
// Prints PATH: error: WHAT for a problem with the file as a whole (it cannot be read), escaped.
void PrintFileError(const std::string& path, const std::string& what);

}  // namespace cairn
