#include "view/player_panels.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "game/items.h"
#include "game/rules.h"

namespace cairn {
namespace {

std::string Hunger(std::int32_t nutrition) {
  if (nutrition <= 0) return "Starving";
  if (nutrition < kWeak) return "Weak";
  if (nutrition < kHungry) return "Hungry";
  return "";
}

std::string Wounds(const Health& h) {
  if (h.current >= h.max) return "unhurt";
  const std::int32_t percent = h.current * 100 / (h.max > 0 ? h.max : 1);
  if (percent >= 75) return "lightly wounded";
  if (percent >= 40) return "wounded";
  if (percent >= 15) return "badly wounded";
  return "almost dead";
}

std::string DiceText(std::int32_t count, std::int32_t sides, std::int32_t bonus) {
  std::string text = std::to_string(count) + "d" + std::to_string(sides);
  if (bonus > 0) text += "+" + std::to_string(bonus);
  if (bonus < 0) text += std::to_string(bonus);
  return text;
}

// What autopickup takes, in a player's words, a line each: "Autopickup: on (A turns it off)",
// "  always: potions, scrolls, food, wands, missiles and artifacts", "  new kinds: weapons and
// armour".
std::vector<std::string> AutoPickupLines(const AutoPickup& rule) {
  static constexpr const char* kPlural[] = {"potions", "scrolls",  "weapons",   "armour", "food",
                                            "wands",   "missiles", "artifacts", "staffs"};
  static_assert(std::size(kPlural) == kItemCategoryCount);
  std::vector<std::string> always, fresh;
  for (int c = 0; c < kItemCategoryCount; ++c) {
    const auto category = static_cast<ItemCategory>(c);
    if (RuleOf(rule, category) == PickupRule::Never) continue;
    (RuleOf(rule, category) == PickupRule::Always ? always : fresh).emplace_back(kPlural[c]);
  }
  const auto list = [](const std::vector<std::string>& words) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i)
      text += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
    return text.empty() ? std::string("nothing") : text;
  };
  return {std::string("Autopickup: ") + (rule.enabled != 0 ? "on" : "off"),
          "  always: " + list(always), "  new kinds: " + list(fresh)};
}

// "10 ticks an action", or with a condition what it makes of it: "5 ticks an action (hasted;
// 10 without)"; with a step of another length (heavy armour), that too: "10 ticks an action, 12
// a step".
std::string SpeedText(const Combat& combat, const Condition* condition, std::int64_t now) {
  const std::int32_t base = ActionTicks(&combat);
  const std::int32_t now_ticks = ConditionedTicks(base, condition, now);
  std::string text = std::to_string(now_ticks) + " ticks an action";
  if (combat.move_speed > 0 && combat.move_speed != combat.speed)
    text += ", " + std::to_string(ConditionedTicks(combat.move_speed, condition, now)) + " a step";
  if (now_ticks == base) return text;
  const bool hasted = condition->haste_until > now, slowed = condition->slow_until > now;
  return text + " (" +
         (hasted && slowed ? "hasted and slowed"
          : hasted         ? "hasted"
                           : "slowed") +
         "; " + std::to_string(base) + " without)";
}

}  // namespace

std::int64_t TurnsUntil(std::int64_t until, std::int64_t now) noexcept {
  return until <= now ? 0 : (until - now + kNormalActionTicks - 1) / kNormalActionTicks;
}

const char* MonsterStateWord(const EnemyAi& ai) noexcept {
  switch (ai.phase) {
    // Struck (a missile, a blow) or alarmed enough to wake: awake to the player at once, though
    // its own next step is what turns it (ai.cpp: it notices at its next look).
    case AiPhase::Asleep: return ai.alertness >= kAlertnessToHunt ? "noticed you" : "asleep";
    case AiPhase::Wander: return "wandering";
    case AiPhase::SelectTarget: return "noticed you";
    case AiPhase::Approach:
    case AiPhase::Attack: return "hunting you";
    case AiPhase::Recover: return ai.searching != 0 ? "searching" : "hunting you";
    case AiPhase::Flee: return "fleeing";
    // An ally's: what it does for the player (MonsterState says "ally" before it).
    case AiPhase::Follow: return "following you";
    case AiPhase::Return: return "coming back to you";
  }
  return "unknown";
}

