#include "save_files.h"

#include <cstdlib>
#include <filesystem>

#include "game_setup.h"
#include "save/save_codec.h"
#include "storage/files.h"
#include "summary_file.h"

namespace cairn {

std::string DefaultSavePath() { return StateFolder() + "/save.toml"; }

std::string ProblemLine(const std::string& path, const TextProblem& p) {
  const std::string& file = p.file.empty() ? path : p.file;
  if (p.position.line == 0) return file + ": error: " + p.message;
  return file + ":" + std::to_string(p.position.line) + ":" + std::to_string(p.position.column) +
         ": error: " + p.message;
}

bool LoadSaveFile(const std::string& path, SessionConfig& config, bool seed_given,
                  std::unique_ptr<GameSession>& out, std::vector<std::string>& diagnostics) {
  std::string text, error;
  if (!ReadWholeFile(path, text, error)) {
    diagnostics.push_back(path + ": error: " + error);
    return false;
  }
  SessionImage image;
  std::vector<TextProblem> problems;
  if (!ReadSaveText(text, *config.definitions, config.limits, image, problems)) {
    for (const TextProblem& p : problems) diagnostics.push_back(ProblemLine(path, p));
    return false;
  }
  if (seed_given && config.seed != image.seed) {
    diagnostics.push_back(path + ": error: the save is of seed " + std::to_string(image.seed) +
                          ", not the --seed given (" + std::to_string(config.seed) + ")");
    return false;
  }
  SessionConfig restored = config;
  restored.seed = image.seed;
  std::unique_ptr<GameSession> session;
  if (GameSession::TryRestore(restored, image, session, error) != Status::Ok) {
    diagnostics.push_back(path + ": error: " + error);
    return false;
  }
  config = restored;
  out = std::move(session);
  return true;
}

Status WriteSaveFile(GameSession& session, const std::string& path, std::string& error) {
  SessionImage image;
  if (Status s = session.CaptureImage(ProgramEntropy(), image); s != Status::Ok) {
    error = s == Status::EntropyUnavailable ? "no entropy to mint the save's identities"
            : s == Status::InvalidOperation ? "the run has ended: there is nothing to save"
                                            : std::string("cannot capture the run: ") + StatusName(s);
    return s;
  }
  const std::string text =
      WriteSaveText(image, *session.Config().definitions, "cairn " CAIRN_VERSION " (" CAIRN_BUILD_ID ")");
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!folder.empty()) std::filesystem::create_directories(folder, ec);
  if (ec) {
    error = "cannot make the folder " + folder.string() + ": " + ec.message();
    return Status::NotFound;
  }
  if (!WriteFileAtomically(path, text, error)) return Status::InvalidOperation;
  return Status::Ok;
}

}  // namespace cairn
