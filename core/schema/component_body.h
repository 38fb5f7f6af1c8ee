// Component bodies: the authored fields of one component as a TOML inline table, read and
// written from the type registry alone. The console, level files and saves share this code.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "schema/component_types.h"
#include "toml/toml_value.h"

namespace cairn {

struct BodyProblem {
  TextPosition position;
  std::string message;
};

// Reads `body` (a TOML table) into `fields`, one per FieldInfo. A field the body leaves out takes
// the declared default. Unknown members, wrong kinds and values out of range are each reported;
// returns true only when there were none (then `fields` holds the result; otherwise unchanged).
[[nodiscard]] bool DecodeComponentBody(const ComponentTypeInfo& type, const TomlValue& body,
                                       std::span<FieldValue> fields,
                                       std::vector<BodyProblem>& problems);

// Fields in declaration order, one space inside the braces: `{ current = 5, max = 10 }`, or `{}`.
[[nodiscard]] std::string FormatComponentBody(const ComponentTypeInfo& type,
                                              std::span<const FieldValue> fields);

// The type's fields at their declared defaults.
void DefaultFields(const ComponentTypeInfo& type, std::span<FieldValue> fields) noexcept;

}  // namespace cairn
