// Derived working state the systems share within a tick: the player's field of view, the path
// finder, distance maps. None of it is authoritative (it is rebuilt from the world), so none of it
// is hashed or saved. It is reserved up front, except the path finder's open list and heap,
// which grow (rarely, doubling) when a search needs more than they hold: reserved for the longest
// search there could be they were 160 bytes a cell of address space (decision 0036).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "base/fixed_array.h"
#include "base/status.h"
#include "game/components.h"
#include "game/fov.h"
#include "game/free_regions.h"
#include "game/goal_pocket.h"
#include "game/pathing.h"
#include "identity/handle.h"

namespace cairn {

struct TickScratch {
  FieldOfView player_view;
  Pathfinder paths;
  GoalPocket pocket;    // answers hunters whose prey is hemmed in, before they search
  FreeRegions regions;  // answers wanderers walled in by a crowd, before they search
  // The fleeing monsters' fields cover the cells within kFleeReach steps of the player on both
  // axes (decision 0035): every cell of the default dungeon's floors (79x29) wherever the player
  // stands, and on a 4096 x 4096 map 40,401 cells rather than 16.8 million (seconds a tick).
  static constexpr std::int32_t kFleeReach = 100;
  MapWindow flee_window;  // the cells player_distance and flee hold, in its order
  FixedArray<std::int32_t>
      player_distance;            // steps to the player (valid when distance_tick == tick)
  FixedArray<std::int32_t> flee;  // the flee map derived from it
  std::int64_t distance_tick = -1;
  std::int64_t flee_tick = -1;
  std::vector<EntityId> order;  // actors in a stable order (reserved to the entity capacity)
  std::vector<EntityId> items;
  // The plates stepped on this tick (trigger, who stepped), in step order: Movement notes them and
  // ResolveGameplay sets them off (game/machines.h).
  std::vector<std::pair<EntityId, EntityId>>
      stepped;                     // a carried-item list (reserved to the entity capacity)
  std::vector<Position> reserved;  // cells a spawn this tick will occupy
  bool player_stepped = false;     // Movement moved the player this tick (autopickup follows)

  [[nodiscard]] Status Initialize(std::int32_t width, std::int32_t height,
                                  std::uint32_t entities) noexcept {
    if (Status s = player_view.Initialize(width, height); s != Status::Ok) return s;
    if (Status s = paths.Initialize(width, height); s != Status::Ok) return s;
    const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (Status s = pocket.Initialize(cells); s != Status::Ok) return s;
    if (Status s = regions.Initialize(width, height); s != Status::Ok) return s;
    const std::size_t side = 2 * static_cast<std::size_t>(kFleeReach) + 1;
    const std::size_t field = cells < side * side ? cells : side * side;
    if (Status s = player_distance.Allocate(field); s != Status::Ok) return s;
    if (Status s = flee.Allocate(field); s != Status::Ok) return s;
    try {
      order.reserve(entities);
      items.reserve(entities);
      reserved.reserve(entities);
    } catch (...) {
      return Status::AllocationFailed;
    }
    return Status::Ok;
  }
};

}  // namespace cairn
