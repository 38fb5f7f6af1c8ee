#include "save/save_codec.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <optional>

#include "base/closest_name.h"
#include "dungeon/dungeon_plan.h"
#include "game/level_invariants.h"
#include "game/state_limits.h"
#include "identity/placement.h"
#include "identity/uuid.h"
#include "save/kind_bases.h"
#include "save/save_text.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/component_types.h"
#include "toml/source_text.h"
#include "toml/table_reader.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

using Fields = std::array<FieldValue, kMaxFieldsPerComponent>;

static_assert(DungeonPlan::kMaxFloors == kMaxDepth, "one cap for floors: game/state_limits.h");
// Where each entity wrote each of its components (line 0: not written).
using ComponentPositions = std::array<TextPosition, kComponentKindCount>;

bool ParseHex64(std::string_view text, std::uint64_t& out) {
  if (text.size() != 16) return false;
  std::uint64_t value = 0;
  for (char c : text) {
    int digit = -1;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else
      return false;
    value = (value << 4) | static_cast<std::uint64_t>(digit);
  }
  out = value;
  return true;
}

// --- reading -------------------------------------------------------------------------------------

// References by source UUID, among one floor's entities (all known before any body is read, so
// forward references resolve).
class ReadReferences final : public DefinitionSetReferences {
 public:
  ReadReferences(const std::map<Uuid, std::uint32_t>& index, const DefinitionSet& definitions)
      : DefinitionSetReferences(definitions), index_(index) {}
  bool Parse(std::string_view text, EntityId& out, std::string& error) const override {
    if (text.empty()) {
      out = EntityId{};
      return true;
    }
    if (text == kGone) {
      out = kGoneReference;
      return true;
    }
    Uuid uuid;
    if (ParseUuid(text, uuid) != Status::Ok) {
      error = "'" + std::string(text) + "' is not a UUID (a save refers to entities by UUID)";
      return false;
    }
    const auto found = index_.find(uuid);
    if (found == index_.end()) {
      error = "'" + std::string(text) + "' names no entity on this floor";
      return false;
    }
    out = LevelReference(found->second);
    return true;
  }
  std::string Format(EntityId) const override { return ""; }

 private:
  const std::map<Uuid, std::uint32_t>& index_;
};

// An entity reference member (a source UUID, "gone" or ""), resolved by `references`.
void ReadReferenceMember(TableReader& reader, std::string_view key,
                         const ReferenceCodec& references, EntityId& out) {
  std::string text;
  if (!reader.String(key, text)) return;
  std::string error;
  if (!references.Parse(text, out, error))
    reader.Problem(reader.Table().Find(key)->position, reader.What() + ": " + error);
}

bool ReadUuidMember(TableReader& reader, std::string_view key, Uuid& out, bool required = true) {
  std::string text;
  if (!reader.String(key, text, required)) return false;
  if (ParseUuid(text, out) != Status::Ok) {
    reader.Problem(
        reader.Table().Find(key)->position,
        reader.What() + ": '" + std::string(key) + "' is \"" + text + "\", not a version-4 UUID");
    return false;
  }
  return true;
}

bool ReadHexMember(TableReader& reader, std::string_view key, std::uint64_t& out) {
  std::string text;
  if (!reader.String(key, text)) return false;
  if (!ParseHex64(text, out)) {
    reader.Problem(reader.Table().Find(key)->position, reader.What() + ": '" + std::string(key) +
                                                           "' is 16 lower-case hexadecimal digits");
    return false;
  }
  return true;
}

// One component as written: a member of its entity (`health = { ... }`, version 1, slot 0), or
// an entry of the entity's `components` list ({ type, version, slot, body }).
struct ComponentEntry {
  std::string_view type;
  std::int64_t version = 1;
  std::int64_t slot = 0;
  const TomlValue* body = nullptr;
  TextPosition at;                               // the member's key, or the list entry
  const std::vector<TomlValue>* list = nullptr;  // the list it is in, if any
  const ComponentBundle* kind = nullptr;  // the entity's kind (version 6): fields left out are its
};

// The place of the first entry of `list` that is a `type` component in `slot` (the one a
// duplicate repeats); a slot left out is 0.
TextPosition FirstEntryAt(const std::vector<TomlValue>* list, std::string_view type,
                          std::int64_t slot) {
  if (list == nullptr) return {};
  for (const TomlValue& e : *list) {
    const TomlValue* t = e.IsTable() ? e.Find("type") : nullptr;
    const TomlValue* s = e.IsTable() ? e.Find("slot") : nullptr;
    if (t != nullptr && t->text == type && (s == nullptr ? 0 : s->integer) == slot)
      return e.position;
  }
  return {};
}

// Where a component's fields go in `bundle`: the component itself (a single one, not yet
// there, slot 0), or its slot's new entry; null with a problem otherwise.
void* SavedComponentTarget(const ComponentTypeInfo& type, const ComponentEntry& entry,
                           const std::string& label, const ComponentPositions& where,
                           ComponentBundle& bundle, std::vector<TextProblem>& problems) {
  void* component = ComponentIn(bundle, type.id);
  const std::string name(type.name);
  const std::int64_t slot = entry.slot;
  if (type.slots == nullptr) {
    if (slot != 0)
      problems.emplace_back(entry.at, label + ": a single component's slot is 0");
    else if (bundle.Has(type.id))
      problems.push_back(DuplicateProblem(entry.at,
                                          label + ": a second " + name + " (a single component)",
                                          where[static_cast<std::size_t>(type.id)]));
    return slot == 0 && !bundle.Has(type.id) ? component : nullptr;
  }
  if (type.slots->find(component, static_cast<std::uint32_t>(slot)) != nullptr) {
    problems.push_back(DuplicateProblem(entry.at,
                                        label + ": duplicate slot " + std::to_string(slot),
                                        FirstEntryAt(entry.list, type.name, slot)));
    return nullptr;
  }
  if (type.max_slots != 0 && type.slots->count(component) >= type.max_slots) {
    problems.emplace_back(entry.at, label + ": " + name + " holds at most " +
                                        std::to_string(type.max_slots) + " entries");
    return nullptr;
  }
  void* target = type.slots->insert(component, static_cast<std::uint32_t>(slot));
  if (target == nullptr)
    problems.emplace_back(entry.at, label + ": slot " + std::to_string(slot) + " is out of range");
  return target;
}

