// Identity migration: version-1 labels to version-2 UUIDs, minted once and applied purely.
#include <algorithm>
#include <catch2/catch.hpp>

#include "content/identity_migration.h"
#include "content/level_loader.h"
#include "support/test_content.h"

namespace identity_test {

using namespace cairn;

namespace {

// Counts up from a seed: a different, known UUID every call.
class CountingEntropy final : public EntropySource {
 public:
  explicit CountingEntropy(std::uint8_t seed) : next_(seed) {}
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    for (auto& b : bytes) b = next_;
    ++next_;
    return Status::Ok;
  }

 private:
  std::uint8_t next_;
};

// Always the same bytes: every candidate after the first collides.
class StuckEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t> bytes) noexcept override {
    for (auto& b : bytes) b = 7;
    return Status::Ok;
  }
};

class NoEntropy final : public EntropySource {
 public:
  Status Fill(std::span<std::uint8_t>) noexcept override { return Status::EntropyUnavailable; }
};

const char* kLevel =
    "format = \"cairn-level\"\nversion = 1\nname = \"t\"\n\n[map]\nlegend = { \"#\" = \"wall\", "
    "\".\" = \"floor\" }\n"
    "rows = [\n  \"#####\",\n  \"#...#\",\n  \"#####\",\n]\n\n"
    "[[entity]]\nid = \"ogre\"\nkind = \"monster:ogre\"\ncomponents = [\n"
    "  { type = \"position\", version = 1, slot = 0, body = { x = 1, y = 1 } },\n"
    "  { type = \"not_a_component\", version = 1, slot = 0, body = { of = \"stone\" } },\n]\n\n"
    "[[entity]]\nid = \"stone\"\nkind = \"item:dagger\"\ncomponents = [\n"
    "  { type = \"item\", version = 1, slot = 0, body = { holder = \"ogre\" } },\n]\n";
// The same with a player, so it loads as a level (a level holds exactly one player).
const std::string kPlayable =
    std::string(kLevel) +
    "\n[[entity]]\nid = \"player\"\nkind = \"player\"\ncomponents = [\n"
    "  { type = \"position\", version = 1, slot = 0, body = { x = 3, y = 1 } },\n]\n";

LevelDocument Read(const std::string& text) {
  LevelDocument document;
  std::vector<TextProblem> problems;
  REQUIRE(ReadLevelDocument(text, document, problems));
  return document;
}

IdentityManifest Mint(std::vector<MigrationInput> levels, std::uint8_t seed = 1) {
  CountingEntropy entropy(seed);
  IdentityManifest manifest;
  std::string why;
  REQUIRE(MintManifest(levels, entropy, manifest, why) == Status::Ok);
  return manifest;
}

}  // namespace

TEST_CASE("migrate mints one UUID per level and entity, sorted by path then legacy id",
          "[identity]") {
  const IdentityManifest m =
      Mint({{"levels/b.toml", Read(kLevel)}, {"levels/a.toml", Read(kLevel)}});
  REQUIRE(m.documents.size() == 2);
  CHECK(m.documents[0].path == "levels/a.toml");
  REQUIRE(m.objects.size() == 4);
  CHECK(m.objects[0].path == "levels/a.toml");
  CHECK(m.objects[0].id == "ogre");
  CHECK(m.objects[1].id == "stone");
  CHECK(m.objects[2].path == "levels/b.toml");
  // The manifest reads back as it was written.
  IdentityManifest again;
  std::vector<TextProblem> problems;
  REQUIRE(ReadManifest(WriteManifest(m), again, problems));
  CHECK(WriteManifest(again) == WriteManifest(m));
}

TEST_CASE("a colliding candidate is regenerated at most four times, then identity-conflict",
          "[identity]") {
  StuckEntropy stuck;
  IdentityManifest manifest;
  manifest.documents.push_back({"sentinel", {}});
  std::string why;
  CHECK(MintManifest({{"a.toml", Read(kLevel)}}, stuck, manifest, why) == Status::IdentityConflict);
  CHECK(why.rfind("identity-conflict", 0) == 0);
  CHECK(manifest.documents.size() == 1);  // unchanged
  NoEntropy none;
  CHECK(MintManifest({{"a.toml", Read(kLevel)}}, none, manifest, why) ==
        Status::EntropyUnavailable);
  CHECK(manifest.documents[0].path == "sentinel");
}

TEST_CASE("apply is pure and writes references as UUIDs; version 1 keeps loading", "[identity]") {
  const LevelDocument v1 = Read(kPlayable);
  const IdentityManifest m = Mint({{"t.toml", v1}});
  LevelDocument first, second;
  std::string why;
  REQUIRE(ApplyManifest(m, "t.toml", v1, first, why));
  REQUIRE(ApplyManifest(m, "t.toml", v1, second, why));
  const std::string text = WriteLevelDocument(first);
  CHECK(text == WriteLevelDocument(second));  // the same inputs, the same bytes
  CHECK(text.find("version = 2") != std::string::npos);
  char ogre[37];
  REQUIRE(FormatUuid(m.objects[0].uuid, ogre) == Status::Ok);
  CHECK(text.find(std::string("holder = \"") + ogre + "\"") != std::string::npos);
  CHECK(text.find("body = { of = \"stone\" }") != std::string::npos);  // an unknown body is kept
  // The version-2 level loads, and resolves the holder through the UUID.
  LevelDefinition level;
  std::vector<TextProblem> problems;
  REQUIRE(
      LoadLevelText(text, *cairn::test::Definitions(), WorldLimits::Uniform(64), level, problems));
  CHECK(level.entities[1].components.item.holder == LevelReference(0));
  CHECK(level.entities[0].source == m.objects[0].uuid);
  // ...and reads and writes back unchanged; the version-1 original still loads too.
  CHECK(WriteLevelDocument(Read(text)) == text);
  REQUIRE(LoadLevelText(kPlayable, *cairn::test::Definitions(), WorldLimits::Uniform(64), level,
                        problems));
}

