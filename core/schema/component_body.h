// Component bodies: the authored fields of one component as a TOML inline table, read and
// written from the type registry alone. The console, level files and saves share this code; they
// differ only in how an entity reference is written, which a ReferenceCodec decides (the console
// writes handles, a version-1 level authored ids, a version-2 level or a save UUIDs).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/text_problem.h"
#include "schema/component_types.h"
#include "toml/toml_value.h"

namespace cairn {

struct DefinitionSet;

// How references are written where bodies are read and written: references to entities, and
// typed definition ids (a monster or item kind, written by its id, stored as its index).
class ReferenceCodec {
 public:
  virtual ~ReferenceCodec() = default;
  // Reads a reference written as `text` ("" is the null reference); false with `error` set when
  // it names nothing.
  [[nodiscard]] virtual bool Parse(std::string_view text, EntityId& out,
                                   std::string& error) const = 0;
  // Writes a reference ("" for null).
  [[nodiscard]] virtual std::string Format(EntityId id) const = 0;
  // Reads a definition id of `kind` ("rat"); false with `error` set when there is none.
  [[nodiscard]] virtual bool ParseDefinition(DefinitionKind kind, std::string_view text,
                                             std::int64_t& index, std::string& error) const = 0;
  [[nodiscard]] virtual std::string FormatDefinition(DefinitionKind kind,
                                                     std::int64_t index) const = 0;
};

// Definition ids looked up in a DefinitionSet: the part of a ReferenceCodec every user shares.
[[nodiscard]] bool ParseDefinitionIn(const DefinitionSet& set, DefinitionKind kind,
                                     std::string_view text, std::int64_t& index,
                                     std::string& error);
[[nodiscard]] std::string FormatDefinitionIn(const DefinitionSet& set, DefinitionKind kind,
                                             std::int64_t index);

// A ReferenceCodec whose definition ids live in one DefinitionSet (every codec but tests'):
// subclasses say only how entity references are written.
class DefinitionSetReferences : public ReferenceCodec {
 public:
  explicit DefinitionSetReferences(const DefinitionSet& definitions) noexcept
      : definitions_(definitions) {}
  [[nodiscard]] bool ParseDefinition(DefinitionKind kind, std::string_view text,
                                     std::int64_t& index, std::string& error) const override {
    return ParseDefinitionIn(definitions_, kind, text, index, error);
  }
  [[nodiscard]] std::string FormatDefinition(DefinitionKind kind,
                                             std::int64_t index) const override {
    return FormatDefinitionIn(definitions_, kind, index);
  }

 private:
  const DefinitionSet& definitions_;
};

// Reads `body` (a TOML table) into `fields`, one per FieldInfo. A field the body leaves out takes
// the declared default. Unknown members, wrong kinds, values out of range and references that
// name nothing are each reported; returns true only when there were none (then `fields` holds the
// result; otherwise it is unchanged).
[[nodiscard]] bool DecodeComponentBody(const ComponentTypeInfo& type, const TomlValue& body,
                                       const ReferenceCodec& references,
                                       std::span<FieldValue> fields,
                                       std::vector<TextProblem>& problems);

// As DecodeComponentBody, but a field the body leaves out keeps the value `fields` already holds
// (a level entity's listed component over its kind's recipe).
[[nodiscard]] bool DecodeComponentBodyOnto(const ComponentTypeInfo& type, const TomlValue& body,
                                           const ReferenceCodec& references,
                                           std::span<FieldValue> fields,
                                           std::vector<TextProblem>& problems);

// Fields in declaration order, one space inside the braces: `{ current = 5, max = 10 }`, or `{}`.
[[nodiscard]] std::string FormatComponentBody(const ComponentTypeInfo& type,
                                              std::span<const FieldValue> fields,
                                              const ReferenceCodec& references);

// Which fields a written body holds.
enum class BodyFields : std::uint8_t {
  All,
  // Those not at their declared default (a body read back gives the rest their default, as
  // DecodeComponentBody does). A definition field (a kind) is always written: its stored default,
  // index 0, names whatever kind the content lists first, not a value a reader of the file sees.
  NotDefault,
};

// FormatComponentBody appended to `out`, with no temporary strings for numbers: the save writer's
// form, 100,000 bodies a save.
void AppendComponentBody(const ComponentTypeInfo& type, std::span<const FieldValue> fields,
                         const ReferenceCodec& references, BodyFields which, std::string& out);
// As AppendComponentBody with BodyFields::NotDefault, but over `base` (one value a field) rather
// than the declared defaults: a field equal to base's is left out, a reader giving it base's value
// (DecodeComponentBodyOnto over the same base: a version-6 save's monster or item, whose fields
// default to its kind's). A definition field is always written, as there.
void AppendComponentBodyOver(const ComponentTypeInfo& type, std::span<const FieldValue> fields,
                             std::span<const FieldValue> base, const ReferenceCodec& references,
                             std::string& out);
// Appends TOML's basic-string form of `text`, quotes included (QuoteTomlString's).
void AppendTomlString(std::string_view text, std::string& out);

// The type's fields at their declared defaults.
void DefaultFields(const ComponentTypeInfo& type, std::span<FieldValue> fields);

// TOML's basic-string form of `text`, quotes included.
[[nodiscard]] std::string QuoteTomlString(std::string_view text);
// The UTF-8 encoding of one code point.
[[nodiscard]] std::string EncodeUtf8(std::uint32_t code_point);

}  // namespace cairn
