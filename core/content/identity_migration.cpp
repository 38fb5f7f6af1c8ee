#include "content/identity_migration.h"

#include <algorithm>
#include <map>
#include <set>

#include "schema/component_body.h"
#include "schema/component_types.h"

namespace cairn {

Status MintManifest(const std::vector<MigrationInput>& levels, EntropySource& entropy,
                    IdentityManifest& out, std::string& why) {
  IdentityManifest manifest;
  std::set<Uuid> known;
  // Identities a level already has (a version 2 level) are known too: no minted one may equal them.
  for (const MigrationInput& level : levels) {
    if (level.document.has_uuid) known.insert(level.document.uuid);
    for (const AuthoredEntity& e : level.document.entities)
      if (e.has_uuid) known.insert(e.uuid);
  }
  std::vector<const MigrationInput*> sorted;
  for (const MigrationInput& level : levels) sorted.push_back(&level);
  std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return a->path < b->path; });
  for (const MigrationInput* level : sorted) {
    ManifestDocument doc{level->path, {}};
    if (Status s = MintUniqueUuid(entropy, known, doc.uuid); s != Status::Ok) {
      why = s == Status::IdentityConflict
                ? "identity-conflict: four candidate UUIDs for " + level->path + " all collided"
                : "entropy unavailable: no identity could be minted";
      return s;
    }
    manifest.documents.push_back(doc);
    std::vector<std::string> ids;
    for (const AuthoredEntity& e : level->document.entities) ids.push_back(e.id);
    std::sort(ids.begin(), ids.end());
    for (const std::string& id : ids) {
      ManifestObject object{level->path, id, {}};
      if (Status s = MintUniqueUuid(entropy, known, object.uuid); s != Status::Ok) {
        why = s == Status::IdentityConflict ? "identity-conflict: four candidate UUIDs for " +
                                                  level->path + " '" + id + "' all collided"
                                            : "entropy unavailable: no identity could be minted";
        return s;
      }
      manifest.objects.push_back(object);
    }
  }
  out = std::move(manifest);
  return Status::Ok;
}

std::string WriteManifest(const IdentityManifest& m) {
  std::string out =
      "# cairn identity manifest: the UUIDs minted for version-1 levels. Apply it with\n"
      "# `cairn identity apply ROOT MANIFEST LEVEL OUTPUT`; never edit the UUIDs.\n";
  out += "format = \"" + std::string(kManifestFormat) + "\"\nversion = 1\n";
  for (const ManifestDocument& d : m.documents)
    out += "\n[[document]]\npath = " + QuoteTomlString(d.path) + "\nuuid = \"" + UuidText(d.uuid) +
           "\"\n";
  for (const ManifestObject& o : m.objects)
    out += "\n[[object]]\npath = " + QuoteTomlString(o.path) + "\nid = " + QuoteTomlString(o.id) +
           "\nuuid = \"" + UuidText(o.uuid) + "\"\n";
  return out;
}

