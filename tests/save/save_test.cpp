// Save and resume: a run written to text, read back and rebuilt in fresh worlds continues exactly
// as if it had never been saved; every kind of bad save is refused with the running game and the
// file left alone.
#include <algorithm>
#include <catch2/catch.hpp>

#include "game/state_hash.h"
#include "save/save_codec.h"
#include "save/save_test_support.h"
#include "sim/key_script.h"
#include "sim/session_persist.h"
#include "sim/session_preserved.h"
#include "support/test_content.h"
#include "support/test_entropy.h"

namespace save_test {

using namespace cairn;
using test::CountingEntropy;
using test::NoEntropy;
using test::StuckEntropy;

using test::Dungeon;
using test::Replace;
using test::Resume;
using test::SaveText;

TEST_CASE("save, resume and continue: the same state as never having saved", "[save]") {
  std::string a = "lllljjjohhhkk.....";
  std::string b = "oojjll";
  for (int i = 0; i < 80; ++i) a += "oF";
  a += ">>";
  for (int i = 0; i < 80; ++i) b += "oFZ";
  b += ">>";
  for (std::uint64_t seed : {1u, 3u, 7u}) {
    INFO("seed " << seed);
    auto original = Dungeon(seed);
    test::PlayKeys(*original, a);
    const std::string text = SaveText(*original);
    const std::int64_t saved_at = original->World().Tick();
    const std::int32_t saved_depth = original->Depth();
    std::unique_ptr<GameSession> resumed;
    REQUIRE(Resume(text, test::DungeonConfig(seed), resumed) == "");
    CHECK(resumed->StateHash() == original->StateHash());
    CHECK(resumed->World().Tick() == original->World().Tick());
    CHECK(resumed->Depth() == original->Depth());
    CHECK(resumed->Log().Messages().back().text == original->Log().Messages().back().text);
    // And the futures agree, step for step.
    test::PlayKeys(*original, b);
    test::PlayKeys(*resumed, b);
    // The run was saved below the first floor (two worlds in the save) and went on well past it.
    CHECK(saved_depth >= 2);
    CHECK(original->World().Tick() > saved_at + 1000);
    CHECK(resumed->World().Tick() == original->World().Tick());
    CHECK(resumed->StateHash() == original->StateHash());
  }
}

TEST_CASE("saving at several points along one run always resumes to the same hash", "[save]") {
  auto original = Dungeon(5);
  const std::string steps[] = {"", "lll", "oo", "oFoF", "Z", "oF>>", "oo"};
  for (const std::string& keys : steps) {
    test::PlayKeys(*original, keys);
    if (original->State() != SessionState::Playing) break;
    std::unique_ptr<GameSession> resumed;
    REQUIRE(Resume(SaveText(*original), test::DungeonConfig(5), resumed) == "");
    INFO("after '" << keys << "' at tick " << original->World().Tick());
    CHECK(resumed->StateHash() == original->StateHash());
    // One tick more on both: still alike (random streams, clocks and pending AI requests came
    // back).
    REQUIRE(original->StepTick() == Status::Ok);
    REQUIRE(resumed->StepTick() == Status::Ok);
    CHECK(resumed->StateHash() == original->StateHash());
  }
}

TEST_CASE("a save carries durable keys and no runtime identity", "[save]") {
  auto session = Dungeon(2);
  test::PlayKeys(*session, "llll");
  const std::string text = SaveText(*session);
  // Every live entity got a key when it was saved; saving again mints nothing new.
  const GameWorld& world = session->World();
  CHECK(world.Bindings().Size() == world.Registry().LiveCount());
  CountingEntropy again;
  SessionImage image;
  REQUIRE(CaptureImage(*session, again, image) == Status::Ok);
  CHECK(again.fills_ == 0);
  CHECK(WriteSaveText(image, *test::Definitions(), "cairn test") == text);
  const EntityId player = world.PlayerEntity();
  // The restored run resolves each key to a live entity of its own world.
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, test::DungeonConfig(2), resumed) == "");
  const PersistentObjectKey* key = world.Bindings().KeyOf(player);
  REQUIRE(key != nullptr);
  EntityId found;
  REQUIRE(resumed->World().Bindings().Resolve(*key, found) == ResolveStatus::Resolved);
  CHECK(found == resumed->World().PlayerEntity());
  CHECK(found.Owner != player.Owner);
  // And written again, the text is the same: the format is stable.
  CHECK(SaveText(*resumed) == text);
}