// An entity's name in messages ("floor 1 entity 82a806ed-..."), made only when one is said: a
// save of 10,000 entities has nothing to say of most of them.
struct EntityName {
  const std::string& floor;  // "floor 1"
  const Uuid& source;
  [[nodiscard]] std::string Text() const { return floor + " entity " + UuidText(source); }
};

// One component, however written. A type this build does not know is kept as written; a known
// one is decoded into the entity's bundle.
void ReadComponentEntry(const ComponentEntry& entry, const EntityName& name,
                        const ReadReferences& references, const SourceText& source,
                        LevelEntity& entity, ComponentPositions& where,
                        std::vector<TextProblem>& problems) {
  const ComponentTypeInfo* type = FindComponentType(entry.type);
  if (type == nullptr) {  // kept unread, written back by the next save
    entity.preserved.push_back(PreservedComponent{std::string(entry.type), entry.version,
                                                  static_cast<std::uint32_t>(entry.slot),
                                                  source.ValueAt(entry.body->position)});
    return;
  }
  const auto label = [&] { return name.Text() + " component " + std::string(entry.type); };
  if (entry.version > type->version) {
    problems.emplace_back(entry.at, label() + ": version " + std::to_string(entry.version) +
                                        " is newer than this build reads (" +
                                        std::to_string(type->version) + ")");
    return;
  }
  ComponentBundle& bundle = entity.components;
  const bool single_and_free = type->slots == nullptr && entry.slot == 0 && !bundle.Has(type->id);
  void* target = single_and_free
                     ? ComponentIn(bundle, type->id)
                     : SavedComponentTarget(*type, entry, label(), where, bundle, problems);
  if (target == nullptr) return;
  const void* base = KindBases::Base(entry.kind, *type);
  if (base != nullptr && entry.body->IsTable() && entry.body->members.empty()) {
    KindBases::Copy(*entry.kind, type->id, bundle);  // a single component: `target` is its place
  } else {
    thread_local Fields fields;  // as in DecodeComponentBody: one buffer, every used field set
    const std::span<FieldValue> decoded(fields.data(), type->fields.size());
    std::vector<TextProblem> body_problems;
    if (base != nullptr)
      for (std::size_t i = 0; i < decoded.size(); ++i) decoded[i] = type->fields[i].get(base);
    if (!(base != nullptr
              ? DecodeComponentBodyOnto(*type, *entry.body, references, decoded, body_problems)
              : DecodeComponentBody(*type, *entry.body, references, decoded, body_problems))) {
      const std::string what = name.Text();
      for (TextProblem& p : body_problems)
        problems.emplace_back(p.position, what + ": " + p.message);
      if (type->slots != nullptr)
        (void)type->slots->erase(ComponentIn(bundle, type->id),
                                 static_cast<std::uint32_t>(entry.slot));
      return;
    }
    for (std::size_t i = 0; i < decoded.size(); ++i) type->fields[i].set(target, decoded[i]);
  }
  bundle.mask |= KindBit(type->id);
  where[static_cast<std::size_t>(type->id)] = entry.at;
}

// One entry of an entity's `components` list: { type, version, slot, body }.
void ReadListedComponent(const TomlValue& table, const std::vector<TomlValue>& list,
                         const ComponentBundle* kind, const EntityName& name,
                         const ReadReferences& references, const SourceText& source,
                         LevelEntity& entity, ComponentPositions& where,
                         std::vector<TextProblem>& problems) {
  TableReader cr(table, name.Text() + " component", problems);
  std::string type_name;
  ComponentEntry entry;
  (void)cr.String("type", type_name);
  (void)cr.Integer("version", entry.version, 1, 1000, false);
  (void)cr.Integer("slot", entry.slot, 0, kMaxSlot, false);
  entry.body = cr.Get("body", TomlKind::Table, true);
  cr.RejectUnknown();
  if (entry.body == nullptr || type_name.empty()) return;
  entry.type = type_name;
  entry.at = table.position;
  entry.list = &list;
  entry.kind = kind;
  ReadComponentEntry(entry, name, references, source, entity, where, problems);
}

// `slots_used = { loot = 10 }` (version 10): a Many component's slot history above its highest
// entry, so a removed top slot is not handed out again after a resume. Each name is a Many
// component the entity has; each value is at least what its entries imply.
void ReadSlotsUsed(const TomlValue& value, const EntityName& name, ComponentBundle& bundle,
                   std::vector<TextProblem>& problems) {
  if (!value.IsTable()) {
    problems.emplace_back(value.position, name.Text() + ": 'slots_used' must be a table, not " +
                                              TomlKindWithArticle(value.kind));
    return;
  }
  for (const TomlMember& m : value.members) {
    const ComponentTypeInfo* type = FindComponentType(m.key);
    if (type == nullptr || type->slots == nullptr || !bundle.Has(type->id)) {
      problems.emplace_back(m.key_position, name.Text() + ": slots_used names '" + m.key +
                                                "', which is not a Many component it has");
      continue;
    }
    void* component = ComponentIn(bundle, type->id);
    const std::uint32_t used = type->slots->slots_used(component);
    if (m.value.kind != TomlKind::Integer || m.value.integer < used ||
        m.value.integer > std::int64_t{kMaxSlot} + 1) {
      problems.emplace_back(m.value.position, name.Text() + ": slots_used." + m.key +
                                                  " must be a whole number from " +
                                                  std::to_string(used) +
                                                  " (past its highest slot) to " +
                                                  std::to_string(std::int64_t{kMaxSlot} + 1));
      continue;
    }
    type->slots->keep_slots_used(component, static_cast<std::uint32_t>(m.value.integer));
  }
}

