#include "sim/autopilot.h"

#include "game/article.h"
#include "game/items.h"
#include "game/machines.h"
#include "game/pathing.h"
#include "game/player_commands.h"

namespace cairn {
namespace {

constexpr std::int32_t kMaxRestTurns = 500;
constexpr std::int32_t kMaxRunSteps = 2000;

bool Known(const GameSession& session, std::int32_t x, std::int32_t y) {
  return session.World().Map().Remembered(x, y) || session.Scratch().player_view.Visible(x, y);
}

// A cell the player can usefully walk to: open terrain they know of, with no lever or closed
// portcullis in it and no pressure plate on it (machines are walked into on purpose, as Brogue's
// travel steps around known traps). Monsters do not count: they move.
bool Walkable(const GameSession& session, std::int32_t x, std::int32_t y) {
  const GameWorld& world = session.World();
  if (!world.Map().Passable(x, y) || !Known(session, x, y)) return false;
  if (world.Triggers().Size() == 0 && world.Gates().Size() == 0) return true;
  const EntityId there = world.OccupantAt(x, y);
  if (!there.IsNull() && (world.Triggers().Contains(there) || world.Gates().Contains(there)))
    return false;
  return StepTriggerAt(world, Position{x, y}).IsNull();
}

// A known cell beside one not yet seen (a map read shows terrain, but explore still goes to see
// it, as in DCSS).
bool Frontier(const GameSession& session, std::int32_t x, std::int32_t y) {
  if (!Walkable(session, x, y)) return false;
  const TileMap& map = session.World().Map();
  for (int d = 0; d < 8; ++d) {
    const std::int32_t nx = x + kStepDx[d];
    const std::int32_t ny = y + kStepDy[d];
    if (map.InBounds(nx, ny) && !map.Seen(nx, ny) && !session.Scratch().player_view.Visible(nx, ny))
      return true;
  }
  return false;
}

// Whether explore goes for items at all: only while autopickup is on, as in DCSS.
bool Collecting(const GameSession& session) {
  return AutoPickupOn(session.World(), session.World().PlayerEntity());
}

// An item in view that autopickup wants.
bool ItemInView(const GameSession& session, std::int32_t x, std::int32_t y) {
  const GameWorld& world = session.World();
  if (!Collecting(session) || !session.Scratch().player_view.Visible(x, y)) return false;
  for (EntityId item : world.Items().Owners()) {
    const Position* p = world.Positions().Find(item);
    if (p != nullptr && p->x == x && p->y == y && WantedItem(world, item)) return true;
  }
  return false;
}

bool PackFull(const GameSession& session) {
  const Inventory* pack = session.World().Inventories().Find(session.World().PlayerEntity());
  return pack == nullptr || pack->count >= pack->capacity;
}

bool StairsAt(const GameWorld& world, std::int8_t direction, Position& out) {
  const auto owners = world.StairsPool().Owners();
  const auto values = world.StairsPool().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const Position* p = world.Positions().Find(owners[i]);
    if (p == nullptr || values[i].direction != direction || !world.Map().Remembered(p->x, p->y))
      continue;
    out = *p;
    return true;
  }
  return false;
}

}  // namespace

bool AutoPilot::ItemRemembered(const GameSession& session, std::size_t cell) const {
  const TileMap& map = session.World().Map();
  const auto width = static_cast<std::size_t>(map.Width());
  return width > 0 && Collecting(session) &&
         map.ItemRemembered(static_cast<std::int32_t>(cell % width),
                            static_cast<std::int32_t>(cell / width));
}

bool AutoPilot::SomethingLeftToExplore(const GameSession& session) {
  const TileMap& map = session.World().Map();
  const bool full = PackFull(session);
  for (std::int32_t y = 0; y < map.Height(); ++y)
    for (std::int32_t x = 0; x < map.Width(); ++x)
      if (Frontier(session, x, y) || (!full && ItemRemembered(session, map.Index(x, y))))
        return true;
  return false;
}

