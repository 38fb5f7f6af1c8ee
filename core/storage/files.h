// Files out (reading is read_file.h). Every function reports failure with a message that names
// the file and the reason, and never leaves a half-written file where a whole one was.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn {

// Replaces `path` with `text` atomically: write "PATH.tmp-PID-RANDOM" in the same folder, flush
// and fsync it, rename it over `path`, fsync the folder. A crash or kill at any moment leaves
// `path` either old or new, whole. The temporary is created exclusively (O_CREAT|O_EXCL|
// O_NOFOLLOW, 64 random bits in its name): a file or symbolic link planted at a temporary's name
// is never opened or followed, only passed over for another name. A killed writer leaves its
// temporary behind: a successful write of `path` removes every "PATH.tmp-PID[-RANDOM]" whose
// process no longer exists and that has not changed for an hour (a writer in another PID
// namespace looks gone from here; no writer takes an hour).
//
// Its steps, in order, each one a step of the storage_fault seam below: create the temporary;
// each write() call (at most 64 KiB each, so a big text takes several); fsync it; close it;
// rename it over `path`; open and fsync the folder. A failure at any step before the folder's
// fsync returns false with `path` untouched and the temporary removed. A failure of the folder's
// step comes after the rename: `path` already holds the new text but it is not known durable, so
// it returns false ("wrote PATH but cannot fsync its folder ...") and removes nothing. A folder
// fsync refused with EINVAL or EOPNOTSUPP (a file system that cannot sync folders) counts as done.
[[nodiscard]] bool WriteFileAtomically(const std::string& path, std::string_view text,
                                       std::string& error);

// Creates `path` with `text`, whole, only if nothing is there: the same temporary, writes and
// fsyncs as WriteFileAtomically, but published with link(2) of the temporary to `path`, which
// the kernel refuses when `path` exists, so a file created by anyone between a caller's check and
// this call is never replaced (a rename would silently replace it). A file system without hard
// links falls back to renameat2(RENAME_NOREPLACE), which refuses the same way; with neither, it
// fails rather than risk a replacing rename. An existing `path` gives false with "PATH exists
// already (created by another writer meanwhile?); it was not replaced" and `path` untouched.
// Its steps (the seam below) are WriteFileAtomically's, with the link in the rename's place.
[[nodiscard]] bool CreateFileExclusively(const std::string& path, std::string_view text,
                                         std::string& error);

// The write-step test seam, in the style of base/fault_injection.h: tests ask "what if step N of
// WriteFileAtomically fails?" and check that the old file survives. Production never arms it, so
// each step costs a thread-local count and compare. An injected failure takes the same path as a
// real one at that step, with "injected failure at step N" as the reason.
namespace storage_fault {

// Arms the seam: the write step at zero-based position `index` from now fails, once.
void FailStepAt(std::int64_t index) noexcept;
// Disarms the seam.
void Disarm() noexcept;
// Write steps seen since the seam was last armed or disarmed (to learn how many to try).
[[nodiscard]] std::int64_t StepsSeen() noexcept;

}  // namespace storage_fault
}  // namespace cairn
