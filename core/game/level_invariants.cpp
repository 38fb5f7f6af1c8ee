#include "game/level_invariants.h"

#include <map>
#include <utility>

namespace cairn {
namespace {

class Checker {
 public:
  Checker(const LevelDefinition& level, const DefinitionSet& definitions, const EntityNamer& name,
          std::vector<LevelProblem>& out)
      : level_(level), definitions_(definitions), name_(name), out_(out) {}

  void Problem(std::size_t entity, ComponentKind component, std::string what) {
    out_.push_back(LevelProblem{entity, true, component, std::move(what)});
  }
  void LevelWide(std::string what) {
    out_.push_back(LevelProblem{LevelProblem::kWholeLevel, false, {}, std::move(what)});
  }

  // The entity a reference names, or false with a problem for one that names none. A reference
  // is null, "gone" (its target died before the save) or a place in the list.
  bool Target(std::size_t entity, ComponentKind component, const char* field, EntityId ref,
              std::size_t& out) {
    if (ref.IsNull() || ref == kGoneReference) return false;
    if (!IsLevelReference(ref) || ref.Slot >= level_.entities.size()) {
      Problem(entity, component, std::string(field) + " names an entity that is not on this level");
      return false;
    }
    out = ref.Slot;
    return true;
  }

  void References(std::size_t i, const ComponentBundle& b) {
    std::size_t unused = 0;
    if (b.Has<Intent>()) {
      (void)Target(i, ComponentKind::Intent, "intent.target", b.intent.target, unused);
      (void)Target(i, ComponentKind::Intent, "intent.item", b.intent.item, unused);
    }
    if (b.Has<EnemyAi>())
      (void)Target(i, ComponentKind::EnemyAi, "enemy_ai.target", b.ai.target, unused);
    if (b.Has<Trigger>()) Wiring(i, b.trigger);
  }

  // A trigger is wired to something it can set off: a gate, a trap or a vault (game/machines.h),
  // and an altar's take trigger to a vault.
  void Wiring(std::size_t i, const Trigger& trigger) {
    std::size_t target = 0;
    if (trigger.target.IsNull()) {
      Problem(i, ComponentKind::Trigger, "has a trigger wired to nothing (give its target)");
      return;
    }
    if (!Target(i, ComponentKind::Trigger, "trigger.target", trigger.target, target)) return;
    const ComponentBundle& t = level_.entities[target].components;
    const bool settable = t.Has<Gate>() || t.Has<Trap>() || t.Has<Vault>();
    if (!settable)
      Problem(i, ComponentKind::Trigger,
              "has a trigger wired to " + name_(target) +
                  ", which is no gate, trap or vault (nothing a trigger can set off)");
    else if (trigger.how == TriggerHow::Take && !t.Has<Vault>())
      Problem(i, ComponentKind::Trigger,
              "has a take trigger wired to " + name_(target) +
                  ", which is no vault (taking a treasure closes a vault)");
  }

  // Where it stands: on the map, on ground it can stand on, alone if it blocks. Carried items
  // have no place of their own.
  void Placement(std::size_t i, const ComponentBundle& b) {
    if (!b.Has<Position>()) return;
    const Position p = b.position;
    // Said only in a problem: a save's check places 10,000 entities and most are fine.
    const auto at = [&] { return "at (" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; };
    if (p.x < 0 || p.y < 0 || p.x >= level_.width || p.y >= level_.height) {
      Problem(i, ComponentKind::Position,
              at() + " is outside the map (" + std::to_string(level_.width) + "x" +
                  std::to_string(level_.height) + ")");
      return;
    }
    const bool hidden_door = b.Has<Secret>() && b.secret.found == 0;
    if (hidden_door != (level_.At(p.x, p.y) == Terrain::Wall) && b.Has<Secret>()) {
      Problem(i, ComponentKind::Secret,
              at() + (hidden_door ? " is a secret door not yet found, so its cell must be a wall"
                                  : " is a secret door found, so its cell must be a door"));
      return;
    }
    if (!TerrainPassable(level_.At(p.x, p.y)) && !hidden_door) {
      Problem(i, ComponentKind::Position,
              at() + " is inside a " + TerrainName(level_.At(p.x, p.y)));
      return;
    }
    if (!b.Has<Blocker>()) return;
    const auto [it, fresh] = blockers_.emplace(std::pair{p.x, p.y}, i);
    if (!fresh)
      Problem(i, ComponentKind::Position,
              at() + " stands where " + name_(it->second) +
                  " already stands (two that block one cell)");
  }

