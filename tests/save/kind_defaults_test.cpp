// Save version 6 (docs/decisions/0021): a monster's or an item's field that is what its kind gives
// is left out and read back from the kind; versions before 6 read every field left out as the
// type's default, so a version-5 save (written by the build before) resumes as it was.
#include <catch2/catch.hpp>

#include "save_test_support.h"

namespace kind_defaults_test {

using namespace cairn;
using namespace cairn::test;

namespace {

SessionImage ImageOf(GameSession& session) {
  static CountingEntropy entropy;
  SessionImage image;
  REQUIRE(CaptureImage(session, entropy, image) == Status::Ok);
  return image;
}

// The text of one entity's block: from its uuid line to the next blank line.
std::string BlockOf(const std::string& text, const Uuid& source) {
  const std::size_t at = text.find("uuid = \"" + UuidText(source) + "\"");
  REQUIRE(at != std::string::npos);
  return text.substr(at, text.find("\n\n", at) - at);
}

// The first entity of the player's floor with an enemy_ai (a monster), or null.
LevelEntity* FirstMonster(SessionImage& image) {
  for (FloorImage& floor : image.floors)
    if (floor.depth == image.depth)
      for (LevelEntity& e : floor.level.entities)
        if (e.components.Has<EnemyAi>()) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE(
    "a save leaves out what a monster's or item's kind gives and reads it back (version 6 on)",
    "[save]") {
  auto original = Dungeon(1, 1);  // as the builds of versions 5 and 6 made it
  PlayKeys(*original, "oFoFoFoFoFoFoFoF");
  SessionImage image = ImageOf(*original);
  LevelEntity* monster = FirstMonster(image);
  REQUIRE(monster != nullptr);
  const std::string v6 = WriteSaveText(image, *Definitions(), "test");
  const std::string v5 = WriteSaveText(AsVersion(image, *original, 5), *Definitions(), "test", 5);
  CHECK(v6.find(VersionLine()) != std::string::npos);
  CHECK(v5.find(VersionLine(5)) != std::string::npos);
  // A monster's look and name are its kind's: the bodies are empty in version 6 only.
  CHECK(BlockOf(v6, monster->source).find("\nappearance = {}\nenemy_ai = ") != std::string::npos);
  CHECK(BlockOf(v6, monster->source).find("\nnamed = {}") != std::string::npos);
  CHECK(BlockOf(v5, monster->source).find("\nappearance = { glyph = ") != std::string::npos);
  CHECK(v6.size() < v5.size());
  // Both resume to the run as it was.
  for (const std::string* text : {&v6, &v5}) {
    std::unique_ptr<GameSession> resumed;
    REQUIRE(Resume(*text, DungeonConfig(1), resumed) == "");
    CHECK(resumed->StateHash() == original->StateHash());
    // A run from before dungeon rules keeps the rules its floors were made under (the first).
    CHECK(v6.find(RulesLine(kOldestDungeonRules)) != std::string::npos);
    CHECK(WriteSaveText(ImageOf(*resumed), *Definitions(), "test") == v6);
  }

  // A field that differs from the kind's is written, alone; the others are still the kind's.
  const Appearance kind_look = monster->components.appearance;
  monster->components.appearance.colour =
      kind_look.colour == Colour::Magenta ? Colour::Cyan : Colour::Magenta;
  monster->components.health.current = 1;
  const std::string edited = WriteSaveText(image, *Definitions(), "test");
  const std::string block = BlockOf(edited, monster->source);
  CHECK(block.find("\nappearance = { colour = \"") != std::string::npos);
  CHECK(block.find("\nhealth = { current = 1 }") != std::string::npos);
  SessionImage read;
  std::vector<TextProblem> problems;
  REQUIRE(ReadSaveText(edited, *Definitions(), DungeonConfig(1).limits, read, problems));
  const LevelEntity* back = FirstMonster(read);
  REQUIRE(back != nullptr);
  CHECK(back->source == monster->source);
  CHECK(back->components.appearance.colour == monster->components.appearance.colour);
  CHECK(back->components.appearance.glyph == kind_look.glyph);
  CHECK(back->components.appearance.layer == kind_look.layer);
  CHECK(back->components.health.current == 1);
  CHECK(back->components.health.max == monster->components.health.max);
  CHECK(WriteSaveText(read, *Definitions(), "test") == edited);
}

TEST_CASE("the version tells a reader whether fields left out are the kind's", "[save]") {
  auto original = Dungeon(2, 1);
  PlayKeys(*original, "oFoFoF");
  const std::string v6 = SaveText(*original, 6);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(v6, DungeonConfig(2), resumed) == "");
  // Read as version 5, an empty `appearance = {}` is the type's `?`: not the run that was saved.
  resumed.reset();
  CHECK(Resume(Replace(v6, VersionLine(6), VersionLine(5)), DungeonConfig(2), resumed) != "");
  CHECK(resumed == nullptr);
}

// tests/save/fixtures/v5-seed1-depth2.toml: a version-5 save written by the build before version
// 6 (`cairn sim --seed 1 --input "$(printf 'oF%.0s' $(seq 1 150))>>oFoF" --save ...`: two floors,
// the player on the second, monsters awake and hurt, items carried). Like every older save it
// stays loadable as long as the content is what it was made from.
TEST_CASE("a version-5 save written by the build before version 6 resumes and plays on", "[save]") {
  std::string text;
  SessionImage image;
  if (!ReadFixture("v5-seed1-depth2.toml", text, image)) return;
  REQUIRE(text.find("\nversion = 5\n") != std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, DungeonConfig(1), resumed) == "");  // its state hash matched
  CHECK(resumed->Depth() == 2);
  CHECK(resumed->World().Tick() == 1781);
  // Its next save is the current version, shorter, and resumes to the same run.
  const std::string next = SaveText(*resumed);
  CHECK(next.find(VersionLine()) != std::string::npos);
  CHECK(next.size() < text.size());
  std::unique_ptr<GameSession> again;
  REQUIRE(Resume(next, DungeonConfig(1), again) == "");
  CHECK(again->StateHash() == resumed->StateHash());
  PlayKeys(*resumed, "oFoFoFoF");
  PlayKeys(*again, "oFoFoFoF");
  CHECK(resumed->State() != SessionState::Faulted);
  CHECK(again->StateHash() == resumed->StateHash());
}

}  // namespace kind_defaults_test
