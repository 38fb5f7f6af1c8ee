#include "content/level_loader.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>
#include <vector>

#include "base/closest_name.h"
#include "game/level_invariants.h"
#include "game/recipes.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/component_types.h"

namespace cairn {
namespace {

using Fields = std::array<FieldValue, kMaxFieldsPerComponent>;

// References inside a level: authored ids (version 1) or UUIDs (version 2), resolved to
// level-local references that BuildWorld turns into handles. Each is looked up in an index
// sorted once (by key, then by position in the file), not by a scan of every entity: a generated
// floor of 100,000 entities with 20,000 references took 2.86 s to check, two thirds of it in that
// scan. A key written twice resolves to its first entity, which is also how the same index finds
// duplicates for CheckIdentitiesUnique (a level that has one is refused before it is built).
class LevelReferences final : public DefinitionSetReferences {
 public:
  LevelReferences(const LevelDocument& document, const DefinitionSet& definitions)
      : DefinitionSetReferences(definitions), by_uuid_(document.version == kLevelVersionUuids) {
    for (std::size_t i = 0; i < document.entities.size(); ++i) {
      const AuthoredEntity& e = document.entities[i];
      const auto index = static_cast<std::uint32_t>(i);
      ids_.emplace_back(e.id, index);
      if (e.has_uuid) uuids_.emplace_back(e.uuid, index);
    }
    std::sort(ids_.begin(), ids_.end());
    std::sort(uuids_.begin(), uuids_.end());
  }
  // The first entity (in file order) with this id, or with this UUID; false when none has it.
  [[nodiscard]] bool FirstWithId(std::string_view id, std::uint32_t& index) const {
    return First(ids_, id, index);
  }
  [[nodiscard]] bool FirstWithUuid(const Uuid& uuid, std::uint32_t& index) const {
    return First(uuids_, uuid, index);
  }
  bool Parse(std::string_view text, EntityId& out, std::string& error) const override {
    if (text.empty()) {
      out = EntityId{};
      return true;
    }
    Uuid uuid;
    if (by_uuid_ && ParseUuid(text, uuid) != Status::Ok) {
      error =
          "'" + std::string(text) + "' is not a UUID (version 2 levels refer to entities by UUID)";
      return false;
    }
    std::uint32_t index = 0;
    if (by_uuid_ ? FirstWithUuid(uuid, index) : FirstWithId(text, index)) {
      out = LevelReference(index);
      return true;
    }
    error = "'" + std::string(text) + "' names no entity in this level";
    return false;
  }
  std::string Format(EntityId) const override { return ""; }

 private:
  // The lowest entity index filed under `key` in `sorted`, if any.
  template <class Key>
  static bool First(const std::vector<std::pair<Key, std::uint32_t>>& sorted, const Key& key,
                    std::uint32_t& index) {
    const auto at =
        std::lower_bound(sorted.begin(), sorted.end(), std::pair<Key, std::uint32_t>{key, 0});
    if (at == sorted.end() || at->first != key) return false;
    index = at->second;
    return true;
  }

