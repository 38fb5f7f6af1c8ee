#include "view/describe.h"

#include <algorithm>
#include <cctype>

#include "game/article.h"
#include "game/items.h"
#include "game/machines.h"
#include "game/pathing.h"
#include "game/rules.h"
#include "game/systems.h"
#include "view/player_panels.h"

namespace cairn {
namespace {

std::string Capitalised(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string Dice(std::int32_t count, std::int32_t sides, std::int32_t bonus = 0) {
  std::string text = std::to_string(count) + "d" + std::to_string(sides);
  if (bonus > 0) text += "+" + std::to_string(bonus);
  if (bonus < 0) text += std::to_string(bonus);
  return text;
}

double Average(std::int32_t count, std::int32_t sides, std::int32_t bonus) {
  return count * (sides + 1) / 2.0 + bonus;
}

const MonsterDefinition* KindOf(const GameWorld& world, EntityId id) {
  const EnemyAi* ai = world.Ais().Find(id);
  return ai != nullptr && ai->kind < world.Definitions().monsters.size()
             ? &world.Definitions().monsters[ai->kind]
             : nullptr;
}

// The entities drawn at (x, y) that a player can name, top first: monsters, then items, then
// features; the player aside.
std::vector<EntityId> ThingsAt(const GameWorld& world, std::int32_t x, std::int32_t y) {
  std::vector<std::pair<int, EntityId>> found;
  for (EntityId id : world.Positions().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (p->x != x || p->y != y || !world.Registry().IsActive(id) || world.Players().Contains(id) ||
        Concealed(world, id))
      continue;
    const int rank = world.Ais().Contains(id) ? 0 : world.Items().Contains(id) ? 1 : 2;
    found.emplace_back(rank, id);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<EntityId> out;
  for (const auto& f : found) out.push_back(f.second);
  return out;
}

// What a machine part is doing now, in a word or two ("" when it says nothing): a lever pulled
// or spent, a plate sprung, a portcullis raised or lowered, an altar's cages closed, an item in
// a closed cage.
std::string MachineState(const GameWorld& world, EntityId id) {
  if (const Trigger* trigger = world.Triggers().Find(id)) {
    if (trigger->used == 0) return trigger->how == TriggerHow::Take ? "on an altar" : "";
    if (trigger->once != 0) return trigger->how == TriggerHow::Step ? "sprung" : "spent";
    return trigger->how == TriggerHow::Bump ? "pulled" : "";
  }
  if (const Gate* gate = world.Gates().Find(id)) return gate->open != 0 ? "raised" : "lowered";
  if (const Vault* vault = world.Vaults().Find(id); vault != nullptr && vault->closed != 0)
    return "its cages closed";
  if (world.Items().Contains(id) && Caged(world, id)) return "caged";
  return "";
}

std::string ThingText(const GameWorld& world, EntityId id) {
  if (world.Items().Contains(id)) {
    const std::string state = MachineState(world, id);
    return DescribeItem(world, id) + (state.empty() ? "" : ", " + state);
  }
  const Named* named = world.Names().Find(id);
  const std::string name =
      named != nullptr && !named->name.View().empty() ? std::string(named->name.View()) : "thing";
  if (world.Ais().Contains(id)) return WithArticle(name) + ", " + MonsterState(world, id);
  const std::string state = MachineState(world, id);
  return WithArticle(name) + (state.empty() ? "" : ", " + state);
}

const char* EffectWords(ItemEffect effect) {
  switch (effect) {
    case ItemEffect::None: return "";
    case ItemEffect::Heal: return "heals your wounds";
    case ItemEffect::Vigor: return "raises your most hit points for good";
    case ItemEffect::Haste: return "makes you act twice as fast for a while";
    case ItemEffect::Teleport: return "takes you elsewhere on the floor";
    case ItemEffect::MagicMapping: return "shows you the map of the floor";
    case ItemEffect::Enchant: return "makes a weapon or armour you wear better";
    case ItemEffect::Identify: return "tells you what you carry";
    case ItemEffect::Lightning: return "throws a bolt of lightning at a monster";
    case ItemEffect::Slow: return "slows a monster";
    case ItemEffect::Fire: return "throws a bolt of fire at a monster";
    case ItemEffect::TeleportOther: return "sends a monster far away";
    case ItemEffect::Dominate: return "may make a monster your ally (likelier when it is hurt)";
    case ItemEffect::Recharge: return "fills your staffs and adds a charge to each wand";
    case ItemEffect::Aggravate: return "wakes every monster on the floor";
    case ItemEffect::Summon: return "calls monsters to your side";
  }
  return "";
}

// What a monster kind does besides fighting, a sentence each ("" when nothing).
std::string Habits(const GameWorld& world, const MonsterDefinition& kind) {
  std::string habits;
  if (kind.flee_percent > 0) habits += "It flees when badly hurt. ";
  if (kind.regeneration > 0) habits += "Its wounds close by themselves. ";
  if (kind.group > 1) habits += "It comes in groups. ";
  if (kind.profile == AiProfile::Breather) habits += "Its breath strikes everyone in its line. ";
  if (kind.profile == AiProfile::Ranged || kind.profile == AiProfile::Caster)
    habits += "It keeps its distance while it reloads. ";
  if (kind.profile == AiProfile::Summoner &&
      kind.summons_index < world.Definitions().monsters.size())
    habits += "It calls " + std::to_string(kind.summon_count) + " " +
              world.Definitions().monsters[kind.summons_index].name +
              (kind.summon_count > 1 ? "s" : "") + " to its side, and keeps its distance. ";
  if (kind.profile == AiProfile::Lurker)
    habits += "It hides, unseen, until you come within " + std::to_string(kind.sight) + " cells. ";
  if (kind.profile == AiProfile::Erratic) habits += "It flits about as it flies. ";
  return habits;
}

std::vector<std::string> DescribeMonster(const GameSession& session, EntityId id) {
  const GameWorld& world = session.World();
  std::vector<std::string> lines;
  const MonsterDefinition* kind = KindOf(world, id);
  lines.push_back(Capitalised(ThingText(world, id)) + ".");
  if (kind == nullptr) return lines;
  const Combat* c = world.Combats().Find(id);
  const Combat combat = c != nullptr ? *c : kind->combat;
  std::string body = "It strikes for " +
                     Dice(combat.damage_dice, combat.damage_sides, combat.damage_bonus) +
                     " (accuracy " + std::to_string(combat.accuracy) + ", defense " +
                     std::to_string(combat.defense) + ")";
  const std::int32_t step = combat.move_speed != 0 ? combat.move_speed : combat.speed;
  body += combat.speed < 10 ? ", fast" : combat.speed > 10 ? ", slowly" : "";
  body += step < combat.speed ? ", and runs fast" : "";
  lines.push_back(body + "; it sees " + std::to_string(kind->sight) + " cells.");
  if (kind->profile == AiProfile::Blinker)
    lines.push_back("From up to " + std::to_string(kind->range) +
                    " cells it blinks to your side in an instant.");
  else if (kind->ranged.count > 0 && kind->range > 0)
    lines.push_back("From up to " + std::to_string(kind->range) + " cells it " + kind->ranged_verb +
                    " you (" + Dice(kind->ranged.count, kind->ranged.sides, kind->ranged.bonus) +
                    ").");
  const std::string habits = Habits(world, *kind);
  if (!habits.empty()) lines.push_back(habits.substr(0, habits.size() - 1));
  // How dangerous, to you as you are now: its blow against your health, yours against its.
  const PlayerParts me = PartsOfPlayer(session);
  const Health* health = world.Healths().Find(id);
  if (const Ally* ally = world.Allies().Find(id)) {
    lines.push_back(ally->shackled != 0
                        ? "It is chained here. Walk into it to free it: it will fight at your side."
                        : "It fights at your side and follows you down the stairs (c: wait or "
                          "follow).");
    return lines;
  }
  if (me.health != nullptr && me.combat != nullptr && health != nullptr) {
    const double its =
        std::max(1.0, Average(combat.damage_dice, combat.damage_sides, combat.damage_bonus));
    const double yours = std::max(
        1.0, Average(me.combat->damage_dice, me.combat->damage_sides, me.combat->damage_bonus));
    const auto blows_to_you = static_cast<std::int32_t>(
        std::max(1.0, static_cast<double>(std::max(1, me.health->current)) / its + 0.999));
    const auto blows_to_it = static_cast<std::int32_t>(
        std::max(1.0, static_cast<double>(std::max(1, health->current)) / yours + 0.999));
    const char* danger = blows_to_you >= 3 * blows_to_it ? "little danger"
                         : blows_to_you >= blows_to_it   ? "some danger"
                         : blows_to_you >= 2             ? "great danger"
                                                         : "deadly danger";
    lines.push_back(Capitalised(danger) + std::string(" to you now: about ") +
                    std::to_string(blows_to_you) + " of its blows would kill you, " +
                    std::to_string(blows_to_it) + " of yours would kill it.");
  }
  return lines;
}

// What a known item kind does, by its class, a line or two.
void ItemKindLines(const GameWorld& world, EntityId id, const ItemDefinition& kind,
                   std::vector<std::string>& lines) {
  switch (kind.category) {
    case ItemCategory::Weapon:
      lines.push_back("A weapon to wield: damage " +
                      Dice(kind.damage.count, kind.damage.sides, kind.damage.bonus) +
                      ", accuracy " + std::to_string(kind.accuracy) + ".");
      break;
    case ItemCategory::Armour: {
      std::string text = "Armour to wear: defense " + std::to_string(kind.defense);
      // Heavy armour's price, in what it costs a player.
      if (kind.noise > 0)
        text +=
            "; it clanks: monsters within " + std::to_string(kind.noise) + " cells hear every step";
      if (kind.move_speed > kNormalActionTicks)
        text += "; it is heavy: a step takes " + std::to_string(kind.move_speed) + " ticks, not " +
                std::to_string(kNormalActionTicks);
      lines.push_back(text + ".");
      break;
    }
    case ItemCategory::Food:
      lines.push_back("Food: eating it keeps hunger away (" + std::to_string(kind.nutrition) +
                      " nutrition).");
      break;
    case ItemCategory::Thrown:
      lines.push_back("To throw or fire from the quiver: damage " +
                      Dice(kind.damage.count, kind.damage.sides, kind.damage.bonus) + ".");
      break;
    case ItemCategory::Artifact:
      lines.push_back("What you came for: carry it up and out of the dungeon.");
      break;
    default:
      if (const char* words = EffectWords(kind.effect); words[0] != '\0')
        lines.push_back(
            Capitalised(std::string("it ") + words) +
            (kind.damage.count > 0
                 ? " (" + Dice(kind.damage.count, kind.damage.sides, kind.damage.bonus) + ")."
                 : "."));
      if (kind.category == ItemCategory::Staff) {
        std::string text = "A staff fills again by itself: a charge " +
                           std::to_string(kind.recharge) + " turns after it was spent";
        if (const Recharging* recharging = world.Rechargings().Find(id))
          text += "; the next comes back in " + std::to_string(recharging->turns) + " turns";
        lines.push_back(text + ".");
      }
      break;
  }
}

std::vector<std::string> DescribeItemKind(const GameWorld& world, EntityId id) {
  std::vector<std::string> lines;
  const Item* item = world.Items().Find(id);
  lines.push_back(Capitalised(DescribeItem(world, id)) + ".");
  if (item == nullptr || item->kind >= world.Definitions().items.size()) return lines;
  const ItemDefinition& kind = world.Definitions().items[item->kind];
  const Player* knower = world.Players().Find(world.PlayerEntity());
  if (!ItemKnown(world, *item) && (knower == nullptr || !KindKnown(*knower, item->kind))) {
    const char* verb = kind.category == ItemCategory::Potion   ? "Drinking"
                       : kind.category == ItemCategory::Scroll ? "Reading"
                       : kind.category == ItemCategory::Wand || kind.category == ItemCategory::Staff
                           ? "Zapping"
                           : "Using";
    lines.push_back(std::string("You do not know what it does yet. ") + verb +
                    " one, or a scroll of identify, tells you.");
    return lines;
  }
  ItemKindLines(world, id, kind, lines);
  return lines;
}

}  // namespace

std::string LookText(const GameSession& session, std::int32_t x, std::int32_t y) {
  const GameWorld& world = session.World();
  const TileMap& map = world.Map();
  if (!map.InBounds(x, y)) return "Nothing: beyond the map.";
  const bool visible = session.Scratch().player_view.Visible(x, y);
  if (!visible && !map.Remembered(x, y)) return "You have not seen this place.";
  if (!visible) {
    // As it was last seen: its terrain then, and the item seen lying there, named as it looked
    // (something, when that item has since gone from the floor).
    const std::string remembered = TerrainName(map.RememberedTerrain(x, y));
    const SeenItem* seen =
        world.SeenItemsMemory().Find(static_cast<std::uint32_t>(map.Index(x, y)));
    if (seen == nullptr) return "You remember " + WithArticle(remembered) + " here.";
    const std::string item =
        world.Items().Contains(seen->item) && world.Positions().Contains(seen->item)
            ? DescribeItem(world, seen->item)
            : std::string("something");
    return "You remember " + item + " lying on " + WithArticle(remembered) +
           " here when you last saw it.";
  }
  const std::string terrain = TerrainName(map.At(x, y));
  std::string text;
  const PlayerParts me = PartsOfPlayer(session);
  if (me.at != nullptr && me.at->x == x && me.at->y == y) text = "you";
  for (EntityId id : ThingsAt(world, x, y))
    text += (text.empty() ? "" : "; ") + ThingText(world, id);
  for (const DeathEffect& effect : session.Log().Effects())
    if (effect.where.x == x && effect.where.y == y)
      text += (text.empty() ? "" : "; ") +
              (effect.name.View() == "you" || effect.name.View().empty()
                   ? std::string(effect.name.View().empty() ? "remains" : "your remains")
                   : "the remains of " + WithArticle(effect.name.View()));
  return text.empty() ? Capitalised(WithArticle(terrain)) + "."
                      : Capitalised(text) + " (" + terrain + ").";
}

std::vector<std::string> Describe(const GameSession& session, std::int32_t x, std::int32_t y) {
  const GameWorld& world = session.World();
  if (!world.Map().InBounds(x, y) || !session.Scratch().player_view.Visible(x, y))
    return {LookText(session, x, y)};
  const std::vector<EntityId> things = ThingsAt(world, x, y);
  if (things.empty()) return {LookText(session, x, y)};
  if (world.Ais().Contains(things.front())) return DescribeMonster(session, things.front());
  if (world.Items().Contains(things.front())) return DescribeItemKind(world, things.front());
  return {LookText(session, x, y)};
}

std::vector<Position> ThingsInView(const GameSession& session, bool items) {
  const GameWorld& world = session.World();
  const Position* at = world.Positions().Find(world.PlayerEntity());
  if (at == nullptr) return {};
  std::vector<std::pair<std::int64_t, Position>> found;
  const auto consider = [&](EntityId id) {
    const Position* p = world.Positions().Find(id);
    if (p == nullptr || !world.Registry().IsActive(id) ||
        !session.Scratch().player_view.Visible(p->x, p->y))
      return;
    const std::int64_t rank =
        static_cast<std::int64_t>(ChebyshevDistance(*at, *p)) << 40 |
        static_cast<std::int64_t>(world.Registry().CreationSequenceOf(id) & 0xFFFFFFFFFFull);
    found.emplace_back(rank, *p);
  };
  // Aiming (no items) passes over allies and captives: f, t and z never pick a friend first.
  for (EntityId id : world.Ais().Owners())
    if ((items || !world.Allies().Contains(id)) && !Concealed(world, id)) consider(id);
  if (items)
    for (EntityId id : world.Items().Owners()) consider(id);
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Position> out;
  for (const auto& f : found)
    if (std::none_of(out.begin(), out.end(),
                     [&](const Position& p) { return p.x == f.second.x && p.y == f.second.y; }))
      out.push_back(f.second);
  return out;
}

}  // namespace cairn