TEST_CASE("apply refuses a manifest that does not describe the level exactly", "[identity]") {
  const LevelDocument v1 = Read(kLevel);
  IdentityManifest m = Mint({{"t.toml", v1}});
  LevelDocument out;
  std::string why;
  CHECK_FALSE(ApplyManifest(m, "other.toml", v1, out, why));
  CHECK(why.rfind("stale-manifest", 0) == 0);
  IdentityManifest missing = m;
  missing.objects.pop_back();
  CHECK_FALSE(ApplyManifest(missing, "t.toml", v1, out, why));
  CHECK(why == "stale-manifest: entity 'stone' (line 22) has no UUID in the manifest");
  IdentityManifest extra = m;
  extra.objects.push_back({"t.toml", "zombie", {}});
  CHECK_FALSE(ApplyManifest(extra, "t.toml", v1, out, why));
  CHECK(why == "stale-manifest: the manifest names 'zombie', which the level does not have");
  std::string dangling(kLevel);
  dangling.replace(dangling.find("holder = \"ogre\""), 15, "holder = \"troll\"");
  CHECK_FALSE(ApplyManifest(m, "t.toml", Read(dangling), out, why));
  CHECK(why == "unresolved-reference: line 25: 'troll' names no entity of the level");
}

TEST_CASE("the manifest reader refuses what the format forbids", "[identity]") {
  const auto problems_of = [](const std::string& text) {
    IdentityManifest m;
    std::vector<TextProblem> problems;
    (void)ReadManifest(text, m, problems);
    std::vector<std::string> out;
    for (const auto& p : problems) out.push_back(p.message);
    return out;
  };
  const auto lines_of = [](const std::string& text) {
    IdentityManifest m;
    std::vector<TextProblem> problems;
    (void)ReadManifest(text, m, problems);
    std::vector<std::string> out;
    for (const auto& p : problems) out.push_back(FormatProblem("m.toml", p));
    return out;
  };
  const std::string head = "format = \"cairn-identity-manifest\"\nversion = 1\n";
  const std::string a =
      "[[object]]\npath = \"a\"\nid = \"x\"\nuuid = \"f47ac10b-58cc-4372-a567-0e02b2c3d479\"\n";
  const std::string b =
      "[[object]]\npath = \"a\"\nid = \"w\"\nuuid = \"f47ac10b-58cc-4372-a567-0e02b2c3d478\"\n";
  CHECK(problems_of(head + a + b) ==
        std::vector<std::string>{"objects are not sorted by path, then id"});
  // A repeat names both places (the first entry opens on line 3, the second on line 7).
  const auto twice = lines_of(head + a + a);
  CHECK(std::find(twice.begin(), twice.end(),
                  "m.toml:7:1: error: duplicate object a 'x' (first at m.toml:3:1)") !=
        twice.end());
  CHECK(std::find(twice.begin(), twice.end(),
                  "m.toml:10:8: error: duplicate UUID f47ac10b-58cc-4372-a567-0e02b2c3d479 (first "
                  "at m.toml:6:8)") != twice.end());
  CHECK(
      problems_of(
          head +
          "[[object]]\npath = \"a\"\nid = \"x\"\nuuid = \"f47ac10b-58cc-1372-a567-0e02b2c3d479\"\n")
          [0] == "'f47ac10b-58cc-1372-a567-0e02b2c3d479' is not a version-4 UUID");
  CHECK(problems_of(
            head + "[[document]]\npath = \"a\"\nuuid = \"f47ac10b-58cc-4372-a567-0e02b2c3d479\"\n" +
            a)[0] == "duplicate UUID f47ac10b-58cc-4372-a567-0e02b2c3d479");
  CHECK(problems_of(head + "[[object]]\npath = \"a\"\nid = \"x\"\nextra = 1\nuuid = "
                           "\"f47ac10b-58cc-4372-a567-0e02b2c3d479\"\n")[0] ==
        "object: unknown member 'extra'");
  CHECK(problems_of(head + "bogus = 2\n")[0] == "the manifest: unknown member 'bogus'");
  // The manifest opens as every cairn file does (ParseTomlFile, ReadFileHeader), each problem at
  // its place.
  CHECK(problems_of("format = \"cairn-level\"\nversion = 1\n") ==
        std::vector<std::string>{"not a cairn identity manifest file (format is \"cairn-level\")"});
  CHECK(problems_of("format = \"cairn-identity-manifest\"\nversion = 2\n") ==
        std::vector<std::string>{
            "identity manifest version 2 is not supported (this build reads 1)"});
  IdentityManifest m;
  std::vector<TextProblem> problems;
  CHECK_FALSE(ReadManifest(head + "[[object]\n", m, problems));
  REQUIRE(problems.size() == 1);
  CHECK(FormatProblem("manifest.toml", problems[0]).find("manifest.toml:3:") == 0);
}

}  // namespace identity_test