bool ReadManifest(std::string_view text, IdentityManifest& out,
                  std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  IdentityManifest m;
  TableReader file(root, "the manifest", problems);
  constexpr std::int64_t kVersions[] = {1};
  std::int64_t version = 0;
  if (!ReadFileHeader(file, kManifestFormat, "identity manifest", kVersions, version)) return false;
  std::map<Uuid, TextPosition> seen;
  const auto read_uuid = [&](TableReader& r, const TomlValue& table, Uuid& uuid) {
    std::string text_uuid;
    if (!r.String("uuid", text_uuid)) return;
    const TextPosition at = table.Find("uuid")->position;
    if (ParseUuid(text_uuid, uuid) != Status::Ok)
      r.Problem(at, "'" + text_uuid + "' is not a version-4 UUID");
    else if (const auto [first, fresh] = seen.emplace(uuid, at); !fresh)
      problems.push_back(DuplicateProblem(at, "duplicate UUID " + text_uuid, first->second));
  };
  TextPosition previous;  // of the entry before this one: sorted, a repeat comes right after it
  if (const TomlValue* documents = file.Get("document", TomlKind::Array, false)) {
    for (const TomlValue& t : documents->array) {
      if (!t.IsTable()) continue;
      TableReader r(t, "document", problems);
      ManifestDocument d;
      (void)r.String("path", d.path);
      read_uuid(r, t, d.uuid);
      r.RejectUnknown();
      if (!m.documents.empty() && m.documents.back().path == d.path)
        problems.push_back(DuplicateProblem(t.position, "duplicate document " + d.path, previous));
      else if (!m.documents.empty() && !(m.documents.back().path < d.path))
        r.Problem(t.position, "documents are not sorted by path");
      m.documents.push_back(d);
      previous = t.position;
    }
  }
  if (const TomlValue* objects = file.Get("object", TomlKind::Array, false)) {
    for (const TomlValue& t : objects->array) {
      if (!t.IsTable()) continue;
      TableReader r(t, "object", problems);
      ManifestObject o;
      (void)r.String("path", o.path);
      (void)r.String("id", o.id);
      read_uuid(r, t, o.uuid);
      r.RejectUnknown();
      if (!m.objects.empty()) {
        const ManifestObject& last = m.objects.back();
        if (last.path == o.path && last.id == o.id)
          problems.push_back(DuplicateProblem(
              t.position, "duplicate object " + o.path + " '" + o.id + "'", previous));
        else if (!(std::tie(last.path, last.id) < std::tie(o.path, o.id)))
          r.Problem(t.position, "objects are not sorted by path, then id");
      }
      m.objects.push_back(o);
      previous = t.position;
    }
  }
  file.RejectUnknown();
  if (problems.size() != before) return false;
  out = std::move(m);
  return true;
}

bool ApplyManifest(const IdentityManifest& manifest, std::string_view path,
                   const LevelDocument& level, LevelDocument& out, std::string& why) {
  if (level.version != kLevelVersionLabels) {
    why = "the level is not version 1";
    return false;
  }
  const auto doc = std::find_if(manifest.documents.begin(), manifest.documents.end(),
                                [&](const ManifestDocument& d) { return d.path == path; });
  if (doc == manifest.documents.end()) {
    why = "stale-manifest: the manifest has no document " + std::string(path);
    return false;
  }
  // The manifest must name exactly this level's entities.
  std::vector<const ManifestObject*> objects;
  for (const ManifestObject& o : manifest.objects)
    if (o.path == path) objects.push_back(&o);
  const auto uuid_of = [&](const std::string& id) -> const Uuid* {
    for (const ManifestObject* o : objects)
      if (o->id == id) return &o->uuid;
    return nullptr;
  };
  for (const AuthoredEntity& e : level.entities)
    if (uuid_of(e.id) == nullptr) {
      why = "stale-manifest: entity '" + e.id + "' (line " + std::to_string(e.id_position.line) +
            ") has no UUID in the manifest";
      return false;
    }
  for (const ManifestObject* o : objects) {
    const bool present = std::any_of(level.entities.begin(), level.entities.end(),
                                     [&](const AuthoredEntity& e) { return e.id == o->id; });
    if (!present) {
      why = "stale-manifest: the manifest names '" + o->id + "', which the level does not have";
      return false;
    }
  }
  LevelDocument v2 = level;
  v2.version = kLevelVersionUuids;
  v2.has_uuid = true;
  v2.uuid = doc->uuid;
  for (AuthoredEntity& e : v2.entities) {
    e.has_uuid = true;
    e.uuid = *uuid_of(e.id);
    // References in known components' bodies become UUIDs; unknown bodies are kept as written.
    for (AuthoredComponent& c : e.components) {
      const ComponentTypeInfo* type = FindComponentType(c.type);
      if (type == nullptr) continue;
      for (TomlMember& member : c.body.members) {
        const auto field = std::find_if(type->fields.begin(), type->fields.end(),
                                        [&](const FieldInfo& f) { return f.name == member.key; });
        if (field == type->fields.end() || field->kind != FieldKind::Entity ||
            member.value.kind != TomlKind::String || member.value.text.empty())
          continue;
        const Uuid* target = uuid_of(member.value.text);
        if (target == nullptr) {
          why = "unresolved-reference: line " + std::to_string(member.value.position.line) + ": '" +
                member.value.text + "' names no entity of the level";
          return false;
        }
        member.value.text = UuidText(*target);
      }
    }
  }
  out = std::move(v2);
  return true;
}

}  // namespace cairn
