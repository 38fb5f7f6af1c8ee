// `cairn check PATH...`: validates files and reports every problem, one line each,
// PATH:LINE:COLUMN: error: WHAT. Exit 0 when every file is valid, 1 otherwise.
#include <iostream>

#include "cli_args.h"
#include "replay/recording.h"
#include "storage/files.h"
#include "term_commands.h"

namespace cairn {

int RunCheckCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {}, parsed, error) || parsed.positional.empty()) {
    if (error.empty()) error = "check takes one or more files";
    std::cerr << "cairn check: " << error << "\nusage: cairn check PATH...\n";
    return kExitUsage;
  }
  bool all_valid = true;
  for (const std::string& path : parsed.positional) {
    std::string text;
    if (!ReadWholeFile(path, text, error)) {
      std::cerr << path << ": error: " << error << "\n";
      all_valid = false;
      continue;
    }
    // Recordings say so in their first lines; everything else is a level (issue 4).
    if (text.find("format = \"cairn-replay\"") != std::string::npos) {
      Recording recording;
      std::vector<RecordingProblem> problems;
      if (!ParseRecording(text, recording, problems)) {
        for (const RecordingProblem& p : problems)
          std::cerr << path << ":" << p.position.line << ":" << p.position.column
                    << ": error: " << p.message << "\n";
        all_valid = false;
        continue;
      }
      std::cout << path << ": ok (recording of " << recording.ticks.size() << " ticks)\n";
      continue;
    }
    std::shared_ptr<const LevelDefinition> level;
    if (!LoadLevelForCommand(path, level)) {
      all_valid = false;
      continue;
    }
    std::cout << path << ": ok (level)\n";
  }
  return all_valid ? kExitOk : kExitInvalid;
}

}  // namespace cairn
