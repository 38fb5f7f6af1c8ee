#include "schema/component_body.h"

#include <array>
#include <charconv>
#include <cstdio>

#include "base/closest_name.h"
#include "base/terminal_text.h"
#include "base/utf8.h"
#include "game/definitions.h"

namespace cairn {

void DefaultFields(const ComponentTypeInfo& type, std::span<FieldValue> fields) {
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i) {
    fields[i] = FieldValue{};
    fields[i].integer = type.fields[i].default_value;
  }
}

void AppendTomlString(std::string_view text, std::string& out) {
  out += '"';
  std::size_t plain = 0;  // the start of the run of characters copied as they are
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (c != '"' && c != '\\' && u >= 0x20 && u != 0x7F) continue;
    out.append(text.data() + plain, i - plain);
    plain = i + 1;
    if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04X", u);
      out += buffer;
    }
  }
  out.append(text.data() + plain, text.size() - plain);
  out += '"';
}

std::string QuoteTomlString(std::string_view text) {
  std::string out;
  AppendTomlString(text, out);
  return out;
}

bool ParseDefinitionIn(const DefinitionSet& set, DefinitionKind kind, std::string_view text,
                       std::int64_t& index, std::string& error) {
  if (kind == DefinitionKind::Monster) {
    if (const MonsterDefinition* m = set.FindMonster(text)) {
      index = set.MonsterIndex(*m);
      return true;
    }
    error = set.NoMonsterKind(text);
    return false;
  }
  if (const ItemDefinition* i = set.FindItem(text)) {
    index = set.ItemIndex(*i);
    return true;
  }
  error = set.NoItemKind(text);
  return false;
}

std::string FormatDefinitionIn(const DefinitionSet& set, DefinitionKind kind, std::int64_t index) {
  const auto i = static_cast<std::size_t>(index);
  if (kind == DefinitionKind::Monster) return i < set.monsters.size() ? set.monsters[i].id : "?";
  return i < set.items.size() ? set.items[i].id : "?";
}

std::string EncodeUtf8(std::uint32_t cp) {
  std::string out;
  AppendUtf8(out, cp);
  return out;
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

std::string NameList(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
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

// Decodes exactly one UTF-8 character; false if `text` is not one character.
bool SingleCodePoint(std::string_view text, std::uint32_t& cp) {
  std::size_t length = 0;
  return DecodeUtf8(text, 0, cp, length) && length == text.size();
}

// Why `text` does not fit a text field (" is N bytes long..."), or "". Names and ids are shown on
// the terminal, so a control character is refused as a level's names are.
std::string TextFieldProblem(const FieldInfo& field, std::string_view text) {
  if (static_cast<std::int64_t>(text.size()) > field.max)
    return " is " + std::to_string(text.size()) + " bytes long; at most " +
           std::to_string(field.max) + " fit";
  if (NeedsTerminalEscape(text))
    return " holds a control character (\"" + EscapeForTerminal(text) +
           "\"); it is shown on the terminal";
  return "";
}

// Reads one field's TOML value; false with `message` when it does not fit the field.
bool DecodeField(const ComponentTypeInfo& type, const FieldInfo& field, const TomlValue& value,
                 const ReferenceCodec& references, FieldValue& out, std::string& message) {
  // Named only in a message: a save decodes half a million fields and most are fine.
  const auto where = [&] { return std::string(type.name) + "." + std::string(field.name); };
  const auto wrong_kind = [&] {
    message = where() + " must be " + FieldKindName(field.kind) + ", found " +
              TomlKindWithArticle(value.kind);
    return false;
  };
  switch (field.kind) {
    case FieldKind::Integer:
      if (value.kind != TomlKind::Integer) return wrong_kind();
      if (value.integer < field.min || value.integer > field.max) {
        message = where() + " is " + std::to_string(value.integer) + ", outside " +
                  std::to_string(field.min) + ".." + std::to_string(field.max);
        return false;
      }
      out.integer = value.integer;
      return true;
    case FieldKind::Enum:
      if (value.kind != TomlKind::String) return wrong_kind();
      for (std::size_t i = 0; i < field.names.size(); ++i) {
        if (field.names[i] == value.text) {
          out.integer = static_cast<std::int64_t>(i);
          return true;
        }
      }
      message = where() + " is \"" + value.text + "\", not one of: " + NameList(field.names) +
                DidYouMean(value.text, field.names);
      return false;
    case FieldKind::Entity: {
      if (value.kind != TomlKind::String) return wrong_kind();
      std::string error;
      if (!references.Parse(value.text, out.entity, error)) {
        message = where() + ": " + error;
        return false;
      }
      return true;
    }
    case FieldKind::Text:
      if (value.kind != TomlKind::String) return wrong_kind();
      if (std::string why = TextFieldProblem(field, value.text); !why.empty()) {
        message = where() + why;
        return false;
      }
      out.text = value.text;
      return true;
    case FieldKind::Definition: {
      if (value.kind != TomlKind::String) return wrong_kind();
      std::string error;
      if (!references.ParseDefinition(field.definitions, value.text, out.integer, error)) {
        message = where() + ": " + error;
        return false;
      }
      return true;
    }
    case FieldKind::Glyph: {
      if (value.kind != TomlKind::String) return wrong_kind();
      std::uint32_t cp = 0;
      if (!SingleCodePoint(value.text, cp) || cp < field.min || cp > field.max) {
        message = where() + " must be exactly one character" +
                  (field.max < 0x80 ? std::string(" of printable ASCII") : std::string());
        return false;
      }
      // Control characters (C0, DEL, C1) would reach the terminal as commands, not glyphs.
      if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
        message = where() + " must be a printable character, not a control character";
        return false;
      }
      out.integer = cp;
      return true;
    }
  }
  return wrong_kind();
}

}  // namespace