  // 0 < current <= max. A dead entity is never saved: the tick that kills it removes it.
  void Vitals(std::size_t i, const ComponentBundle& b) {
    if (!b.Has<Health>()) return;
    if (b.health.current <= 0)
      Problem(i, ComponentKind::Health,
              "has no health left (" + std::to_string(b.health.current) +
                  "): a dead entity is removed in the tick it dies");
    else if (b.health.current > b.health.max)
      Problem(i, ComponentKind::Health,
              "has more health (" + std::to_string(b.health.current) + ") than its max (" +
                  std::to_string(b.health.max) + ")");
  }

  // An item is of a known kind, a stack of at least one, and either lies somewhere or is held by
  // a creature of this level (never by itself, another item or a cycle of them).
  void Holding(std::size_t i, const ComponentBundle& b) {
    if (!b.Has<Item>()) return;
    const Item& item = b.item;
    if (item.kind >= definitions_.items.size())
      Problem(i, ComponentKind::Item, "is of no item kind (" + std::to_string(item.kind) + ")");
    if (item.quantity < 1)
      Problem(i, ComponentKind::Item,
              "is a stack of " + std::to_string(item.quantity) + " (at least 1)");
    if (item.holder.IsNull()) {
      if (!b.Has<Position>())
        Problem(i, ComponentKind::Item, "lies nowhere: it has no holder and no position");
      if (item.equipped) Problem(i, ComponentKind::Item, "is equipped but carried by no one");
      return;
    }
    if (item.holder == kGoneReference) {
      Problem(i, ComponentKind::Item, "is held by an entity that no longer exists");
      return;
    }
    std::size_t holder = 0;
    if (!Target(i, ComponentKind::Item, "item.holder", item.holder, holder)) return;
    if (b.Has<Position>())
      Problem(i, ComponentKind::Position, "is carried (it has a holder), so it has no position");
    if (holder == i) {
      Problem(i, ComponentKind::Item, "is held by itself");
      return;
    }
    if (level_.entities[holder].components.Has<Item>()) {
      Problem(i, ComponentKind::Item,
              HeldByItem(i) ? "is in a cycle of holders (items holding each other)"
                            : "is held by another item (only a creature carries items)");
      return;
    }
    ++carried_[holder];
    if (item.letter != 0) {
      const bool letter =
          (item.letter >= 'a' && item.letter <= 'z') || (item.letter >= 'A' && item.letter <= 'Z');
      if (!letter)
        Problem(i, ComponentKind::Item,
                "is carried under letter " + std::to_string(item.letter) + ", not a-z or A-Z");
      else if (const auto [it, fresh] = letters_.emplace(std::pair{holder, item.letter}, i); !fresh)
        Problem(i, ComponentKind::Item,
                std::string("has the letter '") + item.letter + "' of " + name_(it->second) +
                    ", carried by the same holder");
    } else if (level_.entities[holder].components.Has<Player>()) {
      Problem(i, ComponentKind::Item, "is carried by the player under no letter");
    }
    if (item.equipped && item.kind < definitions_.items.size()) {
      const ItemCategory category = definitions_.items[item.kind].category;
      if (category != ItemCategory::Weapon && category != ItemCategory::Armour)
        Problem(i, ComponentKind::Item,
                "is equipped, but only weapons and armour are wielded or worn");
      else if (const auto [it, fresh] = equipped_.emplace(std::pair{holder, category}, i); !fresh)
        Problem(i, ComponentKind::Item,
                std::string("is a second ") +
                    (category == ItemCategory::Weapon ? "weapon wielded" : "armour worn") +
                    " by its holder, after " + name_(it->second));
    }
  }

