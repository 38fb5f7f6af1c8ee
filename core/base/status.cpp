#include "base/status.h"

namespace cairn {

const char* StatusName(Status status) noexcept {
  switch (status) {
    case Status::Ok: return "ok";
    case Status::InvalidEntity: return "invalid-entity";
    case Status::DuplicateComponent: return "duplicate-component";
    case Status::MissingComponent: return "missing-component";
    case Status::InvalidPhase: return "invalid-phase";
    case Status::CapacityExceeded: return "capacity-exceeded";
    case Status::AllocationFailed: return "allocation-failed";
    case Status::IdentityExhausted: return "identity-exhausted";
    case Status::SequenceExhausted: return "sequence-exhausted";
    case Status::EntropyUnavailable: return "entropy-unavailable";
    case Status::BufferTooSmall: return "buffer-too-small";
    case Status::InvalidArgument: return "invalid-argument";
    case Status::InvalidOperation: return "invalid-operation";
    case Status::NotInitialized: return "not-initialized";
    case Status::NotFound: return "not-found";
    case Status::IdentityConflict: return "identity-conflict";
    case Status::Unsupported: return "unsupported";
    case Status::ProtectedEntity: return "protected-entity";
  }
  return "unknown-status";
}

}  // namespace cairn