// A member of an entity that is neither its identity, its list, nor a table (a component): a
// known component's name with another kind of value, or a member nobody reads.
void EntityMemberProblem(const TomlMember& m, const EntityName& name,
                         std::vector<TextProblem>& problems) {
  if (FindComponentType(m.key) != nullptr) {
    problems.emplace_back(m.value.position, name.Text() + ": '" + m.key +
                                                "' must be a table, not " +
                                                TomlKindWithArticle(m.value.kind));
    return;
  }
  ClosestName closest(m.key);
  for (std::string_view known : {"uuid", "instance", "components", "slots_used"})
    closest.Consider(known);
  for (const ComponentTypeInfo& type : AllComponentTypes()) closest.Consider(type.name);
  problems.emplace_back(m.key_position, name.Text() + ": unknown member '" + m.key + "'" +
                                            DidYouMeanText(closest.Best()));
}

// The body of an entity's `type` component as written: its member, or its entry in the list.
const TomlValue* WrittenBody(const TomlValue& entity, std::string_view type) {
  for (const TomlMember& m : entity.members) {
    if (m.key == type && m.value.IsTable()) return &m.value;
    if (m.key != "components" || m.value.kind != TomlKind::Array) continue;
    for (const TomlValue& e : m.value.array) {
      const TomlValue* named = e.IsTable() ? e.Find("type") : nullptr;
      const TomlValue* body = e.IsTable() ? e.Find("body") : nullptr;
      if (named != nullptr && named->kind == TomlKind::String && named->text == type &&
          body != nullptr && body->IsTable())
        return body;
    }
  }
  return nullptr;
}

// A version-6 entity's kind, taken as KindBases::Of takes it from the components it will have:
// its enemy_ai's, else its item's, `kind` left out being the first (as the body reads). Null when
// it has neither, or names no kind (the body's reading says so).
const ComponentBundle* WrittenKind(const TomlValue& entity, const KindBases& kinds,
                                   const ReferenceCodec& references) {
  const auto index_of = [&](const TomlValue& body, DefinitionKind definitions) {
    std::int64_t index = 0;
    const TomlValue* kind = body.Find("kind");
    std::string error;
    if (kind != nullptr && (kind->kind != TomlKind::String ||
                            !references.ParseDefinition(definitions, kind->text, index, error)))
      return std::int64_t{-1};
    return index;
  };
  if (const TomlValue* ai = WrittenBody(entity, "enemy_ai"))
    return kinds.Monster(index_of(*ai, DefinitionKind::Monster));
  if (const TomlValue* item = WrittenBody(entity, "item"))
    return kinds.Item(index_of(*item, DefinitionKind::Item));
  return nullptr;
}

// Every member of an entity but its identity (`uuid`, `instance`: the caller's): each component,
// as a member or in the `components` list, then the requires and rejects of its types. `kinds`
// (version 6) give a monster's or item's fields left out.
void ReadEntityComponents(const TomlValue& table, const EntityName& name, const KindBases* kinds,
                          const ReadReferences& references, const SourceText& source,
                          LevelEntity& entity, ComponentPositions& where,
                          std::vector<TextProblem>& problems) {
  ComponentBundle& bundle = entity.components;
  bundle = ComponentBundle{};
  const ComponentBundle* kind = kinds != nullptr ? WrittenKind(table, *kinds, references) : nullptr;
  // In document order, so of two writings of one component the later is the duplicate.
  const TomlValue* slots_used = nullptr;
  for (const TomlMember& m : table.members) {
    if (m.key == "uuid" || m.key == "instance") continue;
    if (m.key == "slots_used") {
      slots_used = &m.value;
    } else if (m.key == "components" && m.value.kind == TomlKind::Array) {
      for (const TomlValue& e : m.value.array) {
        if (e.IsTable())
          ReadListedComponent(e, m.value.array, kind, name, references, source, entity, where,
                              problems);
        else
          problems.emplace_back(
              e.position,
              name.Text() + ": each component is a table { type, version, slot, body }");
      }
    } else if (m.key == "components") {
      problems.emplace_back(m.value.position, name.Text() +
                                                  ": 'components' must be an array, not " +
                                                  TomlKindWithArticle(m.value.kind));
    } else if (m.value.IsTable()) {
      ComponentEntry entry;
      entry.type = m.key;
      entry.body = &m.value;
      entry.at = m.key_position;
      entry.kind = kind;
      ReadComponentEntry(entry, name, references, source, entity, where, problems);
    } else {
      EntityMemberProblem(m, name, problems);
    }
  }
  if (slots_used != nullptr) ReadSlotsUsed(*slots_used, name, bundle, problems);
  // Requires and rejects, as for levels: a save a build wrote always keeps them.
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    if (!bundle.Has(type.id)) continue;
    for (ComponentTypeId needed : type.requires_types)
      if (!bundle.Has(needed))
        problems.emplace_back(table.position, name.Text() + ": " + std::string(type.name) +
                                                  " requires " +
                                                  std::string(TypeInfoOf(needed).name));
    for (ComponentTypeId rejected : type.rejects_types)
      if (bundle.Has(rejected))
        problems.emplace_back(table.position, name.Text() + ": " + std::string(type.name) +
                                                  " cannot be with " +
                                                  std::string(TypeInfoOf(rejected).name));
  }
  if (bundle.Has<Named>()) entity.authored_id = std::string(bundle.named.id.View());
}