TEST_CASE("minting refuses without entropy and binds nothing", "[save]") {
  auto session = Dungeon(2);
  const std::uint32_t bound = session->World().Bindings().Size();
  SessionImage image;
  image.seed = 77;
  NoEntropy none;
  CHECK(CaptureImage(*session, none, image) == Status::EntropyUnavailable);
  CHECK(session->World().Bindings().Size() == bound);
  CHECK(image.seed == 77);
  StuckEntropy stuck;
  CHECK(CaptureImage(*session, stuck, image) == Status::IdentityConflict);
  CHECK(session->World().Bindings().Size() == bound);
  CHECK(session->RunInstance().IsNil());
}

TEST_CASE("every bad save is refused with a reason, and nothing changes", "[save]") {
  auto session = Dungeon(4);
  test::PlayKeys(*session, "lllloo");
  const std::string good = SaveText(*session);
  const std::uint64_t running = session->StateHash();
  std::unique_ptr<GameSession> untouched;
  REQUIRE(Resume(good, test::DungeonConfig(4), untouched) == "");
  GameSession* const before = untouched.get();

  // The first entity's UUID, and an item's holder reference, to break.
  const std::size_t first_uuid = good.find("\nuuid = \"") + 9;
  const std::string some_uuid = good.substr(first_uuid, 36);
  const std::size_t second_uuid = good.find("\nuuid = \"", first_uuid) + 9;
  const std::string other_uuid = good.substr(second_uuid, 36);

  struct Case {
    const char* what;
    std::string text;
    const char* expected;  // a piece of the reason
  };
  std::vector<Case> cases = {
      {"not TOML", "format = \"cairn-save\"\nversion = = 1\n", ""},
      {"truncated", good.substr(0, good.size() * 2 / 3), ""},
      {"empty", "", ""},
      {"a newer version",
       Replace(good, "\nversion = " + std::to_string(kSaveVersion) + "\n",
               "\nversion = " + std::to_string(kSaveVersion + 1) + "\n"),
       "not supported"},
      {"an older version (its runs are not this build's: the hash, the components)",
       Replace(good, "\nversion = " + std::to_string(kSaveVersion) + "\n", "\nversion = 1\n"),
       "save version 1 is not supported: its state hash covers neither the seed nor the quiver"},
      {"a foreign file", "format = \"cairn-level\"\nversion = 1\n", "not a cairn save"},
      {"a duplicate UUID", Replace(good, "\nuuid = \"" + other_uuid, "\nuuid = \"" + some_uuid),
       "duplicate uuid on the floor"},
      {"an unresolved reference",
       Replace(good, "holder = \"",
               "holder = \"" + std::string("0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f\", x = \"")),
       ""},
      {"a map character", Replace(good, "\"#####", "\"##X##"), "not a map character"},
      {"another seed", Replace(good, "seed = \"0000000000000004\"", "seed = \"0000000000000005\""),
       "seed"},
      {"other content", Replace(good, "content = \"", "content = \"f"), ""},
      {"a position off the map",
       Replace(good, "\nposition = { x = ", "\nposition = { x = 9999, y = 0 }\nq = { x = "), ""},
      {"a uuid that is no UUID", Replace(good, "\nuuid = \"", "\nuuid = \"x"), "'uuid' is \"x"},
      {"an instance that is no UUID",
       Replace(good, "\nuuid = \"", "\ninstance = \"nope\"\nuuid = \""),
       "'instance' is \"nope\", not a version-4 UUID"},
      {"a component that is not a table", Replace(good, "\nposition = {", "\nposition = 5\nq = {"),
       "'position' must be a table, not an integer"},
      {"a member nobody reads", Replace(good, "\nposition = {", "\npositoin = 1\nposition = {"),
       "unknown member 'positoin' (did you mean position?)"},
      {"a player who may not act for ages", Replace(good, "next_tick = ", "next_tick = 99999999"),
       "may not act before tick"},
      {"a control character for a glyph", Replace(good, "glyph = \"@\"", "glyph = \"\\u0085\""),
       "control character"},
  };
  for (const Case& test : cases) {
    INFO(test.what);
    std::unique_ptr<GameSession> out = std::move(untouched);
    const std::string reason = Resume(test.text, test::DungeonConfig(4), out);
    CHECK(reason != "");
    CHECK(reason.find(test.expected) != std::string::npos);
    CHECK(out.get() == before);  // the output is the one it was
    untouched = std::move(out);
  }
  // Capacity: a world too small for the save.
  SessionConfig small = test::DungeonConfig(4);
  small.limits = WorldLimits::Uniform(8);
  std::unique_ptr<GameSession> out;
  CHECK(Resume(good, small, out).find("holds at most") != std::string::npos);
  CHECK(out == nullptr);
  CHECK(session->StateHash() == running);  // the running game never moved
}

