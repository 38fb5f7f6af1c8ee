// Graph duplication (console `DUP H...`): copying a set of the active floor's entities as one
// transaction. A free function over a GameSession, apart from it like saving (session_persist.h).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "identity/uuid.h"
#include "sim/session.h"

namespace cairn {

// Each copy gets a fresh durable key (a new source UUID from `entropy`, checked against every key
// the run knows, at most four retries; the original's instance scope, or the run's), all its
// components and unknown components; references to entities inside the set point at their copies,
// references outside it are kept. A blocking copy stands on the nearest free cell; a carried copy
// takes a free letter in the same pack. All or nothing: on failure no entity, key or component is
// left behind and `out` is unchanged. `out` receives the copies, in order. `why` says what refused
// it.
[[nodiscard]] Status DuplicateEntities(GameSession& session, std::span<const EntityId> set,
                                       EntropySource& entropy, std::vector<EntityId>& out,
                                       std::string& why);

}  // namespace cairn
