#include "sim/bot.h"

#include <deque>

#include "game/actions.h"
#include "game/items.h"
#include "game/pathing.h"
#include "game/player_commands.h"
#include "game/rules.h"

namespace cairn {
namespace {

constexpr std::int32_t kThrowRange = 7;

struct View {
  const GameWorld& world;
  EntityId player;
  Position at;
  const Player& state;
  const Health& health;
  std::vector<EntityId> items;
};

const ItemDefinition& KindOf(const GameWorld& world, EntityId item) {
  return world.Definitions().items[world.Items().Find(item)->kind];
}

PlayerCommand ItemCommand(PlayerCommandKind kind, const View& v, EntityId item) {
  PlayerCommand c;
  c.kind = kind;
  c.letter = v.world.Items().Find(item)->letter;
  return c;
}

// The first carried item that passes `wanted`, or null.
template <class Wanted>
EntityId FindCarried(const View& v, Wanted&& wanted) {
  for (EntityId item : v.items)
    if (wanted(KindOf(v.world, item), *v.world.Items().Find(item))) return item;
  return {};
}

std::int32_t WeaponScore(const ItemDefinition& kind, const Item& item) {
  const std::int32_t enchantment = item.identified ? item.enchantment : 0;
  return kind.damage.count * (kind.damage.sides + 1) + 2 * (kind.damage.bonus + enchantment) +
         kind.accuracy + enchantment;
}

std::int32_t ArmourScore(const ItemDefinition& kind, const Item& item) {
  return kind.defense + (item.identified ? item.enchantment : 0);
}

// The best unworn piece that beats what is worn in its slot, or null.
EntityId BetterGear(const View& v) {
  EntityId best{};
  std::int32_t best_gain = 0;
  for (ItemCategory slot : {ItemCategory::Weapon, ItemCategory::Armour}) {
    const EntityId worn = EquippedIn(v.world, v.player, slot);
    const auto score = [&](EntityId id) {
      const ItemDefinition& kind = KindOf(v.world, id);
      const Item& item = *v.world.Items().Find(id);
      return slot == ItemCategory::Weapon ? WeaponScore(kind, item) : ArmourScore(kind, item);
    };
    const std::int32_t current = worn.IsNull() ? 0 : score(worn);
    for (EntityId id : v.items) {
      if (KindOf(v.world, id).category != slot || id == worn) continue;
      const Item& item = *v.world.Items().Find(id);
      if (item.identified && item.enchantment < 0) continue;  // known to be bad
      const std::int32_t gain = score(id) - current;
      if (gain > best_gain) {
        best_gain = gain;
        best = id;
      }
    }
  }
  return best;
}

// The first step toward `goal` over known open cells, ignoring monsters except on the goal.
bool StepToward(const GameSession& session, Position from, Position goal, PlayerCommand& out) {
  const GameWorld& world = session.World();
  const TileMap& map = world.Map();
  std::vector<std::int8_t> first(static_cast<std::size_t>(map.Width()) * static_cast<std::size_t>(map.Height()), -2);
  std::deque<Position> queue{from};
  first[map.Index(from.x, from.y)] = -1;
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    for (int d = 0; d < 8; ++d) {
      const Position n{p.x + kStepDx[d], p.y + kStepDy[d]};
      if (!map.Passable(n.x, n.y) || first[map.Index(n.x, n.y)] != -2) continue;
      if (!map.Remembered(n.x, n.y) && !session.Scratch().player_view.Visible(n.x, n.y)) continue;
      const std::int8_t step = first[map.Index(p.x, p.y)] == -1 ? static_cast<std::int8_t>(d) : first[map.Index(p.x, p.y)];
      first[map.Index(n.x, n.y)] = step;
      if (n.x == goal.x && n.y == goal.y) {
        out = PlayerCommand{PlayerCommandKind::Move, kStepDx[step], kStepDy[step]};
        return true;
      }
      if (!world.OccupantAt(n.x, n.y).IsNull() && session.Scratch().player_view.Visible(n.x, n.y)) continue;
      queue.push_back(n);
    }
  }
  return false;
}

bool Accepts(const GameSession& session, const PlayerCommand& command) {
  std::string why;
  return !session.WouldRefuse(command, why);
}

}  // namespace

