#include "toml/toml_value.h"

namespace cairn {

const char* TomlKindName(TomlKind kind) noexcept {
  switch (kind) {
    case TomlKind::Table: return "table";
    case TomlKind::Array: return "array";
    case TomlKind::String: return "string";
    case TomlKind::Integer: return "integer";
    case TomlKind::Float: return "float";
    case TomlKind::Boolean: return "boolean";
    case TomlKind::DateTime: return "date-time";
  }
  return "value";
}

const char* TomlKindWithArticle(TomlKind kind) noexcept {
  switch (kind) {
    case TomlKind::Table: return "a table";
    case TomlKind::Array: return "an array";
    case TomlKind::String: return "a string";
    case TomlKind::Integer: return "an integer";
    case TomlKind::Float: return "a float";
    case TomlKind::Boolean: return "a boolean";
    case TomlKind::DateTime: return "a date-time";
  }
  return "a value";
}

const TomlValue* TomlValue::Find(std::string_view key) const noexcept {
  if (kind != TomlKind::Table) return nullptr;
  for (const TomlMember& member : members)
    if (member.key == key) return &member.value;
  return nullptr;
}

}  // namespace cairn