bool AutoPilot::Survey(const GameSession& session) {
  const GameWorld& world = session.World();
  const Position* at = world.Positions().Find(world.PlayerEntity());
  if (at == nullptr) return false;
  const TileMap& map = world.Map();
  const std::size_t cells =
      static_cast<std::size_t>(map.Width()) * static_cast<std::size_t>(map.Height());
  // Only the cells the last survey reached are set back: on a large map, filling two arrays of
  // every cell at each step of a run cost more than the survey of what the player knows.
  if (distance_.size() != cells) {
    distance_.assign(cells, kUnreachable);
    first_step_.assign(cells, -1);
  } else {
    for (const std::uint32_t cell : reached_) {
      distance_[cell] = kUnreachable;
      first_step_[cell] = -1;
    }
  }
  reached_.clear();
  const std::size_t origin = map.Index(at->x, at->y);
  distance_[origin] = 0;
  reached_.push_back(static_cast<std::uint32_t>(origin));
  // Breadth first, reached_ its queue: it ends holding every cell reached, nearest first.
  const auto width = static_cast<std::size_t>(map.Width());
  for (std::size_t head = 0; head < reached_.size(); ++head) {
    const std::size_t from = reached_[head];
    const Position p{static_cast<std::int32_t>(from % width),
                     static_cast<std::int32_t>(from / width)};
    for (int d = 0; d < 8; ++d) {
      const Position n{p.x + kStepDx[d], p.y + kStepDy[d]};
      if (!Walkable(session, n.x, n.y)) continue;
      const std::size_t cell = map.Index(n.x, n.y);
      if (distance_[cell] != kUnreachable) continue;
      // Monsters do not block a route: they move, and whether one can be seen changes with
      // every step, which would make the route flicker. (A run stops when one comes into view.)
      distance_[cell] = distance_[from] + 1;
      first_step_[cell] = from == origin ? static_cast<std::int8_t>(d) : first_step_[from];
      reached_.push_back(static_cast<std::uint32_t>(cell));
    }
  }
  return true;
}

bool AutoPilot::StepToward(const GameSession& session, std::size_t cell, PlayerCommand& out) const {
  if (cell >= first_step_.size() || first_step_[cell] < 0) return false;
  (void)session;
  out = PlayerCommand{};
  out.kind = PlayerCommandKind::Move;
  out.dx = kStepDx[first_step_[cell]];
  out.dy = kStepDy[first_step_[cell]];
  return true;
}

bool AutoPilot::FirstStepTo(const GameSession& session, std::int32_t x, std::int32_t y,
                            PlayerCommand& out) {
  const TileMap& map = session.World().Map();
  if (!Walkable(session, x, y) || !Survey(session)) return false;
  return StepToward(session, map.Index(x, y), out);
}

bool AutoPilot::Check(const GameSession& session, std::string& why) {
  const GameWorld& world = session.World();
  if (session.State() != SessionState::Playing) return false;
  if (session.Depth() != depth_) return false;
  const Position* at = world.Positions().Find(world.PlayerEntity());
  const Health* health = world.Healths().Find(world.PlayerEntity());
  if (at == nullptr || health == nullptr) return false;
  const EntityId hostile = NearestVisibleHostile(world, session.Scratch().player_view, *at);
  const EnemyAi* ai = world.Ais().Find(hostile);
  const bool harmless = only_hunters_ && ai != nullptr && ai->action != AiAction::Hunt;
  if (!hostile.IsNull() && !harmless) {
    const Named* named = world.Names().Find(hostile);
    why = "You see " + WithArticle(named != nullptr ? named->name.View() : "monster") + ".";
    return false;
  }
  if (health->current < health_) {
    why = "You are hurt.";
    return false;
  }
  if (session.Log().NewsCount() != messages_ && !last_was_pickup_)
    return false;  // the message says it
  if (++steps_ > kMaxRunSteps) {
    why = "You stop to get your bearings.";
    return false;
  }
  health_ = health->current;
  return true;
}

