// WriteSaveText: a SessionImage as a version-6 save (docs/formats/save.md). Version 5 writes
// less than version 4: a component field at its declared default, an entity's instance when it is
// the run's, `version = 1` and `slot = 0`, and empty outcome and noise lists are left out, and a
// single component of version 1 is a member of its entity (`health = { current = 4, max = 4 }`)
// rather than an entry of its `components` list. Version 6 leaves out a monster's or an item's
// field where it is what its kind gives (`appearance = {}`: the kind's look; kind_bases.h). The
// text is appended piece by piece, numbers through std::to_chars: no temporary string per field.
#include <charconv>

#include "identity/uuid.h"
#include "save/kind_bases.h"
#include "save/save_codec.h"
#include "save/save_text.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/component_types.h"

namespace cairn {
namespace {

using Fields = std::array<FieldValue, kMaxFieldsPerComponent>;

void AppendNumber(std::int64_t value, std::string& out) {
  char buffer[24];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)error;  // 24 characters hold every 64-bit integer
  out.append(buffer, end);
}

// `key = value\n` for an integer member.
void AppendMember(std::string_view key, std::int64_t value, std::string& out) {
  out += key;
  out += " = ";
  AppendNumber(value, out);
  out += '\n';
}

// `key = "value"\n` for a string member.
void AppendMember(std::string_view key, std::string_view text, std::string& out) {
  out += key;
  out += " = ";
  AppendTomlString(text, out);
  out += '\n';
}

void AppendHex64(std::uint64_t value, std::string& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  char digits[18] = {'"'};
  for (int i = 16; i >= 1; --i, value >>= 4) digits[i] = kHex[value & 0xF];
  digits[17] = '"';
  out.append(digits, sizeof digits);
}

// `key = "0123456789abcdef"\n`: a 64-bit value as 16 hexadecimal digits.
void AppendHexMember(std::string_view key, std::uint64_t value, std::string& out) {
  out += key;
  out += " = ";
  AppendHex64(value, out);
  out += '\n';
}

// References as the target's source UUID, inside one floor's entity list.
class WriteReferences final : public DefinitionSetReferences {
 public:
  WriteReferences(const std::vector<LevelEntity>& entities, const DefinitionSet& definitions)
      : DefinitionSetReferences(definitions), entities_(entities) {}
  bool Parse(std::string_view, EntityId&, std::string&) const override { return false; }
  std::string Format(EntityId id) const override {
    if (id.IsNull()) return "";
    if (IsLevelReference(id) && id.Slot < entities_.size())
      return UuidText(entities_[id.Slot].source);
    return std::string(kGone);
  }

 private:
  const std::vector<LevelEntity>& entities_;
};

// The body over `base` (the kind's component: KindBases::Base), or over the type's defaults.
void AppendBody(const ComponentTypeInfo& type, const void* value, const void* base,
                const ReferenceCodec& references, std::string& out) {
  // One buffer each a thread, every used field set: no 24 fields made and destroyed a body.
  thread_local Fields fields, over;
  const std::size_t count = type.fields.size();
  for (std::size_t i = 0; i < count; ++i) fields[i] = type.fields[i].get(value);
  const std::span<const FieldValue> written(fields.data(), count);
  if (base == nullptr) {
    AppendComponentBody(type, written, references, BodyFields::NotDefault, out);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) over[i] = type.fields[i].get(base);
  AppendComponentBodyOver(type, written, std::span<const FieldValue>(over.data(), count),
                          references, out);
}

// One entry of the `components` list: `{ type, version, slot, body }`, version 1 and slot 0 left
// out.
void AppendListEntry(std::string_view type, std::int64_t version, std::uint32_t slot,
                     std::string& out) {
  out += "  { type = ";
  AppendTomlString(type, out);
  if (version != 1) {
    out += ", version = ";
    AppendNumber(version, out);
  }
  if (slot != 0) {
    out += ", slot = ";
    AppendNumber(slot, out);
  }
  out += ", body = ";
}

// `slots_used = { loot = 10 }`: a Many component's slot history where it is above its highest
// entry + 1 (a top entry was removed), so a slot is never reused across a save (version 10). Left
// out where the entries say it.
void WriteSlotsUsed(const LevelEntity& entity, std::string& out) {
  std::string members;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    if (type.slots == nullptr || !entity.components.Has(type.id)) continue;
    const void* component = ComponentIn(entity.components, type.id);
    const std::size_t count = type.slots->count(component);
    const std::uint32_t implied = count == 0 ? 0 : type.slots->slot_at(component, count - 1) + 1;
    const std::uint32_t used = type.slots->slots_used(component);
    if (used <= implied) continue;
    members += std::string(members.empty() ? "" : ", ") + std::string(type.name) + " = ";
    AppendNumber(used, members);
  }
  if (!members.empty()) out += "slots_used = { " + members + " }\n";
}

