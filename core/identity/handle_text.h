// How handles are written for people: `Entity{World=3, Slot=0, Generation=1}` in inspectors and
// traces, `SLOT:GENERATION` or `WORLD:SLOT:GENERATION` in the console protocol.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "identity/handle.h"

namespace cairn {

[[nodiscard]] std::string FormatEntity(EntityId id);  // Entity{World=.., Slot=.., Generation=..}
[[nodiscard]] std::string FormatShortHandle(EntityId id);      // SLOT:GENERATION
[[nodiscard]] std::string FormatQualifiedHandle(EntityId id);  // WORLD:SLOT:GENERATION

// Parses `SLOT:GENERATION` (taking `world` as the owner) or `WORLD:SLOT:GENERATION`, decimal
// digits only, each part within its type's range. InvalidArgument leaves `out` unchanged.
[[nodiscard]] Status ParseHandleText(std::string_view text, std::uint64_t world,
                                     EntityId& out) noexcept;

}  // namespace cairn