  bool by_uuid_;
  std::vector<std::pair<std::string_view, std::uint32_t>> ids_;  // views of the document's ids
  std::vector<std::pair<Uuid, std::uint32_t>> uuids_;
};

// The recipe a typed definition id starts an entity from; false when the id names nothing.
bool KindRecipe(const std::string& kind, const DefinitionSet& definitions, ComponentBundle& out,
                std::string& error) {
  const auto prefixed = [&](std::string_view prefix) {
    return kind.rfind(prefix, 0) == 0 ? std::string_view(kind).substr(prefix.size())
                                      : std::string_view();
  };
  if (kind == "player") {
    out = PlayerRecipe({0, 0});
    return true;
  }
  if (kind == "feature:stairs-down" || kind == "feature:stairs-up") {
    out = StairsRecipe({0, 0}, kind == "feature:stairs-down" ? 1 : -1);
    return true;
  }
  if (const std::string_view id = prefixed("monster:"); !id.empty()) {
    if (const MonsterDefinition* m = definitions.FindMonster(id)) {
      out = MonsterRecipe(definitions, *m, {0, 0}, false);
      return true;
    }
    error = definitions.NoMonsterKind(id);
    return false;
  }
  if (const std::string_view id = prefixed("item:"); !id.empty()) {
    if (const ItemDefinition* i = definitions.FindItem(id)) {
      out = ItemRecipe(definitions, *i, {0, 0});
      return true;
    }
    error = definitions.NoItemKind(id);
    return false;
  }
  // A kind with no known prefix: the closest of the fixed kinds and every monster and item kind
  // with its prefix ("monstr:rat" -> monster:rat, "fature:stairs-up" -> feature:stairs-up).
  ClosestName closest(kind);
  for (std::string_view fixed : {"player", "feature:stairs-down", "feature:stairs-up"})
    closest.Consider(fixed);
  for (const MonsterDefinition& m : definitions.monsters) closest.Consider("monster:" + m.id);
  for (const ItemDefinition& i : definitions.items) closest.Consider("item:" + i.id);
  error = "unknown kind \"" + kind + "\"" +
          (closest.Best().empty()
               ? " (player, monster:ID, item:ID, feature:stairs-down, feature:stairs-up)"
               : DidYouMeanText(closest.Best()));
  return false;
}

// Where an entity wrote each of its components (line 0: it came from the kind's recipe), and
// which it listed.
struct ComponentPlaces {
  std::array<TextPosition, kComponentKindCount> where{};
  std::array<bool, kComponentKindCount> listed{};
};

// One validation of a level document into a LevelDefinition, in named steps; every problem is
// added to `problems` with its place, and a step never stops at the first.
class LevelLoad {
 public:
  LevelLoad(const LevelDocument& document, const DefinitionSet& definitions,
            std::vector<TextProblem>& problems)
      : document_(document),
        definitions_(definitions),
        references_(document, definitions),
        problems_(problems) {}

  // The map: every row as wide as the first, every character in the legend.
  void ReadTerrain(LevelDefinition& level) {
    level.height = static_cast<std::int32_t>(document_.rows.size());
    level.width = document_.rows.empty() ? 0 : static_cast<std::int32_t>(document_.rows[0].size());
    if (level.width == 0 && !document_.rows.empty())
      Problem(document_.row_positions[0], "the first map row is empty");
    if (level.width > TileMap::kMaxSide || level.height > TileMap::kMaxSide)
      Problem(document_.row_positions.empty() ? TextPosition{1, 1} : document_.row_positions[0],
              "the map is larger than " + std::to_string(TileMap::kMaxSide) + " cells a side");
    level.cells.assign(
        static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
        Terrain::Wall);
    for (std::size_t y = 0; y < document_.rows.size(); ++y) {
      const std::string& row = document_.rows[y];
      const TextPosition at = document_.row_positions[y];
      if (static_cast<std::int32_t>(row.size()) != level.width) {
        Problem(at, "map row " + std::to_string(y) + " is " + std::to_string(row.size()) +
                        " characters wide; the first row is " + std::to_string(level.width));
        continue;
      }
      for (std::size_t x = 0; x < row.size(); ++x) {
        const auto found = std::find_if(document_.legend.begin(), document_.legend.end(),
                                        [&](const LegendEntry& e) { return e.glyph == row[x]; });
        if (found == document_.legend.end()) {
          Problem(TextPosition{at.line, at.column + 1 + static_cast<std::uint32_t>(x)},
                  "map character '" + std::string(1, row[x]) + "' is not in the legend");
          continue;
        }
        level.cells[y * static_cast<std::size_t>(level.width) + x] = found->terrain;
      }
    }
  }