std::string MonsterStateWords(const GameWorld& world, EntityId monster) {
  const EnemyAi* ai = world.Ais().Find(monster);
  if (ai == nullptr) return {};
  if (const Ally* ally = world.Allies().Find(monster)) {
    if (ally->shackled != 0) return "shackled";
    if (ai->phase == AiPhase::Follow)
      return ally->order == AllyOrder::Wait ? "ally, waiting" : "ally, following you";
    return ai->phase == AiPhase::Return ? "ally, returning" : "ally, fighting";
  }
  return MonsterStateWord(*ai);
}

std::string MonsterState(const GameWorld& world, EntityId monster) {
  std::string text = MonsterStateWords(world, monster);
  if (const Health* h = world.Healths().Find(monster))
    text += (text.empty() ? "" : ", ") + Wounds(*h);
  if (const Condition* c = world.Conditions().Find(monster);
      c != nullptr && c->slow_until > world.Tick())
    text += ", slowed";
  return text;
}

PlayerParts PartsOfPlayer(const GameSession& session) noexcept {
  const GameWorld& world = session.World();
  PlayerParts parts;
  if (const GameSession::Remains* dead = session.DeadCharacter()) {
    const ComponentBundle& kept = dead->parts;
    const auto from = [&]<class T>(const T*& out) {
      if (kept.Has<T>()) out = &kept.Get<T>();
    };
    parts.id = dead->id;
    from(parts.player);
    from(parts.health);
    from(parts.combat);
    from(parts.condition);
    from(parts.pack);
    from(parts.at);
    return parts;
  }
  parts.id = world.PlayerEntity();
  parts.player = world.Players().Find(parts.id);
  parts.health = world.Healths().Find(parts.id);
  parts.combat = world.Combats().Find(parts.id);
  parts.condition = world.Conditions().Find(parts.id);
  parts.pack = world.Inventories().Find(parts.id);
  parts.at = world.Positions().Find(parts.id);
  return parts;
}

namespace {

// The sheet's gear: what is wielded and worn, what `f` fires, and what autopickup takes.
void AppendGear(const GameWorld& world, EntityId id, const Player& me,
                std::vector<std::string>& lines) {
  const Player* player = &me;
  const auto worn = [&](ItemCategory slot, const char* label, const char* none) {
    const Item* item = world.Items().Find(EquippedIn(world, id, slot));
    Item plain = item != nullptr ? *item : Item{};
    plain.equipped = 0;
    lines.push_back(std::string(label) +
                    (item != nullptr ? ItemDisplayName(world, plain, player) : none));
  };
  worn(ItemCategory::Weapon, "Wielding: ", "bare hands");
  worn(ItemCategory::Armour, "Wearing:  ", "nothing");
  const Item* missile = world.Items().Find(FireChoice(world, id));
  lines.push_back(std::string("Quiver:   ") + (missile != nullptr
                                                   ? ItemDisplayName(world, *missile, player)
                                                   : "nothing to fire"));
  for (std::string& line : AutoPickupLines(AutoPickupOf(world, id)))
    lines.push_back(std::move(line));
}

}  // namespace

