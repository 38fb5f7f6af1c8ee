// CharacterSave: the file a character lives in between sessions, and the lifecycle that keeps it
// (docs/SAVES.md has the whole of it, and what survives which failure):
//  - a game holds the save's lock (storage/file_lock.h) from before it reads the save until it
//    ends, so a second game can neither resume the same character nor write over it;
//  - resuming reads the save and leaves it where it is: until a newer save point replaces it, it
//    is the character's last save point, so a crash, SIGKILL, OOM kill or full disk at any moment
//    after a resume leaves it loadable (as DCSS keeps its save while the game runs);
//  - a save point (save-and-quit, a floor change, a hang-up or termination signal, an internal
//    error) replaces it atomically (storage/files.h);
//  - it is removed only when the character's story ends: death, victory, giving up (Q) or a
//    restart, each after the player confirmed or the game said so.
// A game may also play without owning the save: a new game started beside a waiting save the
// player chose to keep never writes or removes it.
#pragma once

#include <string>

#include "sim/session.h"
#include "storage/file_lock.h"

namespace cairn {

// Where the lock of the file at `path` by its identity (device and inode) goes: the user's state
// folder's locks/, so every name of one file (a symbolic or a hard link) meets the same lock; ""
// when nothing is at `path` yet (its path's lock is enough) or there is no state folder.
[[nodiscard]] std::string IdentityLockPath(const std::string& path);

class CharacterSave {
 public:
  // Locks `path` for this game (and `source`, a --load file elsewhere, when it differs), so no
  // other game plays either; makes the save's folder first. HeldElsewhere: another game plays
  // it, and `error` names that game's process; Failed: `error` says why.
  [[nodiscard]] FileLock::Outcome Claim(const std::string& path, const std::string& source,
                                        std::string& error);

  [[nodiscard]] const std::string& Path() const noexcept { return path_; }
  // A save is on disk at Path().
  [[nodiscard]] bool Waiting() const;

  // Whether this game writes and removes the save. A game that kept another character's save
  // waiting does neither; `why` says so to the player.
  void Disown(std::string why) {
    owned_ = false;
    why_not_owned_ = std::move(why);
  }
  [[nodiscard]] bool Owned() const noexcept { return owned_; }
  [[nodiscard]] const std::string& WhyNotOwned() const noexcept { return why_not_owned_; }

  // Writes a save point of `session` over the save: "" on success, else why not (the old save,
  // if any, is whole either way).
  [[nodiscard]] std::string Save(GameSession& session);
  // The character's story has ended: removes the save if this game owns it. "" or why it could
  // not be removed.
  [[nodiscard]] std::string Forget() const;

 private:
  std::string path_;
  FileLock lock_;
  FileLock source_lock_;
  FileLock identity_lock_;         // the save's identity (IdentityLockPath)
  FileLock source_identity_lock_;  // a --load file's, when it is another file
  bool owned_ = true;
  std::string why_not_owned_;
};

}  // namespace cairn
