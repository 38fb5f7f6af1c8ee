// Level files for the subcommands: read, validate against the built-in definitions, and report
// every problem as PATH:LINE:COLUMN: error: ... on standard error.
#include <iostream>

#include "base/text_problem.h"
#include "content/definitions_reader.h"
#include "content/level_loader.h"
#include "out_of_memory.h"
#include "save_files.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {

void PrintProblems(const std::string& path, const std::vector<TextProblem>& problems) {
  for (const TextProblem& p : problems) std::cerr << FormatProblem(path, p) << "\n";
}

void PrintFileError(const std::string& path, const std::string& what) {
  std::cerr << FormatProblem(path, TextProblem{{}, what}) << "\n";
}

namespace {

bool LoadLevel(const std::string& path, std::shared_ptr<const LevelDefinition>& out) {
  std::string text, error;
  if (!ReadWholeFile(path, FileKind::Level, text, error)) {
    PrintFileError(path, error);
    return false;
  }
  std::vector<TextProblem> problems;
  const auto definitions = DefaultDefinitions(&problems);
  if (!definitions) {
    PrintProblems(path, problems);
    return false;
  }
  auto level = std::make_shared<LevelDefinition>();
  if (!LoadLevelText(text, *definitions, kReadLimits, *level, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  level->name = level->name.empty() ? path : level->name;
  out = level;
  return true;
}

}  // namespace

bool LoadLevelForCommand(const std::string& path, std::shared_ptr<const LevelDefinition>& out) {
  return ReadingOutOfMemory(path, [&] { return LoadLevel(path, out); });
}

}  // namespace cairn