bool AutoPilot::Start(const GameSession& session, AutoGoal goal, std::string& why) {
  active_ = false;
  const GameWorld& world = session.World();
  const EntityId player = world.PlayerEntity();
  const Position* at = world.Positions().Find(player);
  const Health* health = world.Healths().Find(player);
  if (session.State() != SessionState::Playing || at == nullptr || health == nullptr) {
    why = "You cannot do that now.";
    return false;
  }
  if (goal == AutoGoal::Fight) {
    if (NearestVisibleHostile(world, session.Scratch().player_view, *at).IsNull()) {
      why = "There is nothing in view to fight.";
      return false;
    }
    goal_ = goal;
    active_ = true;
    depth_ = session.Depth();
    return true;
  }
  const EntityId nearest = NearestVisibleHostile(world, session.Scratch().player_view, *at);
  const EnemyAi* ai = world.Ais().Find(nearest);
  if (ai != nullptr && !(only_hunters_ && ai->action != AiAction::Hunt)) {
    // What was refused and why, the monster named: "You cannot rest with a monster in view (a
    // jackal)."
    const char* what = goal == AutoGoal::Explore ? "explore"
                       : goal == AutoGoal::Rest  ? "rest"
                                                 : "travel";
    const Named* named = world.Names().Find(nearest);
    why = std::string("You cannot ") + what + " with a monster in view" +
          (named != nullptr && !named->name.View().empty()
               ? " (" + WithArticle(named->name.View()) + ")."
               : std::string("."));
    return false;
  }
  Position stairs{};
  if (goal == AutoGoal::StairsDown && !StairsAt(world, 1, stairs)) {
    why = "You have not found the stairs down yet.";
    return false;
  }
  if (goal == AutoGoal::StairsUp && !StairsAt(world, -1, stairs)) {
    why = "You have not found the stairs up yet.";
    return false;
  }
  if (goal == AutoGoal::Travel) {
    PlayerCommand first;
    if (travel_x_ == at->x && travel_y_ == at->y) {
      why = "You are already there.";
      return false;
    }
    if (!FirstStepTo(session, travel_x_, travel_y_, first)) {
      why = Known(session, travel_x_, travel_y_) ? "There is no known way there."
                                                 : "You have not seen that place.";
      return false;
    }
  }
  if (goal == AutoGoal::Rest && health->current >= health->max) {
    why = "You are already rested.";
    return false;
  }
  goal_ = goal;
  active_ = true;
  last_was_pickup_ = false;
  health_ = health->current;
  depth_ = session.Depth();
  steps_ = 0;
  messages_ = session.Log().NewsCount();
  return true;
}

bool AutoPilot::Next(const GameSession& session, PlayerCommand& out, std::string& why) {
  why.clear();
  if (!active_) return false;
  if (goal_ == AutoGoal::Fight) return NextBlow(session, out, why);
  if (!Check(session, why)) {
    active_ = false;
    return false;
  }
  messages_ = session.Log().NewsCount();
  last_was_pickup_ = false;
  const GameWorld& world = session.World();
  const Position at = *world.Positions().Find(world.PlayerEntity());
  switch (goal_) {
    case AutoGoal::Fight: break;  // handled above: one command at a time
    case AutoGoal::Rest: return NextRest(session, out, why);
    case AutoGoal::Travel: return NextTravelStep(session, at, out, why);
    case AutoGoal::StairsDown:
    case AutoGoal::StairsUp: return NextStairsStep(session, at, out, why);
    case AutoGoal::Explore: return NextExploreStep(session, at, out, why);
  }
  active_ = false;
  return false;
}

bool AutoPilot::End(std::string& why, std::string text) {
  why = std::move(text);
  active_ = false;
  return false;
}

