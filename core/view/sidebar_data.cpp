#include "view/sidebar_data.h"

#include <algorithm>

#include "game/ai.h"
#include "game/article.h"
#include "game/items.h"
#include "game/rules.h"
#include "game/systems.h"
#include "identity/handle_text.h"
#include "view/player_panels.h"

namespace cairn {
namespace {

// "Hasted (12 turns)", "Slowed (1 turn)".
std::string ConditionLine(const char* name, std::int64_t until, std::int64_t now) {
  const std::int64_t turns = TurnsUntil(until, now);
  return std::string(name) + " (" + std::to_string(turns) + (turns == 1 ? " turn)" : " turns)");
}

void ExtractMonsters(const GameSession& session, bool reveal_map, SidebarData& out) {
  const GameWorld& world = session.World();
  for (EntityId id : MonstersNearestFirst(session, reveal_map)) {
    const Position* p = world.Positions().Find(id);
    SidebarMonster m;
    m.id = id;
    m.x = p->x;
    m.y = p->y;
    if (const Appearance* look = world.Appearances().Find(id)) {
      m.glyph = look->glyph;
      m.ascii = look->ascii;
      m.colour = look->colour;
    }
    m.name = NameOrHandle(world, id);
    if (const Health* h = world.Healths().Find(id)) {
      m.health = h->current;
      m.health_max = h->max;
    }
    m.state = MonsterStateWords(world, id);
    const Condition* c = world.Conditions().Find(id);
    m.slowed = c != nullptr && c->slow_until > world.Tick();
    out.monsters.push_back(std::move(m));
  }
}

// What f fires, by its display name: the quivered kind, or the first missile carried (as the
// inventory marks it "(quivered)": game/items.h, FireChoice).
std::string QuiveredMissile(const GameWorld& world, EntityId player_id, const Player& player) {
  const Item* item = world.Items().Find(FireChoice(world, player_id));
  return item != nullptr ? ItemDisplayName(world, *item, &player) : "";
}

}  // namespace

std::string NameOrHandle(const GameWorld& world, EntityId id) {
  const Named* named = world.Names().Find(id);
  if (named != nullptr && !named->name.View().empty()) return std::string(named->name.View());
  return FormatShortHandle(id);
}

std::vector<EntityId> MonstersNearestFirst(const GameSession& session, bool reveal_map) {
  const GameWorld& world = session.World();
  const EntityRegistry& registry = world.Registry();
  const Position* player = world.Positions().Find(world.PlayerEntity());
  struct Seen {
    std::int64_t distance;
    std::uint64_t sequence;
    EntityId id;
  };
  std::vector<Seen> seen;
  for (EntityId id : world.Ais().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (p == nullptr || !registry.IsActive(id)) continue;
    if (!reveal_map && (!session.Scratch().player_view.Visible(p->x, p->y) || Concealed(world, id)))
      continue;
    const std::int64_t dx = player ? p->x - player->x : 0, dy = player ? p->y - player->y : 0;
    seen.push_back(Seen{dx * dx + dy * dy, registry.CreationSequenceOf(id), id});
  }
  std::sort(seen.begin(), seen.end(), [](const Seen& a, const Seen& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.sequence < b.sequence;
  });
  std::vector<EntityId> ids;
  for (const Seen& s : seen) ids.push_back(s.id);
  return ids;
}

std::vector<std::string> ThingsAt(const GameSession& session, std::int32_t x, std::int32_t y) {
  const GameWorld& world = session.World();
  std::vector<std::string> things;
  for (EntityId id : world.Positions().Owners()) {
    const Position* p = world.Positions().Find(id);
    if (p->x != x || p->y != y || !world.Registry().IsActive(id)) continue;
    if (world.Players().Contains(id)) {
      things.emplace_back("you");
      continue;
    }
    // Items by what the player knows of them (a murky potion, not its true name).
    std::string text =
        world.Items().Contains(id) ? DescribeItem(world, id) : NameOrHandle(world, id);
    if (world.Ais().Contains(id)) {
      const EnemyAi* ai = world.Ais().Find(id);
      text += " (" + MonsterState(world, id) + "; AI " + AiActionName(ai->action) + "/" +
              AiPhaseName(ai->phase) + ")";
    }
    things.push_back(std::move(text));
  }
  // What a death left here, from the effect's own copy of the name: the dead one's slot may
  // hold someone else by now.
  for (const DeathEffect& effect : session.Log().Effects())
    if (effect.where.x == x && effect.where.y == y)
      things.push_back(effect.name.View() == "you"
                           ? std::string("your remains")
                           : "the remains of " + WithArticle(effect.name.View().empty()
                                                                 ? "something"
                                                                 : effect.name.View()));
  return things;
}

void ExtractSidebar(const GameSession& session, bool reveal_map, RenderFrame& frame) {
  const GameWorld& world = session.World();
  SidebarData& out = frame.sidebar;
  ExtractMonsters(session, reveal_map, out);
  // After death, the character as it died (PartsOfPlayer), as the status line shows it.
  const PlayerParts me = PartsOfPlayer(session);
  const EntityId player_id = me.id;
  const Player* player = me.player;
  const Position* at = me.at;
  if (player == nullptr || at == nullptr) return;  // no one to describe: a fault
  out.terrain = TerrainName(world.Map().At(at->x, at->y));
  for (std::string& thing : ThingsAt(session, at->x, at->y))
    if (thing != "you") out.underfoot.push_back(std::move(thing));
  out.hunger = frame.hud.hunger.empty() ? "Fed" : frame.hud.hunger;
  out.nutrition = player->nutrition;
  if (const Condition* c = me.condition) {
    const std::int64_t now = world.Tick();
    if (c->haste_until > now) {
      out.conditions.push_back(ConditionLine("Hasted", c->haste_until, now));
      out.hasted.push_back(true);
    }
    if (c->slow_until > now) {
      out.conditions.push_back(ConditionLine("Slowed", c->slow_until, now));
      out.hasted.push_back(false);
    }
  }
  out.quiver = QuiveredMissile(world, player_id, *player);
}

}  // namespace cairn
