// Saves from before the autopickup rule (version 2) still resume: the player without a rule plays
// by the default one, and the save's state hash is checked over the components version 2 knew.
#include <catch2/catch.hpp>

#include "game/items.h"
#include "game/state_hash.h"
#include "save_test_support.h"

namespace migration_test {

using namespace cairn;
using namespace cairn::test;

namespace {

constexpr DigestForm kVersion2 = DigestForm::PositionalAt(2);

std::string Hex(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return text;
}

// What a version-2 build wrote for `session`: no autopickup component, version 2, and the state
// hash over every part but the autopickup pool (which that build did not have).
std::string Version2Text(GameSession& session) {
  std::string text = SaveText(session, 5);  // versions 2 to 5 share a grammar
  text = Replace(text, "\nversion = 5\n", "\nversion = 2\n");
  text = Replace(text, "state = \"" + Hex(session.StateHash(DigestForm::PositionalAt(5))) + "\"",
                 "state = \"" + Hex(session.StateHash(kVersion2)) + "\"");
  std::string out;
  std::size_t removed = 0, at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? end : end + 1 - at);
    if (line.rfind("autopickup = ", 0) == 0)
      ++removed;
    else
      out += line;
    at = end == std::string::npos ? text.size() : end + 1;
  }
  REQUIRE(removed == 1);  // the player's
  return out;
}

}  // namespace

TEST_CASE("a version-2 save resumes with the default rule and its hash checked as it was made",
          "[save][autopickup]") {
  auto original = Dungeon(3, 1);  // as the build that wrote version 2 made it
  PlayKeys(*original, "ooooooFFFoooFFF");
  const std::string v2 = Version2Text(*original);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(v2, DungeonConfig(3), resumed) == "");
  const GameWorld& world = resumed->World();
  CHECK(world.AutoPickups().Find(world.PlayerEntity()) == nullptr);  // read as written
  CHECK(AutoPickupOf(world, world.PlayerEntity()) == AutoPickup{});  // the default rule
  CHECK(AutoPickupOn(world, world.PlayerEntity()));
  CHECK(resumed->StateHash(kVersion2) == original->StateHash(kVersion2));

  // It plays on as the original does (which has the default rule as a component).
  const std::string more = "oooFFFoooFFFoooFFF>>ooo";
  PlayKeys(*original, more);
  PlayKeys(*resumed, more);
  CHECK(resumed->World().Tick() == original->World().Tick());
  CHECK(resumed->StateHash(kVersion2) == original->StateHash(kVersion2));

  // Its next save is the current version and resumes as such.
  const std::string v3 = SaveText(*resumed);
  CHECK(v3.find("\nversion = " + std::to_string(kSaveVersion) + "\n") != std::string::npos);
  std::unique_ptr<GameSession> again;
  REQUIRE(Resume(v3, DungeonConfig(3), again) == "");
  CHECK(again->StateHash() == resumed->StateHash());

  // The toggle gives the old player the rule as a component, switched off.
  REQUIRE(again->Submit(PlayerCommand{PlayerCommandKind::AutoPickup}) == Status::Ok);
  const AutoPickup* rule = again->World().AutoPickups().Find(again->World().PlayerEntity());
  REQUIRE(rule != nullptr);
  CHECK(rule->enabled == 0);
}

TEST_CASE("a version-2 save is still checked: a state that does not match is refused",
          "[save][autopickup]") {
  auto original = Dungeon(4, 1);
  PlayKeys(*original, "oooooo");
  const std::string v2 = Version2Text(*original);
  std::unique_ptr<GameSession> resumed;
  // The hash a version-3 build would write does not pass for a version-2 save, nor does an edit.
  CHECK(Resume(Replace(v2, Hex(original->StateHash(kVersion2)),
                       Hex(original->StateHash(DigestForm::PositionalAt(3)))),
               DungeonConfig(4),
               resumed) == "the restored run does not match the state the save recorded");
  CHECK(Resume(Replace(v2, "\nversion = 2\n", "\nversion = 1\n"), DungeonConfig(4), resumed)
            .find("save version 1 is not supported: its state hash covers neither the seed nor "
                  "the quiver") != std::string::npos);
  // A version-3 or 4 save without the component (edited by hand) is refused by its hash too.
  CHECK(Resume(Replace(v2, "\nversion = 2\n", "\nversion = 4\n"), DungeonConfig(4), resumed) ==
        "the restored run does not match the state the save recorded");
}

// A real version-2 save, written by the build before autopickup (`cairn sim --seed 1 --input
// "$(printf 'oF%.0s' $(seq 1 150))>>oFoF" --save ...`: two floors, the player on the second).
// It stays loadable as long as the content is what it was made from; content changes (a new
// monster, another start kit) make every older save "other content", this one too.
TEST_CASE("a version-2 save written by the build before autopickup resumes and plays on",
          "[save][autopickup]") {
  std::string text;
  SessionImage image;
  const bool current = ReadFixture("v2-seed1-depth2.toml", text, image);
  CHECK(image.hash_form == kVersion2);
  CHECK(kVersion2.positional_pools == static_cast<std::size_t>(ComponentKind::AutoPickup));
  if (!current) return;
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, DungeonConfig(1), resumed) == "");
  CHECK(resumed->Depth() == 2);
  CHECK(resumed->World().Tick() == 1881);
  CHECK(AutoPickupOn(resumed->World(), resumed->World().PlayerEntity()));
  PlayKeys(*resumed, "oFoFoFoFZoFoF");
  CHECK(resumed->State() != SessionState::Faulted);
  CHECK(resumed->World().Tick() > 1881);
}

}  // namespace migration_test
