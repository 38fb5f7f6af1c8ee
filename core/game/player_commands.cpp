#include "game/player_commands.h"

#include "game/items.h"
#include "game/nearest.h"
#include "game/pathing.h"
#include "game/systems.h"

namespace cairn {
namespace {

bool Refuse(Refusal& why, RefusalKind kind, std::string text) {
  why.kind = kind;
  why.words = std::move(text);
  return false;
}

bool StairsHere(const GameWorld& world, Position at, std::int8_t direction) {
  const auto owners = world.StairsPool().Owners();
  const auto stairs = world.StairsPool().Values();
  for (std::size_t i = 0; i < owners.size(); ++i) {
    const Position* p = world.Positions().Find(owners[i]);
    if (p != nullptr && p->x == at.x && p->y == at.y && stairs[i].direction == direction)
      return true;
  }
  return false;
}

bool ItemHere(const GameWorld& world, Position at) {
  for (EntityId item : world.Items().Owners()) {
    const Position* p = world.Positions().Find(item);
    if (p != nullptr && p->x == at.x && p->y == at.y && world.Registry().IsActive(item))
      return true;
  }
  return false;
}

// The creature a throw or a wand is aimed at: the chosen cell's occupant, or the nearest in view.
bool ChooseTarget(const GameWorld& world, const FieldOfView& view, const PlayerCommand& command,
                  Position from, EntityId& target, Refusal& why) {
  if (command.aimed) {
    if (!view.Visible(command.tx, command.ty))
      return Refuse(why, RefusalKind::CannotSee, "You cannot see there.");
    target = world.OccupantAt(command.tx, command.ty);
    if (target.IsNull() || target == world.PlayerEntity())
      return Refuse(why, RefusalKind::NoTarget, "There is no one there to aim at.");
    return true;
  }
  target = NearestVisibleHostile(world, view, from);
  if (target.IsNull())
    return Refuse(why, RefusalKind::NoTarget, "There is nothing in view to aim at.");
  return true;
}

// Whether the command names an item the player carries.
bool NamesAnItem(PlayerCommandKind kind) {
  return kind == PlayerCommandKind::Drop || kind == PlayerCommandKind::Use ||
         kind == PlayerCommandKind::Throw || kind == PlayerCommandKind::Equip ||
         kind == PlayerCommandKind::Unequip || kind == PlayerCommandKind::Quiver;
}

// The carried item a command's letter names, with its Item and definition; a refusal when the
// player carries none by that letter (an unprintable letter shown as '?').
bool FindLetteredItem(const GameWorld& world, EntityId player, char letter, EntityId& item,
                      const Item*& carried, const ItemDefinition*& kind, Refusal& why) {
  item = CarriedItem(world, player, letter);
  carried = world.Items().Find(item);
  if (carried == nullptr || carried->kind >= world.Definitions().items.size()) {
    const char shown = letter >= 0x21 && letter <= 0x7E ? letter : '?';
    return Refuse(why, RefusalKind::NoSuchItem, std::string("You have no item '") + shown + "'.");
  }
  kind = &world.Definitions().items[carried->kind];
  return true;
}

// A step (or, where someone stands, a blow) in one of the eight directions, onto what is passable.
// Commanding the allies on the floor: refused with none freed.
bool TranslateOrder(const GameWorld& world, Intent& out, Refusal& why) {
  for (const Ally& ally : world.Allies().Values())
    if (ally.shackled == 0) {
      out.kind = ActionKind::Order;
      return true;
    }
  return Refuse(why, RefusalKind::NoAllies, "You have no allies here to command.");
}

bool TranslateMove(const GameWorld& world, Position at, const PlayerCommand& command, Intent& out,
                   Refusal& why) {
  if ((command.dx == 0 && command.dy == 0) || command.dx < -1 || command.dx > 1 ||
      command.dy < -1 || command.dy > 1)
    return Refuse(why, RefusalKind::NotADirection, "That is not a direction.");
  const std::int32_t x = at.x + command.dx;
  const std::int32_t y = at.y + command.dy;
  if (!world.Map().Passable(x, y))
    return Refuse(why, RefusalKind::Blocked,
                  std::string("There is a ") + TerrainName(world.Map().At(x, y)) + " in the way.");
  // Walking into a captive frees it (the terminal asks first; a key string does not).
  const EntityId there = world.OccupantAt(x, y);
  if (const Gate* gate = world.Gates().Find(there); gate != nullptr && gate->open == 0)
    return Refuse(why, RefusalKind::Blocked, "A portcullis bars the way.");
  if (const Ally* ally = world.Allies().Find(there); ally != nullptr && ally->shackled != 0) {
    out.kind = ActionKind::Free;
    out.target = there;
    return true;
  }
  out.kind = ActionKind::Move;
  out.dx = command.dx;
  out.dy = command.dy;
  return true;
}

// Use, Equip and Unequip of a carried item: `a` on gear wields, wears or takes it off; on
// anything else drinks, reads, eats or zaps it (a wand at a target).
bool TranslateItemUse(const GameWorld& world, const FieldOfView& view, const PlayerCommand& command,
                      Position at, const Item& carried, const ItemDefinition& kind, Intent& out,
                      Refusal& why) {
  const bool gear = kind.category == ItemCategory::Weapon || kind.category == ItemCategory::Armour;
  if (command.kind == PlayerCommandKind::Unequip ||
      (command.kind == PlayerCommandKind::Use && gear && carried.equipped)) {
    if (!carried.equipped)
      return Refuse(why, RefusalKind::NotEquipped, "You are not wielding or wearing that.");
    out.kind = ActionKind::Unequip;
    return true;
  }
  if (command.kind == PlayerCommandKind::Equip || gear) {
    if (!gear) return Refuse(why, RefusalKind::CannotEquip, "You cannot wield or wear that.");
    if (carried.equipped)
      return Refuse(why, RefusalKind::AlreadyEquipped, "You are already using that.");
    out.kind = ActionKind::Equip;
    return true;
  }
  if (kind.category == ItemCategory::Thrown)
    return Refuse(why, RefusalKind::ThrowInstead, "Throw it instead (t).");
  if (kind.category == ItemCategory::Artifact)
    return Refuse(why, RefusalKind::KeepTheCairnstone,
                  "The Cairnstone is warm in your hand. Carry it up and out of the dungeon.");
  if (!Usable(kind.category)) return Refuse(why, RefusalKind::CannotUse, "You cannot use that.");
  out.kind = ActionKind::Use;
  if (Zapped(kind.category) && !ChooseTarget(world, view, command, at, out.target, why))
    return false;
  return true;
}

}  // namespace

bool Usable(ItemCategory category) noexcept {
  return category == ItemCategory::Potion || category == ItemCategory::Scroll ||
         category == ItemCategory::Food || Zapped(category);
}

EntityId NearestVisibleHostile(const GameWorld& world, const FieldOfView& view,
                               Position from) noexcept {
  NearestOldest nearest(world);
  for (EntityId id : world.Ais().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (p == nullptr || !view.Visible(p->x, p->y) || !world.Registry().IsActive(id)) continue;
    if (world.Allies().Contains(id)) continue;  // an ally or a captive: no one to fight
    if (Concealed(world, id)) continue;         // a lurker still hiding: not seen
    nearest.Offer(id, ChebyshevDistance(from, *p));
  }
  return nearest.Best();
}

bool TranslatePlayerCommand(const GameWorld& world, const FieldOfView& view,
                            const PlayerCommand& command, Intent& intent, Refusal& why) {
  const EntityId player = world.PlayerEntity();
  const Position* at = world.Positions().Find(player);
  const Player* state = world.Players().Find(player);
  if (at == nullptr || state == nullptr) return Refuse(why, RefusalKind::Dead, "You are dead.");
  Intent out{};
  const ItemDefinition* kind = nullptr;
  const Item* carried = nullptr;
  if (NamesAnItem(command.kind) &&
      !FindLetteredItem(world, player, command.letter, out.item, carried, kind, why))
    return false;
  switch (command.kind) {
    case PlayerCommandKind::None: return Refuse(why, RefusalKind::NoCommand, "Nothing to do.");
    case PlayerCommandKind::Wait: out.kind = ActionKind::Wait; break;
    case PlayerCommandKind::Move:
      if (!TranslateMove(world, *at, command, out, why)) return false;
      break;
    case PlayerCommandKind::PickUp:
      if (!ItemHere(world, *at))
        return Refuse(why, RefusalKind::NothingHere, "There is nothing here to pick up.");
      out.kind = ActionKind::PickUp;
      break;
    case PlayerCommandKind::Descend:
      if (!StairsHere(world, *at, 1))
        return Refuse(why, RefusalKind::NoStairsHere, "There are no stairs down here.");
      out.kind = ActionKind::Descend;
      break;
    case PlayerCommandKind::Ascend:
      if (!StairsHere(world, *at, -1))
        return Refuse(why, RefusalKind::NoStairsHere, "There are no stairs up here.");
      if (state->depth <= 1 && !CarriesArtifact(world, player))
        return Refuse(why, RefusalKind::NotWithoutTheCairnstone,
                      "Daylight is above, but you came for the Cairnstone. It lies at the bottom.");
      out.kind = ActionKind::Ascend;
      break;
    case PlayerCommandKind::Drop: out.kind = ActionKind::Drop; break;
    case PlayerCommandKind::Equip:
    case PlayerCommandKind::Unequip:
    case PlayerCommandKind::Use:
      if (!TranslateItemUse(world, view, command, *at, *carried, *kind, out, why)) return false;
      break;
    case PlayerCommandKind::Throw:
      if (carried->equipped)
        return Refuse(why, RefusalKind::InUse, "You are using that; take it off first.");
      if (!ChooseTarget(world, view, command, *at, out.target, why)) return false;
      out.kind = ActionKind::Throw;
      break;
    case PlayerCommandKind::Fire:
      // The quivered kind, or the first missile carried (the tick says when the quiver changes).
      out.item = FireChoice(world, player);
      if (out.item.IsNull())
        return Refuse(why, RefusalKind::NothingToFire, "You have nothing to fire.");
      if (!ChooseTarget(world, view, command, *at, out.target, why)) return false;
      out.kind = ActionKind::Throw;
      break;
    case PlayerCommandKind::Quiver:
      // A setting, not an action: PlayerIntentPhase fills the quiver; no intent, no turn.
      if (kind->category != ItemCategory::Thrown)
        return Refuse(why, RefusalKind::NotAMissile,
                      "You can only fire missiles, like darts and javelins.");
      if (Quivered(world, player, carried->kind))
        return Refuse(why, RefusalKind::AlreadyQuivered,
                      "Your " + KindPlural(world, carried->kind) + " are already quivered.");
      out.kind = ActionKind::None;
      break;
    case PlayerCommandKind::AutoPickup: break;  // a setting, as Quiver: no action
    case PlayerCommandKind::OrderAllies:
      if (!TranslateOrder(world, out, why)) return false;
      break;
  }
  intent = out;
  return true;
}

}  // namespace cairn
