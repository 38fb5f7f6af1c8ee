#include "character_save.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "save_files.h"

namespace cairn {

FileLock::Outcome CharacterSave::Claim(const std::string& path, const std::string& source,
                                       std::string& error) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!folder.empty()) std::filesystem::create_directories(folder, ec);
  if (ec) {
    error = "cannot make the folder " + folder.string() + ": " + ec.message();
    return FileLock::Outcome::Failed;
  }
  FileLock lock, source_lock;
  if (const auto taken = FileLock::Take(path, lock, error); taken != FileLock::Outcome::Taken)
    return taken;
  if (!source.empty() && source != path)
    if (const auto taken = FileLock::Take(source, source_lock, error);
        taken != FileLock::Outcome::Taken)
      return taken;
  path_ = path;
  lock_ = std::move(lock);
  source_lock_ = std::move(source_lock);
  return FileLock::Outcome::Taken;
}

bool CharacterSave::Waiting() const {
  std::error_code ec;
  return !path_.empty() && std::filesystem::exists(std::filesystem::symlink_status(path_, ec));
}

std::string CharacterSave::Save(GameSession& session) const {
  if (!owned_) return why_not_owned_;
  if (!lock_.Held()) return "the save is not locked for this game";
  std::string why;
  if (WriteSaveFile(session, path_, why) != Status::Ok) return why;
  return "";
}

std::string CharacterSave::Forget() const {
  if (!owned_ || !lock_.Held()) return "";
  if (::unlink(path_.c_str()) != 0 && errno != ENOENT)
    return "cannot remove " + path_ + ": " + std::strerror(errno);
  return "";
}

}  // namespace cairn