  // Ids and UUIDs are unique.
  void CheckIdentitiesUnique() {
    // Each entity against the first with its id (and UUID): the index the references use.
    for (std::size_t i = 0; i < document_.entities.size(); ++i) {
      const AuthoredEntity& e = document_.entities[i];
      std::uint32_t first = 0;
      if (references_.FirstWithId(e.id, first) && first != i)
        problems_.push_back(DuplicateProblem(e.id_position, "duplicate entity id '" + e.id + "'",
                                             document_.entities[first].id_position));
      if (e.has_uuid && references_.FirstWithUuid(e.uuid, first) && first != i) {
        const AuthoredEntity& earlier = document_.entities[first];
        problems_.push_back(DuplicateProblem(e.uuid_position,
                                             "duplicate entity uuid " + UuidText(e.uuid) +
                                                 ": entity '" + e.id +
                                                 "' has the uuid of entity '" + earlier.id + "'",
                                             earlier.uuid_position));
      }
    }
  }

  // One authored entity: its kind's recipe, its name, each listed component over them, then the
  // rules between its components.
  void ReadEntity(const AuthoredEntity& e, LevelEntity& entity, ComponentPlaces& places) {
    entity.authored_id = e.id;
    if (e.has_uuid) entity.source = e.uuid;
    ComponentBundle& bundle = entity.components;
    const std::uint32_t recipe_mask = StartFromKind(e, bundle);
    for (const AuthoredComponent& c : e.components)
      ReadComponent(e, c, recipe_mask, entity, places);
    CheckRequiresRejects(e, bundle, places);
    // A carried item has no place of its own: the kind's recipe position goes unless one was
    // written (which the semantic checks refuse). Anything else of a kind that stands somewhere
    // must say where.
    const bool carried = bundle.Has<Item>() && !bundle.item.holder.IsNull();
    const bool has_position = places.listed[static_cast<std::size_t>(ComponentKind::Position)];
    if (carried && !has_position) bundle.mask &= ~KindBit(ComponentKind::Position);
    if (!carried && !e.kind.empty() && (recipe_mask & KindBit(ComponentKind::Position)) != 0 &&
        !has_position)
      Problem(e.position, "entity '" + e.id + "' needs a position");
  }

  // Capacity: the level must fit the world it will be built into.
  void CheckCapacity(const LevelDefinition& level, const WorldLimits& limits) {
    if (level.entities.size() > limits.entities)
      Problem(document_.entities.empty() ? TextPosition{1, 1} : document_.entities.back().position,
              "the level has " + std::to_string(level.entities.size()) +
                  " entities; the world holds at most " + std::to_string(limits.entities));
    std::array<std::uint32_t, kComponentKindCount> pool_use{};
    for (const LevelEntity& entity : level.entities)
      for (std::size_t k = 0; k < kComponentKindCount; ++k)
        if ((entity.components.mask >> k) & 1u) ++pool_use[k];
    for (std::size_t k = 0; k < kComponentKindCount; ++k)
      if (pool_use[k] > limits.pools[k])
        Problem(TextPosition{1, 1}, "the level has " + std::to_string(pool_use[k]) + " " +
                                        ComponentKindName(static_cast<ComponentKind>(k)) +
                                        " components; the world holds at most " +
                                        std::to_string(limits.pools[k]));
  }

  // What the rules need of a level (game/level_invariants.h): the same checks a save's floors
  // pass, at the entity's (or its component's) line and column.
  void CheckRules(const LevelDefinition& level, const std::vector<ComponentPlaces>& places) {
    std::vector<LevelProblem> broken;
    CheckLevelInvariants(
        level, definitions_, 1, [&](std::size_t i) { return "'" + document_.entities[i].id + "'"; },
        broken);
    for (const LevelProblem& p : broken) {
      if (p.entity == LevelProblem::kWholeLevel) {
        Problem(
            document_.entities.empty() ? TextPosition{1, 1} : document_.entities.front().position,
            "the level " + p.what);
        continue;
      }
      const TextPosition written =
          p.has_component ? places[p.entity].where[static_cast<std::size_t>(p.component)]
                          : TextPosition{};
      Problem(written.line != 0 ? written : document_.entities[p.entity].position,
              "entity '" + document_.entities[p.entity].id + "' " + p.what);
    }
  }

 private:
  void Problem(TextPosition at, std::string message) {
    problems_.emplace_back(at, std::move(message));
  }

