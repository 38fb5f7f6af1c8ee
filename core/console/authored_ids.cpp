#include "console/authored_ids.h"

#include <algorithm>

#include "identity/handle_text.h"

namespace cairn {

std::vector<EntityId> EntitiesWithAuthoredId(const GameWorld& world, std::string_view name) {
  std::vector<EntityId> found;
  const auto owners = world.Names().Owners();
  const auto names = world.Names().Values();
  for (std::size_t i = 0; i < owners.size(); ++i)
    if (names[i].id.View() == name && world.Registry().IsActive(owners[i]))
      found.push_back(owners[i]);
  // The pool's dense order means nothing: candidates are listed by slot.
  std::sort(found.begin(), found.end(),
            [](const EntityId& a, const EntityId& b) { return a.Slot < b.Slot; });
  return found;
}

bool ExpandAuthoredIds(std::string_view args, const GameWorld& world, std::string& out,
                       std::string& error) {
  const std::size_t body = std::min(args.find('{'), args.size());
  std::string expanded;
  std::size_t at = 0;
  while (at < body) {
    const bool space = args[at] == ' ' || args[at] == '\t';
    std::size_t end = at;
    while (end < body && (args[end] == ' ' || args[end] == '\t') == space) ++end;
    const std::string_view word = args.substr(at, end - at);
    at = end;
    if (space || word.substr(0, kAuthoredIdPrefix.size()) != kAuthoredIdPrefix) {
      expanded += word;
      continue;
    }
    const std::string_view name = word.substr(kAuthoredIdPrefix.size());
    const std::vector<EntityId> found = EntitiesWithAuthoredId(world, name);
    if (found.size() == 1) {
      expanded += FormatShortHandle(found.front());
      continue;
    }
    if (found.empty()) {
      error = "no live entity has the authored id '" + std::string(name) + "'";
    } else {
      error = std::to_string(found.size()) + " live entities have the authored id '" +
              std::string(name) + "':";
      for (EntityId id : found) error += " " + FormatShortHandle(id);
      error += "; name one by its handle";
    }
    return false;
  }
  out = expanded + std::string(args.substr(body));
  return true;
}

}  // namespace cairn
