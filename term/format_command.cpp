// `cairn format [--write] LEVEL...`: prints each level in canonical form (or, with --write,
// rewrites the file atomically when it differs). A level that does not validate is left alone.
#include <iostream>

#include "cli_args.h"
#include "content/definitions_reader.h"
#include "content/level_loader.h"
#include "storage/files.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {

int RunFormatCommand(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  std::string error;
  if (!ParseArgs(args, {{"--write", false}}, parsed, error) || parsed.positional.empty()) {
    if (error.empty()) error = "format takes one or more level files";
    std::cerr << "cairn format: " << error << "\nusage: cairn format [--write] LEVEL...\n";
    return kExitUsage;
  }
  const auto definitions = DefaultDefinitions();
  if (!definitions) return kExitInvalid;
  bool ok = true;
  for (const std::string& path : parsed.positional) {
    std::string text;
    if (!ReadWholeFile(path, FileKind::Level, text, error)) {
      PrintFileError(path, error);
      ok = false;
      continue;
    }
    LevelDocument document;
    LevelDefinition level;
    std::vector<TextProblem> problems;
    if (!ReadLevelDocument(text, document, problems) ||
        !LoadLevelDocument(document, *definitions, kReadLimits, level, problems)) {
      PrintProblems(path, problems);
      ok = false;
      continue;
    }
    const std::string canonical = WriteLevelDocument(document);
    if (!parsed.Has("--write")) {
      std::cout << canonical;
    } else if (canonical != text && (!(error = WhyUnreadable(canonical, FileKind::Level)).empty() ||
                                     !WriteFileAtomically(path, canonical, error))) {
      PrintFileError(path, error);
      ok = false;
    }
  }
  return ok ? kExitOk : kExitInvalid;
}

}  // namespace cairn
