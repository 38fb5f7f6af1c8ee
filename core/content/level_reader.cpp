#include <algorithm>

#include "base/closest_name.h"
#include "content/level_document.h"
#include "schema/component_types.h"
#include "toml/source_text.h"
#include "toml/toml_reader.h"

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
  for (std::size_t at = 0; at < text.size() && text[at] == '#';) {
    const std::size_t end = text.find('\n', at);
    const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    doc.header.append(text.substr(at, next - at));
    at = next;
  }
  TableReader file(root, "the level", problems);
  constexpr std::int64_t kVersions[] = {kLevelVersionLabels, kLevelVersionUuids};
  if (!ReadFileHeader(file, kLevelFormat, "level", kVersions, doc.version)) return false;
  (void)file.ShownString("name", doc.name);
  std::string uuid_text;
  if (file.String("uuid", uuid_text, doc.version == kLevelVersionUuids)) {
    if (doc.version != kLevelVersionUuids)
      file.Problem(root.Find("uuid")->position,
                   "a version 1 level has no uuid (migrate it to version 2)");
    else if (ParseUuid(uuid_text, doc.uuid) != Status::Ok)
      file.Problem(root.Find("uuid")->position, "'" + uuid_text + "' is not a version-4 UUID");
    else
      doc.has_uuid = true;
  }

  if (const TomlValue* map = file.Get("map", TomlKind::Table, true)) {
    TableReader m(*map, "[map]", problems);
    if (const TomlValue* legend = m.Get("legend", TomlKind::Table, true)) {
      for (const TomlMember& entry : legend->members) {
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

  if (const TomlValue* entities = file.Get("entity", TomlKind::Array, false)) {
    for (const TomlValue& table : entities->array) {
      if (!table.IsTable()) {
        file.Problem(table.position, "each [[entity]] is a table");
        continue;
      }
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
      std::string entity_uuid;
      if (r.String("uuid", entity_uuid, doc.version == kLevelVersionUuids)) {
        if (doc.version != kLevelVersionUuids)
          r.Problem(table.Find("uuid")->position, "a version 1 level's entities have no uuid");
        else if (ParseUuid(entity_uuid, e.uuid) != Status::Ok)
          r.Problem(table.Find("uuid")->position, "'" + entity_uuid + "' is not a version-4 UUID");
        else
          e.has_uuid = true;
      }
      (void)r.ShownString("name", e.name, false);
      if (r.String("kind", e.kind, false)) e.kind_position = table.Find("kind")->position;
      if (const TomlValue* components = r.Get("components", TomlKind::Array, true)) {
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
          (void)cr.Integer("slot", c.slot, 0, 0xFFFF);
          if (const TomlValue* body = cr.Get("body", TomlKind::Table, true)) {
            // A type this build does not know is kept only as its raw text, to be written back;
            // its tree is never read, so it is not copied (it can be most of the file).
            if (FindComponentType(c.type) == nullptr)
              c.body_text = source.ValueAt(body->position);
            else
              c.body = *body;
          }
          cr.RejectUnknown();
          e.components.push_back(std::move(c));
        }
      }
      r.RejectUnknown();
      doc.entities.push_back(std::move(e));
    }
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  out = std::move(doc);
  return true;
}

}  // namespace cairn