// The semantic checks a level passes (game/level_invariants.h), at each entity's or component's
// line and column. The player's floor holds the one player; every other floor none.
void CheckFloor(const FloorImage& floor, const DefinitionSet& definitions, bool players_floor,
                const std::string& what, const TomlValue& table,
                const std::vector<const TomlValue*>& tables,
                const std::vector<ComponentPositions>& where, std::vector<TextProblem>& problems) {
  const auto label = [&](std::size_t i) {
    return "entity " + UuidText(floor.level.entities[i].source) + " (line " +
           std::to_string(tables[i]->position.line) + ")";
  };
  std::vector<LevelProblem> broken;
  CheckLevelInvariants(floor.level, definitions, players_floor ? 1 : 0, label, broken);
  for (const LevelProblem& p : broken) {
    if (p.entity == LevelProblem::kWholeLevel) {
      problems.push_back(TextProblem{
          table.position,
          what + " " + p.what + (players_floor ? " (the save's depth is this floor)" : ""),
          {}});
      continue;
    }
    const TextPosition written =
        p.has_component ? where[p.entity][static_cast<std::size_t>(p.component)] : TextPosition{};
    problems.push_back(TextProblem{
        written.line != 0 ? written : tables[p.entity]->position,
        what + " entity " + UuidText(floor.level.entities[p.entity].source) + " " + p.what,
        {}});
  }
}

// A floor's random streams: each purpose's state (never all zero) and draw count.
void ReadRandomStreams(TableReader& r, FloorImage& floor, std::vector<TextProblem>& problems) {
  const TomlValue* random = r.Get("random", TomlKind::Table, true);
  if (random == nullptr) return;
  TableReader rr(*random, r.What() + " random", problems);
  for (std::size_t p = 0; p < kRandomPurposeCount; ++p) {
    const char* name = RandomPurposeName(static_cast<RandomPurpose>(p));
    const TomlValue* stream = rr.Get(name, TomlKind::Table, true);
    if (stream == nullptr) continue;
    TableReader sr(*stream, r.What() + " random " + name, problems);
    std::array<std::uint64_t, 4> state{};
    std::int64_t draws = 0;
    if (const TomlValue* words = sr.Get("state", TomlKind::Array, true)) {
      bool ok = words->array.size() == 4;
      for (std::size_t w = 0; ok && w < 4; ++w)
        ok = words->array[w].kind == TomlKind::String && ParseHex64(words->array[w].text, state[w]);
      if (!ok)
        sr.Problem(words->position,
                   sr.What() + ": 'state' is four strings of 16 lower-case hexadecimal digits");
      else if (state == std::array<std::uint64_t, 4>{})
        sr.Problem(words->position, sr.What() + ": a generator's state is never all zero");
    }
    (void)sr.Integer("draws", draws, 0, static_cast<std::int64_t>(kMaxRandomDraws));
    sr.RejectUnknown();
    floor.random.streams[p].SetState(state);
    floor.random.streams[p].SetDraws(static_cast<std::uint64_t>(draws));
  }
  rr.RejectUnknown();
}

// The floor's map: 1 to TileMap::kMaxSide rows of map characters, every row as wide as the first.
void ReadFloorMap(TableReader& r, LevelDefinition& level) {
  const TomlValue* rows = r.Get("map", TomlKind::Array, true);
  if (rows == nullptr) return;
  level.height = static_cast<std::int32_t>(rows->array.size());
  level.width = rows->array.empty() || rows->array[0].kind != TomlKind::String
                    ? 0
                    : static_cast<std::int32_t>(rows->array[0].text.size());
  if (level.width < 1 || level.height < 1 || level.width > TileMap::kMaxSide ||
      level.height > TileMap::kMaxSide) {
    r.Problem(rows->position, r.What() + ": the map is 1 to " + std::to_string(TileMap::kMaxSide) +
                                  " rows of 1 to " + std::to_string(TileMap::kMaxSide) +
                                  " characters");
    level.width = level.height = 0;
    return;
  }
  level.cells.assign(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
                     Terrain::Wall);
  for (std::size_t y = 0; y < rows->array.size(); ++y) {
    const TomlValue& row = rows->array[y];
    if (row.kind != TomlKind::String || row.text.size() != static_cast<std::size_t>(level.width)) {
      r.Problem(row.position, r.What() + ": map row " + std::to_string(y) +
                                  " is not a string as wide as the first");
      continue;
    }
    for (std::size_t x = 0; x < row.text.size(); ++x) {
      const auto found = std::find_if(kTerrainChars.begin(), kTerrainChars.end(),
                                      [&](const auto& e) { return e.first == row.text[x]; });
      if (found == kTerrainChars.end()) {
        r.Problem(TextPosition{row.position.line,
                               row.position.column + 1 + static_cast<std::uint32_t>(x)},
                  r.What() + ": '" + std::string(1, row.text[x]) +
                      "' is not a map character (# . + ' ~ :)");
        break;
      }
      level.cells[y * static_cast<std::size_t>(level.width) + x] = found->second;
    }
  }
}

// What the player remembers of the map: one row of digits per map row.
void ReadRemembered(TableReader& r, const LevelDefinition& level, FloorImage& floor) {
  const TomlValue* rows = r.Get("remembered", TomlKind::Array, true);
  if (rows == nullptr) return;
  floor.remembered.assign(level.cells.size(), 0);
  if (rows->array.size() != static_cast<std::size_t>(level.height)) {
    r.Problem(rows->position, r.What() + ": 'remembered' has one row per map row");
    return;
  }
  for (std::size_t y = 0; y < rows->array.size(); ++y) {
    const TomlValue& row = rows->array[y];
    bool ok =
        row.kind == TomlKind::String && row.text.size() == static_cast<std::size_t>(level.width);
    for (std::size_t x = 0; ok && x < row.text.size(); ++x) {
      // TileMap's bits: 1 the terrain was seen, 2 an item was seen lying there, 4 the terrain
      // was mapped by magic and not yet seen.
      ok = row.text[x] >= '0' && row.text[x] <= '7';
      if (ok)
        floor.remembered[y * static_cast<std::size_t>(level.width) + x] =
            static_cast<std::uint8_t>(row.text[x] - '0');
    }
    if (!ok)
      r.Problem(row.position, r.What() + ": remembered row " + std::to_string(y) +
                                  " is a string of digits 0 to 7 as wide as the map");
  }
}