// A single component of version 1 as a member of the entity; every other (an entry of a Many
// type, another version, a component this build does not know) in the `components` list.
void WriteComponents(const LevelEntity& entity, const ComponentBundle* kind,
                     const ReferenceCodec& references, std::string& out) {
  bool listed = false;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    if (!entity.components.Has(type.id)) continue;
    if (type.slots == nullptr && type.version == 1) {
      out += type.name;
      out += " = ";
      AppendBody(type, ComponentIn(entity.components, type.id), KindBases::Base(kind, type),
                 references, out);
      out += '\n';
    } else {
      listed = true;
    }
  }
  if (!listed && entity.preserved.empty()) return;
  out += "components = [\n";
  const auto entry = [&](const ComponentTypeInfo& type, std::uint32_t slot, const void* value) {
    AppendListEntry(type.name, type.version, slot, out);
    AppendBody(type, value, KindBases::Base(kind, type), references, out);
    out += " },\n";
  };
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    if (!entity.components.Has(type.id)) continue;
    const void* component = ComponentIn(entity.components, type.id);
    if (type.slots == nullptr) {
      if (type.version != 1) entry(type, 0, component);
      continue;
    }
    for (std::size_t i = 0; i < type.slots->count(component); ++i) {
      const std::uint32_t slot = type.slots->slot_at(component, i);
      entry(type, slot, type.slots->find(component, slot));
    }
  }
  for (const PreservedComponent& kept : entity.preserved) {
    AppendListEntry(kept.type, kept.version, kept.slot, out);
    out += kept.body;
    out += " },\n";
  }
  out += "]\n";
  WriteSlotsUsed(entity, out);
}

// One row of the map or of what is remembered a line: `  "....",`.
template <class CellChar>
void AppendRows(const LevelDefinition& level, CellChar cell_char, std::string& out) {
  for (std::int32_t y = 0; y < level.height; ++y) {
    out += "  \"";
    for (std::int32_t x = 0; x < level.width; ++x)
      out += cell_char(static_cast<std::size_t>(y) * static_cast<std::size_t>(level.width) +
                       static_cast<std::size_t>(x));
    out += "\",\n";
  }
}

void WriteRandomStreams(const FloorImage& floor, std::string& out) {
  out += "random = {";
  for (std::size_t p = 0; p < kRandomPurposeCount; ++p) {
    const Rng& rng = floor.random.streams[p];
    out += p ? ", " : " ";
    out += RandomPurposeName(static_cast<RandomPurpose>(p));
    out += " = { state = [";
    for (std::size_t w = 0; w < 4; ++w) {
      if (w) out += ", ";
      AppendHex64(rng.State()[w], out);
    }
    out += "], draws = ";
    AppendNumber(static_cast<std::int64_t>(rng.Draws()), out);
    out += " }";
  }
  out += " }\n";
}

// Spawn outcomes and noises, each list only when it has something.
void WriteOutcomesAndNoises(const FloorImage& floor, const ReferenceCodec& references,
                            std::string& out) {
  if (!floor.outcomes.empty()) {
    out += "outcomes = [";
    for (std::size_t i = 0; i < floor.outcomes.size(); ++i) {
      out += i ? ", { request = " : "{ request = ";
      AppendNumber(floor.outcomes[i].request, out);
      out += ", entity = ";
      AppendTomlString(references.Format(floor.outcomes[i].entity), out);
      out += " }";
    }
    out += "]\n";
  }
  if (!floor.noises.empty()) {
    out += "noises = [";
    for (std::size_t i = 0; i < floor.noises.size(); ++i) {
      const FloorImage::Noise& n = floor.noises[i];
      out += i ? ", { source = " : "{ source = ";
      AppendTomlString(references.Format(n.source), out);
      out += ", x = ";
      AppendNumber(n.x, out);
      out += ", y = ";
      AppendNumber(n.y, out);
      out += ", radius = ";
      AppendNumber(n.radius, out);
      out += " }";
    }
    out += "]\n";
  }
}

// The remembered cells whose terrain was another when last seen, each with the map character
// it was (`{ x = 4, y = 2, terrain = "'" }`: a door seen open, closed since out of view).
void WriteRememberedTerrain(const FloorImage& floor, std::string& out) {
  if (floor.remembered_terrain.empty()) return;
  out += "remembered_terrain = [\n";
  for (const FloorImage::RememberedTerrain& cell : floor.remembered_terrain) {
    char c = '#';
    for (const auto& [ch, t] : kTerrainChars)
      if (t == cell.terrain) c = ch;
    out += "  { x = ";
    AppendNumber(cell.x, out);
    out += ", y = ";
    AppendNumber(cell.y, out);
    out += std::string(", terrain = \"") + c + "\" },\n";
  }
  out += "]\n";
}

// The items the player remembers seeing lie on the floor, with the look each had (the glyph and
// its ASCII as character codes, the colour as its palette number).
void WriteSeenItems(const FloorImage& floor, std::string& out) {
  if (floor.seen_items.empty()) return;
  const auto width = static_cast<std::uint32_t>(std::max(1, floor.level.width));
  out += "seen_items = [\n";
  for (const SeenItem& s : floor.seen_items) {
    out += "  { x = ";
    AppendNumber(s.cell % width, out);
    out += ", y = ";
    AppendNumber(s.cell / width, out);
    out += ", glyph = ";
    AppendNumber(s.look.glyph, out);
    out += ", ascii = ";
    AppendNumber(static_cast<unsigned char>(s.look.ascii), out);
    out += ", colour = ";
    AppendNumber(static_cast<int>(s.look.colour), out);
    out += ", layer = ";
    AppendNumber(s.look.layer, out);
    out += " },\n";
  }
  out += "]\n";
}

