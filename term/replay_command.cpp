// `cairn replay FILE [--verify] [--log FILE] [--log-level L]`: replays a recording headless. With
// --verify it stops at the first tick whose state differs from the recording and names the part and
// entity (exit 1).
#include <iostream>

#include "base/terminal_text.h"
#include "cli_args.h"
#include "command_log.h"
#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "game/state_hash.h"
#include "game_setup.h"
#include "logging.h"
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
  if (!UseDefaultContent(out)) return false;
  UseEditionOf(recording.dungeon_rules, out);  // replayed on the content it was recorded on
  return true;
}

// The first difference as one line at the diverging [[tick]] (PATH:LINE:COLUMN: error: ...).
void PrintDivergence(const std::string& path, const Divergence& divergence) {
  PrintProblems(path, {{divergence.position, "replay " + DescribeDivergence(divergence), {}}});
}

bool CheckRecordingReplays(const std::string& path, const Recording& recording) {
  SessionConfig content;
  if (!ContentForRecording(recording, content)) return false;
  const ReplayResult result = Replay(recording, content, true);
  switch (result.outcome) {
    case ReplayOutcome::ContentMismatch:  // refused as `replay` refuses it: it cannot be checked
    case ReplayOutcome::Faulted:
      PrintProblems(path, {{TextPosition{}, result.detail, {}}});
      return false;
    case ReplayOutcome::Diverged: PrintDivergence(path, result.divergence); return false;
    case ReplayOutcome::Matched: break;
  }
  return true;
}

namespace {

int RunReplay(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  std::vector<OptionSpec> specs = {{"--verify", false}};
  AddLogOptions(specs);
  if (!ParseArgs(args, specs, parsed, error) || parsed.positional.size() != 1) {
    if (error.empty()) error = "replay takes one FILE";
    std::cerr << "cairn replay: " << error
              << "\nusage: cairn replay FILE [--verify] [--log FILE] [--log-level LEVEL]\n";
    return kExitUsage;
  }
  if (const int stop = StartCommandLog(parsed, "replay", args); stop >= 0) return stop;
  const std::string& path = parsed.positional.front();
  Recording recording;
  if (!ReadingOutOfMemory(path, [&] { return LoadRecordingForCommand(path, recording); })) {
    LogWarn("stopped: " + path + " is not a recording this build reads (see standard error)");
    return kExitInvalid;
  }
  LogInfo("read " + path + ": version " + std::to_string(recording.version) + ", " +
          std::to_string(recording.ticks.size()) + " ticks, seed " +
          std::to_string(recording.seed) + ", level " + recording.level + ", build " +
          recording.build);
  SessionConfig content;
  if (!ContentForRecording(recording, content)) {
    LogWarn("stopped: the content the recording names cannot be loaded");
    return kExitInvalid;
  }
  if (recording.build != CAIRN_BUILD_ID) {
    std::cerr << EscapeForTerminal(path) << ": warning: recorded by build "
              << EscapeForTerminal(recording.build) << ", replayed by " << CAIRN_BUILD_ID << "\n";
    LogWarn("recorded by build " + recording.build + ", replayed by " + CAIRN_BUILD_ID);
  }
  LogDebug(parsed.Has("--verify") ? "replaying, checking every tick" : "replaying the inputs");
  const ReplayResult result = Replay(recording, content, parsed.Has("--verify"));
  char hash[17];
  switch (result.outcome) {
    case ReplayOutcome::ContentMismatch:
      std::cerr << EscapeForTerminal(path) << ": error: " << result.detail << "\n";
      LogWarn("stopped: " + result.detail);
      return kExitInvalid;
    case ReplayOutcome::Faulted:
      std::cerr << EscapeForTerminal(path) << ": error: " << result.detail << "\n";
      LogWarn("stopped at tick " + std::to_string(result.final_tick) + ": " + result.detail);
      return kExitFault;
    case ReplayOutcome::Diverged:
      std::cout << "replay " << DescribeDivergence(result.divergence) << "\n";
      PrintDivergence(path, result.divergence);
      LogWarn("stopped: " + DescribeDivergence(result.divergence));
      return kExitInvalid;
    case ReplayOutcome::Matched: break;
  }
  FormatHash(result.final_state, hash);
  if (parsed.Has("--verify"))
    std::cout << "replay verified: " << recording.ticks.size() << " ticks match\n";
  std::cout << "tick " << result.final_tick << " state " << hash << "\n";
  LogInfo(std::string("stopped: every tick ") + (parsed.Has("--verify") ? "matched" : "played") +
          ", tick " + std::to_string(result.final_tick) + " state " + hash);
  return kExitOk;
}

}  // namespace

int RunReplayCommand(const std::vector<std::string>& args) {
  return EndCommandLog(RunReplay(args));
}

}  // namespace cairn
