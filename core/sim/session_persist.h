// Saving and restoring a run: the boundary where runtime handles become durable keys and back.
// Free functions over a GameSession and a SessionImage (sim/session_image.h); core/save writes
// and reads the image, core/storage the file.
#pragma once

#include <memory>
#include <string>

#include "base/status.h"
#include "identity/uuid.h"
#include "sim/session.h"
#include "sim/session_image.h"

namespace cairn {

// The run as plain data, between ticks only. Every live entity without a durable key gets one
// first, minted from `entropy` (each checked against every key of the run, at most four retries):
// EntropyUnavailable or IdentityConflict binds nothing and leaves `out` unchanged.
// InvalidOperation when the run has ended or is mid-tick. CapacityExceeded when a counter is past
// the cap a save holds (ImageWithinLimits; `why`, if given, names it): `out` unchanged, the keys
// minted for it kept.
[[nodiscard]] Status CaptureImage(GameSession& session, EntropySource& entropy, SessionImage& out,
                                  std::string* why = nullptr);

// A run rebuilt from `image` in fresh worlds, in two passes per floor (create every entity, then
// set components with references resolved), every durable key bound in one activation per floor.
// `content` must describe the content the image was made from (InvalidArgument otherwise, with
// `error` saying so); the run keeps the dungeon rules the image names. Every floor must pass the
// semantic checks levels pass (game/level_invariants.h) and be the floor the seed made (its level
// digest), and every counter be within its cap, whether or not the image has a state hash to
// compare. Any failure leaves `out` unchanged and releases everything the attempt built.
[[nodiscard]] Status RestoreSession(const SessionConfig& content, const SessionImage& image,
                                    std::unique_ptr<GameSession>& out, std::string& error);

}  // namespace cairn
