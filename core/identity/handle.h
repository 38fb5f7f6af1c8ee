// Handle<Tag>: a runtime name for one incarnation of one object in one owner.
//
// A handle owns nothing and pins nothing; it is only checked. Owner is the process-unique id of
// the registry that issued it (for entities: the world), Slot the index inside that owner, and
// Generation the incarnation of that slot. Owner zero and generation zero are never issued, so an
// all-zero handle is null. Handles of different tags are unrelated types and never convert.
// Runtime handles are never written to a file: durable identity is a Uuid (uuid.h).
#pragma once

#include <cstdint>
#include <type_traits>

namespace cairn {

template <class Tag>
struct Handle {
  std::uint64_t Owner = 0;
  std::uint32_t Slot = 0;
  std::uint32_t Generation = 0;

  [[nodiscard]] constexpr bool IsNull() const noexcept {
    return Owner == 0 && Slot == 0 && Generation == 0;
  }
  friend constexpr bool operator==(const Handle&, const Handle&) noexcept = default;
};

struct EntityTag;
// The entity domain's handle: Owner is the world id (see WorldOf), then Slot and Generation.
using EntityId = Handle<EntityTag>;

[[nodiscard]] constexpr std::uint64_t WorldOf(EntityId id) noexcept {
  return id.Owner;
}

static_assert(std::is_trivially_copyable_v<EntityId>);
static_assert(sizeof(EntityId) == 16);

}  // namespace cairn
