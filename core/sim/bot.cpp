#include "sim/bot.h"

#include <deque>

#include "game/actions.h"
#include "game/items.h"
#include "game/machines.h"
#include "game/nearest.h"
#include "game/pathing.h"
#include "game/player_commands.h"
#include "game/rules.h"
#include "sim/narrator.h"

namespace cairn {
namespace {

constexpr std::int32_t kThrowRange = 7;
constexpr std::int32_t kPatience = 40;  // turns the bot waits in a row for a foe to come

struct View {
  const GameWorld& world;
  EntityId player;
  Position at;
  const Player& state;
  const Health& health;
  std::vector<EntityId> items;
};

// A summoner hunting in view is the foe unless another stands beside the player: its kin keep
// coming while it lives, so it is the one to go for.
EntityId SummonerFirst(const GameWorld& world, const FieldOfView& view, Position at,
                       EntityId nearest) {
  const Position* near = world.Positions().Find(nearest);
  if (near != nullptr && ChebyshevDistance(at, *near) <= 1) return nearest;
  NearestOldest summoner(world);  // never the pool's order, which a restore may change
  for (EntityId id : world.Ais().Owners()) {
    const EnemyAi* ai = world.Ais().Find(id);
    const Position* p = world.Positions().Find(id);
    if (ai->profile == AiProfile::Summoner && ai->action == AiAction::Hunt && p != nullptr &&
        view.Visible(p->x, p->y) && Hostile(world, world.PlayerEntity(), id) &&
        world.Registry().IsActive(id))
      summoner.Offer(id, ChebyshevDistance(at, *p));
  }
  return summoner.Best().IsNull() ? nearest : summoner.Best();
}

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
  std::vector<std::int8_t> first(
      static_cast<std::size_t>(map.Width()) * static_cast<std::size_t>(map.Height()), -2);
  std::deque<Position> queue{from};
  first[map.Index(from.x, from.y)] = -1;
  while (!queue.empty()) {
    const Position p = queue.front();
    queue.pop_front();
    for (int d = 0; d < 8; ++d) {
      const Position n{p.x + kStepDx[d], p.y + kStepDy[d]};
      if (!map.Passable(n.x, n.y) || first[map.Index(n.x, n.y)] != -2) continue;
      if (!map.Remembered(n.x, n.y) && !session.Scratch().player_view.Visible(n.x, n.y)) continue;
      const std::int8_t step = first[map.Index(p.x, p.y)] == -1 ? static_cast<std::int8_t>(d)
                                                                : first[map.Index(p.x, p.y)];
      first[map.Index(n.x, n.y)] = step;
      if (n.x == goal.x && n.y == goal.y) {
        out = PlayerCommand{PlayerCommandKind::Move, kStepDx[step], kStepDy[step]};
        return true;
      }
      if (!world.OccupantAt(n.x, n.y).IsNull() && session.Scratch().player_view.Visible(n.x, n.y))
        continue;
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

// What every step of the policy looks at: the player, what it carries, the nearest monster.
struct Bot::Situation {
  const GameSession& session;
  View v;
  EntityId foe;
  const Position* foe_at;  // null: nothing to fight
  std::int32_t distance;
  bool hurt;  // under 40% of its hit points

  [[nodiscard]] const GameWorld& World() const noexcept { return v.world; }
  // Uses `item` when the game would accept it.
  bool Use(EntityId item, PlayerCommand& out) const {
    out = ItemCommand(PlayerCommandKind::Use, v, item);
    return Accepts(session, out);
  }
};

bool Bot::Decide(const GameSession& session, PlayerCommand& out) {
  pilot_.SetOnlyHuntersStop(true);
  const GameWorld& world = session.World();
  const EntityId player = world.PlayerEntity();
  const Position* at = world.Positions().Find(player);
  const Player* state = world.Players().Find(player);
  const Health* health = world.Healths().Find(player);
  if (at == nullptr || state == nullptr || health == nullptr) return false;
  Situation s{session, View{world, player, *at, *state, *health, {}}, {}, nullptr, kUnreachable,
              false};
  CarriedItems(world, player, s.v.items);
  s.foe = NearestVisibleHostile(world, session.Scratch().player_view, *at);
  s.foe = SummonerFirst(world, session.Scratch().player_view, *at, s.foe);
  s.foe_at = world.Positions().Find(s.foe);
  s.distance = s.foe_at != nullptr ? ChebyshevDistance(*at, *s.foe_at) : kUnreachable;
  s.hurt = health->current * 10 < health->max * 4;
  // The policy, in order (bot.h); the first step that finds something to do decides.
  return SaveYourself(s, out) || Eat(s, out) || Fight(s, out) || FreeCaptive(s, out) ||
         UseMachine(s, out) || Equip(s, out) || MakeRoom(s, out) || Rest(s, out) || Learn(s, out) ||
         CarryTheStoneOut(s, out) || ExploreThenDescend(s, out);
}

bool Bot::Chose(const char* reason) {
  if (std::string_view(reason) != "wait for it") waited_ = 0;
  reason_ = reason;
  return true;
}

// 1. Badly hurt with danger near: heal, or get away.
bool Bot::SaveYourself(const Situation& s, PlayerCommand& out) {
  if (!s.hurt || s.distance > 6) return false;
  const GameWorld& world = s.World();
  const Player& state = s.v.state;
  const EntityId heal = FindCarried(s.v, [&](const ItemDefinition& k, const Item& i) {
    return k.effect == ItemEffect::Heal && (ItemKnown(world, i) || KindKnown(state, i.kind));
  });
  if (!heal.IsNull() && s.Use(heal, out)) return Chose("heal");
  const EntityId flee = FindCarried(s.v, [&](const ItemDefinition& k, const Item& i) {
    return k.effect == ItemEffect::Teleport && KindKnown(state, i.kind);
  });
  if (!flee.IsNull() && s.Use(flee, out)) return Chose("escape");
  const EntityId unknown = FindCarried(s.v, [&](const ItemDefinition& k, const Item& i) {
    return k.category == ItemCategory::Potion && !KindKnown(state, i.kind);
  });
  return !unknown.IsNull() && s.Use(unknown, out) && Chose("desperate potion");
}

// 2. Hunger.
bool Bot::Eat(const Situation& s, PlayerCommand& out) {
  if (s.v.state.nutrition >= kHungry) return false;
  const EntityId food = FindCarried(
      s.v, [](const ItemDefinition& k, const Item&) { return k.category == ItemCategory::Food; });
  return !food.IsNull() && s.Use(food, out) && Chose("eat");
}

// 3. Fight; but a monster running away is not worth a chase: a missile, or let it go.
bool Bot::Fight(const Situation& s, PlayerCommand& out) {
  const GameWorld& world = s.World();
  const Position at = s.v.at;
  const Position* foe_at = s.foe_at;
  const EnemyAi* foe_ai = world.Ais().Find(s.foe);
  const bool fleeing = foe_ai != nullptr && foe_ai->action == AiAction::Flee;
  // Sleepers and wanderers are left alone unless they are in reach: a free blow is worth it.
  if (foe_ai != nullptr && !fleeing && foe_ai->action != AiAction::Hunt && s.distance > 1)
    foe_at = nullptr;
  // A throw only where the missile would fly all the way: a corner in between drops it at the
  // thrower's feet, and picking it up to throw again is a loop that starves.
  const bool shot =
      foe_at != nullptr && s.distance <= kThrowRange && ClearShot(world, at, *foe_at, kThrowRange);
  const auto missile = [&] {
    return FindCarried(s.v, [](const ItemDefinition& k, const Item& i) {
      return k.category == ItemCategory::Thrown && !i.equipped;
    });
  };
  if (fleeing) {
    if (const EntityId thrown = missile(); !thrown.IsNull() && shot) {
      out = ItemCommand(PlayerCommandKind::Throw, s.v, thrown);
      if (Accepts(s.session, out)) return Chose("throw at the fleeing");
    }
    return false;
  }
  if (foe_at == nullptr) return false;
  pilot_.Stop();
  if (s.distance == 1) {
    out = PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(foe_at->x - at.x),
                        static_cast<std::int8_t>(foe_at->y - at.y)};
    if (Accepts(s.session, out)) return Chose("melee");
  }
  const Health* foe_health = world.Healths().Find(s.foe);
  // A staff's charge comes back: worth it on anything sturdy. A wand's does not: only the strong.
  const std::int32_t sturdy = foe_health != nullptr ? foe_health->current : 0;
  const EntityId zapped = FindCarried(s.v, [&](const ItemDefinition& k, const Item& i) {
    return Zapped(k.category) && i.charges > 0 && k.effect != ItemEffect::Dominate &&
           sturdy >= (k.category == ItemCategory::Staff ? 12 : 15);
  });
  if (!zapped.IsNull() && s.Use(zapped, out)) return Chose("zap");
  if (const EntityId thrown = missile(); shot && !thrown.IsNull()) {
    out = ItemCommand(PlayerCommandKind::Throw, s.v, thrown);
    if (Accepts(s.session, out)) return Chose("throw");
  }
  // Let it come (a doorway is a fine place to wait), unless it fights from afar or sleeps.
  const bool approach = foe_ai == nullptr || foe_ai->profile == AiProfile::Ranged ||
                        foe_ai->profile == AiProfile::Caster || foe_ai->action != AiAction::Hunt ||
                        foe_ai->profile == AiProfile::Coward ||
                        foe_ai->profile == AiProfile::Summoner;
  if (approach && StepToward(s.session, at, *foe_at, out) && Accepts(s.session, out))
    return Chose("approach");
  // A foe that does not come (it cannot reach, or will not) is not waited for all day: after a
  // while the bot goes on with the floor.
  if (++waited_ > kPatience) return false;
  out = PlayerCommand{PlayerCommandKind::Wait};
  return Chose("wait for it");
}

// 4. Equipment.
bool Bot::Equip(const Situation& s, PlayerCommand& out) {
  const EntityId gear = BetterGear(s.v);
  if (gear.IsNull()) return false;
  out = ItemCommand(PlayerCommandKind::Equip, s.v, gear);
  return Accepts(s.session, out) && Chose("equip");
}

// 4b. A full pack leaves no room for what lies ahead (the Cairnstone among it): drop spare gear
// first, then missiles, then what is known and of little use, then staffs and potions.
bool Bot::MakeRoom(const Situation& s, PlayerCommand& out) {
  const Inventory* pack = s.World().Inventories().Find(s.v.player);
  if (pack == nullptr || pack->count < pack->capacity - 1) return false;
  for (ItemCategory spare :
       {ItemCategory::Weapon, ItemCategory::Armour, ItemCategory::Thrown, ItemCategory::Scroll,
        ItemCategory::Wand, ItemCategory::Staff, ItemCategory::Potion}) {
    const EntityId junk = FindCarried(s.v, [&](const ItemDefinition& k, const Item& i) {
      return k.category == spare && !i.equipped && !(spare == ItemCategory::Wand && i.charges > 0);
    });
    if (junk.IsNull()) continue;
    out = ItemCommand(PlayerCommandKind::Drop, s.v, junk);
    if (Accepts(s.session, out)) return Chose("make room");
  }
  return false;
}

// 5. Alone and hurt: rest (regeneration needs food in the belly).
bool Bot::Rest(const Situation& s, PlayerCommand& out) {
  const Health& health = s.v.health;
  if (health.current * 10 < health.max * 7 && s.v.state.nutrition > 0 && rest_failures_ < 3) {
    std::string why;
    if ((!pilot_.Active() || pilot_.Goal() != AutoGoal::Rest) &&
        !pilot_.Start(s.session, AutoGoal::Rest, why))
      ++rest_failures_;
    if (pilot_.Active() && pilot_.Goal() == AutoGoal::Rest && pilot_.Next(s.session, out, why))
      return Chose("rest");
    ++rest_failures_;
  } else if (health.current >= health.max) {
    rest_failures_ = 0;
  }
  return false;
}

// 6. Learn what unknown scrolls do while it is safe; potions too, when a heal would help.
bool Bot::Learn(const Situation& s, PlayerCommand& out) {
  const EntityId unknown = FindCarried(s.v, [&](const ItemDefinition& k, const Item& i) {
    if (KindKnown(s.v.state, i.kind) || ItemKnown(s.World(), i)) return false;
    if (k.category == ItemCategory::Scroll) return true;
    return k.category == ItemCategory::Potion && s.v.health.current < s.v.health.max;
  });
  return !unknown.IsNull() && s.Use(unknown, out) && Chose("learn");
}

// 7. With the Cairnstone: up and out.
bool Bot::CarryTheStoneOut(const Situation& s, PlayerCommand& out) {
  if (!CarriesArtifact(s.World(), s.v.player)) return false;
  out = PlayerCommand{PlayerCommandKind::Ascend};
  if (Accepts(s.session, out)) return Chose("ascend");
  std::string why;
  return ((pilot_.Active() && pilot_.Goal() == AutoGoal::StairsUp) ||
          pilot_.Start(s.session, AutoGoal::StairsUp, why)) &&
         pilot_.Next(s.session, out, why) && Chose("travel up");
}

// 3b. A captive in view, with no hunter near: go and free it (an ally fights beside the bot).
bool Bot::FreeCaptive(const Situation& s, PlayerCommand& out) {
  const GameWorld& world = s.World();
  const EnemyAi* foe = world.Ais().Find(s.foe);
  if (s.distance <= 6 && foe != nullptr && foe->action == AiAction::Hunt) return false;
  // The captive it set out for, while it is still in chains; else the nearest one in view.
  const Ally* chained = world.Allies().Find(captive_);
  if (chained == nullptr || chained->shackled == 0 || !world.Registry().IsActive(captive_)) {
    NearestOldest nearest(world);
    for (EntityId id : world.Allies().Owners()) {
      const Position* at = world.Positions().Find(id);
      if (world.Allies().Find(id)->shackled == 0 || at == nullptr ||
          !s.session.Scratch().player_view.Visible(at->x, at->y))
        continue;
      nearest.Offer(id, ChebyshevDistance(s.v.at, *at));
    }
    captive_ = nearest.Best();
  }
  const Position* captive = world.Positions().Find(captive_);
  if (captive == nullptr) return false;
  if (ChebyshevDistance(s.v.at, *captive) == 1) {
    out = PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(captive->x - s.v.at.x),
                        static_cast<std::int8_t>(captive->y - s.v.at.y)};
    return Accepts(s.session, out) && Chose("free a captive");
  }
  pilot_.Stop();
  if (pilot_.FirstStepTo(s.session, captive->x, captive->y, out)) return Chose("go to a captive");
  captive_ = EntityId{};  // no known way there: let it be
  return false;
}

// 3c. A machine in view, with no hunter near: a lever whose portcullis is down is pulled (what
// is behind it is explore's then), and one treasure of an open altar vault is taken.
bool Bot::UseMachine(const Situation& s, PlayerCommand& out) {
  const GameWorld& world = s.World();
  const EnemyAi* foe = world.Ais().Find(s.foe);
  if ((s.distance <= 6 && foe != nullptr && foe->action == AiAction::Hunt) ||
      world.Triggers().Size() == 0)
    return false;
  const auto worth = [&](EntityId id) {
    const Trigger* t = world.Triggers().Find(id);
    if (t == nullptr || !world.Registry().IsActive(id)) return false;
    if (t->how == TriggerHow::Bump) {
      const Gate* gate = world.Gates().Find(t->target);
      return gate != nullptr && gate->open == 0;
    }
    const Vault* vault = world.Vaults().Find(t->target);
    return t->how == TriggerHow::Take && vault != nullptr && vault->closed == 0 &&
           world.Positions().Contains(id);
  };
  if (!worth(machine_)) {
    NearestOldest nearest(world);
    for (EntityId id : world.Triggers().Owners()) {
      const Position* at = world.Positions().Find(id);
      if (at != nullptr && worth(id) && s.session.Scratch().player_view.Visible(at->x, at->y))
        nearest.Offer(id, ChebyshevDistance(s.v.at, *at));
    }
    machine_ = nearest.Best();
  }
  const Position* at = world.Positions().Find(machine_);
  if (at == nullptr) return false;
  const bool lever = world.Triggers().Find(machine_)->how == TriggerHow::Bump;
  const std::int32_t distance = ChebyshevDistance(s.v.at, *at);
  if (lever && distance == 1) {
    out = PlayerCommand{PlayerCommandKind::Move, static_cast<std::int8_t>(at->x - s.v.at.x),
                        static_cast<std::int8_t>(at->y - s.v.at.y)};
    return Accepts(s.session, out) && Chose("pull a lever");
  }
  if (!lever && distance == 0) {
    out = PlayerCommand{PlayerCommandKind::PickUp};
    return Accepts(s.session, out) && Chose("take a treasure");
  }
  pilot_.Stop();
  // A lever stands in its cell: walk to a free cell beside it.
  for (int d = 0; d < (lever ? 8 : 1); ++d) {
    const Position to = lever ? Position{at->x + kStepDx[d], at->y + kStepDy[d]} : *at;
    if (pilot_.FirstStepTo(s.session, to.x, to.y, out)) return Chose("go to a machine");
  }
  machine_ = EntityId{};  // no known way there: let it be
  return false;
}

// 8. Explore (picking things up on the way), then go down; with nothing at all to do, wait.
bool Bot::ExploreThenDescend(const Situation& s, PlayerCommand& out) {
  const GameSession& session = s.session;
  std::string why;
  if (!pilot_.Active() || pilot_.Goal() != AutoGoal::Explore) {
    if (pilot_.SomethingLeftToExplore(session)) (void)pilot_.Start(session, AutoGoal::Explore, why);
  }
  if (pilot_.Active() && pilot_.Goal() == AutoGoal::Explore && pilot_.Next(session, out, why))
    return Chose("explore");
  if (pilot_.SomethingLeftToExplore(session) && pilot_.Start(session, AutoGoal::Explore, why) &&
      pilot_.Next(session, out, why))
    return Chose("explore again");
  out = PlayerCommand{PlayerCommandKind::Descend};
  if (Accepts(session, out)) return Chose("descend");
  if (((pilot_.Active() && pilot_.Goal() == AutoGoal::StairsDown) ||
       pilot_.Start(session, AutoGoal::StairsDown, why)) &&
      pilot_.Next(session, out, why))
    return Chose("travel down");
  out = PlayerCommand{PlayerCommandKind::Wait};
  return Chose("nothing to do");
}

BotResult PlayBotRun(const SessionConfig& config, std::int32_t max_turns) {
  BotResult result;
  result.seed = config.seed;
  std::unique_ptr<GameSession> session;
  if (GameSession::Create(config, session) != Status::Ok) {
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
    const std::uint64_t place =
        p != nullptr ? (static_cast<std::uint64_t>(p->x) << 32 | static_cast<std::uint32_t>(p->y)) ^
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
  for (const Note& note : session->Log().Notes()) {
    result.allies += note.text.rfind("Freed ", 0) == 0 ? 1 : 0;
    result.machines += note.text.rfind(kMachineNote, 0) == 0 ? 1 : 0;
  }
  switch (session->State()) {
    case SessionState::Won: result.outcome = "won"; break;
    case SessionState::Dead: result.outcome = summary.starved ? "starved" : "killed"; break;
    case SessionState::Faulted: result.outcome = "fault"; break;
    case SessionState::Playing: result.outcome = turns >= max_turns ? "timeout" : "stuck"; break;
  }
  return result;
}

std::string BotResultLine(const BotResult& r) {
  return "seed " + std::to_string(r.seed) + " depth " + std::to_string(r.depth) + " turns " +
         std::to_string(r.turns) + " outcome " + r.outcome + " allies " + std::to_string(r.allies) +
         " machines " + std::to_string(r.machines);
}

}  // namespace cairn
