// LevelDocument: a level file as its author wrote it, before validation.
//
// The reader fills it from TOML (checking structure: members and kinds); the loader validates it
// into a LevelDefinition the world is built from; the writer writes it back in canonical form. It
// keeps what a LevelDefinition drops: the order and exact members of every body, and the raw text
// of components whose type this build does not know.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/tile_map.h"
#include "identity/uuid.h"
#include "toml/table_reader.h"
#include "toml/toml_value.h"

namespace cairn {

inline constexpr std::string_view kLevelFormat = "cairn-level";
inline constexpr std::int64_t kLevelVersionLabels = 1;  // references by authored id
inline constexpr std::int64_t kLevelVersionUuids = 2;   // references by UUID

struct AuthoredComponent {
  std::string type;
  std::int64_t version = 1;
  std::int64_t slot = 0;
  TomlValue body;         // as read
  std::string body_text;  // exactly as written (what an unknown type is saved back as)
  TextPosition position;  // of the entry
};

struct AuthoredEntity {
  std::string id;
  bool has_uuid = false;
  Uuid uuid{};
  std::string name;
  std::string
      kind;  // a typed definition id: "monster:rat", "item:dagger", "player", "feature:stairs-down"
  std::vector<AuthoredComponent> components;
  TextPosition position;
  TextPosition id_position;
  TextPosition uuid_position;
  TextPosition kind_position;
};

struct LegendEntry {
  char glyph = ' ';
  Terrain terrain = Terrain::Floor;
  TextPosition position;
};

struct LevelDocument {
  std::string header;  // the comment lines the file opens with, kept as written
  std::int64_t version = kLevelVersionLabels;
  std::string name;
  bool has_uuid = false;
  Uuid uuid{};
  std::vector<LegendEntry> legend;
  std::vector<std::string> rows;
  std::vector<TextPosition> row_positions;
  std::vector<AuthoredEntity> entities;
};

// The terrain names the legend uses: wall, floor, door, open-door, water, chasm.
[[nodiscard]] const char* TerrainLegendName(Terrain terrain) noexcept;

// Reads a level file's structure. Every problem is reported; true only when there were none.
[[nodiscard]] bool ReadLevelDocument(std::string_view text, LevelDocument& out,
                                     std::vector<TextProblem>& problems);

// Writes the canonical text of a document (see docs/formats/level.md): version 2 when the
// document or any entity has a UUID, version 1 otherwise. The comment lines the file opens with
// are kept; comments elsewhere are not. A canonical file read and written back is unchanged,
// byte for byte.
[[nodiscard]] std::string WriteLevelDocument(const LevelDocument& document);

}  // namespace cairn