bool AutoPilot::NextBlow(const GameSession& session, PlayerCommand& out, std::string& why) {
  // One command, then the run is over: the player presses again for the next blow.
  active_ = false;
  const GameWorld& world = session.World();
  const Position* at = world.Positions().Find(world.PlayerEntity());
  const Position* foe = world.Positions().Find(
      at != nullptr ? NearestVisibleHostile(world, session.Scratch().player_view, *at)
                    : EntityId{});
  if (at == nullptr || foe == nullptr || session.Depth() != depth_) return false;
  if (ChebyshevDistance(*at, *foe) == 1) {
    out = PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(foe->x - at->x),
                        static_cast<std::int8_t>(foe->y - at->y)};
    return true;
  }
  if (!Survey(session) || !StepToward(session, world.Map().Index(foe->x, foe->y), out)) {
    why = "There is no way to it.";
    return false;
  }
  return true;
}

bool AutoPilot::NextRest(const GameSession& session, PlayerCommand& out, std::string& why) {
  const GameWorld& world = session.World();
  const Health* health = world.Healths().Find(world.PlayerEntity());
  if (health->current >= health->max) return End(why, "You feel rested.");
  if (steps_ > kMaxRestTurns) return End(why, "You cannot rest any longer.");
  out = PlayerCommand{PlayerCommandKind::Wait};
  return true;
}

bool AutoPilot::NextTravelStep(const GameSession& session, Position at, PlayerCommand& out,
                               std::string& why) {
  if (at.x == travel_x_ && at.y == travel_y_) return End(why, "");  // arrived
  if (!FirstStepTo(session, travel_x_, travel_y_, out))
    return End(why, "There is no known way there.");
  return true;
}

bool AutoPilot::NextStairsStep(const GameSession& session, Position at, PlayerCommand& out,
                               std::string& why) {
  const GameWorld& world = session.World();
  Position stairs{};
  if (!StairsAt(world, goal_ == AutoGoal::StairsDown ? 1 : -1, stairs) ||
      (stairs.x == at.x && stairs.y == at.y))
    return End(why, "");  // arrived
  if (!Survey(session) || !StepToward(session, world.Map().Index(stairs.x, stairs.y), out))
    return End(why, "There is no known way to the stairs.");
  last_was_pickup_ = !PackFull(session) && ItemInView(session, at.x + out.dx, at.y + out.dy);
  return true;
}

bool AutoPilot::NextExploreStep(const GameSession& session, Position at, PlayerCommand& out,
                                std::string& why) {
  const bool full = PackFull(session);
  if (!full && ItemInView(session, at.x, at.y)) {
    out = PlayerCommand{PlayerCommandKind::PickUp};
    last_was_pickup_ = true;
    return true;
  }
  if (!Survey(session)) return End(why, "");
  const std::size_t goal = NearestPlaceToExplore(session, full);
  if (goal == distance_.size() || !StepToward(session, goal, out))
    return End(why, "There is nothing left to explore here.");
  // A step onto an item autopickup takes picks it up on the way, and its message does not
  // stop the run.
  last_was_pickup_ = !full && ItemInView(session, at.x + out.dx, at.y + out.dy);
  return true;
}

std::size_t AutoPilot::NearestPlaceToExplore(const GameSession& session, bool pack_full) const {
  const TileMap& map = session.World().Map();
  const auto width = static_cast<std::size_t>(map.Width());
  // The surveyed cells come nearest first, so the search ends with the first distance that has
  // a place worth going to; among the places at that distance, the first in row order (what a
  // scan of the whole map row by row chose).
  std::size_t best = distance_.size();
  for (const std::uint32_t cell : reached_) {
    if (best != distance_.size() && distance_[cell] > distance_[best]) break;
    if (distance_[cell] == 0) continue;
    const auto x = static_cast<std::int32_t>(cell % width);
    const auto y = static_cast<std::int32_t>(cell / width);
    if (!Frontier(session, x, y) && (pack_full || !ItemRemembered(session, cell))) continue;
    if (best == distance_.size() || cell < best) best = cell;
  }
  return best;
}

}  // namespace cairn
