// Level files for the subcommands: read, validate against the built-in definitions, and report
// every problem as PATH:LINE:COLUMN: error: ... on standard error.
#include <iostream>

#include "content/definitions_reader.h"
#include "content/level_loader.h"
#include "storage/files.h"
#include "term_commands.h"

namespace cairn {

void PrintProblems(const std::string& path, const std::vector<TextProblem>& problems) {
  for (const TextProblem& p : problems) {
    const std::string& file = p.file.empty() ? path : p.file;
    if (p.position.line == 0)
      std::cerr << file << ": error: " << p.message << "\n";
    else
      std::cerr << file << ":" << p.position.line << ":" << p.position.column << ": error: "
                << p.message << "\n";
  }
}

bool LoadLevelForCommand(const std::string& path, std::shared_ptr<const LevelDefinition>& out) {
  std::string text, error;
  if (!ReadWholeFile(path, text, error)) {
    std::cerr << path << ": error: " << error << "\n";
    return false;
  }
  std::vector<TextProblem> problems;
  const auto definitions = DefaultDefinitions(&problems);
  if (!definitions) {
    PrintProblems(path, problems);
    return false;
  }
  auto level = std::make_shared<LevelDefinition>();
  if (!LoadLevelText(text, *definitions, kSessionLimits, *level, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  level->name = level->name.empty() ? path : level->name;
  out = level;
  return true;
}

}  // namespace cairn
