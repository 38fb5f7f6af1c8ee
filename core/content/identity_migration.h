// Identity migration: version-1 levels (entities named by authored labels) to version-2 levels
// (entities named by UUID), in two steps that can be reviewed apart.
//
// `migrate` runs once per project: it mints one document UUID per level and one object UUID per
// entity from the injected entropy source (each candidate checked against every identity already
// known, at most four tries, then identity-conflict) and writes a manifest, sorted by path and then
// by legacy id so it diffs cleanly. `apply` is pure: from a level and the manifest it writes the
// version-2 level, minting nothing; the same inputs always give the same bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "content/level_document.h"
#include "identity/uuid.h"
#include "toml/table_reader.h"

namespace cairn {

inline constexpr std::string_view kManifestFormat = "cairn-identity-manifest";

struct ManifestDocument {
  std::string path;  // relative to the project root, with '/' separators
  Uuid uuid{};
};
struct ManifestObject {
  std::string path;
  std::string id;  // the legacy (version 1) authored id
  Uuid uuid{};
};
struct IdentityManifest {
  std::vector<ManifestDocument> documents;  // sorted by path
  std::vector<ManifestObject> objects;      // sorted by path, then id
};

struct MigrationInput {
  std::string path;  // as the manifest records it
  LevelDocument document;
};

// Mints identities for every level and entity. EntropyUnavailable or IdentityConflict leave
// `out` unchanged (with `why` set).
[[nodiscard]] Status MintManifest(const std::vector<MigrationInput>& levels, EntropySource& entropy,
                                  IdentityManifest& out, std::string& why);

[[nodiscard]] std::string WriteManifest(const IdentityManifest& manifest);
// Reads a manifest, rejecting unknown or duplicate members, unsorted or repeated entries, and
// UUIDs that are not version 4 or appear twice. Every problem is reported.
[[nodiscard]] bool ReadManifest(std::string_view text, IdentityManifest& out,
                                std::vector<TextProblem>& problems);

// The version-2 form of `level` (recorded in the manifest under `path`). A manifest that does
// not describe the level exactly is "stale-manifest"; a reference to no known entity is
// "unresolved-reference"; `why` says which and where.
[[nodiscard]] bool ApplyManifest(const IdentityManifest& manifest, std::string_view path,
                                 const LevelDocument& level, LevelDocument& out, std::string& why);

}  // namespace cairn