bool Bot::Decide(const GameSession& session, PlayerCommand& out) {
  pilot_.SetOnlyHuntersStop(true);
  const auto Why = [&](const char* reason) {
    reason_ = reason;
    return true;
  };
  const GameWorld& world = session.World();
  const EntityId player = world.PlayerEntity();
  const Position* at = world.Positions().Find(player);
  const Player* state = world.Players().Find(player);
  const Health* health = world.Healths().Find(player);
  if (at == nullptr || state == nullptr || health == nullptr) return false;
  View v{world, player, *at, *state, *health, {}};
  CarriedItems(world, player, v.items);
  const FieldOfView& view = session.Scratch().player_view;
  const EntityId foe = NearestVisibleHostile(world, view, *at);
  const Position* foe_at = world.Positions().Find(foe);  // null: nothing to fight
  const std::int32_t distance = foe_at != nullptr ? ChebyshevDistance(*at, *foe_at) : kUnreachable;
  const bool hurt = health->current * 10 < health->max * 4;
  const auto use = [&](EntityId item) {
    out = ItemCommand(PlayerCommandKind::Use, v, item);
    return Accepts(session, out);
  };

  // 1. Badly hurt with danger near: heal, or get away.
  if (hurt && distance <= 6) {
    const EntityId heal = FindCarried(v, [&](const ItemDefinition& k, const Item& i) {
      return k.effect == ItemEffect::Heal && (ItemKnown(world, i) || KindKnown(*state, i.kind));
    });
    if (!heal.IsNull() && use(heal)) return Why("heal");
    const EntityId flee = FindCarried(v, [&](const ItemDefinition& k, const Item& i) {
      return k.effect == ItemEffect::Teleport && KindKnown(*state, i.kind);
    });
    if (!flee.IsNull() && use(flee)) return Why("escape");
    const EntityId unknown = FindCarried(v, [&](const ItemDefinition& k, const Item& i) {
      return k.category == ItemCategory::Potion && !KindKnown(*state, i.kind);
    });
    if (!unknown.IsNull() && use(unknown)) return Why("desperate potion");
  }
  // 2. Hunger.
  if (state->nutrition < kHungry) {
    const EntityId food = FindCarried(v, [](const ItemDefinition& k, const Item&) {
      return k.category == ItemCategory::Food;
    });
    if (!food.IsNull() && use(food)) return Why("eat");
  }
  // 3. Fight; but a monster running away is not worth a chase: a missile, or let it go.
  const EnemyAi* foe_ai = world.Ais().Find(foe);
  const bool fleeing = foe_ai != nullptr && foe_ai->action == AiAction::Flee;
  // Sleepers and wanderers are left alone unless they are in reach: a free blow is worth it.
  if (foe_ai != nullptr && !fleeing && foe_ai->action != AiAction::Hunt && distance > 1) {
    foe_at = nullptr;
  }
  // A throw only where the missile would fly all the way: a corner in between drops it at the
  // thrower's feet, and picking it up to throw again is a loop that starves.
  const bool shot = foe_at != nullptr && distance <= kThrowRange && ClearShot(world, *at, *foe_at, kThrowRange);
  if (fleeing) {
    const EntityId missile = FindCarried(v, [](const ItemDefinition& k, const Item& i) {
      return k.category == ItemCategory::Thrown && !i.equipped;
    });
    if (!missile.IsNull() && shot) {
      out = ItemCommand(PlayerCommandKind::Throw, v, missile);
      if (Accepts(session, out)) return Why("throw at the fleeing");
    }
  }
  if (foe_at != nullptr && !fleeing) {
    pilot_.Stop();
    if (distance == 1) {
      out = PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(foe_at->x - at->x),
                          static_cast<std::int8_t>(foe_at->y - at->y)};
      if (Accepts(session, out)) return Why("melee");
    }
    const Health* foe_health = world.Healths().Find(foe);
    const bool strong = foe_health != nullptr && foe_health->current >= 15;
    if (strong) {
      const EntityId wand = FindCarried(v, [](const ItemDefinition& k, const Item& i) {
        return k.category == ItemCategory::Wand && i.charges > 0;
      });
      if (!wand.IsNull() && use(wand)) return Why("zap");
    }
    if (shot) {
      const EntityId missile = FindCarried(v, [](const ItemDefinition& k, const Item& i) {
        return k.category == ItemCategory::Thrown && !i.equipped;
      });
      if (!missile.IsNull()) {
        out = ItemCommand(PlayerCommandKind::Throw, v, missile);
        if (Accepts(session, out)) return Why("throw");
      }
    }
    // Let it come (a doorway is a fine place to wait), unless it fights from afar or sleeps.
    const EnemyAi* ai = world.Ais().Find(foe);
    const bool approach = ai == nullptr || ai->profile == AiProfile::Ranged ||
                          ai->profile == AiProfile::Caster || ai->action != AiAction::Hunt ||
                          ai->profile == AiProfile::Coward;
    if (approach && StepToward(session, *at, *foe_at, out) && Accepts(session, out)) return Why("approach");
    out = PlayerCommand{PlayerCommandKind::Wait};
    return Why("wait for it");
  }
  // 4. Equipment.
  if (const EntityId gear = BetterGear(v); !gear.IsNull()) {
    out = ItemCommand(PlayerCommandKind::Equip, v, gear);
    if (Accepts(session, out)) return Why("equip");
  }
  // 4b. A full pack leaves no room for what lies ahead (the Cairnstone among it): drop spare
  // gear first, then missiles, then what is known and of little use.
  if (const Inventory* pack = world.Inventories().Find(player);
      pack != nullptr && pack->count >= pack->capacity - 1) {
    for (ItemCategory spare : {ItemCategory::Weapon, ItemCategory::Armour, ItemCategory::Thrown,
                               ItemCategory::Scroll, ItemCategory::Wand}) {
      const EntityId junk = FindCarried(v, [&](const ItemDefinition& k, const Item& i) {
        return k.category == spare && !i.equipped && !(spare == ItemCategory::Wand && i.charges > 0);
      });
      if (junk.IsNull()) continue;
      out = ItemCommand(PlayerCommandKind::Drop, v, junk);
      if (Accepts(session, out)) return Why("make room");
    }
  }
  // 5. Alone and hurt: rest (regeneration needs food in the belly).
  if (health->current * 10 < health->max * 7 && state->nutrition > 0 && rest_failures_ < 3) {
    if (!pilot_.Active() || pilot_.Goal() != AutoGoal::Rest) {
      std::string why;
      if (!pilot_.Start(session, AutoGoal::Rest, why)) ++rest_failures_;
    }
    std::string why;
    if (pilot_.Active() && pilot_.Goal() == AutoGoal::Rest && pilot_.Next(session, out, why)) return Why("rest");
    ++rest_failures_;
  } else if (health->current >= health->max) {
    rest_failures_ = 0;
  }
  // 6. Learn what unknown scrolls do while it is safe; potions too, when a heal would help.
  const EntityId unknown = FindCarried(v, [&](const ItemDefinition& k, const Item& i) {
    if (KindKnown(*state, i.kind) || ItemKnown(world, i)) return false;
    if (k.category == ItemCategory::Scroll) return true;
    return k.category == ItemCategory::Potion && health->current < health->max;
  });
  if (!unknown.IsNull() && use(unknown)) return Why("learn");
  // 7. With the Cairnstone: up and out.
  if (CarriesArtifact(world, player)) {
    out = PlayerCommand{PlayerCommandKind::Ascend};
    if (Accepts(session, out)) return Why("ascend");
    std::string why;
    if ((pilot_.Active() && pilot_.Goal() == AutoGoal::StairsUp) ||
        pilot_.Start(session, AutoGoal::StairsUp, why))
      if (pilot_.Next(session, out, why)) return Why("travel up");
  }
  // 8. Explore (picking things up on the way), then go down.
  std::string why;
  if (!pilot_.Active() || pilot_.Goal() != AutoGoal::Explore) {
    if (pilot_.SomethingLeftToExplore(session)) (void)pilot_.Start(session, AutoGoal::Explore, why);
  }
  if (pilot_.Active() && pilot_.Goal() == AutoGoal::Explore && pilot_.Next(session, out, why)) return Why("explore");
  if (pilot_.SomethingLeftToExplore(session) && pilot_.Start(session, AutoGoal::Explore, why) &&
      pilot_.Next(session, out, why))
    return Why("explore again");
  out = PlayerCommand{PlayerCommandKind::Descend};
  if (Accepts(session, out)) return Why("descend");
  if ((pilot_.Active() && pilot_.Goal() == AutoGoal::StairsDown) ||
      pilot_.Start(session, AutoGoal::StairsDown, why))
    if (pilot_.Next(session, out, why)) return Why("travel down");
  out = PlayerCommand{PlayerCommandKind::Wait};
  return Why("nothing to do");
}