  // The entity's kind's recipe (none without a kind) and its id and name; the recipe's mask.
  std::uint32_t StartFromKind(const AuthoredEntity& e, ComponentBundle& bundle) {
    std::uint32_t recipe_mask = 0;
    if (!e.kind.empty()) {
      std::string error;
      if (!KindRecipe(e.kind, definitions_, bundle, error))
        Problem(e.kind_position, "entity '" + e.id + "': " + error);
      recipe_mask = bundle.mask;
    }
    Named named = bundle.Get<Named>();
    (void)named.id.Assign(e.id);
    if (!e.name.empty() && !named.name.Assign(e.name))
      Problem(e.position, "entity '" + e.id + "': the name is longer than 31 bytes");
    bundle.Set(named);
    return recipe_mask;
  }

  // One listed component: an unknown type kept unread; a known one checked (version, slot,
  // multiplicity) and its body read over the recipe's values or the type's defaults.
  void ReadComponent(const AuthoredEntity& e, const AuthoredComponent& c, std::uint32_t recipe_mask,
                     LevelEntity& entity, ComponentPlaces& places) {
    const ComponentTypeInfo* type = FindComponentType(c.type);
    if (type == nullptr) {  // unknown: kept, unread, to be written back unchanged
      entity.preserved.push_back(
          PreservedComponent{c.type, c.version, static_cast<std::uint32_t>(c.slot), c.body_text});
      return;
    }
    const std::string label = "entity '" + e.id + "' component " + c.type;
    const auto k = static_cast<std::size_t>(type->id);
    const TextPosition earlier = places.where[k];
    places.where[k] = c.position;
    if (c.version > type->version) {
      Problem(c.position, label + ": version " + std::to_string(c.version) +
                              " is newer than this build reads (" + std::to_string(type->version) +
                              ")");
      return;
    }
    if (type->multiplicity == Multiplicity::One && c.slot != 0) {
      Problem(c.position,
              label + ": " + std::string(type->name) + " is a single component: its slot is 0");
      return;
    }
    if (type->multiplicity == Multiplicity::One && places.listed[k]) {
      problems_.push_back(DuplicateProblem(
          c.position, label + ": a second " + std::string(type->name) + " (a single component)",
          earlier));
      return;
    }
    const bool first_listed = !places.listed[k];
    places.listed[k] = true;
    ComponentBundle& bundle = entity.components;
    void* target = ComponentTarget(*type, e, c, label, first_listed, bundle);
    if (target == nullptr) return;
    Fields fields{};
    const bool from_recipe = type->slots == nullptr && (recipe_mask & KindBit(type->id)) != 0;
    if (from_recipe) {
      for (std::size_t i = 0; i < type->fields.size(); ++i) fields[i] = type->fields[i].get(target);
    } else {
      DefaultFields(*type, fields);
    }
    std::vector<TextProblem> body_problems;
    if (!DecodeComponentBodyOnto(*type, c.body, references_, fields, body_problems)) {
      for (TextProblem& p : body_problems)
        Problem(p.position, "entity '" + e.id + "': " + p.message);
      return;
    }
    for (std::size_t i = 0; i < type->fields.size(); ++i) type->fields[i].set(target, fields[i]);
    bundle.mask |= KindBit(type->id);
  }