void WriteFloor(const FloorImage& floor, const Uuid& run, const DefinitionSet& definitions,
                const KindBases* kinds, std::string& out) {
  const LevelDefinition& level = floor.level;
  out += "\n[[floor]]\n";
  AppendMember("depth", floor.depth, out);
  AppendMember("name", level.name, out);
  if (!level.uuid.IsNil()) AppendMember("level_uuid", UuidText(level.uuid), out);
  AppendHexMember("level_digest", level.digest, out);
  AppendMember("tick", floor.tick, out);
  AppendMember("last_request", floor.last_request, out);
  WriteRandomStreams(floor, out);
  const WriteReferences references(level.entities, definitions);
  WriteOutcomesAndNoises(floor, references, out);
  out += "map = [\n";
  AppendRows(
      level,
      [&](std::size_t i) {
        for (const auto& [c, t] : kTerrainChars)
          if (t == level.cells[i]) return c;
        return '#';
      },
      out);
  out += "]\nremembered = [\n";
  AppendRows(
      level, [&](std::size_t i) { return static_cast<char>('0' + (floor.remembered[i] & 7)); },
      out);
  out += "]\n";
  WriteRememberedTerrain(floor, out);
  WriteSeenItems(floor, out);
  for (const LevelEntity& entity : level.entities) {
    out += "\n[[floor.entity]]\nuuid = \"";
    out += UuidText(entity.source);
    out += "\"\n";
    if (entity.instance != run || run.IsNil()) {
      out += "instance = \"";
      out += UuidText(entity.instance);
      out += "\"\n";
    }
    WriteComponents(entity, kinds != nullptr ? kinds->Of(entity.components) : nullptr, references,
                    out);
  }
}

// `parts = { registry = "...", map = "...", ... }`: what the state covers, part by part.
void AppendStateParts(const std::vector<PartHash>& parts, std::string& out) {
  out += "parts = {";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    out += i == 0 ? " " : ", ";
    out += StatePartName(parts[i].part);
    out += " = ";
    AppendHex64(parts[i].hash, out);
  }
  out += parts.empty() ? "}\n" : " }\n";
}

}  // namespace

std::string WriteSaveText(const SessionImage& image, const DefinitionSet& definitions,
                          std::string_view build, std::int64_t version) {
  const bool over_kinds = version >= 6;
  std::string out;
  // At most about 400 bytes an entity and two bytes a cell: one allocation, not a doubling series.
  std::size_t estimate = 4096 + image.messages.size() * 96;
  for (const FloorImage& floor : image.floors)
    estimate += floor.level.entities.size() * 400 + floor.level.cells.size() * 2 + 4096;
  out.reserve(estimate);
  out += "# A cairn save: resume it with `cairn --load FILE` (docs/formats/save.md).\n";
  AppendMember("format", kSaveFormat, out);
  AppendMember("version", version, out);
  AppendMember("build", build, out);
  AppendHexMember("content", image.content, out);
  AppendHexMember("seed", image.seed, out);
  AppendHexMember("state", image.state_hash, out);
  if (version > kLastPositionalSaveVersion) AppendStateParts(image.state_parts, out);
  AppendMember("depth", image.depth, out);
  AppendMember("floors", image.floor_count, out);
  if (version >= kFirstSaveWithRules)
    AppendMember("dungeon_rules", static_cast<std::int64_t>(image.dungeon_rules), out);
  AppendMember("run", image.run_instance.IsNil() ? std::string() : UuidText(image.run_instance),
               out);
  AppendMember("messages_said", static_cast<std::int64_t>(image.messages_said), out);
  out += "messages = [\n";
  for (const Message& m : image.messages) {
    // count and tone only when not the default: a plain message said once reads as before.
    out += "  { tick = ";
    AppendNumber(m.tick, out);
    out += ", text = ";
    AppendTomlString(m.text, out);
    if (m.count > 1) {
      out += ", count = ";
      AppendNumber(m.count, out);
    }
    if (m.tone != MessageTone::Plain) {
      out += ", tone = ";
      AppendTomlString(kMessageToneNames[static_cast<std::size_t>(m.tone)], out);
    }
    out += " },\n";
  }
  out += "]\n";
  if (!image.notes.empty()) {
    out += "notes = [\n";
    for (const Note& n : image.notes) {
      out += "  { turn = ";
      AppendNumber(n.turn, out);
      out += ", depth = ";
      AppendNumber(n.depth, out);
      out += ", text = ";
      AppendTomlString(n.text, out);
      out += " },\n";
    }
    out += "]\n";
  }
  const KindBases kinds(definitions);
  for (const FloorImage& floor : image.floors)
    WriteFloor(floor, image.run_instance, definitions, over_kinds ? &kinds : nullptr, out);
  return out;
}

}  // namespace cairn