TEST_CASE("a component this build does not know survives a save and a resume", "[save]") {
  auto session = Dungeon(6);
  std::string text = SaveText(*session);
  // Give the first entity a component from the future, in a list of its own.
  const std::size_t at = text.find("\n", text.find("\nuuid = \"") + 1) + 1;
  text.insert(at,
              "components = [\n  { type = \"resonance\", version = 4, slot = 1, body = { pitch = "
              "\"low\", weight = 1.5e-9, with = [\"x\"] } },\n]\n");
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, test::DungeonConfig(6), resumed) == "");
  const std::string again = SaveText(*resumed);
  // Byte for byte, as written (a float keeps its digits).
  CHECK(again.find("{ type = \"resonance\", version = 4, slot = 1, body = { pitch = \"low\", "
                   "weight = 1.5e-9, with = [\"x\"] } }") != std::string::npos);
  // Removing it (the console's REMOVE H resonance) leaves it, and only it, out of the next save.
  EntityId holder{};
  const EntityRegistry& registry = resumed->World().Registry();
  for (std::uint32_t slot = 0; slot < registry.SlotsTouched(); ++slot)
    if (resumed->Preserved(registry.EntityAtSlot(slot)) != nullptr)
      holder = registry.EntityAtSlot(slot);
  REQUIRE_FALSE(holder.IsNull());
  REQUIRE(RemovePreservedComponent(*resumed, holder, "resonance", 1) == Status::Ok);
  CHECK(resumed->World().Registry().IsAlive(holder));
  const std::string after = SaveText(*resumed);
  CHECK(after.find("resonance") == std::string::npos);
  CHECK(Replace(again,
                "components = [\n  { type = \"resonance\", version = 4, slot = 1, body = { pitch = "
                "\"low\", weight = 1.5e-9, with = [\"x\"] } },\n]\n",
                "") == after);
}

TEST_CASE("what crosses the tick boundary survives a save: noises and spawn outcomes", "[save]") {
  // A noise made in the last tick is heard by the next tick's AI.
  auto session = Dungeon(3);
  test::PlayKeys(*session, "oooo");
  GameWorld& world = session->World();
  EntityId listener;
  for (EntityId id : world.Ais().Owners()) {
    const EnemyAi* ai = world.Ais().Find(id);
    if (ai->wake_tick <= world.Tick() + 1 && ai->alertness < 100) listener = id;
  }
  REQUIRE_FALSE(listener.IsNull());
  REQUIRE(world.Emit(world.Noises(),
                     NoiseEvent{world.PlayerEntity(), *world.Positions().Find(listener), 6}));
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(SaveText(*session), test::DungeonConfig(3), resumed) == "");
  CHECK(resumed->World().Noises().Size() == 1);
  REQUIRE(session->StepTick() == Status::Ok);
  REQUIRE(resumed->StepTick() == Status::Ok);
  CHECK(resumed->StateHash() == session->StateHash());
}

TEST_CASE("saved after any tick, a run goes on exactly as it would have", "[save]") {
  // Tick by tick through explore, fight and throw: whenever the last tick left noises or spawn
  // outcomes for the next (and every 50 ticks besides), save, resume, and step both for 12 more
  // ticks; then the original goes on from there.
  int saves = 0, noisy = 0, spawning = 0;
  for (std::uint64_t seed : {1u, 2u, 4u}) {
    auto session = Dungeon(seed);
    std::string keys;
    for (int i = 0; i < 200; ++i) keys += "oFtc";
    KeyScript script(keys);
    PlayerCommand command;
    const auto tick = [&](TickInput input) {
      REQUIRE(session->StepTick(input) == Status::Ok);
      const GameWorld& world = session->World();
      const bool noise = world.Noises().Size() > 0, spawn = !world.PendingOutcomes().empty();
      if ((!noise && !spawn && world.Tick() % 50 != 0) || session->State() != SessionState::Playing)
        return;
      ++saves;
      noisy += noise ? 1 : 0;
      spawning += spawn ? 1 : 0;
      std::unique_ptr<GameSession> resumed;
      REQUIRE(Resume(SaveText(*session), test::DungeonConfig(seed), resumed) == "");
      INFO("seed " << seed << " saved at tick " << world.Tick());
      for (int t = 0; t < 12 && session->State() == SessionState::Playing; ++t) {
        REQUIRE(session->StepTick() == Status::Ok);
        REQUIRE(resumed->StepTick() == Status::Ok);
      }
      CHECK(resumed->StateHash() == session->StateHash());
    };
    while (session->State() == SessionState::Playing && script.Next(*session, command)) {
      while (!session->PlayerReady() && session->State() == SessionState::Playing) tick({});
      std::string why;
      if (session->State() != SessionState::Playing || session->WouldRefuse(command, why)) continue;
      tick(TickInput{command});
    }
  }
  CHECK(saves > 30);
  CHECK(noisy > 10);
  CHECK(spawning > 0);
}

