#include <algorithm>

#include "game/actions.h"
#include "game/ai.h"
#include "game/items.h"
#include "game/machines.h"
#include "game/pathing.h"
#include "game/rules.h"
#include "game/systems.h"

namespace cairn {
namespace {

void Notice(GameWorld& world, NoticeKind kind, EntityId subject, EntityId object = {},
            std::int32_t value = 0) {
  (void)world.Emit(world.Notices(), NoticeEvent{kind, subject, object, value});
}

const ItemDefinition& ItemKindOf(const GameWorld& world, const Item& item) {
  return world.Definitions().items[item.kind];
}

// One fewer in a carried stack; the last one goes (and frees its letter).
void ConsumeOne(GameWorld& world, EntityId holder, EntityId id, Item& item) {
  if (item.quantity > 1) {
    --item.quantity;
    return;
  }
  item.quantity = 0;
  if (Inventory* pack = world.MutableInventories().Find(holder); pack != nullptr && pack->count > 0)
    --pack->count;
  (void)world.QueueDestroy(id);
}

// A random free floor cell at least `min_distance` from `from`, for teleports; false if none.
bool FarCell(GameWorld& world, Position from, std::int32_t min_distance, Position& out) {
  const TileMap& map = world.Map();
  Rng& rng = world.Random(RandomPurpose::Loot);
  for (int attempt = 0; attempt < 200; ++attempt) {
    const Position p{rng.Range(1, map.Width() - 2), rng.Range(1, map.Height() - 2)};
    if (map.At(p.x, p.y) != Terrain::Floor || !world.OccupantAt(p.x, p.y).IsNull()) continue;
    if (ChebyshevDistance(p, from) < min_distance) continue;
    out = p;
    return true;
  }
  return false;
}

void SetCondition(GameWorld& world, EntityId id, bool haste, std::int64_t until) {
  world.RecordTimer(id, haste ? TimerKind::Haste : TimerKind::Slow, until);
  if (Condition* condition = world.MutableConditions().Find(id)) {
    (haste ? condition->haste_until : condition->slow_until) = until;
    return;
  }
  Condition fresh;
  (haste ? fresh.haste_until : fresh.slow_until) = until;
  (void)world.QueueSetComponent(id, fresh);
}

// Every wand and staff `user` carries: staffs filled, one more charge in each wand; how many.
std::int32_t RechargeCarried(GameWorld& world, EntityId user) {
  std::int32_t filled = 0;
  for (Item& item : world.MutableItems().MutableValues()) {
    if (item.holder != user || item.kind >= world.Definitions().items.size()) continue;
    const ItemDefinition* kind = &world.Definitions().items[item.kind];
    if (kind->category == ItemCategory::Staff) {
      item.charges = static_cast<std::int16_t>(StaffCapacity(*kind, item));
      ++filled;
    } else if (kind->category == ItemCategory::Wand && item.charges < 99) {  // two digits at most
      ++item.charges;
      ++filled;
    }
  }
  return filled;
}

// A monster kind the floor at `depth` may hold, drawn by frequency (hiders and bosses left out):
// what a scroll of summoning calls. Null when no kind is found there.
const MonsterDefinition* FloorMonster(const GameWorld& world, std::int32_t depth, Rng& rng) {
  const auto fits = [&](const MonsterDefinition& m) {
    return m.frequency > 0 && m.min_depth <= depth && depth <= m.max_depth &&
           m.profile != AiProfile::Lurker;
  };
  std::int32_t total = 0;
  for (const MonsterDefinition& m : world.Definitions().monsters)
    total += fits(m) ? m.frequency : 0;
  if (total <= 0) return nullptr;
  std::int32_t roll = static_cast<std::int32_t>(rng.Below(static_cast<std::uint32_t>(total)));
  for (const MonsterDefinition& m : world.Definitions().monsters) {
    if (!fits(m)) continue;
    if (roll < m.frequency) return &m;
    roll -= m.frequency;
  }
  return nullptr;
}

// A scroll whose effect reaches past its reader: the floor's map, the pack's charges, the
// floor's monsters.
void ApplyFloorEffect(GameWorld& world, TickScratch& scratch, EntityId user,
                      const ItemDefinition& kind) {
  switch (kind.effect) {
    case ItemEffect::MagicMapping: {
      TileMap& map = world.Map();
      for (std::int32_t y = 0; y < map.Height(); ++y)
        for (std::int32_t x = 0; x < map.Width(); ++x) {
          bool near_open = false;
          for (int d = 0; d < 8 && !near_open; ++d)
            near_open = map.At(x + kStepDx[d], y + kStepDy[d]) != Terrain::Wall;
          if (map.At(x, y) != Terrain::Wall || near_open) map.RememberMapped(x, y);
        }
      Notice(world, NoticeKind::Mapped, user);
      break;
    }
    case ItemEffect::Recharge:
      Notice(world, NoticeKind::Recharged, user, {}, RechargeCarried(world, user));
      break;
    case ItemEffect::Aggravate:
      WakeFloor(world);
      Notice(world, NoticeKind::Aggravated, user);
      break;
    case ItemEffect::Summon: {
      const Position* at = world.Positions().Find(user);
      const Player* player = world.Players().Find(user);
      Rng& rng = world.Random(RandomPurpose::Loot);
      const MonsterDefinition* called =
          at != nullptr ? FloorMonster(world, player != nullptr ? player->depth : 1, rng) : nullptr;
      const std::int32_t count =
          called != nullptr ? CallMonsters(world, scratch, *at, *called, 2 + rng.Range(0, 1)) : 0;
      Notice(world, NoticeKind::Summoned, user, {}, count);
      break;
    }
    default: break;
  }
}

// A potion or scroll takes effect on the one who used it.
void ApplyEffect(GameWorld& world, TickScratch& scratch, EntityId user,
                 const ItemDefinition& kind) {
  Health* health = world.MutableHealths().Find(user);
  switch (kind.effect) {
    case ItemEffect::Heal:
      if (health != nullptr) {
        const std::int32_t before = health->current;
        health->current = std::min(health->max, health->current + kind.power + health->max / 4);
        Notice(world, NoticeKind::Healed, user, {}, health->current - before);
      }
      break;
    case ItemEffect::Vigor:
      if (health != nullptr) {
        health->max += kind.power;
        health->current = health->max;
        Notice(world, NoticeKind::Invigorated, user, {}, kind.power);
      }
      break;
    case ItemEffect::Haste:
      SetCondition(world, user, true, world.Tick() + std::int64_t{kind.power} * kNormalActionTicks);
      Notice(world, NoticeKind::Hasted, user, {}, kind.power);
      break;
    case ItemEffect::Teleport: {
      const Position* at = world.Positions().Find(user);
      Position to{};
      if (at != nullptr && FarCell(world, *at, 12, to)) {
        Relocate(world, user, to);
        Notice(world, NoticeKind::Teleported, user);
      }
      break;
    }
    case ItemEffect::Enchant: {
      EntityId target = EquippedIn(world, user, ItemCategory::Weapon);
      if (target.IsNull()) target = EquippedIn(world, user, ItemCategory::Armour);
      Item* item = world.MutableItems().Find(target);
      if (item == nullptr) {
        Notice(world, NoticeKind::NothingToEnchant, user);
        break;
      }
      if (item->enchantment < kMaxEnchantment) ++item->enchantment;  // the most it holds
      item->identified = 1;
      RefreshCombat(world, user);
      Notice(world, NoticeKind::Enchanted, user, target, item->enchantment);
      break;
    }
    case ItemEffect::Identify: {
      Player* player = world.MutablePlayers().Find(user);
      std::int32_t learned = 0;
      for (EntityId owner : world.Items().Owners()) {
        Item& item = *world.MutableItems().Find(owner);
        if (item.holder != user) continue;
        learned +=
            (item.identified == 0 || (player != nullptr && !KindKnown(*player, item.kind))) ? 1 : 0;
        item.identified = 1;
        if (player != nullptr) LearnKind(*player, item.kind);
      }
      Notice(world, NoticeKind::Identified, user, {}, learned);
      break;
    }
    case ItemEffect::MagicMapping:
    case ItemEffect::Recharge:
    case ItemEffect::Aggravate:
    case ItemEffect::Summon: ApplyFloorEffect(world, scratch, user, kind); break;
    case ItemEffect::None:
    case ItemEffect::Lightning:
    case ItemEffect::Slow:
    case ItemEffect::Fire:
    case ItemEffect::TeleportOther:
    case ItemEffect::Dominate: break;
  }
}

// A bolt of domination: the struck monster becomes the player's ally, the likelier the more it
// is hurt (at least one time in ten); the strongest (more than 100 hit points) always resist.
void Dominate(GameWorld& world, EntityId user, EntityId struck) {
  const Health* health = world.Healths().Find(struck);
  EnemyAi* ai = world.MutableAis().Find(struck);
  if (health == nullptr || ai == nullptr || world.Allies().Contains(struck)) {
    Notice(world, NoticeKind::Dominated, struck, user, 0);
    return;
  }
  const std::int32_t hurt =
      health->max > 0 ? 100 * (health->max - health->current) / health->max : 0;
  const bool yields =
      health->max <= 100 && world.Random(RandomPurpose::Combat).Percent(std::max(10, hurt));
  if (yields) {
    if (world.QueueSetComponent(struck, Ally{0, AllyOrder::Follow, 0, 0}) != Status::Ok) return;
    ai->alertness = 0;
    CancelAction(world, struck, *ai, CancelReason::None);
    EnterPhase(world, struck, *ai, AiPhase::Follow, AiReason::Dominated, user);
    world.SetWakeTick(*ai, world.Tick() + kNormalActionTicks);
  }
  Notice(world, NoticeKind::Dominated, struck, user, yields ? 1 : 0);
}

void Zap(GameWorld& world, TickScratch& scratch, EntityId user, EntityId wand, Item& item,
         const ItemDefinition& kind, EntityId target) {
  // A staff zapped starts winning the charge back (one already counting keeps its count), and
  // so does one zapped empty (placed or found with no charge left).
  if (kind.category == ItemCategory::Staff && !world.Rechargings().Contains(wand))
    (void)world.QueueSetComponent(wand, Recharging{static_cast<std::uint16_t>(kind.recharge)});
  if (item.charges <= 0) {
    Notice(world, NoticeKind::NoCharges, user, wand);
    return;
  }
  --item.charges;
  const Position* from = world.Positions().Find(user);
  const Position* to = world.Positions().Find(target);
  if (from == nullptr || to == nullptr) return;
  Position path[kMaxMissileRange];
  const std::int32_t cells = MissilePath(world, *from, *to, kMaxMissileRange, path);
  const EntityId struck =
      cells > 0 ? world.OccupantAt(path[cells - 1].x, path[cells - 1].y) : EntityId{};
  if (struck.IsNull() || !world.Healths().Contains(struck)) {  // a wall of a machine: no one
    Notice(world, NoticeKind::Missed, user, wand);
    return;
  }
  if (kind.effect == ItemEffect::TeleportOther) {
    Position away{};
    if (const Position* at = world.Positions().Find(struck);
        at != nullptr && !world.Players().Contains(struck) && !world.Allies().Contains(struck) &&
        FarCell(world, *at, 12, away)) {
      Relocate(world, struck, away);
      Notice(world, NoticeKind::Banished, struck, user);
    }
    return;
  }
  if (kind.effect == ItemEffect::Dominate) {
    Dominate(world, user, struck);
    return;
  }
  if (kind.effect == ItemEffect::Slow) {
    SetCondition(world, struck, false,
                 world.Tick() + (kind.power > 0 ? kind.power * kNormalActionTicks : kSlowTicks));
    Notice(world, NoticeKind::Slowed, struck, user);
    return;
  }
  Rng& rng = world.Random(RandomPurpose::Combat);
  Combat bolt{};
  bolt.damage_dice = kind.damage.count;
  bolt.damage_sides = kind.damage.sides;
  bolt.damage_bonus = kind.damage.bonus;
  StrikeBlow(world, scratch, AttackEvent{user, struck, 0, 0, 0, AttackKind::Wand, wand}, true,
             RollDamage(rng, bolt));
}

}  // namespace

// What `actor` picks up at `where`: the oldest item lying here, one the player did not just put
// down first (a stable choice); null when nothing can be, with `caged` an item a vault's cage
// holds, if one lies here.
EntityId ItemToPickUp(const GameWorld& world, EntityId actor, Position where, EntityId& caged) {
  EntityId chosen{};
  std::uint64_t chosen_rank = 0;
  for (EntityId item : world.Items().Owners()) {
    const Position* p = world.Positions().Find(item);
    if (p == nullptr || p->x != where.x || p->y != where.y || !world.Registry().IsActive(item))
      continue;
    if (Caged(world, item)) {  // a vault's cage closed over it
      caged = item;
      continue;
    }
    // What autopickup would take comes first (so explore, standing on items, takes those), then
    // anything the player did not put down here, then the rest; the oldest of each.
    const Item* lying = world.Items().Find(item);
    const std::uint64_t unwanted = AutoPickupWants(world, actor, lying->kind) ? 0 : 1;
    const std::uint64_t rank = (std::uint64_t{lying->dropped} << 63) | (unwanted << 62) |
                               world.Registry().CreationSequenceOf(item);
    if (chosen.IsNull() || rank < chosen_rank) {
      chosen = item;
      chosen_rank = rank;
    }
  }
  return chosen;
}

void ResolvePickUp(GameWorld& world, EntityId actor, Intent& intent) {
  ClearIntent(intent);
  const Position* where = world.Positions().Find(actor);
  Inventory* inventory = world.MutableInventories().Find(actor);
  if (where == nullptr || inventory == nullptr) return;
  EntityId caged{};
  const EntityId chosen = ItemToPickUp(world, actor, *where, caged);
  if (chosen.IsNull()) {
    Notice(world, caged.IsNull() ? NoticeKind::NothingHere : NoticeKind::Caged, actor, caged);
    return;
  }
  Item carried = *world.Items().Find(chosen);
  // A stack joins the one already carried (the oldest, if several could take it: never the pool's
  // order, which depends on history): the floor item goes, the carried one grows.
  EntityId joined;
  for (EntityId mine : world.Items().Owners()) {
    const Item* held = world.Items().Find(mine);
    // A full stack takes no more: the rest is carried as a stack of its own.
    if (held->holder != actor || !Stackable(world, *held, carried) ||
        !world.Registry().IsActive(mine) || held->quantity + carried.quantity > kMaxStack)
      continue;
    if (joined.IsNull() ||
        world.Registry().CreationSequenceOf(mine) < world.Registry().CreationSequenceOf(joined))
      joined = mine;
  }
  if (!joined.IsNull()) {
    const EntityId mine = joined;
    Item* held = world.MutableItems().Find(mine);
    held->quantity = static_cast<std::int16_t>(held->quantity + carried.quantity);
    if (world.QueueDestroy(chosen) != Status::Ok) return;
    SpendTime(world, actor, ActorTicks(world, actor));
    Notice(world, NoticeKind::PickedUp, actor, mine, carried.quantity);
    return;
  }
  const char letter = FreeLetter(world, actor);
  if (inventory->count >= inventory->capacity || letter == 0) {
    Notice(world, NoticeKind::InventoryFull, actor, chosen);
    return;
  }
  carried.holder = actor;
  carried.letter = letter;
  carried.dropped = 0;
  if (world.QueueRemoveComponent<Position>(chosen) != Status::Ok) return;
  if (world.QueueSetComponent(chosen, carried) != Status::Ok) return;
  // The letter is taken now, so a second pick-up this tick cannot be handed the same one.
  world.MutableItems().Find(chosen)->letter = letter;
  ++inventory->count;
  SpendTime(world, actor, ActorTicks(world, actor));
  Notice(world, NoticeKind::PickedUp, actor, chosen, carried.quantity);
  // An altar's treasure: taking it closes the vault's cages over the rest. Its trigger's work is
  // then done: carried, it is wired to nothing (and may leave the floor).
  if (const Trigger* take = world.Triggers().Find(chosen);
      take != nullptr && take->how == TriggerHow::Take) {
    (void)FireTrigger(world, chosen, actor);
    (void)world.QueueRemoveComponent<Trigger>(chosen);
  }
}

void AutoPickUpHere(GameWorld& world, TickScratch& scratch, EntityId player) {
  if (!AutoPickupOn(world, player)) return;
  const Position* where = world.Positions().Find(player);
  Inventory* pack = world.MutableInventories().Find(player);
  if (where == nullptr || pack == nullptr) return;
  // The items lying here, oldest first: a stable order, never the pool's.
  scratch.items.clear();
  for (EntityId id : world.Items().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (p != nullptr && p->x == where->x && p->y == where->y && world.Registry().IsActive(id))
      scratch.items.push_back(id);
  }
  const EntityRegistry& registry = world.Registry();
  std::sort(scratch.items.begin(), scratch.items.end(), [&](EntityId a, EntityId b) {
    return registry.CreationSequenceOf(a) < registry.CreationSequenceOf(b);
  });
  bool full_said = false;
  for (EntityId id : scratch.items) {
    Item* item = world.MutableItems().Find(id);
    // What the player put down stays down; the rule sees what is carried so far, so of two new
    // swords lying here only the first is taken.
    // A vault's treasure is taken only by choice (g): taking one closes the cages on the rest.
    if (item == nullptr || item->dropped != 0 || world.Triggers().Contains(id) ||
        !AutoPickupWants(world, player, item->kind))
      continue;
    // A stack joins the oldest carried one that takes it; the floor item goes.
    EntityId joined;
    for (EntityId mine : world.Items().Owners()) {
      const Item* held = world.Items().Find(mine);
      if (held->holder != player || !Stackable(world, *held, *item) || !registry.IsActive(mine) ||
          held->quantity + item->quantity > kMaxStack)
        continue;
      if (joined.IsNull() ||
          registry.CreationSequenceOf(mine) < registry.CreationSequenceOf(joined))
        joined = mine;
    }
    if (!joined.IsNull()) {
      Item* held = world.MutableItems().Find(joined);
      const std::int16_t quantity = item->quantity;
      if (world.QueueDestroy(id) != Status::Ok) return;
      held->quantity = static_cast<std::int16_t>(held->quantity + quantity);
      Notice(world, NoticeKind::PickedUp, player, joined, quantity);
      continue;
    }
    const char letter = FreeLetter(world, player);
    if (pack->count >= pack->capacity || letter == 0) {
      if (!full_said) Notice(world, NoticeKind::InventoryFull, player, id);
      full_said = true;
      continue;
    }
    if (world.QueueRemoveComponent<Position>(id) != Status::Ok) return;
    // Carried from now on (the commit takes it off the floor): the next item's letter, stack and
    // rule see it.
    item->holder = player;
    item->letter = letter;
    item->dropped = 0;
    ++pack->count;
    Notice(world, NoticeKind::PickedUp, player, id, item->quantity);
  }
}

void FillQuiver(GameWorld& world, EntityId player, EntityId item) {
  const Item* chosen = world.Items().Find(item);
  if (chosen == nullptr) return;
  const Quiver filled{chosen->kind, 1};
  Quiver* quiver = world.MutableQuivers().Find(player);
  // The same kind again changes nothing, and is told so (value -1), not as a new choice.
  const bool same = quiver != nullptr && quiver->filled != 0 && quiver->kind == chosen->kind;
  if (quiver != nullptr)
    *quiver = filled;
  else if (world.QueueSetComponent(player, filled) != Status::Ok)
    return;
  Notice(world, NoticeKind::Quivered, player, item, same ? -1 : 0);
}

void ToggleAutoPickup(GameWorld& world, EntityId player) {
  AutoPickup rule = AutoPickupOf(world, player);
  rule.enabled = rule.enabled != 0 ? 0 : 1;
  if (AutoPickup* kept = world.MutableAutoPickups().Find(player))
    *kept = rule;
  else if (world.QueueSetComponent(player, rule) != Status::Ok)
    return;
  Notice(world, NoticeKind::AutoPickupToggled, player, {}, rule.enabled);
}

void ResolveDrop(GameWorld& world, EntityId actor, Intent& intent) {
  const EntityId id = intent.item;
  ClearIntent(intent);
  Item* item = world.MutableItems().Find(id);
  const Position* where = world.Positions().Find(actor);
  if (item == nullptr || item->holder != actor || where == nullptr) return;
  const bool was_equipped = item->equipped != 0;
  Item dropped = *item;
  dropped.holder = EntityId{};
  dropped.letter = 0;
  dropped.equipped = 0;
  dropped.dropped = world.Players().Contains(actor) ? 1 : 0;
  Notice(world, NoticeKind::Dropped, actor, id);
  if (world.QueueSetComponent(id, *where) != Status::Ok) return;
  if (world.QueueSetComponent(id, dropped) != Status::Ok) return;
  item->equipped = 0;
  if (was_equipped) RefreshCombat(world, actor);
  if (Inventory* pack = world.MutableInventories().Find(actor); pack != nullptr && pack->count > 0)
    --pack->count;
  SpendTime(world, actor, ActorTicks(world, actor));
}

void ResolveEquip(GameWorld& world, EntityId actor, Intent& intent, bool equip) {
  const EntityId id = intent.item;
  ClearIntent(intent);
  Item* item = world.MutableItems().Find(id);
  if (item == nullptr || item->holder != actor) return;
  const ItemCategory category = ItemKindOf(world, *item).category;
  if (equip) {
    // Whatever was in that slot comes off first: one weapon, one suit of armour. Its id is taken
    // before it comes off: once cleared, the slot no longer names it (the log then named nothing).
    const EntityId old_id = EquippedIn(world, actor, category);
    if (Item* old = world.MutableItems().Find(old_id); old != nullptr && old != item) {
      old->equipped = 0;
      Notice(world, NoticeKind::Unequipped, actor, old_id);
    }
    item->equipped = 1;
    item->identified = 1;  // wearing it tells how good it is
    Notice(world, NoticeKind::Equipped, actor, id);
  } else {
    item->equipped = 0;
    Notice(world, NoticeKind::Unequipped, actor, id);
  }
  RefreshCombat(world, actor);
  SpendTime(world, actor, ActorTicks(world, actor));
}

void ResolveUse(GameWorld& world, TickScratch& scratch, EntityId actor, Intent& intent) {
  const EntityId id = intent.item;
  const EntityId target = intent.target;
  ClearIntent(intent);
  Item* item = world.MutableItems().Find(id);
  if (item == nullptr || item->holder != actor || item->kind >= world.Definitions().items.size())
    return;
  const ItemDefinition& kind = ItemKindOf(world, *item);
  SpendTime(world, actor, ActorTicks(world, actor));
  Player* player = world.MutablePlayers().Find(actor);
  switch (kind.category) {
    case ItemCategory::Potion:
    case ItemCategory::Scroll: {
      // The notice says whether this use taught the kind (value 1), for "It is a ...!".
      const bool learned =
          player != nullptr && !KindKnown(*player, item->kind) && !ItemKnown(world, *item);
      if (player != nullptr) LearnKind(*player, item->kind);
      Notice(world, kind.category == ItemCategory::Potion ? NoticeKind::Drank : NoticeKind::Read,
             actor, id, learned ? 1 : 0);
      ApplyEffect(world, scratch, actor, kind);
      ConsumeOne(world, actor, id, *item);
      break;
    }
    case ItemCategory::Food:
      if (player != nullptr)
        player->nutrition = std::min(kMaxNutrition, player->nutrition + kind.nutrition);
      Notice(world, NoticeKind::Ate, actor, id);
      ConsumeOne(world, actor, id, *item);
      break;
    case ItemCategory::Wand:
    case ItemCategory::Staff: {
      const bool learned =
          player != nullptr && !KindKnown(*player, item->kind) && !ItemKnown(world, *item);
      if (player != nullptr) LearnKind(*player, item->kind);
      item->identified = 1;
      Notice(world, NoticeKind::Zapped, actor, id, learned ? 1 : 0);
      Zap(world, scratch, actor, id, *item, kind, target);
      break;
    }
    default: break;
  }
}

void ResolveThrow(GameWorld& world, TickScratch& scratch, EntityId actor, Intent& intent) {
  const EntityId id = intent.item;
  const EntityId target = intent.target;
  ClearIntent(intent);
  Item* item = world.MutableItems().Find(id);
  const Position* from = world.Positions().Find(actor);
  const Position* to = world.Positions().Find(target);
  if (item == nullptr || item->holder != actor || from == nullptr) return;
  SpendTime(world, actor, ActorTicks(world, actor));
  // A missile thrown is what Fire throws next (anything else thrown leaves the quiver alone).
  if (Quiver* quiver = world.MutableQuivers().Find(actor);
      quiver != nullptr && ItemKindOf(world, *item).category == ItemCategory::Thrown)
    *quiver = Quiver{item->kind, 1};
  Position path[kMaxMissileRange];
  const std::int32_t cells =
      to != nullptr ? MissilePath(world, *from, *to, kMaxMissileRange, path) : 0;
  const Position landing = cells > 0 ? path[cells - 1] : *from;
  // The thrown one leaves the pack: a single item goes itself, one from a stack is a new item.
  Item flying = *item;
  flying.quantity = 1;
  flying.holder = EntityId{};
  flying.letter = 0;
  flying.equipped = 0;
  if (item->quantity > 1) {
    --item->quantity;
    ComponentBundle copy;
    copy.Set(landing).Set(flying);
    if (const Appearance* look = world.Appearances().Find(id)) copy.Set(*look);
    if (const Named* named = world.Names().Find(id)) copy.Set(*named);
    SpawnRequestId request = 0;
    if (world.QueueSpawn(copy, request) != Status::Ok) return;
  } else {
    if (world.QueueSetComponent(id, landing) != Status::Ok) return;
    if (world.QueueSetComponent(id, flying) != Status::Ok) return;
    if (Inventory* pack = world.MutableInventories().Find(actor);
        pack != nullptr && pack->count > 0)
      --pack->count;
  }
  const EntityId struck = cells > 0 ? world.OccupantAt(landing.x, landing.y) : EntityId{};
  if (struck.IsNull() || struck == actor || !world.Healths().Contains(struck)) {
    Notice(world, NoticeKind::Landed, actor, id);
    return;
  }
  const ItemDefinition& kind = ItemKindOf(world, flying);
  Combat aim = world.Combats().Find(actor) != nullptr ? *world.Combats().Find(actor) : Combat{};
  const bool missile = kind.category == ItemCategory::Thrown;
  aim.damage_dice = missile ? kind.damage.count : 1;
  aim.damage_sides = missile ? kind.damage.sides : 2;
  aim.damage_bonus = missile ? kind.damage.bonus + flying.enchantment : 0;
  aim.accuracy += missile ? kind.accuracy + flying.enchantment : 0;
  const Combat none{};
  const Combat* defend = world.Combats().Find(struck);
  Rng& rng = world.Random(RandomPurpose::Combat);
  const bool hit = static_cast<std::int32_t>(rng.Below(100)) <
                   HitChance(aim, defend != nullptr ? *defend : none);
  StrikeBlow(world, scratch, AttackEvent{actor, struck, 0, 0, 0, AttackKind::Thrown, id}, hit,
             hit ? RollDamage(rng, aim) : 0);
}

void ResolveStairs(GameWorld& world, EntityId actor, Intent& intent) {
  const std::int8_t wanted = intent.kind == ActionKind::Descend ? 1 : -1;
  ClearIntent(intent);
  const Position* where = world.Positions().Find(actor);
  if (where == nullptr) return;
  const auto owners = world.StairsPool().Owners();
  const auto stairs = world.StairsPool().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const Position* p = world.Positions().Find(owners[i]);
    if (p == nullptr || p->x != where->x || p->y != where->y || stairs[i].direction != wanted)
      continue;
    SpendTime(world, actor, ActorTicks(world, actor));
    Notice(world, wanted > 0 ? NoticeKind::Descended : NoticeKind::Ascended, actor, owners[i]);
    return;
  }
  Notice(world, NoticeKind::NoStairs, actor);
}

}  // namespace cairn