// The remembered cells whose terrain was another when last seen: { x, y, terrain }, each a
// remembered cell of the map, once; `terrain` a map character.
void ReadRememberedTerrain(TableReader& r, FloorImage& floor, std::vector<TextProblem>& problems) {
  const TomlValue* cells = r.Get("remembered_terrain", TomlKind::Array, false);
  if (cells == nullptr) return;
  const LevelDefinition& level = floor.level;
  if (cells->array.size() > level.cells.size())
    r.Problem(cells->position, r.What() + ": more remembered terrain than the map has cells");
  for (const TomlValue& c : cells->array) {
    if (!c.IsTable()) {
      r.Problem(c.position, r.What() + ": each remembered terrain is { x, y, terrain }");
      continue;
    }
    TableReader cr(c, r.What() + " remembered terrain", problems);
    FloorImage::RememberedTerrain cell;
    std::string terrain;
    (void)cr.Int("x", cell.x, 0, level.width > 0 ? level.width - 1 : 0);
    (void)cr.Int("y", cell.y, 0, level.height > 0 ? level.height - 1 : 0);
    (void)cr.String("terrain", terrain);
    cr.RejectUnknown();
    const auto found = std::find_if(kTerrainChars.begin(), kTerrainChars.end(), [&](const auto& e) {
      return terrain.size() == 1 && e.first == terrain[0];
    });
    const std::size_t index =
        static_cast<std::size_t>(cell.y) * static_cast<std::size_t>(level.width) +
        static_cast<std::size_t>(cell.x);
    if (found == kTerrainChars.end())
      r.Problem(c.position, r.What() + ": remembered terrain '" + terrain +
                                "' is not a map character (# . + ' ~ :)");
    else if (index >= floor.remembered.size() || (floor.remembered[index] & 1) == 0)
      r.Problem(c.position, r.What() + ": remembered terrain at " + std::to_string(cell.x) + "," +
                                std::to_string(cell.y) + ", a cell not remembered");
    else if (std::any_of(floor.remembered_terrain.begin(), floor.remembered_terrain.end(),
                         [&](const auto& o) { return o.x == cell.x && o.y == cell.y; }))
      r.Problem(c.position, r.What() + ": remembered terrain twice at " + std::to_string(cell.x) +
                                "," + std::to_string(cell.y));
    else
      floor.remembered_terrain.push_back({cell.x, cell.y, found->second});
  }
}

// The items the player remembers seeing lie on the floor: { x, y, glyph, ascii, colour, layer },
// one a cell, at most as many as the floor holds items.
void ReadSeenItems(TableReader& r, const WorldLimits& limits, FloorImage& floor,
                   std::vector<TextProblem>& problems) {
  const TomlValue* seen = r.Get("seen_items", TomlKind::Array, false);
  if (seen == nullptr) return;
  const LevelDefinition& level = floor.level;
  if (seen->array.size() > limits.Pool(ComponentKind::Item))
    r.Problem(seen->position, r.What() + ": more seen items than the floor holds items");
  for (const TomlValue& s : seen->array) {
    if (!s.IsTable()) {
      r.Problem(s.position, r.What() + ": each seen item is { x, y, glyph, ascii, colour, layer }");
      continue;
    }
    TableReader sr(s, r.What() + " seen item", problems);
    std::int32_t x = 0, y = 0;
    std::int64_t ascii = '?', colour = 0;
    Appearance look;
    (void)sr.Int("x", x, 0, level.width > 0 ? level.width - 1 : 0);
    (void)sr.Int("y", y, 0, level.height > 0 ? level.height - 1 : 0);
    (void)sr.Int("glyph", look.glyph, 0x20, 0x10FFFF);
    (void)sr.Integer("ascii", ascii, 0x20, 0x7E);
    (void)sr.Integer("colour", colour, 0, kColourCount - 1);
    (void)sr.Int("layer", look.layer, 0, 255);
    sr.RejectUnknown();
    look.ascii = static_cast<char>(ascii);
    look.colour = static_cast<Colour>(colour);
    const auto cell = static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(level.width) +
                      static_cast<std::uint32_t>(x);
    if (std::any_of(floor.seen_items.begin(), floor.seen_items.end(),
                    [cell](const SeenItem& o) { return o.cell == cell; }))
      r.Problem(s.position,
                r.What() + ": two seen items at " + std::to_string(x) + "," + std::to_string(y));
    floor.seen_items.push_back(SeenItem{cell, EntityId{}, look});
  }
}

// The floor's [[floor.entity]] tables, at most as many as the world holds.
std::vector<const TomlValue*> EntityTables(TableReader& r, const WorldLimits& limits) {
  std::vector<const TomlValue*> tables;
  if (const TomlValue* entities = r.Get("entity", TomlKind::Array, false)) {
    for (const TomlValue& e : entities->array) {
      if (!e.IsTable()) {
        r.Problem(e.position, r.What() + ": each [[floor.entity]] is a table");
        continue;
      }
      tables.push_back(&e);
    }
  }
  if (tables.size() > limits.entities)
    r.Problem(r.Table().position, r.What() + " has " + std::to_string(tables.size()) +
                                      " entities; the world holds at most " +
                                      std::to_string(limits.entities));
  return tables;
}

// An entity's `uuid` and `instance` when both are as the writer writes them (strings holding
// UUIDs, `instance` perhaps left out for the run's); false to have them read again by a reader
// that says what is wrong.
bool WrittenIdentity(const TomlValue& table, const Uuid& run, Uuid& source, Uuid& instance) {
  const TomlValue* uuid = nullptr;
  const TomlValue* scope = nullptr;
  for (const TomlMember& m : table.members) {
    if (m.key == "uuid") uuid = &m.value;
    if (m.key == "instance") scope = &m.value;
  }
  if (uuid == nullptr || uuid->kind != TomlKind::String ||
      ParseUuid(uuid->text, source) != Status::Ok)
    return false;
  if (scope == nullptr) {
    instance = run;
    return !run.IsNil();
  }
  return scope->kind == TomlKind::String && ParseUuid(scope->text, instance) == Status::Ok;
}

