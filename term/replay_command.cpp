// `cairn replay FILE [--verify]`: replays a recording headless. With --verify it stops at the
// first tick whose state differs from the recording and names the part and entity (exit 1).
#include <iostream>

#include "base/terminal_text.h"
#include "cli_args.h"
#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/state_hash.h"
#include "game_setup.h"
#include "out_of_memory.h"
#include "replay/replay.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {

bool LoadRecordingForCommand(const std::string& path, Recording& out) {
  std::string text, error;
  if (!ReadWholeFile(path, FileKind::Recording, text, error)) {
    PrintFileError(path, error);
    return false;
  }
  std::vector<TextProblem> problems;
  if (!ParseRecording(text, out, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  return true;
}

bool ContentForRecording(const Recording& recording, SessionConfig& out) {
  if (recording.level != "default" && !LoadLevelForCommand(recording.level, out.level))
    return false;
  return UseDefaultContent(out);
}

// The first difference as one line at the diverging [[tick]] (PATH:LINE:COLUMN: error: ...).
void PrintDivergence(const std::string& path, const Divergence& divergence) {
  PrintProblems(path, {{divergence.position, "replay " + DescribeDivergence(divergence), {}}});
}

bool CheckRecordingReplays(const std::string& path, const Recording& recording, std::string& note) {
  SessionConfig content;
  if (!ContentForRecording(recording, content)) return false;
  const ReplayResult result = Replay(recording, content, true);
  switch (result.outcome) {
    case ReplayOutcome::ContentMismatch:
      note = "; made with other content, so not replayed";
      return true;
    case ReplayOutcome::Faulted:
      PrintProblems(path, {{TextPosition{}, result.detail, {}}});
      return false;
    case ReplayOutcome::Diverged: PrintDivergence(path, result.divergence); return false;
    case ReplayOutcome::Matched: break;
  }
  note = ", replayed";
  return true;
}

int RunReplayCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--verify", false}}, parsed, error) || parsed.positional.size() != 1) {
    if (error.empty()) error = "replay takes one FILE";
    std::cerr << "cairn replay: " << error << "\nusage: cairn replay FILE [--verify]\n";
    return kExitUsage;
  }
  const std::string& path = parsed.positional.front();
  Recording recording;
  if (!ReadingOutOfMemory(path, [&] { return LoadRecordingForCommand(path, recording); }))
    return kExitInvalid;
  SessionConfig content;
  if (!ContentForRecording(recording, content)) return kExitInvalid;
  if (recording.build != CAIRN_BUILD_ID)
    std::cerr << EscapeForTerminal(path) << ": warning: recorded by build "
              << EscapeForTerminal(recording.build) << ", replayed by " << CAIRN_BUILD_ID << "\n";
  const ReplayResult result = Replay(recording, content, parsed.Has("--verify"));
  char hash[17];
  switch (result.outcome) {
    case ReplayOutcome::ContentMismatch:
      std::cerr << path << ": error: " << result.detail << "\n";
      return kExitInvalid;
    case ReplayOutcome::Faulted:
      std::cerr << path << ": error: " << result.detail << "\n";
      return kExitFault;
    case ReplayOutcome::Diverged:
      std::cout << "replay " << DescribeDivergence(result.divergence) << "\n";
      PrintDivergence(path, result.divergence);
      return kExitInvalid;
    case ReplayOutcome::Matched: break;
  }
  FormatHash(result.final_state, hash);
  if (parsed.Has("--verify"))
    std::cout << "replay verified: " << recording.ticks.size() << " ticks match\n";
  std::cout << "tick " << result.final_tick << " state " << hash << "\n";
  return kExitOk;
}

}  // namespace cairn