namespace {

bool Decode(const ComponentTypeInfo& type, const TomlValue& body, const ReferenceCodec& references,
            std::span<FieldValue> fields, std::vector<TextProblem>& problems, bool onto) {
  const std::size_t problems_before = problems.size();
  if (!body.IsTable()) {
    problems.push_back({body.position, std::string("the body of ") + std::string(type.name) +
                                           " must be a table, found " +
                                           TomlKindWithArticle(body.kind)});
    return false;
  }
  // One buffer a thread, its strings kept, rather than 24 fields made and destroyed a body: a
  // save decodes 100,000 bodies. Only the type's fields are used, each set below.
  thread_local std::array<FieldValue, kMaxFieldsPerComponent> decoded;
  if (onto) {
    for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i)
      decoded[i] = fields[i];
  } else {
    DefaultFields(type, decoded);
  }
  for (const TomlMember& member : body.members) {
    std::size_t index = 0;
    const FieldInfo* field = FindField(type, member.key, index);
    if (field == nullptr) {
      ClosestName closest(member.key);
      for (const FieldInfo& f : type.fields) closest.Consider(f.name);
      const std::string suggestion = DidYouMeanText(closest.Best());
      problems.push_back(
          {member.key_position,
           "unknown field '" + member.key + "' in " + std::string(type.name) +
               (suggestion.empty() ? " (its fields: " + FieldList(type) + ")" : suggestion)});
      continue;
    }
    std::string message;
    if (!DecodeField(type, *field, member.value, references, decoded[index], message))
      problems.push_back({member.value.position, message});
  }
  if (problems.size() != problems_before) return false;
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i)
    fields[i] = std::move(decoded[i]);
  return true;
}

}  // namespace

bool DecodeComponentBody(const ComponentTypeInfo& type, const TomlValue& body,
                         const ReferenceCodec& references, std::span<FieldValue> fields,
                         std::vector<TextProblem>& problems) {
  return Decode(type, body, references, fields, problems, false);
}

bool DecodeComponentBodyOnto(const ComponentTypeInfo& type, const TomlValue& body,
                             const ReferenceCodec& references, std::span<FieldValue> fields,
                             std::vector<TextProblem>& problems) {
  return Decode(type, body, references, fields, problems, true);
}

namespace {

void AppendInteger(std::int64_t value, std::string& out) {
  char buffer[24];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)error;  // 24 characters hold every 64-bit integer
  out.append(buffer, end);
}

bool AtDefault(const FieldInfo& field, const FieldValue& value) {
  switch (field.kind) {
    case FieldKind::Integer:
    case FieldKind::Enum:
    case FieldKind::Glyph: return value.integer == field.default_value;
    case FieldKind::Entity: return value.entity.IsNull();
    case FieldKind::Text: return value.text.empty();
    case FieldKind::Definition: return false;
  }
  return false;
}

bool SameValue(const FieldInfo& field, const FieldValue& a, const FieldValue& b) {
  switch (field.kind) {
    case FieldKind::Integer:
    case FieldKind::Enum:
    case FieldKind::Glyph: return a.integer == b.integer;
    case FieldKind::Entity: return a.entity == b.entity;
    case FieldKind::Text: return a.text == b.text;
    case FieldKind::Definition: return false;
  }
  return false;
}

// The fields `left_out(i)` does not leave out, in declaration order.
template <class LeftOut>
void AppendFields(const ComponentTypeInfo& type, std::span<const FieldValue> fields,
                  const ReferenceCodec& references, LeftOut left_out, std::string& out) {
  bool first = true;
  for (std::size_t i = 0; i < type.fields.size() && i < fields.size(); ++i) {
    const FieldInfo& field = type.fields[i];
    if (left_out(i)) continue;
    out += first ? "{ " : ", ";
    first = false;
    out += field.name;
    out += " = ";
    switch (field.kind) {
      case FieldKind::Integer: AppendInteger(fields[i].integer, out); break;
      case FieldKind::Enum: {
        const auto index = static_cast<std::size_t>(fields[i].integer);
        AppendTomlString(index < field.names.size() ? field.names[index] : "?", out);
        break;
      }
      case FieldKind::Entity: AppendTomlString(references.Format(fields[i].entity), out); break;
      case FieldKind::Text: AppendTomlString(fields[i].text, out); break;
      case FieldKind::Glyph:
        AppendTomlString(EncodeUtf8(static_cast<std::uint32_t>(fields[i].integer)), out);
        break;
      case FieldKind::Definition:
        AppendTomlString(references.FormatDefinition(field.definitions, fields[i].integer), out);
        break;
    }
  }
  out += first ? "{}" : " }";
}

}  // namespace

void AppendComponentBody(const ComponentTypeInfo& type, std::span<const FieldValue> fields,
                         const ReferenceCodec& references, BodyFields which, std::string& out) {
  AppendFields(
      type, fields, references,
      [&](std::size_t i) {
        return which == BodyFields::NotDefault && AtDefault(type.fields[i], fields[i]);
      },
      out);
}

void AppendComponentBodyOver(const ComponentTypeInfo& type, std::span<const FieldValue> fields,
                             std::span<const FieldValue> base, const ReferenceCodec& references,
                             std::string& out) {
  AppendFields(
      type, fields, references,
      [&](std::size_t i) {
        return i < base.size() && SameValue(type.fields[i], fields[i], base[i]);
      },
      out);
}

std::string FormatComponentBody(const ComponentTypeInfo& type, std::span<const FieldValue> fields,
                                const ReferenceCodec& references) {
  std::string out;
  AppendComponentBody(type, fields, references, BodyFields::All, out);
  return out;
}

}  // namespace cairn
