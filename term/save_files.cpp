#include "save_files.h"

#include <sys/stat.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "base/terminal_text.h"
#include "base/text_problem.h"
#include "game_setup.h"
#include "save/save_codec.h"
#include "sim/session_persist.h"
#include "storage/file_lock.h"
#include "storage/files.h"
#include "storage/read_file.h"
#include "summary_file.h"
#include "user_folders.h"

namespace cairn {

std::string DefaultSavePath() {
  const std::string state = StateFolder();
  return state.empty() ? "" : state + "/save.toml";
}

namespace {

// Reads the save at `path` into `image`; every problem is a line in `diagnostics`.
// `config` takes the edition of the built-in content the save was made with.
bool ReadSaveImage(const std::string& path, SessionConfig& config, SessionImage& image,
                   std::vector<std::string>& diagnostics) {
  std::string text, error;
  if (!ReadWholeFile(path, FileKind::Save, text, error)) {
    diagnostics.push_back(EscapeForTerminal(path) + ": error: " + EscapeForTerminal(error));
    return false;
  }
  UseEditionOf(SaveDungeonRules(text), config);
  std::vector<TextProblem> problems;
  if (!ReadSaveText(text, *config.definitions, config.limits.For(kMaxWorldEntities), image,
                    problems)) {
    for (const TextProblem& p : problems) diagnostics.push_back(FormatProblem(path, p));
    return false;
  }
  return true;
}

}  // namespace

std::string DescribeSave(const std::string& path, const SessionConfig& config) {
  std::string when;
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    std::tm utc{};
    gmtime_r(&info.st_mtime, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M UTC", &utc);
    when = std::string(", saved ") + stamp;
  }
  SessionImage image;
  std::vector<std::string> diagnostics;
  SessionConfig edition = config;
  if (!ReadSaveImage(path, edition, image, diagnostics)) return "it does not load" + when;
  std::string text =
      "seed " + std::to_string(image.seed) + ", depth " + std::to_string(image.depth);
  const auto floor = static_cast<std::size_t>(image.depth - 1);
  // Turns, as the status line counts them (ticks are the machine's clock).
  if (floor < image.floors.size())
    for (const LevelEntity& entity : image.floors[floor].level.entities)
      if (entity.components.Has<Player>())
        text += ", turn " + std::to_string(entity.components.player.turns);
  return text + when;
}

bool LoadSaveFile(const std::string& path, SessionConfig& config, bool seed_given,
                  std::unique_ptr<GameSession>& out, std::vector<std::string>& diagnostics) {
  std::string error;
  SessionImage image;
  SessionConfig restored = config;  // the save's edition of the content, once it is read
  if (!ReadSaveImage(path, restored, image, diagnostics)) return false;
  if (seed_given && config.seed != image.seed) {
    diagnostics.push_back(EscapeForTerminal(path) + ": error: the save is of seed " +
                          std::to_string(image.seed) + ", not the --seed given (" +
                          std::to_string(config.seed) + ")");
    return false;
  }
  restored.seed = image.seed;
  std::unique_ptr<GameSession> session;
  if (RestoreSession(restored, image, session, error) != Status::Ok) {
    // The restore's reasons can quote the save (entity ids, names): escaped like every problem.
    diagnostics.push_back(EscapeForTerminal(path) + ": error: " + EscapeForTerminal(error));
    return false;
  }
  config = restored;
  out = std::move(session);
  return true;
}

Status WriteSaveFile(GameSession& session, const std::string& path, std::string& error,
                     std::uint64_t cap) {
  SessionImage image;
  std::string why;
  if (Status s = CaptureImage(session, ProgramEntropy(), image, &why); s != Status::Ok) {
    error = s == Status::EntropyUnavailable ? "no entropy to mint the save's identities"
            : s == Status::InvalidOperation ? "the run has ended: there is nothing to save"
            : !why.empty()                  ? "cannot save the run: " + why
                           : std::string("cannot capture the run: ") + StatusName(s);
    return s;
  }
  const std::string text = WriteSaveText(image, *session.Config().definitions,
                                         "cairn " CAIRN_VERSION " (" CAIRN_BUILD_ID ")");
  // What cairn could not read back is not written: the old save, if any, stays whole.
  if (text.size() > cap) {
    error = "the save " + OverCapMessage(text.size(), cap, LimitOf(FileKind::Save).name) +
            ", so cairn could not read it back; nothing was written to " + path;
    return Status::CapacityExceeded;
  }
  // Nor is what cairn would refuse to resume (a console edit may have walled the player in or
  // left them at 0 health): the text is held to the reader's rules first.
  std::vector<TextProblem> problems;
  SessionImage readback;
  const SessionConfig& config = session.Config();
  if (!ReadSaveText(text, *config.definitions, config.limits.For(kMaxWorldEntities), readback,
                    problems)) {
    error = "the save would not resume (" +
            (problems.empty() ? std::string("it does not read") : problems.front().message) +
            "); nothing was written to " + EscapeForTerminal(path);
    return Status::InvalidArgument;
  }
  if (!MakeFolder(std::filesystem::path(path).parent_path().string(), error))
    return Status::NotFound;
  if (!WriteFileAtomically(path, text, error)) return Status::InvalidOperation;
  return Status::Ok;
}

bool SameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec) && !ec) return true;
  const std::filesystem::path ca = std::filesystem::weakly_canonical(a, ec);
  if (ec) return a == b;
  const std::filesystem::path cb = std::filesystem::weakly_canonical(b, ec);
  return ec ? a == b : ca == cb;
}

std::string WhyNotOverACharacter(const std::string& path) {
  if (path.empty()) return "";
  // A game playing a character it will save here holds the lock, saved yet or not.
  FileLock probe;
  std::string held;
  if (FileLock::Take(path, probe, held) == FileLock::Outcome::HeldElsewhere)
    return EscapeForTerminal(path) + " is a game's save (" + held + ")";
  probe.Release();
  // A saved game: its header within the first lines. Read a little, never the whole file.
  std::ifstream in(path, std::ios::binary);
  std::string line;
  for (int n = 0; n < 8 && std::getline(in, line); ++n)
    if (line.rfind("format = \"" + std::string(kSaveFormat) + "\"", 0) == 0)
      return EscapeForTerminal(path) + " holds a saved game";
  return "";
}

bool WriteRecordingFile(const Recording& recording, const std::string& path, std::string& error,
                        std::uint64_t cap) {
  if (std::string why = WhyNotOverACharacter(path); !why.empty()) {
    error = why + "; " + kRecordingSparesCharacters;
    return false;
  }
  const std::string text = WriteRecording(recording);
  if (text.size() > cap) {
    error = "the recording is " + std::to_string(text.size()) + " bytes, over the " +
            std::to_string(cap) + " cairn reads a recording at, so it could not be replayed; " +
            "it was not written (record fewer ticks)";
    return false;
  }
  return WriteFileAtomically(path, text, error);
}

}  // namespace cairn