  // Where the component's fields go: the bundle's component, or for a slotted type the entry
  // of the component's slot, added (null with a problem: a slot used twice, full, or out of
  // range). A level that lists a Many type's entries replaces the kind's (a monster's loot).
  void* ComponentTarget(const ComponentTypeInfo& type, const AuthoredEntity& e,
                        const AuthoredComponent& c, const std::string& label, bool first_listed,
                        ComponentBundle& bundle) {
    void* component = ComponentIn(bundle, type.id);
    if (type.slots == nullptr) return component;
    if (first_listed) {
      ForEachComponentType([&]<class T>() {
        if (KindOf<T>::value == type.id) bundle.Get<T>() = T{};
      });
    }
    const auto slot = static_cast<std::uint32_t>(c.slot);
    if (type.slots->find(component, slot) != nullptr) {
      const auto first = std::find_if(e.components.begin(), e.components.end(), [&](const auto& o) {
        return o.type == c.type && o.slot == c.slot;
      });
      // An earlier listing holds the slot (the kind's entries went at the first listing).
      problems_.push_back(DuplicateProblem(c.position,
                                           label + ": duplicate slot " + std::to_string(c.slot),
                                           &*first != &c ? first->position : TextPosition{}));
      return nullptr;
    }
    if (type.max_slots != 0 && type.slots->count(component) >= type.max_slots) {
      Problem(c.position, label + ": " + std::string(type.name) + " holds at most " +
                              std::to_string(type.max_slots) + " entries");
      return nullptr;
    }
    void* target = type.slots->insert(component, slot);
    if (target == nullptr)
      Problem(c.position, label + ": slot " + std::to_string(c.slot) + " is out of range");
    return target;
  }

  // Requires and rejects, from the type registry, over the entity's final set of components.
  void CheckRequiresRejects(const AuthoredEntity& e, const ComponentBundle& bundle,
                            const ComponentPlaces& places) {
    for (const ComponentTypeInfo& type : AllComponentTypes()) {
      if (!bundle.Has(type.id)) continue;
      const auto k = static_cast<std::size_t>(type.id);
      const TextPosition at = places.listed[k] ? places.where[k] : e.position;
      for (ComponentTypeId needed : type.requires_types)
        if (!bundle.Has(needed))
          Problem(at, "entity '" + e.id + "': " + std::string(type.name) + " requires " +
                          std::string(TypeInfoOf(needed).name));
      for (ComponentTypeId rejected : type.rejects_types)
        if (bundle.Has(rejected))
          Problem(at, "entity '" + e.id + "': " + std::string(type.name) + " cannot be with " +
                          std::string(TypeInfoOf(rejected).name));
    }
  }

  const LevelDocument& document_;
  const DefinitionSet& definitions_;
  const LevelReferences references_;
  std::vector<TextProblem>& problems_;
};

}  // namespace

bool LoadLevelDocument(const LevelDocument& document, const DefinitionSet& definitions,
                       const WorldLimits& limits, LevelDefinition& out,
                       std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  LevelLoad load(document, definitions, problems);
  LevelDefinition level;
  level.name = document.name;
  if (document.has_uuid) level.uuid = document.uuid;
  load.ReadTerrain(level);
  load.CheckIdentitiesUnique();
  std::vector<ComponentPlaces> places(document.entities.size());
  for (std::size_t i = 0; i < document.entities.size(); ++i)
    load.ReadEntity(document.entities[i], level.entities.emplace_back(), places[i]);
  load.CheckCapacity(level, limits);
  if (problems.size() != before) return false;
  load.CheckRules(level, places);
  if (problems.size() != before) return false;
  level.digest = DigestLevel(level);
  out = std::move(level);
  return true;
}

std::vector<TextProblem> LikelyMisspeltTypes(const LevelDocument& document) {
  std::vector<TextProblem> notes;
  for (const AuthoredEntity& e : document.entities) {
    for (const AuthoredComponent& c : e.components) {
      if (FindComponentType(c.type) != nullptr) continue;
      ClosestName closest(c.type);
      for (const ComponentTypeInfo& type : AllComponentTypes()) closest.Consider(type.name);
      if (closest.Best().empty()) continue;  // a type of a newer build, most likely
      notes.emplace_back(c.position, "entity '" + e.id + "': no component type '" + c.type +
                                         "' in this build, so it is kept unread" +
                                         DidYouMeanText(closest.Best()));
    }
  }
  return notes;
}

bool LoadLevelText(std::string_view text, const DefinitionSet& definitions,
                   const WorldLimits& limits, LevelDefinition& out,
                   std::vector<TextProblem>& problems) {
  LevelDocument document;
  if (!ReadLevelDocument(text, document, problems)) return false;
  return LoadLevelDocument(document, definitions, limits, out, problems);
}

}  // namespace cairn
