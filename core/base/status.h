// The one status vocabulary of the core.
//
// Every fallible core operation is noexcept, [[nodiscard]], returns a Status and leaves its outputs
// unchanged when it fails. Statuses report content, handle and capacity problems; programmer errors
// (broken invariants) are CAIRN_ASSERT (base/assert.h: on in Debug, sanitizer and fuzz builds),
// never statuses, and no assertion fires on the contents of a file. Add a value here, to
// StatusName, and to the exhaustive test in tests/base in one change.
#pragma once

#include <cstdint>

namespace cairn {

enum class Status : std::uint8_t {
  Ok,
  InvalidEntity,       // null, stale, foreign or out-of-range handle
  DuplicateComponent,  // the entity already has a component of that type
  MissingComponent,    // the entity has no component of that type
  InvalidPhase,        // the world's phase forbids a structural change now
  CapacityExceeded,    // a configured limit (slots, pool, queue) is full
  AllocationFailed,    // reserving storage failed
  IdentityExhausted,   // an owner-id, generation or UUID source has no value left
  SequenceExhausted,   // a creation sequence or structural revision has no value left
  EntropyUnavailable,  // the entropy source failed; there is no fallback
  BufferTooSmall,      // a caller's buffer cannot hold the output
  InvalidArgument,     // a malformed value (text that is not a UUID, a zero capacity...)
  InvalidOperation,    // a well-formed request the current state does not allow
  NotInitialized,      // the object was used before a successful Initialize
  NotFound,            // an addressed thing (slot, key, file) does not exist
  IdentityConflict,    // a minted identity collided too often
  Unsupported,         // the request names something this build keeps but cannot act on
  ProtectedEntity,     // the game needs that entity (or component) as it is: the player
};

// A stable lower-case name for logs, the console and test output ("capacity-exceeded").
[[nodiscard]] const char* StatusName(Status status) noexcept;

}  // namespace cairn
