// Moving between floors: the explicit boundary where the player and everything carried leave one
// world and are created in another (with new handles: an EntityId never crosses worlds).
#include <algorithm>
#include <deque>

#include "game/items.h"
#include "game/pathing.h"
#include "game/rules.h"
#include "sim/narrator.h"
#include "sim/session.h"

namespace cairn {
namespace {

// Where an arrival stands: on the staircase that leads back the way it came, or the nearest
// free cell to it; failing any staircase, the first open floor.
Position ArrivalCell(const GameWorld& world, std::int8_t back) {
  Position stairs{-1, -1};
  const auto owners = world.StairsPool().Owners();
  const auto values = world.StairsPool().Values();
  for (std::size_t i = 0; i < owners.size() && stairs.x < 0; ++i)
    if (values[i].direction == back)
      if (const Position* p = world.Positions().Find(owners[i])) stairs = *p;
  const TileMap& map = world.Map();
  if (stairs.x < 0) {
    for (std::int32_t y = 0; y < map.Height() && stairs.x < 0; ++y)
      for (std::int32_t x = 0; x < map.Width() && stairs.x < 0; ++x)
        if (map.At(x, y) == Terrain::Floor) stairs = Position{x, y};
    if (stairs.x < 0) return Position{0, 0};
  }
  Position free{};
  return world.NearestFreeCell(stairs, free) ? free : stairs;
}

// Allies that follow the player and stand within kFollowOnStairs of them, oldest first: those
// who take the stairs with the player (Brogue's followers).
constexpr std::int32_t kFollowOnStairs = 5;
std::vector<EntityId> FollowersNear(const GameWorld& world, EntityId player) {
  std::vector<EntityId> out;
  const Position* at = world.Positions().Find(player);
  if (at == nullptr) return out;
  for (EntityId id : world.Allies().Owners()) {
    const Ally* ally = world.Allies().Find(id);
    const Position* there = world.Positions().Find(id);
    if (ally->shackled == 0 && ally->order == AllyOrder::Follow && there != nullptr &&
        world.Registry().IsActive(id) && ChebyshevDistance(*at, *there) <= kFollowOnStairs)
      out.push_back(id);
  }
  std::sort(out.begin(), out.end(), [&](EntityId a, EntityId b) {
    return world.Registry().CreationSequenceOf(a) < world.Registry().CreationSequenceOf(b);
  });
  return out;
}

// A free cell within three steps of `around` (nearest first, then row by row) that none of
// `taken` holds: where an arriving follower stands.
bool CellBeside(const GameWorld& world, Position around, const std::vector<Position>& taken,
                Position& out) {
  const TileMap& map = world.Map();
  for (std::int32_t ring = 1; ring <= 3; ++ring)
    for (std::int32_t y = around.y - ring; y <= around.y + ring; ++y)
      for (std::int32_t x = around.x - ring; x <= around.x + ring; ++x) {
        if (ChebyshevDistance(Position{x, y}, around) != ring) continue;
        if (!map.Passable(x, y) || map.At(x, y) == Terrain::DoorClosed ||
            !world.OccupantAt(x, y).IsNull())
          continue;
        if (std::any_of(taken.begin(), taken.end(),
                        [&](Position p) { return p.x == x && p.y == y; }))
          continue;
        out = Position{x, y};
        return true;
      }
  return false;
}

// Creates on `to` what comes with the player (moved[0], already there at `arrival`): what they
// carry, then the allies that follow and stand near (arriving around the player) with what those
// carry. Each (old, new) pair is added to `moved`, also on failure, so the caller can undo.
Status CreateCompanions(const GameWorld& from, GameWorld& to, StructuralScope& scope,
                        Position arrival, std::vector<std::pair<EntityId, EntityId>>& moved) {
  Status status = Status::Ok;
  const auto carry_items = [&](EntityId holder, EntityId new_holder) {
    std::vector<EntityId> items;
    CarriedItems(from, holder, items);
    for (std::size_t i = 0; i < items.size() && status == Status::Ok; ++i) {
      ComponentBundle item = from.CaptureEntity(items[i]);
      item.item.holder = new_holder;
      EntityId made{};
      status = to.CreateFromBundle(scope, item, made);
      if (status == Status::Ok) moved.emplace_back(items[i], made);
    }
  };
  const auto [player, arrived] = moved.front();
  carry_items(player, arrived);
  std::vector<Position> taken{arrival};
  for (EntityId ally : FollowersNear(from, player)) {
    Position cell{};
    if (status != Status::Ok || !CellBeside(to, arrival, taken, cell)) break;
    taken.push_back(cell);
    ComponentBundle follower = from.CaptureEntity(ally);
    follower.Set(cell);
    follower.Set(Intent{});
    follower.ai.target = EntityId{};
    follower.ai.goal_x = follower.ai.goal_y = -1;
    follower.ai.phase = AiPhase::Follow;
    follower.ai.action = AiAction::Follow;
    follower.ai.pending_request = 0;
    follower.ai.wake_tick = to.Tick() + kNormalActionTicks;
    EntityId made{};
    status = to.CreateFromBundle(scope, follower, made);
    if (status == Status::Ok) moved.emplace_back(ally, made);
    if (status == Status::Ok) carry_items(ally, made);
  }
  return status;
}

}  // namespace

void GameSession::FollowStairs() {
  const GameWorld& world = World();
  const EntityId player = world.PlayerEntity();
  for (const NoticeEvent& notice : world.Notices().Events()) {
    if (notice.subject != player || player.IsNull()) continue;
    if (notice.kind != NoticeKind::Descended && notice.kind != NoticeKind::Ascended) continue;
    const std::int32_t direction = notice.kind == NoticeKind::Descended ? 1 : -1;
    if (direction < 0 && Depth() == 1) {
      if (CarriesArtifact(world, player)) {
        EndRun(true, "escaped the dungeon with the Cairnstone");
        log_.Say("You climb into the daylight with the Cairnstone. You have won!");
      } else {
        log_.Say("You cannot leave without the Cairnstone.");
      }
      return;
    }
    if (Depth() + direction < 1 || Depth() + direction > FloorCount()) {
      log_.Say("The stairs are choked with rubble.");
      return;
    }
    if (Status s = ChangeFloor(direction); s != Status::Ok)
      log_.Say(std::string("The stairs will not take you (") + StatusName(s) + ").");
    return;
  }
}

Status GameSession::ChangeFloor(std::int32_t direction) {
  const std::size_t from_index = static_cast<std::size_t>(active_);
  const std::int32_t to_active = active_ + direction;  // FollowStairs keeps it a floor's index
  const std::size_t to_index = static_cast<std::size_t>(to_active);
  const bool first_visit = !floors_[to_index].world;
  if (first_visit) {
    Floor built;
    if (Status s = BuildFloor(active_ + direction + 1, floors_[to_index].level, built);
        s != Status::Ok)
      return s;
    floors_[to_index] = std::move(built);
  }
  GameWorld& from = *floors_[from_index].world;
  GameWorld& to = *floors_[to_index].world;
  const EntityId player = from.PlayerEntity();

  to.CatchUpClock(from.Tick());
  to.RebuildOccupancy();
  ComponentBundle body = from.CaptureEntity(player);
  body.Set(ArrivalCell(to, static_cast<std::int8_t>(-direction)));
  body.Set(Intent{});
  body.player.depth = active_ + direction + 1;
  if (body.player.depth > body.player.deepest) body.player.deepest = body.player.depth;
  body.player.next_tick = to.Tick();

  // Create everything in the new world first; only when all of it exists does the old world
  // let go, so a failure leaves the player where they were.
  std::optional<StructuralScope> scope;
  if (Status s = to.OpenStructural(WorldPhase::Construction, scope); s != Status::Ok) return s;
  std::vector<std::pair<EntityId, EntityId>> moved;  // (on the old floor, on the new)
  EntityId arrived{};
  Status status = to.CreateFromBundle(*scope, body, arrived);
  if (status == Status::Ok) moved.emplace_back(player, arrived);
  if (status == Status::Ok) status = CreateCompanions(from, to, *scope, body.position, moved);
  // Durable keys travel with their entities: the same (instance, source) names the player on
  // every floor.
  if (status == Status::Ok) {
    std::vector<Binding> keys;
    for (const auto& [old_id, new_id] : moved)
      if (const PersistentObjectKey* key = from.Bindings().KeyOf(old_id))
        keys.push_back(Binding{*key, new_id});
    status = to.Bindings().Activate(keys);
  }
  if (status != Status::Ok) {
    for (const auto& each : moved) (void)to.DestroyEntity(*scope, each.second);
    return status;
  }
  scope.reset();
  std::optional<StructuralScope> leaving;
  if (Status s = from.OpenStructural(WorldPhase::Construction, leaving); s == Status::Ok)
    for (const auto& each : moved) (void)from.DestroyEntity(*leaving, each.first);
  leaving.reset();

  active_ = static_cast<std::int32_t>(to_index);
  to.RebuildOccupancy();
  UpdatePlayerView(to, *floors_[to_index].scratch);
  log_.ClearEffects();
  if (first_visit && direction > 0)
    if (const Player* p = to.Players().Find(to.PlayerEntity()))
      log_.AddNote(p->turns, Depth(), "Reached depth " + std::to_string(Depth()) + ".");
  // The first time, what kind of place it is ("caverns", "rooms and corridors, with The Vault").
  // A floor's name is its style and its set piece ("rooms and corridors, with The Warren"): said
  // as two sentences, "... depth 2: rooms and corridors. The Warren is here."
  std::string where = first_visit ? ": " + Level().name : std::string();
  if (const std::size_t with = where.find(", with "); with != std::string::npos)
    where = where.substr(0, with) + ". " + where.substr(with + 7) + " is here";
  log_.Say(std::string(direction > 0 ? "You descend" : "You climb") + " to depth " +
           std::to_string(Depth()) + where + ".");
  if (first_visit)
    if (const Feeling feeling = FloorFeeling(to, Depth()); !feeling.text.empty())
      log_.Say(feeling.text, feeling.tone);
  return Status::Ok;
}

}  // namespace cairn