std::vector<std::string> CharacterSheet(const GameSession& session) {
  const GameWorld& world = session.World();
  const PlayerParts me = PartsOfPlayer(session);
  const EntityId id = me.id;
  const Player* player = me.player;
  const Health* health = me.health;
  const Combat* combat = me.combat;
  std::vector<std::string> lines;
  if (player == nullptr || health == nullptr || combat == nullptr) {
    lines.push_back("You are no more.");
    return lines;
  }
  lines.push_back("Experience level " + std::to_string(player->level) + " (" +
                  std::to_string(player->experience) + " experience; the next level at " +
                  std::to_string(ExperienceForLevel(player->level + 1)) + ")");
  lines.push_back("Hit points " + std::to_string(std::max(health->current, 0)) + " of " +
                  std::to_string(health->max) + ", one back every " +
                  std::to_string(RegenerationTicks(health->max)) + " ticks while fed");
  lines.push_back("Accuracy " + std::to_string(combat->accuracy) + ", defense " +
                  std::to_string(combat->defense) + ", damage " +
                  DiceText(combat->damage_dice, combat->damage_sides, combat->damage_bonus) +
                  ", speed " + SpeedText(*combat, me.condition, world.Tick()));
  const std::string hunger = Hunger(player->nutrition);
  lines.push_back("Food: " + std::to_string(player->nutrition) + " turns" +
                  (hunger.empty() ? "" : " (" + hunger + ")"));
  if (const Condition* c = me.condition) {
    if (c->haste_until > world.Tick())
      lines.push_back("Hasted for " + std::to_string(TurnsUntil(c->haste_until, world.Tick())) +
                      " more turns");
    if (c->slow_until > world.Tick())
      lines.push_back("Slowed for " + std::to_string(TurnsUntil(c->slow_until, world.Tick())) +
                      " more turns");
  }
  lines.push_back("Depth " + std::to_string(player->depth) + " of " +
                  std::to_string(session.FloorCount()) + " (deepest " +
                  std::to_string(player->deepest) + "), " + std::to_string(player->turns) +
                  " turns, " + std::to_string(player->kills) + " kills");
  lines.push_back("");
  AppendGear(world, id, *player, lines);
  lines.push_back("");
  lines.push_back("Discoveries:");
  std::size_t found = 0;
  for (std::size_t k = 0; k < world.Definitions().items.size(); ++k) {
    const ItemDefinition& kind = world.Definitions().items[k];
    if (kind.unidentified.empty() || !KindKnown(*player, static_cast<std::uint16_t>(k))) continue;
    lines.push_back("  " + kind.name + " (" + kind.unidentified + ")");
    ++found;
  }
  if (found == 0)
    lines.push_back("  none yet: use unknown potions, scrolls and wands to learn them");
  return lines;
}

void ExtractPlayerPanels(const GameSession& session, RenderFrame& frame) {
  const GameWorld& world = session.World();
  const PlayerParts me = PartsOfPlayer(session);
  const EntityId id = me.id;
  frame.level_name = session.Level().name;
  frame.summary = session.Summary();
  if (frame.summary.ended) {  // what the end screen shows besides: the notes, the last words
    frame.notes = session.Log().Notes();
    const auto& messages = session.Log().Messages();
    for (std::size_t i = messages.size() > kEndScreenMessages ? messages.size() - kEndScreenMessages
                                                              : 0;
         i < messages.size(); ++i)
      frame.last_messages.push_back(ShownText(messages[i]));
  }
  const Player* player = me.player;
  if (player == nullptr) return;
  HudValues& hud = frame.hud;
  hud.level = player->level;
  hud.experience = player->experience;
  hud.next_level = ExperienceForLevel(player->level + 1);
  hud.hunger = Hunger(player->nutrition);
  if (const Condition* c = me.condition) {
    hud.hasted = c->haste_until > world.Tick();
    hud.slowed = c->slow_until > world.Tick();
  }
  std::vector<EntityId> carried;
  CarriedItems(world, id, carried);
  const EntityId quivered = FireChoice(world, id);
  for (EntityId item_id : carried) {
    const Item& item = *world.Items().Find(item_id);
    FrameItem line;
    line.letter = item.letter;
    line.name = ItemDisplayName(world, item, player);
    if (item.kind < world.Definitions().items.size())
      line.category = world.Definitions().items[item.kind].category;
    line.equipped = item.equipped != 0;
    line.quivered = item_id == quivered;
    if (line.quivered) line.name += " (quivered)";
    if (const Appearance* look = world.Appearances().Find(item_id)) {
      line.glyph = look->glyph;
      line.ascii = look->ascii;
      line.colour = look->colour;
    }
    frame.inventory.push_back(std::move(line));
  }
  if (me.pack != nullptr) frame.inventory_capacity = me.pack->capacity;
  frame.character = CharacterSheet(session);
}

}  // namespace cairn
