// Saves from version 7 name the parts their state covers (decision 0037): a restore checks them
// one by one and names the first that differs; version-6 saves (positional hashes) still resume.
#include <catch2/catch.hpp>

#include "save_test_support.h"

namespace named_parts_test {

using namespace cairn;
using namespace cairn::test;

namespace {

std::string Hex(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return text;
}

// The `parts = { ... }` line of a save text.
std::string PartsLine(const std::string& text) {
  const std::size_t at = text.find("\nparts = { ");
  REQUIRE(at != std::string::npos);
  return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

}  // namespace

TEST_CASE("a save names the parts its state covers, and a restore checks each", "[save][hash]") {
  auto original = Dungeon(4);
  PlayKeys(*original, "ooooooFF");
  const std::string text = SaveText(*original);
  const std::string parts = PartsLine(text);
  const StateDigest digest = original->Digest();
  CHECK(parts.find("registry = \"" + Hex(digest.registry) + "\"") != std::string::npos);
  CHECK(parts.find("position = \"" + Hex(digest.pools[0]) + "\"") != std::string::npos);
  // A pool no floor uses is no part (no one is hasted or slowed here).
  REQUIRE(digest.pools[static_cast<std::size_t>(ComponentKind::Condition)] == 0);
  CHECK(parts.find("condition") == std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, DungeonConfig(4), resumed) == "");
  CHECK(resumed->StateHash() == original->StateHash());

  const std::string health = Hex(digest.pools[static_cast<std::size_t>(ComponentKind::Health)]);
  const std::string differs = "the restored run does not match the state the save recorded";
  // A part edited: named.
  CHECK(Resume(Replace(text, "health = \"" + health, "health = \"0123456789abcdef"),
               DungeonConfig(4), resumed) == differs + ": its health differs");
  // A part the run has and the save does not cover, and one it covers that the run lacks.
  CHECK(Resume(Replace(text, ", health = \"" + health + "\"", ""), DungeonConfig(4), resumed) ==
        differs + ": it holds health components the save has none of");
  CHECK(Resume(Replace(text, "registry = ", "condition = \"0123456789abcdef\", registry = "),
               DungeonConfig(4), resumed) == differs +
                                                 ": the save covers condition, which it "
                                                 "holds none of");
  // A component this build does not know is refused where it is written.
  CHECK(Resume(Replace(text, "registry = ", "not_a_component = \"0123456789abcdef\", registry = "),
               DungeonConfig(4), resumed)
            .find(": the save's state covers 'not_a_component', which is not registry, map, random "
                  "or a "
                  "component this build knows") != std::string::npos);
  // Registry, map and random are always covered; `parts` is required while `state` is checked.
  CHECK(Resume(Replace(text, "map = \"" + Hex(digest.map) + "\", ", ""), DungeonConfig(4), resumed)
            .find("the save: parts must give 'map'") != std::string::npos);
  CHECK(Resume(Replace(text, parts + "\n", ""), DungeonConfig(4), resumed)
            .find("the save needs 'parts'") != std::string::npos);
  // With the check skipped (state 16 zeros, for a save edited by hand), parts may go too.
  const std::string unchecked =
      Replace(Replace(text, "state = \"" + Hex(digest.total), "state = \"0000000000000000"),
              parts + "\n", "");
  CHECK(Resume(unchecked, DungeonConfig(4), resumed) == "");
}

// The version-6 fixtures were saved by the build before save version 7 after the keys below:
// resumed, each is the run one play of those keys makes, and plays on as it (SPEC: a save and a
// resume change nothing); its next save is the current version and resumes.
TEST_CASE("a version-6 save resumes, plays on as one run would, and saves as the current version",
          "[save][hash]") {
  struct Fixture {
    const char* file;
    std::uint64_t seed;
    std::string keys;
  };
  std::string deep;
  for (int i = 0; i < 150; ++i) deep += "oF";
  deep += ">>oFoF";
  for (const Fixture& f : {Fixture{"v6-seed1-depth2.toml", 1, deep},
                           Fixture{"v6-seed3-items.toml", 3, "oooootcTbwbdcgoFFFFFaa"}}) {
    INFO(f.file);
    std::string text;
    SessionImage image;
    if (!ReadFixture(f.file, text, image)) continue;
    REQUIRE(text.find(VersionLine(6)) != std::string::npos);
    CHECK(image.hash_form == DigestForm::PositionalAt(6));
    CHECK(image.state_parts.empty());
    std::unique_ptr<GameSession> resumed;
    REQUIRE(Resume(text, DungeonConfig(f.seed), resumed) == "");  // its positional hash matched
    // The straight run is made under the rules the fixture's floors were (an older save keeps
    // them).
    SessionConfig rules = DungeonConfig(f.seed);
    rules.dungeon_rules = image.dungeon_rules;
    std::unique_ptr<GameSession> straight;
    REQUIRE(GameSession::Create(rules, straight) == Status::Ok);
    PlayKeys(*straight, f.keys);
    CHECK(resumed->StateHash() == straight->StateHash());
    PlayKeys(*resumed, "oooFoooF");
    PlayKeys(*straight, "oooFoooF");
    CHECK(resumed->World().Tick() == straight->World().Tick());
    CHECK(resumed->StateHash() == straight->StateHash());
    const std::string next = SaveText(*resumed);
    CHECK(next.find(VersionLine()) != std::string::npos);
    std::unique_ptr<GameSession> again;
    REQUIRE(Resume(next, DungeonConfig(f.seed), again) == "");
    CHECK(again->StateHash() == resumed->StateHash());
  }
}

}  // namespace named_parts_test