// Pass 1 over the entities: every entity's UUIDs, indexed, so references can name any of them.
void ReadEntityIdentities(const TableReader& r, const std::vector<const TomlValue*>& tables,
                          const Uuid& run, LevelDefinition& level,
                          std::map<Uuid, std::uint32_t>& index,
                          std::vector<TextProblem>& problems) {
  level.entities.resize(tables.size());
  for (std::size_t i = 0; i < tables.size(); ++i) {
    LevelEntity& entity = level.entities[i];
    const bool written = WrittenIdentity(*tables[i], run, entity.source, entity.instance);
    std::optional<TableReader> er;  // only where something is wrong: it names the entity
    bool has_source = written;
    if (!written) {
      er.emplace(*tables[i], r.What() + " entity", problems);
      has_source = ReadUuidMember(*er, "uuid", entity.source);
      if (has_source) er->SetWhat(r.What() + " entity " + UuidText(entity.source));
    }
    if (has_source) {
      if (const auto [it, fresh] = index.emplace(entity.source, static_cast<std::uint32_t>(i));
          !fresh)
        problems.push_back(DuplicateProblem(
            tables[i]->Find("uuid")->position,
            r.What() + " entity " + UuidText(entity.source) + ": duplicate uuid on the floor",
            tables[it->second]->Find("uuid")->position));
    }
    if (!written) {
      // Left out, it is the run's (a run that never minted a key has none: then it is needed).
      entity.instance = run;
      (void)ReadUuidMember(*er, "instance", entity.instance, run.IsNil());
    }
  }
}

// Pass 2: every entity's components, references resolved; then the pools' caps.
void ReadEntitiesComponents(TableReader& r, const std::vector<const TomlValue*>& tables,
                            const KindBases* kinds, const ReadReferences& references,
                            const WorldLimits& limits, const SourceText& source,
                            LevelDefinition& level, std::vector<ComponentPositions>& where,
                            std::vector<TextProblem>& problems) {
  std::array<std::uint32_t, kComponentKindCount> pool_use{};
  where.assign(tables.size(), ComponentPositions{});
  for (std::size_t i = 0; i < tables.size(); ++i) {
    LevelEntity& entity = level.entities[i];
    ReadEntityComponents(*tables[i], EntityName{r.What(), entity.source}, kinds, references, source,
                         entity, where[i], problems);
    for (std::size_t k = 0; k < kComponentKindCount; ++k)
      if ((entity.components.mask >> k) & 1u) ++pool_use[k];
  }
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if (pool_use[k] > limits.pools[k])
      r.Problem(r.Table().position, r.What() + " has " + std::to_string(pool_use[k]) + " " +
                                        ComponentKindName(static_cast<ComponentKind>(k)) +
                                        " components; the world holds at most " +
                                        std::to_string(limits.pools[k]));
}

// Spawn outcomes: { request, entity }, at most as many as the world holds.
void ReadOutcomes(TableReader& r, const ReadReferences& references, const WorldLimits& limits,
                  FloorImage& floor, std::vector<TextProblem>& problems) {
  const TomlValue* outcomes = r.Get("outcomes", TomlKind::Array, false);
  if (outcomes == nullptr) return;
  if (outcomes->array.size() > limits.outcomes)
    r.Problem(outcomes->position, r.What() + ": more spawn outcomes than the world holds");
  for (const TomlValue& o : outcomes->array) {
    if (!o.IsTable()) {
      r.Problem(o.position, r.What() + ": each outcome is { request, entity }");
      continue;
    }
    TableReader orr(o, r.What() + " outcome", problems);
    FloorImage::Outcome outcome;
    (void)orr.Int("request", outcome.request, 1, kMaxSpawnRequest);
    ReadReferenceMember(orr, "entity", references, outcome.entity);
    orr.RejectUnknown();
    floor.outcomes.push_back(outcome);
  }
}

// Noises heard this tick: { source, x, y, radius }, on the map, at most as many as events.
void ReadNoises(TableReader& r, const ReadReferences& references, const WorldLimits& limits,
                FloorImage& floor, std::vector<TextProblem>& problems) {
  const TomlValue* noises = r.Get("noises", TomlKind::Array, false);
  if (noises == nullptr) return;
  if (noises->array.size() > limits.events)
    r.Problem(noises->position, r.What() + ": more noises than the world holds");
  const LevelDefinition& level = floor.level;
  for (const TomlValue& n : noises->array) {
    if (!n.IsTable()) {
      r.Problem(n.position, r.What() + ": each noise is { source, x, y, radius }");
      continue;
    }
    TableReader nr(n, r.What() + " noise", problems);
    FloorImage::Noise noise;
    ReadReferenceMember(nr, "source", references, noise.source);
    (void)nr.Int("x", noise.x, 0, level.width > 0 ? level.width - 1 : 0);
    (void)nr.Int("y", noise.y, 0, level.height > 0 ? level.height - 1 : 0);
    (void)nr.Int("radius", noise.radius, 0, kMaxNoiseRadius);
    nr.RejectUnknown();
    floor.noises.push_back(noise);
  }
}

// A player who may not act for ages would make every command wait that long.
void CheckPlayerWait(TableReader& r, const FloorImage& floor,
                     const std::vector<const TomlValue*>& tables) {
  for (std::size_t i = 0; i < floor.level.entities.size(); ++i) {
    const ComponentBundle& c = floor.level.entities[i].components;
    if (c.Has<Player>() && c.player.next_tick > floor.tick + kLongestWait)
      r.Problem(tables[i]->position, r.What() + ": the player may not act before tick " +
                                         std::to_string(c.player.next_tick) +
                                         ", long after the floor's tick " +
                                         std::to_string(floor.tick));
  }
}

