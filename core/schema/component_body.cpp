#include "schema/component_body.h"

#include <array>

namespace cairn {

void DefaultFields(const ComponentTypeInfo& type, std::span<FieldValue> fields) noexcept {
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i)
    fields[i] = FieldValue{type.fields[i].default_value};
}

namespace {

std::string FieldList(const ComponentTypeInfo& type) {
  std::string names;
  for (const FieldInfo& field : type.fields) {
    if (!names.empty()) names += ", ";
    names += field.name;
  }
  return names.empty() ? "none" : names;
}

const FieldInfo* FindField(const ComponentTypeInfo& type, std::string_view name,
                           std::size_t& index) {
  for (std::size_t i = 0; i < type.fields.size(); ++i) {
    if (type.fields[i].name == name) {
      index = i;
      return &type.fields[i];
    }
  }
  return nullptr;
}

}  // namespace

bool DecodeComponentBody(const ComponentTypeInfo& type, const TomlValue& body,
                         std::span<FieldValue> fields, std::vector<BodyProblem>& problems) {
  const std::size_t problems_before = problems.size();
  if (!body.IsTable()) {
    problems.push_back({body.position, std::string("the body of ") + std::string(type.name) +
                                           " must be a table, found " +
                                           TomlKindWithArticle(body.kind)});
    return false;
  }
  std::array<FieldValue, kMaxFieldsPerComponent> decoded{};
  DefaultFields(type, decoded);
  for (const TomlMember& member : body.members) {
    std::size_t index = 0;
    const FieldInfo* field = FindField(type, member.key, index);
    if (field == nullptr) {
      problems.push_back({member.key_position, "unknown field '" + member.key + "' in " +
                                                   std::string(type.name) + " (its fields: " +
                                                   FieldList(type) + ")"});
      continue;
    }
    const TomlValue& value = member.value;
    if (value.kind != TomlKind::Integer) {
      problems.push_back({value.position, std::string(type.name) + "." + member.key + " must be " +
                                              FieldKindName(field->kind) + ", found " +
                                              TomlKindWithArticle(value.kind)});
      continue;
    }
    if (value.integer < field->min || value.integer > field->max) {
      problems.push_back({value.position, std::string(type.name) + "." + member.key + " is " +
                                              std::to_string(value.integer) + ", outside " +
                                              std::to_string(field->min) + ".." +
                                              std::to_string(field->max)});
      continue;
    }
    decoded[index] = FieldValue{value.integer};
  }
  if (problems.size() != problems_before) return false;
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i) fields[i] = decoded[i];
  return true;
}

std::string FormatComponentBody(const ComponentTypeInfo& type, std::span<const FieldValue> fields) {
  if (type.fields.empty()) return "{}";
  std::string out = "{ ";
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i) {
    if (i > 0) out += ", ";
    out += type.fields[i].name;
    out += " = ";
    out += std::to_string(fields[i].integer);
  }
  out += " }";
  return out;
}

}  // namespace cairn
