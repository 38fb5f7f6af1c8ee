// `cairn identity migrate ROOT MANIFEST LEVEL...` and `cairn identity apply ROOT MANIFEST LEVEL
// OUTPUT`: moving version-1 levels (authored labels) to version-2 levels (UUIDs). See
// core/content/identity_migration.h and docs/formats/level.md.
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "base/terminal_text.h"
#include "cli_args.h"
#include "content/identity_migration.h"
#include "game_setup.h"
#include "out_of_memory.h"
#include "storage/files.h"
#include "storage/read_file.h"
#include "term_commands.h"

namespace cairn {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: cairn identity migrate ROOT MANIFEST LEVEL...\n"
    "       cairn identity apply ROOT MANIFEST LEVEL OUTPUT\n";

// LEVEL's path relative to ROOT with '/' separators; false if it lies outside ROOT.
bool RelativePath(const std::string& root, const std::string& level, std::string& out) {
  std::error_code ec;
  const fs::path r = fs::weakly_canonical(root, ec);
  const fs::path l = fs::weakly_canonical(level, ec);
  const fs::path rel = l.lexically_relative(r);
  if (rel.empty() || *rel.begin() == "..") return false;
  out = rel.generic_string();
  return true;
}

bool ReadDocumentOrThrowBadAlloc(const std::string& path, LevelDocument& document) {
  std::string text, error;
  if (!ReadWholeFile(path, FileKind::Level, text, error)) {
    PrintFileError(path, error);
    return false;
  }
  std::vector<TextProblem> problems;
  if (!ReadLevelDocument(text, document, problems)) {
    PrintProblems(path, problems);
    return false;
  }
  return true;
}

bool ReadDocument(const std::string& path, LevelDocument& document) {
  return ReadingOutOfMemory(path, [&] { return ReadDocumentOrThrowBadAlloc(path, document); });
}

int Migrate(const std::vector<std::string>& args) {
  if (args.size() < 3) {
    std::cerr << "cairn identity migrate: needs ROOT, MANIFEST and at least one LEVEL\n" << kUsage;
    return kExitUsage;
  }
  const std::string& root = args[0];
  const std::string& manifest_path = args[1];
  std::error_code ec;
  if (fs::exists(manifest_path, ec)) {
    PrintFileError(manifest_path,
                   "the manifest exists already; migrate runs once (nothing written)");
    return kExitInvalid;
  }
  std::vector<MigrationInput> levels;
  for (std::size_t i = 2; i < args.size(); ++i) {
    MigrationInput input;
    if (!RelativePath(root, args[i], input.path)) {
      PrintFileError(args[i], "the level is not inside ROOT " + root);
      return kExitUsage;
    }
    if (!ReadDocument(args[i], input.document)) return kExitInvalid;
    if (input.document.version != kLevelVersionLabels) {
      PrintFileError(args[i], "the level is version " + std::to_string(input.document.version) +
                                  " already; only version 1 levels are migrated");
      return kExitInvalid;
    }
    for (const MigrationInput& seen : levels)
      if (seen.path == input.path) {
        PrintFileError(args[i], "the level is named twice");
        return kExitUsage;
      }
    levels.push_back(std::move(input));
  }
  EntropySource& entropy = ProgramEntropy();
  IdentityManifest manifest;
  std::string why;
  if (Status s = MintManifest(levels, entropy, manifest, why); s != Status::Ok) {
    std::cerr << "cairn identity migrate: error: " << why << " (nothing written)\n";
    return s == Status::EntropyUnavailable ? kExitEntropy : kExitInvalid;
  }
  // Created exclusively: a manifest that appeared since the check above is never replaced.
  std::string error;
  const std::string manifest_text = WriteManifest(manifest);
  if (error = WhyUnreadable(manifest_text, FileKind::Manifest);
      !error.empty() || !CreateFileExclusively(manifest_path, manifest_text, error)) {
    PrintFileError(manifest_path, error);
    return kExitInvalid;
  }
  std::cout << EscapeForTerminal(manifest_path) << ": " << manifest.documents.size()
            << " documents, " << manifest.objects.size() << " objects\n";
  return kExitOk;
}

int Apply(const std::vector<std::string>& args) {
  if (args.size() != 4) {
    std::cerr << "cairn identity apply: needs ROOT, MANIFEST, LEVEL and OUTPUT\n" << kUsage;
    return kExitUsage;
  }
  const std::string& root = args[0];
  const std::string& manifest_path = args[1];
  const std::string& level_path = args[2];
  const std::string& output = args[3];
  std::error_code ec;
  if (fs::exists(output, ec)) {
    PrintFileError(output, "the output exists already; apply never replaces a file");
    return kExitInvalid;
  }
  std::string text, error;
  if (!ReadWholeFile(manifest_path, FileKind::Manifest, text, error)) {
    PrintFileError(manifest_path, error);
    return kExitInvalid;
  }
  IdentityManifest manifest;
  const bool manifest_read = ReadingOutOfMemory(manifest_path, [&] {
    std::vector<TextProblem> problems;
    if (ReadManifest(text, manifest, problems)) return true;
    PrintProblems(manifest_path, problems);
    return false;
  });
  if (!manifest_read) return kExitInvalid;
  std::string path;
  if (!RelativePath(root, level_path, path)) {
    PrintFileError(level_path, "the level is not inside ROOT " + root);
    return kExitUsage;
  }
  LevelDocument level;
  if (!ReadDocument(level_path, level)) return kExitInvalid;
  LevelDocument v2;
  std::string why;
  if (!ApplyManifest(manifest, path, level, v2, why)) {
    PrintFileError(level_path, why);
    return kExitInvalid;
  }
  const std::string level_text = WriteLevelDocument(v2);
  if (error = WhyUnreadable(level_text, FileKind::Level);
      !error.empty() || !CreateFileExclusively(output, level_text, error)) {
    PrintFileError(output, error);
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace

int RunIdentityCommand(const std::vector<std::string>& args) {
  if (args.empty() || (args[0] != "migrate" && args[0] != "apply")) {
    std::cerr << "cairn identity: say migrate or apply\n" << kUsage;
    return kExitUsage;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  for (const std::string& a : rest)
    if (a.rfind("--", 0) == 0) {
      std::cerr << "cairn identity: unknown option '" << EscapeForTerminal(a) << "'\n" << kUsage;
      return kExitUsage;
    }
  return args[0] == "migrate" ? Migrate(rest) : Apply(rest);
}

}  // namespace cairn