// One [[floor]]: its header members, random streams, map, what is remembered, its entities (two
// passes: identities, then components), spawn outcomes and noises; then, once it reads at all,
// the rules a level passes. `kinds`: a version-6 save's (ReadEntityComponents).
bool ReadFloor(const TomlValue& table, const Uuid& run, const DefinitionSet& definitions,
               const KindBases* kinds, const WorldLimits& limits, std::int32_t floor_count,
               std::int32_t players_depth, const SourceText& source, FloorImage& floor,
               std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TableReader r(table, "floor", problems);
  if (r.Int("depth", floor.depth, 1, floor_count))
    r.SetWhat("floor " + std::to_string(floor.depth));
  LevelDefinition& level = floor.level;
  (void)r.ShownName("name", level.name, kMaxLevelNameBytes);  // held to the level reader's rules
  (void)ReadUuidMember(r, "level_uuid", level.uuid, false);
  (void)ReadHexMember(r, "level_digest", level.digest);
  (void)r.Integer("tick", floor.tick, 0, kMaxTick);
  (void)r.Int("last_request", floor.last_request, 0, kMaxSpawnRequest);
  ReadRandomStreams(r, floor, problems);
  ReadFloorMap(r, level);
  ReadRemembered(r, level, floor);
  ReadRememberedTerrain(r, floor, problems);
  ReadSeenItems(r, limits, floor, problems);
  const std::vector<const TomlValue*> tables = EntityTables(r, limits);
  std::map<Uuid, std::uint32_t> index;
  ReadEntityIdentities(r, tables, run, level, index, problems);
  const ReadReferences references(index, definitions);
  std::vector<ComponentPositions> where;
  ReadEntitiesComponents(r, tables, kinds, references, limits, source, level, where, problems);
  ReadOutcomes(r, references, limits, floor, problems);
  ReadNoises(r, references, limits, floor, problems);
  CheckPlayerWait(r, floor, tables);
  r.RejectUnknown();
  // What the rules need of the floor, once it reads at all (a broken entity would only bring
  // echoes of its first problem).
  if (problems.size() == before)
    CheckFloor(floor, definitions, floor.depth == players_depth, r.What(), table, tables, where,
               problems);
  return problems.size() == before;
}

// The end of the message log: at most kSavedMessages of { tick, text [, count, tone] }.
void ReadSavedMessages(TableReader& file, SessionImage& image, std::vector<TextProblem>& problems) {
  const TomlValue* messages = file.Get("messages", TomlKind::Array, true);
  if (messages == nullptr) return;
  if (messages->array.size() > kSavedMessages)
    file.Problem(messages->position, "the save: more than " + std::to_string(kSavedMessages) +
                                         " messages (a save keeps the last " +
                                         std::to_string(kSavedMessages) + ")");
  for (const TomlValue& m : messages->array) {
    if (!m.IsTable()) {
      file.Problem(m.position, "the save: each message is { tick, text [, count, tone] }");
      continue;
    }
    TableReader mr(m, "message", problems);
    Message message;
    (void)mr.Integer("tick", message.tick, 0, kMaxTick);
    (void)mr.ShownString("text", message.text);  // the game never says a control character
    (void)mr.Int("count", message.count, 1, UINT32_MAX, false);
    std::size_t tone = 0;
    if (mr.Choice("tone", kMessageToneNames, tone, false))
      message.tone = static_cast<MessageTone>(tone);
    mr.RejectUnknown();
    image.messages.push_back(std::move(message));
  }
}

// The run's notes (version 8): at most kMaxNotes of { turn, depth, text }.
void ReadSavedNotes(TableReader& file, SessionImage& image, std::vector<TextProblem>& problems) {
  const TomlValue* notes = file.Get("notes", TomlKind::Array, false);
  if (notes == nullptr) return;
  if (notes->array.size() > kMaxNotes)
    file.Problem(notes->position, "the save: more than " + std::to_string(kMaxNotes) + " notes");
  for (const TomlValue& n : notes->array) {
    if (!n.IsTable()) {
      file.Problem(n.position, "the save: each note is { turn, depth, text }");
      continue;
    }
    TableReader nr(n, "note", problems);
    Note note;
    (void)nr.Int("turn", note.turn, 0, INT32_MAX);
    (void)nr.Int("depth", note.depth, 1, kMaxDepth);
    (void)nr.ShownString("text", note.text);
    nr.RejectUnknown();
    image.notes.push_back(std::move(note));
  }
}

// Before version 4 an authored level's entities were keyed by the level document's uuid (an
// asset id) as if it were their instance; now each placement has its own (identity/placement.h),
// and an authored level is only ever placed as a floor's own level.
void ScopeByPlacement(SessionImage& image) noexcept {
  for (FloorImage& floor : image.floors) {
    if (floor.level.uuid.IsNil()) continue;
    const InstanceId placement = PlacementInstance(image.seed, floor.depth, kFloorLevelPlacement);
    for (LevelEntity& entity : floor.level.entities)
      if (entity.instance == floor.level.uuid) entity.instance = placement.Value;
  }
}

// Why a version this build no longer reads is refused: version 1 came before the seed was
// hashed and before the components that arrived with version 2 (the list says which).
std::span<const RetiredVersion> RetiredSaveVersions() {
  static const std::string kWhy = "its state hash covers neither the seed nor the " +
                                  ComponentsArrivedIn(2) +
                                  ", so the run would not resume to the state it was saved in";
  static const RetiredVersion kRetired[] = {{1, kWhy}};
  return kRetired;
}

