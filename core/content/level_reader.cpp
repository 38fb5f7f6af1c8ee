#include <algorithm>

#include "base/closest_name.h"
#include "content/level_document.h"
#include "game/level.h"
#include "schema/component_types.h"
#include "toml/source_text.h"
#include "toml/table_reader.h"

namespace cairn {
namespace {

constexpr Terrain kTerrains[] = {Terrain::Wall,     Terrain::Floor, Terrain::DoorClosed,
                                 Terrain::DoorOpen, Terrain::Water, Terrain::Chasm};

bool ValidLabel(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.' || c == ':';
    if (!ok) return false;
  }
  return true;
}

// The comment lines a file opens with, kept as written.
std::string HeaderComments(std::string_view text) {
  std::string header;
  for (std::size_t at = 0; at < text.size() && text[at] == '#';) {
    const std::size_t end = text.find('\n', at);
    const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    header.append(text.substr(at, next - at));
    at = next;
  }
  return header;
}

// `uuid` where `table` has one: required of a version-2 level (or entity), refused in version 1.
void ReadLevelUuid(TableReader& r, std::int64_t version, std::string_view refused, Uuid& uuid,
                   bool& has_uuid) {
  std::string text;
  if (!r.String("uuid", text, version == kLevelVersionUuids)) return;
  const TextPosition at = r.Table().Find("uuid")->position;
  if (version != kLevelVersionUuids)
    r.Problem(at, std::string(refused));
  else if (ParseUuid(text, uuid) != Status::Ok)
    r.Problem(at, "'" + text + "' is not a version-4 UUID");
  else
    has_uuid = true;
}

// [map] legend: one printable character -> a terrain name.
void ReadLegend(TableReader& m, const TomlValue& legend, LevelDocument& doc) {
  for (const TomlMember& entry : legend.members) {
    if (entry.key.size() != 1 || entry.key[0] <= ' ' || entry.key[0] >= 0x7F) {
      m.Problem(entry.key_position,
                "a legend key is one printable ASCII character, not \"" + entry.key + "\"");
      continue;
    }
    if (entry.value.kind != TomlKind::String) {
      m.Problem(entry.value.position, "the legend maps a character to a terrain name");
      continue;
    }
    const Terrain* found = nullptr;
    for (const Terrain& t : kTerrains)
      if (entry.value.text == TerrainLegendName(t)) found = &t;
    if (found == nullptr) {
      ClosestName closest(entry.value.text);
      for (const Terrain& t : kTerrains) closest.Consider(TerrainLegendName(t));
      m.Problem(entry.value.position,
                "unknown terrain \"" + entry.value.text + "\"" +
                    (closest.Best().empty() ? " (wall, floor, door, open-door, water, chasm)"
                                            : DidYouMeanText(closest.Best())));
      continue;
    }
    doc.legend.push_back(LegendEntry{entry.key[0], *found, entry.key_position});
  }
}

// [map]: the legend and at least one row of characters (checked against the legend later).
void ReadMap(TableReader& file, std::vector<TextProblem>& problems, LevelDocument& doc) {
  const TomlValue* map = file.Get("map", TomlKind::Table, true);
  if (map == nullptr) return;
  TableReader m(*map, "[map]", problems);
  if (const TomlValue* legend = m.Get("legend", TomlKind::Table, true)) ReadLegend(m, *legend, doc);
  if (const TomlValue* rows = m.Get("rows", TomlKind::Array, true)) {
    for (const TomlValue& row : rows->array) {
      if (row.kind != TomlKind::String) {
        m.Problem(row.position, "each map row is a string");
        continue;
      }
      doc.rows.push_back(row.text);
      doc.row_positions.push_back(row.position);
    }
    if (rows->array.empty()) m.Problem(rows->position, "the map needs at least one row");
  }
  m.RejectUnknown();
}

// An entity's components: { type, version, slot, body } each.
void ReadAuthoredComponents(TableReader& r, const SourceText& source,
                            std::vector<TextProblem>& problems, AuthoredEntity& e) {
  const TomlValue* components = r.Get("components", TomlKind::Array, true);
  if (components == nullptr) return;
  for (const TomlValue& entry : components->array) {
    if (!entry.IsTable()) {
      r.Problem(entry.position, "each component is a table { type, version, slot, body }");
      continue;
    }
    AuthoredComponent c;
    c.position = entry.position;
    TableReader cr(entry, r.What() + " component", problems);
    (void)cr.String("type", c.type);
    (void)cr.Integer("version", c.version, 1, 1000);
    (void)cr.Integer("slot", c.slot, 0, kMaxSlot);
    if (const TomlValue* body = cr.Get("body", TomlKind::Table, true)) {
      // A type this build does not know is kept only as its raw text, to be written back; its
      // tree is never read, so it is not copied (it can be most of the file).
      if (FindComponentType(c.type) == nullptr)
        c.body_text = source.ValueAt(body->position);
      else
        c.body = *body;
    }
    cr.RejectUnknown();
    e.components.push_back(std::move(c));
  }
}

// One [[entity]]: its id, uuid, name, kind and components.
AuthoredEntity ReadAuthoredEntity(const TomlValue& table, std::int64_t version,
                                  const SourceText& source, std::vector<TextProblem>& problems) {
  AuthoredEntity e;
  e.position = table.position;
  TableReader r(table, "entity", problems);
  if (r.String("id", e.id)) {
    e.id_position = table.Find("id")->position;
    if (!ValidLabel(e.id))
      r.Problem(e.id_position,
                "an entity id is 1 to 64 letters, digits and _ - . : (not \"" + e.id + "\")");
    r.SetWhat("entity '" + e.id + "'");
  }
  ReadLevelUuid(r, version, "a version 1 level's entities have no uuid", e.uuid, e.has_uuid);
  if (e.has_uuid) e.uuid_position = table.Find("uuid")->position;
  (void)r.ShownString("name", e.name, false);
  if (r.String("kind", e.kind, false)) e.kind_position = table.Find("kind")->position;
  ReadAuthoredComponents(r, source, problems, e);
  r.RejectUnknown();
  return e;
}

}  // namespace

const char* TerrainLegendName(Terrain terrain) noexcept {
  switch (terrain) {
    case Terrain::Wall: return "wall";
    case Terrain::Floor: return "floor";
    case Terrain::DoorClosed: return "door";
    case Terrain::DoorOpen: return "open-door";
    case Terrain::Water: return "water";
    case Terrain::Chasm: return "chasm";
  }
  return "unknown";
}

bool ReadLevelDocument(std::string_view text, LevelDocument& out,
                       std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  LevelDocument doc;
  const SourceText source(text);
  doc.header = HeaderComments(text);
  TableReader file(root, "the level", problems);
  constexpr std::int64_t kVersions[] = {kLevelVersionLabels, kLevelVersionUuids};
  if (!ReadFileHeader(file, kLevelFormat, "level", kVersions, doc.version)) return false;
  (void)file.ShownName("name", doc.name, kMaxLevelNameBytes);
  ReadLevelUuid(file, doc.version, "a version 1 level has no uuid (migrate it to version 2)",
                doc.uuid, doc.has_uuid);
  ReadMap(file, problems, doc);
  if (const TomlValue* entities = file.Get("entity", TomlKind::Array, false)) {
    for (const TomlValue& table : entities->array) {
      if (!table.IsTable()) {
        file.Problem(table.position, "each [[entity]] is a table");
        continue;
      }
      doc.entities.push_back(ReadAuthoredEntity(table, doc.version, source, problems));
    }
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  out = std::move(doc);
  return true;
}

}  // namespace cairn
