#include "sim/session_preserved.h"

#include <algorithm>
#include <memory>
#include <new>
#include <vector>

#include "sim/session_access.h"

namespace cairn {

Status RemovePreservedComponent(GameSession& session, EntityId id, std::string_view type,
                                std::uint32_t slot) noexcept {
  const std::vector<PreservedComponent>* kept = session.Preserved(id);
  if (kept == nullptr) return Status::NotFound;
  const auto gone = std::find_if(kept->begin(), kept->end(), [&](const PreservedComponent& c) {
    return c.type == type && c.slot == slot;
  });
  if (gone == kept->end()) return Status::NotFound;
  SessionAccess::Floor& floor = SessionAccess::ActiveFloor(session);
  const auto entry =
      std::find_if(floor.preserved.begin(), floor.preserved.end(),
                   [&](const SessionAccess::PreservedEntry& e) { return e.entity == id; });
  // The list it had stays where it is (the level's, or an earlier edit's): a rewind moment may
  // point at it. The entity gets a new list without the entry.
  if (kept->size() == 1) {
    floor.preserved.erase(entry);
    return Status::Ok;
  }
  try {
    auto rest = std::make_unique<std::vector<PreservedComponent>>(*kept);
    rest->erase(rest->begin() + (gone - kept->begin()));
    floor.owned_preserved.push_back(std::move(rest));
  } catch (const std::bad_alloc&) {
    return Status::AllocationFailed;
  }
  entry->components = floor.owned_preserved.back().get();
  return Status::Ok;
}

bool IsPreservedType(const GameSession& session, std::string_view type) noexcept {
  const auto names = [&](const std::vector<PreservedComponent>& list) {
    return std::any_of(list.begin(), list.end(),
                       [&](const PreservedComponent& c) { return c.type == type; });
  };
  const SessionAccess::Floor& floor =
      SessionAccess::Floors(session)[static_cast<std::size_t>(session.Depth() - 1)];
  if (floor.level)
    for (const LevelEntity& entity : floor.level->entities)
      if (names(entity.preserved)) return true;
  return std::any_of(floor.preserved.begin(), floor.preserved.end(),
                     [&](const SessionAccess::PreservedEntry& e) { return names(*e.components); });
}

}  // namespace cairn
