// Save and resume: a run written to text, read back and rebuilt in fresh worlds continues exactly
// as if it had never been saved; every kind of bad save is refused with the running game and the
// file left alone.
#include <catch2/catch.hpp>

#include "save/save_codec.h"
#include "sim/key_script.h"
#include "sim/session.h"
#include "save/save_test_support.h"
#include "support/test_content.h"
#include "support/test_entropy.h"

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
    CHECK(resumed->Messages().back().text == original->Messages().back().text);
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
    // One tick more on both: still alike (random streams, clocks and pending AI requests came back).
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
  REQUIRE(session->CaptureImage(again, image) == Status::Ok);
  CHECK(again.fills_ == 0);
  CHECK(WriteSaveText(image, *test::Definitions(), "cairn test") == text);
  const EntityId player = world.PlayerEntity();
  // The restored run resolves each key to a live entity of its own world.
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, test::DungeonConfig(2), resumed) == "");
  const PersistentObjectKey* key = world.Bindings().KeyOf(player);
  REQUIRE(key != nullptr);
  EntityId found;
  REQUIRE(resumed->World().Bindings().TryResolve(*key, found) == ResolveStatus::Resolved);
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
  CHECK(session->CaptureImage(none, image) == Status::EntropyUnavailable);
  CHECK(session->World().Bindings().Size() == bound);
  CHECK(image.seed == 77);
  StuckEntropy stuck;
  CHECK(session->CaptureImage(stuck, image) == Status::IdentityConflict);
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
      {"wrong version", Replace(good, "version = 1\n", "version = 9\n"), "not supported"},
      {"a foreign file", "format = \"cairn-level\"\nversion = 1\n", "not a cairn save"},
      {"a duplicate UUID", Replace(good, "\nuuid = \"" + other_uuid, "\nuuid = \"" + some_uuid), "same uuid"},
      {"an unresolved reference", Replace(good, "holder = \"", "holder = \"" + std::string("0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f\", x = \"")), ""},
      {"a map character", Replace(good, "\"#####", "\"##X##"), "not a map character"},
      {"another seed", Replace(good, "seed = \"0000000000000004\"", "seed = \"0000000000000005\""), "seed"},
      {"other content", Replace(good, "content = \"", "content = \"f"), ""},
      {"a position off the map", Replace(good, "body = { x = ", "body = { x = 9999, y = 0 }, q = { x = "), ""},
      {"a player who may not act for ages", Replace(good, "next_tick = ", "next_tick = 99999999"), "may not act before tick"},
      {"a control character for a glyph", Replace(good, "glyph = \"@\"", "glyph = \"\\u0085\""), "control character"},
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
  // Give the first entity a component from the future.
  const std::size_t at = text.find("components = [\n") + 15;
  text.insert(at, "  { type = \"resonance\", version = 4, slot = 1, body = { pitch = \"low\", weight = 1.5e-9, with = [\"x\"] } },\n");
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, test::DungeonConfig(6), resumed) == "");
  const std::string again = SaveText(*resumed);
  // Byte for byte, as written (a float keeps its digits).
  CHECK(again.find("{ type = \"resonance\", version = 4, slot = 1, body = { pitch = \"low\", weight = 1.5e-9, with = [\"x\"] } }") !=
        std::string::npos);
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
  REQUIRE(world.Emit(world.Noises(), NoiseEvent{world.PlayerEntity(), *world.Positions().Find(listener), 6}));
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
      if ((!noise && !spawn && world.Tick() % 50 != 0) || session->State() != SessionState::Playing) return;
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
  REQUIRE(session->CaptureImage(entropy, image) == Status::Ok);
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
  CHECK(GameSession::TryRestore(test::DungeonConfig(8), image, out, error) == Status::InvalidArgument);
  CHECK(error.find("is a second player") != std::string::npos);
  CHECK(out == nullptr);
}