TEST_CASE("a run with two players is refused", "[save]") {
  auto session = Dungeon(8);
  test::CountingEntropy entropy;
  SessionImage image;
  REQUIRE(CaptureImage(*session, entropy, image) == Status::Ok);
  FloorImage& floor = image.floors.front();
  for (const LevelEntity& e : floor.level.entities)
    if (e.components.Has<Player>()) {
      LevelEntity twin = e;
      twin.source.Bytes[15] ^= 0x5A;
      floor.level.entities.push_back(twin);
      break;
    }
  image.state_hash = 0;
  std::unique_ptr<GameSession> out;
  std::string error;
  CHECK(RestoreSession(test::DungeonConfig(8), image, out, error) == Status::InvalidArgument);
  CHECK(error.find("is a second player") != std::string::npos);
  CHECK(out == nullptr);
}

TEST_CASE("with the state hash zeroed for hand editing, every semantic rule still holds",
          "[save]") {
  auto session = Dungeon(4);
  test::PlayKeys(*session, "lllloo");
  const std::string good = SaveText(*session);
  const std::size_t state = good.find("state = \"") + 9;
  const std::string zeroed = good.substr(0, state) + "0000000000000000" + good.substr(state + 16);
  std::unique_ptr<GameSession> out;
  REQUIRE(Resume(zeroed, test::DungeonConfig(4), out) == "");  // a zeroed hash alone is fine
  out.reset();

  // The player's UUID, and its first carried item's.
  const std::size_t player_at = good.rfind("uuid = \"", good.find("\nplayer = {")) + 8;
  const std::string player = good.substr(player_at, 36);
  const std::size_t dagger_at = good.rfind("uuid = \"", good.find("kind = \"dagger\"")) + 8;
  const std::string dagger = good.substr(dagger_at, 36);
  // The line a replacement lands on, so each problem is checked to point at it.
  const auto line_of = [](const std::string& text, std::string_view what) {
    const std::size_t at = text.find(what);
    REQUIRE(at != std::string::npos);
    return std::to_string(
               1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) +
           ":";
  };
  struct Case {
    const char* what;
    std::string from, to;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"the player dead", "health = { current = 30, max = 30 }",
       "health = { current = 0, max = 30 }", "has no health left (0)"},
      {"negative health", "health = { current = 30, max = 30 }",
       "health = { current = -1, max = 30 }", "has no health left (-1)"},
      {"health past its max", "health = { current = 30, max = 30 }",
       "health = { current = 31, max = 30 }", "more health (31) than its max (30)"},
      {"health past its cap", "health = { current = 30, max = 30 }",
       "health = { current = 30, max = 2000000 }", "health.max is 2000000"},
      {"an item held by itself", "holder = \"" + player + "\"", "holder = \"" + dagger + "\"",
       "is held by itself"},
      {"an item held by a gone entity", "holder = \"" + player + "\"", "holder = \"gone\"",
       "no longer exists"},
      {"a letter twice", "letter = 98", "letter = 97", "has the letter 'a'"},
      {"a stack of nothing", "kind = \"darts\", quantity = 8", "kind = \"darts\", quantity = 0",
       "is a stack of 0"},
      {"two armours worn", "kind = \"dagger\"", "kind = \"leather-armour\"",
       "is a second armour worn"},
      {"a pack that miscounts", "inventory = { count = 5 }", "inventory = { count = 4 }",
       "counts 4 items but carries 5"},
  };
  for (const Case& test : cases) {
    INFO(test.what);
    if (zeroed.find(test.from) == std::string::npos) FAIL("no '" << test.from << "' in the save");
    const std::string edited = Replace(zeroed, test.from, test.to);
    const std::string reason = Resume(edited, test::DungeonConfig(4), out);
    CHECK(reason.find(test.expected) != std::string::npos);
    CHECK(out == nullptr);
    UNSCOPED_INFO(reason);
  }
  // Inside a wall, at its position line.
  const std::string position_line = good.substr(good.find("\nposition = {") + 1);
  const std::string moved = Replace(zeroed, position_line.substr(0, position_line.find('\n')),
                                    "position = { x = 0, y = 0 }");
  const std::string reason = Resume(moved, test::DungeonConfig(4), out);
  CHECK(reason.find(line_of(moved, "position = { x = 0, y = 0 }") + "1: floor 1 entity ") == 0);
  CHECK(reason.find("at (0,0) is inside a wall") != std::string::npos);
  // Two players: the second is named at its own lines.
  const std::size_t entity = zeroed.find("\n[[floor.entity]]", zeroed.find("\nplayer = {"));
  std::string twin =
      zeroed.substr(zeroed.rfind("\n[[floor.entity]]", zeroed.find("\nplayer = {")),
                    entity - zeroed.rfind("\n[[floor.entity]]", zeroed.find("\nplayer = {")));
  twin = Replace(twin, player, "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f");
  const std::string two = zeroed + twin;
  CHECK(Resume(two, test::DungeonConfig(4), out).find("is a second player (a run has one)") !=
        std::string::npos);
  // Another seed, with the hash zeroed: the floors it would make are not these.
  CHECK(Resume(Replace(zeroed, "seed = \"0000000000000004\"", "seed = \"0000000000000005\""),
               test::DungeonConfig(5), out)
            .find("floor 1 was not made from seed 0000000000000005") != std::string::npos);
}