// `parts`: the parts the state covers, each `name = "16 hex digits"` (version 7 on). Required
// while `state` is checked; every name a part this build knows; registry, map and random always
// there (a pool with no component is no part, so none is 16 zeros).
void ReadStateParts(TableReader& file, bool required, std::vector<PartHash>& out) {
  const TomlValue* parts = file.Get("parts", TomlKind::Table, required);
  if (parts == nullptr) return;
  bool base[3] = {false, false, false};
  for (const TomlMember& m : parts->members) {
    std::size_t part = 0;
    if (!FindStatePart(m.key, part)) {
      file.Problem(m.key_position,
                   "the save's state covers '" + m.key +
                       "', which is not registry, map, random or a component this build knows "
                       "(a build with other components wrote it)");
      continue;
    }
    std::uint64_t hash = 0;
    if (m.value.kind != TomlKind::String || !ParseHex64(m.value.text, hash) || hash == 0) {
      file.Problem(m.value.position, "the save: parts' '" + m.key +
                                         "' is 16 lower-case hexadecimal digits, not all zero");
      continue;
    }
    if (part < 3) base[part] = true;
    out.push_back(PartHash{static_cast<std::uint32_t>(part), hash});
  }
  for (std::size_t p = 0; p < 3; ++p)
    if (!base[p])
      file.Problem(parts->position,
                   std::string("the save: parts must give '") + StatePartName(p) + "'");
}

}  // namespace

std::int32_t SaveDungeonRules(std::string_view text) {
  TomlValue root;
  std::vector<TextProblem> problems;
  if (!ParseTomlFile(text, root, problems)) return kDungeonRules;
  const TomlValue* rules = root.Find("dungeon_rules");
  if (rules == nullptr) return kOldestDungeonRules;
  if (rules->kind != TomlKind::Integer || rules->integer < kOldestDungeonRules ||
      rules->integer > kDungeonRules)
    return kDungeonRules;
  return static_cast<std::int32_t>(rules->integer);
}

namespace {

// The members about the whole run, before its floors: who wrote it, what it was made from, its
// state hash and parts, where the player is, and the message log and notes.
void ReadRunMembers(TableReader& file, const TomlValue& root, std::int64_t version,
                    SessionImage& image, std::vector<TextProblem>& problems) {
  std::string build;
  (void)file.String("build", build);
  (void)ReadHexMember(file, "content", image.content);
  (void)ReadHexMember(file, "seed", image.seed);
  (void)ReadHexMember(file, "state", image.state_hash);
  if (version > kLastPositionalSaveVersion)
    ReadStateParts(file, image.state_hash != 0, image.state_parts);
  (void)file.Int("floors", image.floor_count, 1, kMaxDepth);
  (void)file.Int("depth", image.depth, 1, image.floor_count);
  image.dungeon_rules = kOldestDungeonRules;  // what every save before the member was made under
  if (version >= kFirstSaveWithRules)
    (void)file.Int("dungeon_rules", image.dungeon_rules, kOldestDungeonRules, kDungeonRules);
  std::string run;
  if (file.String("run", run) && !run.empty() && ParseUuid(run, image.run_instance) != Status::Ok)
    file.Problem(root.Find("run")->position,
                 "the save: 'run' is \"" + run + "\", not a version-4 UUID");
  (void)file.Int("messages_said", image.messages_said, 0,
                 static_cast<std::int64_t>(kMaxMessagesSaid));
  ReadSavedMessages(file, image, problems);
  ReadSavedNotes(file, image, problems);
}

}  // namespace

bool ReadSaveText(std::string_view text, const DefinitionSet& definitions,
                  const WorldLimits& limits, SessionImage& out,
                  std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  // What the writer makes reads without toml++ (ParseTomlFile tries the subset reader first).
  if (!ParseTomlFile(text, root, problems)) return false;
  SessionImage image;
  const SourceText source(text);
  TableReader file(root, "the save", problems);
  constexpr std::int64_t kVersions[] = {kOldestSaveVersion, 3, 4, 5, 6, 7, 8, 9, kSaveVersion};
  std::int64_t version = 0;
  // A foreign file or another version: its other members mean nothing here.
  if (!ReadFileHeader(file, kSaveFormat, "save", kVersions, version, RetiredSaveVersions()))
    return false;
  // Up to version 6 the hash placed every pool the build knew by position: it is checked over
  // the components that had arrived by the save's version.
  if (version <= kLastPositionalSaveVersion) image.hash_form = DigestForm::PositionalAt(version);
  // From version 6 a monster's or item's fields left out are its kind's, not the type's defaults.
  std::optional<KindBases> kinds;
  if (version >= 6) kinds.emplace(definitions);
  ReadRunMembers(file, root, version, image, problems);
  if (const TomlValue* floors = file.Get("floor", TomlKind::Array, true)) {
    std::vector<TextPosition> floor_at;  // of each floor in image.floors
    for (const TomlValue& table : floors->array) {
      if (!table.IsTable()) {
        file.Problem(table.position, "each [[floor]] is a table");
        continue;
      }
      FloorImage floor;
      if (ReadFloor(table, image.run_instance, definitions, kinds ? &*kinds : nullptr, limits,
                    image.floor_count, image.depth, source, floor, problems)) {
        for (std::size_t i = 0; i < image.floors.size(); ++i)
          if (image.floors[i].depth == floor.depth)
            problems.push_back(DuplicateProblem(
                table.position, "duplicate floor: depth " + std::to_string(floor.depth),
                floor_at[i]));
        image.floors.push_back(std::move(floor));
        floor_at.push_back(table.position);
      }
    }
    if (floors->array.empty()) file.Problem(floors->position, "the save has no floor");
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  bool active = false;
  for (const FloorImage& floor : image.floors) active = active || floor.depth == image.depth;
  if (!active) {
    problems.push_back(
        {root.Find("depth")->position,
         "the save: the player's floor (depth " + std::to_string(image.depth) + ") is not in it",
         {}});
    return false;
  }
  if (version < 4) ScopeByPlacement(image);
  out = std::move(image);
  return true;
}

}  // namespace cairn
