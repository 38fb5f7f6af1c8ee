#include "character_save.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "save_files.h"
#include "user_folders.h"

namespace cairn {

std::string IdentityLockPath(const std::string& path) {
  struct stat info {};
  const std::string state = StateFolder();
  if (path.empty() || state.empty() || ::stat(path.c_str(), &info) != 0) return "";
  const std::string folder = state + "/locks";
  std::string why;
  if (!MakeFolder(folder, why)) return "";
  return folder + "/file-" + std::to_string(info.st_dev) + "-" + std::to_string(info.st_ino);
}

FileLock::Outcome CharacterSave::Claim(const std::string& path, const std::string& source,
                                       std::string& error) {
  if (!MakeFolder(std::filesystem::path(path).parent_path().string(), error))
    return FileLock::Outcome::Failed;
  FileLock lock, source_lock;
  if (const auto taken = FileLock::Take(path, lock, error); taken != FileLock::Outcome::Taken)
    return taken;
  if (!source.empty() && source != path)
    if (const auto taken = FileLock::Take(source, source_lock, error);
        taken != FileLock::Outcome::Taken)
      return taken;
  // The path's lock does not see another name of the same file (a symbolic or a hard link): the
  // file's identity is locked too, so one character is one game whatever it is called.
  FileLock identity, source_identity;
  const std::string key = IdentityLockPath(path), source_key = IdentityLockPath(source);
  if (!key.empty())
    if (const auto taken = FileLock::Take(key, identity, error); taken != FileLock::Outcome::Taken)
      return taken;
  if (!source_key.empty() && source_key != key)  // --load and --save of one file: one lock
    if (const auto taken = FileLock::Take(source_key, source_identity, error);
        taken != FileLock::Outcome::Taken)
      return taken;
  path_ = path;
  lock_ = std::move(lock);
  source_lock_ = std::move(source_lock);
  identity_lock_ = std::move(identity);
  source_identity_lock_ = std::move(source_identity);
  return FileLock::Outcome::Taken;
}

bool CharacterSave::Waiting() const {
  std::error_code ec;
  return !path_.empty() && std::filesystem::exists(std::filesystem::symlink_status(path_, ec));
}

std::string CharacterSave::Save(GameSession& session) {
  if (!owned_) return why_not_owned_;
  if (!lock_.Held()) return "the save is not locked for this game";
  std::string why;
  if (WriteSaveFile(session, path_, why) != Status::Ok) return why;
  // The save is a new file now (written beside and renamed over): its identity is locked in
  // place of the old one's, so a link made to it from here on meets this game's lock too.
  FileLock identity;
  std::string held;
  if (const std::string key = IdentityLockPath(path_);
      !key.empty() && FileLock::Take(key, identity, held) == FileLock::Outcome::Taken)
    identity_lock_ = std::move(identity);
  return "";
}

std::string CharacterSave::Forget() const {
  if (!owned_ || !lock_.Held()) return "";
  if (::unlink(path_.c_str()) != 0 && errno != ENOENT)
    return "cannot remove " + path_ + ": " + std::strerror(errno);
  return "";
}

}  // namespace cairn
