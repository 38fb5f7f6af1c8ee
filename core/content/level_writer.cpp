// The canonical level writer: one layout for every level, so a canonical file read and written
// back is unchanged and diffs stay small. Bodies of known types list their members in the order
// the type declares its fields; bodies of unknown types are written back exactly as they were read.
#include "content/level_document.h"
#include "schema/component_body.h"
#include "schema/component_types.h"

namespace cairn {
namespace {

std::string ValueText(const TomlValue& value) {
  switch (value.kind) {
    case TomlKind::Integer: return std::to_string(value.integer);
    case TomlKind::String: return QuoteTomlString(value.text);
    case TomlKind::Boolean: return value.boolean ? "true" : "false";
    case TomlKind::Float: {
      std::string s = std::to_string(value.floating);
      return s;
    }
    case TomlKind::DateTime: return value.text;
    case TomlKind::Array: {
      std::string out = "[";
      for (std::size_t i = 0; i < value.array.size(); ++i)
        out += (i ? ", " : "") + ValueText(value.array[i]);
      return out + "]";
    }
    case TomlKind::Table: {
      if (value.members.empty()) return "{}";
      std::string out = "{ ";
      for (std::size_t i = 0; i < value.members.size(); ++i)
        out += (i ? ", " : "") + value.members[i].key + " = " + ValueText(value.members[i].value);
      return out + " }";
    }
  }
  return "";
}

std::string BodyText(const AuthoredComponent& component) {
  const ComponentTypeInfo* type = FindComponentType(component.type);
  if (type == nullptr) return component.body_text;  // kept exactly as written
  std::string out;
  for (const FieldInfo& field : type->fields) {
    const TomlValue* value = component.body.Find(field.name);
    if (value == nullptr) continue;
    out += out.empty() ? "{ " : ", ";
    out += std::string(field.name) + " = " + ValueText(*value);
  }
  return out.empty() ? "{}" : out + " }";
}

}  // namespace

std::string WriteLevelDocument(const LevelDocument& d) {
  bool uuids = d.has_uuid;
  for (const AuthoredEntity& e : d.entities) uuids = uuids || e.has_uuid;
  const std::int64_t version = uuids ? kLevelVersionUuids : kLevelVersionLabels;
  std::string out = d.header;
  out += "format = \"" + std::string(kLevelFormat) + "\"\n";
  out += "version = " + std::to_string(version) + "\n";
  out += "name = " + QuoteTomlString(d.name) + "\n";
  if (uuids) out += "uuid = \"" + UuidText(d.uuid) + "\"\n";
  out += "\n[map]\nlegend = {";
  for (std::size_t i = 0; i < d.legend.size(); ++i) {
    out += i ? ", " : " ";
    out += QuoteTomlString(std::string(1, d.legend[i].glyph)) + " = \"" +
           TerrainLegendName(d.legend[i].terrain) + "\"";
  }
  out += d.legend.empty() ? "}\n" : " }\n";
  out += "rows = [\n";
  for (const std::string& row : d.rows) out += "  " + QuoteTomlString(row) + ",\n";
  out += "]\n";
  for (const AuthoredEntity& e : d.entities) {
    out += "\n[[entity]]\n";
    out += "id = " + QuoteTomlString(e.id) + "\n";
    if (uuids) out += "uuid = \"" + UuidText(e.uuid) + "\"\n";
    if (!e.name.empty()) out += "name = " + QuoteTomlString(e.name) + "\n";
    if (!e.kind.empty()) out += "kind = " + QuoteTomlString(e.kind) + "\n";
    out += "components = [\n";
    for (const AuthoredComponent& c : e.components) {
      out += "  { type = " + QuoteTomlString(c.type) + ", version = " + std::to_string(c.version) +
             ", slot = " + std::to_string(c.slot) + ", body = " + BodyText(c) + " },\n";
    }
    out += "]\n";
  }
  return out;
}

}  // namespace cairn