  // Whether following holders from item `start` comes back to it.
  bool HeldByItem(std::size_t start) const {
    std::size_t at = start;
    for (std::size_t steps = 0; steps <= level_.entities.size(); ++steps) {
      const ComponentBundle& b = level_.entities[at].components;
      if (!b.Has<Item>() || !IsLevelReference(b.item.holder) ||
          b.item.holder.Slot >= level_.entities.size())
        return false;
      at = b.item.holder.Slot;
      if (at == start) return true;
    }
    return false;  // a cycle that does not pass through `start`: reported at its own items
  }

  // A pack's count is what it holds, within its capacity.
  void Packs() {
    for (std::size_t i = 0; i < level_.entities.size(); ++i) {
      const ComponentBundle& b = level_.entities[i].components;
      if (!b.Has<Inventory>()) continue;
      const auto found = carried_.find(i);
      const std::int32_t carried = found == carried_.end() ? 0 : found->second;
      if (b.inventory.count != carried)
        Problem(i, ComponentKind::Inventory,
                "counts " + std::to_string(b.inventory.count) + " items but carries " +
                    std::to_string(carried));
      else if (b.inventory.count > b.inventory.capacity)
        Problem(i, ComponentKind::Inventory,
                "carries " + std::to_string(b.inventory.count) + " items, more than its capacity " +
                    std::to_string(b.inventory.capacity));
    }
  }

  void Players(std::int32_t expected) {
    std::int32_t found = 0;
    for (std::size_t i = 0; i < level_.entities.size(); ++i) {
      if (!level_.entities[i].components.Has<Player>()) continue;
      if (++found > expected)
        Problem(i, ComponentKind::Player,
                expected == 0 ? "is a player, on a floor the player is not on"
                              : "is a second player (a run has one)");
    }
    if (found < expected) LevelWide("has no player");
  }

  void Monster(std::size_t i, const ComponentBundle& b) {
    if (b.Has<EnemyAi>() && b.ai.kind >= definitions_.monsters.size())
      Problem(i, ComponentKind::EnemyAi,
              "is of no monster kind (" + std::to_string(b.ai.kind) + ")");
  }

 private:
  const LevelDefinition& level_;
  const DefinitionSet& definitions_;
  const EntityNamer& name_;
  std::vector<LevelProblem>& out_;
  // Ordered maps: problems come out in the same order on every build.
  std::map<std::pair<std::int32_t, std::int32_t>, std::size_t> blockers_;  // cell -> first blocker
  std::map<std::pair<std::size_t, char>, std::size_t> letters_;  // (holder, letter) -> item
  std::map<std::pair<std::size_t, ItemCategory>, std::size_t> equipped_;  // (holder, slot) -> item
  std::map<std::size_t, std::int32_t> carried_;                           // holder -> items
};

}  // namespace

void CheckLevelInvariants(const LevelDefinition& level, const DefinitionSet& definitions,
                          std::int32_t players, const EntityNamer& name,
                          std::vector<LevelProblem>& out) {
  if (level.width < 1 || level.height < 1 ||
      level.cells.size() !=
          static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height))
    return;  // no map to place anything on: the reader said so already
  Checker check(level, definitions, name, out);
  check.Players(players);
  for (std::size_t i = 0; i < level.entities.size(); ++i) {
    const ComponentBundle& b = level.entities[i].components;
    check.References(i, b);
    check.Placement(i, b);
    check.Vitals(i, b);
    check.Holding(i, b);
    check.Monster(i, b);
  }
  check.Packs();
}

}  // namespace cairn