TEST_CASE("the state hash covers the seed a world was built from", "[save]") {
  // Two worlds alike in everything but their seed (their streams made equal) hash apart, so a
  // save whose seed was changed no longer matches its state line.
  const SessionConfig config = test::Config(1);
  std::unique_ptr<GameWorld> a, b;
  REQUIRE(BuildWorld(*config.level, config.limits, config.definitions, 1, a) == Status::Ok);
  REQUIRE(BuildWorld(*config.level, config.limits, config.definitions, 2, b) == Status::Ok);
  b->MutableStreams() = a->Streams();
  CHECK(DigestState(*a).random != DigestState(*b).random);
  CHECK(DigestState(*a).total != DigestState(*b).total);
}

TEST_CASE("the log's repeat counts and tones survive a save; a plain line reads as before",
          "[save]") {
  auto original = Dungeon(1);
  original->Log().Say("There is nothing in view to fight.");
  original->Log().Say("There is nothing in view to fight.");
  original->Log().Say("There is nothing in view to fight.");
  original->Log().Say("The monkey snatches 7 rations and runs!", MessageTone::Warning);
  original->Log().Say("Just news.");
  const std::string text = SaveText(*original);
  CHECK(text.find("text = \"There is nothing in view to fight.\", count = 3 }") !=
        std::string::npos);
  CHECK(text.find("tone = \"warning\"") != std::string::npos);
  CHECK(text.find("text = \"Just news.\" }") != std::string::npos);  // defaults are not written
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, test::DungeonConfig(1), resumed) == "");
  const auto& log = resumed->Log().Messages();
  REQUIRE(log.size() >= 3);
  CHECK(ShownText(log[log.size() - 3]) == "There is nothing in view to fight. x3");
  CHECK(log[log.size() - 2].tone == MessageTone::Warning);
  CHECK(log.back().tone == MessageTone::Plain);
  // A tone no build knows is a problem with its place, not a crash.
  const std::string bad = Replace(text, "tone = \"warning\"", "tone = \"shouting\"");
  std::unique_ptr<GameSession> refused;
  CHECK(Resume(bad, test::DungeonConfig(1), refused).find("tone") != std::string::npos);
}

TEST_CASE("a duplicate uuid on a floor names both entities' places", "[save]") {
  auto session = test::Dungeon(4);
  const std::string good = SaveText(*session);
  const std::size_t first = good.find("\nuuid = \"") + 1;
  const std::size_t second = good.find("\nuuid = \"", first) + 1;
  const std::string uuid = good.substr(first + 8, 36);
  std::string text = good;
  text.replace(second + 8, 36, uuid);
  const auto line_of = [&](std::size_t at) {
    return std::to_string(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1);
  };
  SessionImage image;
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      ReadSaveText(text, *test::Definitions(), test::DungeonConfig(4).limits, image, problems));
  std::vector<std::string> lines;
  for (const TextProblem& p : problems) lines.push_back(FormatProblem("save.toml", p));
  const std::string expected =
      "save.toml:" + line_of(second) + ":8: error: floor 1 entity " + uuid +
      ": duplicate uuid on the floor (first at save.toml:" + line_of(first) + ":8)";
  CHECK(std::find(lines.begin(), lines.end(), expected) != lines.end());
}

}  // namespace save_test