BotResult PlayBotRun(const SessionConfig& config, std::int32_t max_turns) {
  BotResult result;
  result.seed = config.seed;
  std::unique_ptr<GameSession> session;
  if (GameSession::TryCreate(config, session) != Status::Ok) {
    result.outcome = "fault";
    return result;
  }
  Bot bot;
  std::int32_t idle = 0;
  std::uint64_t last_hash = 0;
  std::int32_t turns = 0;
  while (session->State() == SessionState::Playing && turns < max_turns) {
    PlayerCommand command;
    if (!bot.Decide(*session, command)) break;
    if (session->Submit(command) != Status::Ok && session->World().Fault().Active()) break;
    ++turns;
    // Stuck: many turns in a row that changed nothing but the clock and hunger.
    const Position* p = session->World().Positions().Find(session->World().PlayerEntity());
    const std::uint64_t place = p != nullptr ? (static_cast<std::uint64_t>(p->x) << 32 | static_cast<std::uint32_t>(p->y)) ^
                                                   (static_cast<std::uint64_t>(session->Depth()) << 56)
                                             : 0;
    idle = place == last_hash && command.kind == PlayerCommandKind::Wait ? idle + 1 : 0;
    last_hash = place;
    if (idle > 600) break;
  }
  const GameWorld& world = session->World();
  const RunSummary& summary = session->Summary();
  result.depth = summary.ended ? summary.deepest : 0;
  result.turns = summary.ended ? summary.turns : 0;
  if (!summary.ended)
    if (const Player* state = world.Players().Find(world.PlayerEntity())) {
      result.depth = state->deepest;
      result.turns = state->turns;
    }
  result.ticks = world.Tick();
  result.cause = summary.cause;
  switch (session->State()) {
    case SessionState::Won: result.outcome = "won"; break;
    case SessionState::Dead:
      result.outcome = summary.cause.rfind("starved", 0) == 0 ? "starved" : "killed";
      break;
    case SessionState::Faulted: result.outcome = "fault"; break;
    case SessionState::Playing: result.outcome = turns >= max_turns ? "timeout" : "stuck"; break;
  }
  return result;
}

std::string BotResultLine(const BotResult& r) {
  return "seed " + std::to_string(r.seed) + " depth " + std::to_string(r.depth) + " turns " +
         std::to_string(r.turns) + " outcome " + r.outcome;
}

}  // namespace cairn
