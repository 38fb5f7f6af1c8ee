// Moving between floors: the explicit boundary where the player and everything carried leave one
// world and are created in another (with new handles: an EntityId never crosses worlds).
#include <deque>

#include "game/items.h"
#include "game/pathing.h"
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
  std::vector<EntityId> carried;
  CarriedItems(from, player, carried);

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
  std::vector<EntityId> created;
  EntityId arrived{};
  Status status = to.CreateFromBundle(*scope, body, arrived);
  if (status == Status::Ok) created.push_back(arrived);
  for (std::size_t i = 0; i < carried.size() && status == Status::Ok; ++i) {
    ComponentBundle item = from.CaptureEntity(carried[i]);
    item.item.holder = arrived;
    EntityId made{};
    status = to.CreateFromBundle(*scope, item, made);
    if (status == Status::Ok) created.push_back(made);
  }
  // Durable keys travel with their entities: the same (instance, source) names the player on
  // every floor.
  if (status == Status::Ok) {
    std::vector<Binding> keys;
    const auto carry = [&](EntityId old_id, EntityId new_id) {
      if (const PersistentObjectKey* key = from.Bindings().KeyOf(old_id))
        keys.push_back(Binding{*key, new_id});
    };
    carry(player, arrived);
    for (std::size_t i = 0; i < carried.size(); ++i) carry(carried[i], created[i + 1]);
    status = to.Bindings().Activate(keys);
  }
  if (status != Status::Ok) {
    for (EntityId id : created) (void)to.DestroyEntity(*scope, id);
    return status;
  }
  scope.reset();
  std::optional<StructuralScope> leaving;
  if (Status s = from.OpenStructural(WorldPhase::Construction, leaving); s == Status::Ok) {
    for (EntityId id : carried) (void)from.DestroyEntity(*leaving, id);
    (void)from.DestroyEntity(*leaving, player);
  }
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
