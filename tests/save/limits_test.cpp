// Never write what cannot be read back (game/state_limits.h): every counter a save stores has one
// cap that the simulation, the writer, the reader and the schema share. A save at each cap is
// written and read back; one past it is refused when written (and when read); and a run that
// reaches a cap stops with a fault that says which, instead of overflowing.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>

#include "content/level_loader.h"
#include "game/game_test_support.h"
#include "game/state_limits.h"
#include "save/save_test_support.h"
#include "schema/component_access.h"
#include "schema/component_types.h"
#include "storage/read_limits.h"

namespace limits_test {

using namespace cairn;

namespace {

// A small run: the player, a rat to its east, the start of a corridor.
SessionConfig Small(bool loot = false) {
  LevelDefinition level = test::Level({"#########", "#@r.....#", "#########"});
  test::AddItem(level, "darts", {0, 0}, 'a', 5);
  test::AddItem(level, "dagger", {0, 0}, 'b');
  if (loot)
    for (LevelEntity& e : level.entities)
      if (e.components.Has<EnemyAi>()) {
        Loot drops;
        REQUIRE(drops.entries.push_back(LootEntry{
            test::Definitions()->ItemIndex(*test::Definitions()->FindItem("ration")), 100, 0}));
        drops.slots_used = 1;
        e.components.Set(drops);
      }
  level.digest = DigestLevel(level);
  return test::Config(3, std::make_shared<LevelDefinition>(std::move(level)));
}

std::unique_ptr<GameSession> Start(const SessionConfig& config) {
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

EntityId PlayerOf(GameSession& session) {
  return session.World().PlayerEntity();
}
Player& ThePlayer(GameSession& session) {
  return *session.World().MutablePlayers().Find(PlayerOf(session));
}
Item& Carried(GameSession& session, char letter) {
  return *session.World().MutableItems().Find(
      CarriedItem(session.World(), PlayerOf(session), letter));
}

// Sets the world's clock and spawn counter as a save would.
void SetRuntime(GameSession& session, std::int64_t tick, std::uint32_t last_request) {
  GameWorld& world = session.World();
  const std::vector<SpawnOutcome> outcomes(world.PendingOutcomes().begin(),
                                           world.PendingOutcomes().end());
  const std::vector<NoiseEvent> noises(world.Noises().Events().begin(),
                                       world.Noises().Events().end());
  REQUIRE(world.RestoreRuntime(tick, world.Streams(), last_request, outcomes, noises) ==
          Status::Ok);
}

Status Capture(GameSession& session, std::string& text, std::string& why) {
  static test::CountingEntropy entropy;
  SessionImage image;
  const Status status = CaptureImage(session, entropy, image, &why);
  if (status == Status::Ok) text = WriteSaveText(image, *test::Definitions(), "cairn test");
  return status;
}

// One counter: how to put it at its cap (or one past), and the words that name it.
struct Cap {
  const char* what;
  std::function<void(GameSession&, bool past)> set;
  const char* named;     // in the writer's refusal
  const char* written;   // how the value at its cap is written in the save ("" : not checked)
  const char* one_past;  // the same written one past the cap
};

const std::vector<Cap>& Caps() {
  static const std::vector<Cap> caps = {
      {"the clock", [](GameSession& s, bool past) { SetRuntime(s, kMaxTick + (past ? 1 : 0), 0); },
       "floor 1 tick", "tick = 1125899906842624\n", "tick = 1125899906842625\n"},
      {"the spawn request counter",
       [](GameSession& s, bool) { SetRuntime(s, 0, kMaxSpawnRequest); }, "",
       "last_request = 4294967295\n", "last_request = 4294967296\n"},
      {"random draws",
       [](GameSession& s, bool past) {
         s.World().MutableStreams()[RandomPurpose::Map].SetDraws(kMaxRandomDraws + (past ? 1 : 0));
       },
       "random map draws", "draws = 9223372036854775807", "draws = 9223372036854775808"},
      {"turns",
       [](GameSession& s, bool past) {
         ThePlayer(s).turns = static_cast<std::int32_t>(kMaxTurns + past);
       },
       "player.turns", "turns = 1000000000,", "turns = 1000000001,"},
      {"kills",
       [](GameSession& s, bool past) {
         ThePlayer(s).kills = static_cast<std::int32_t>(kMaxKills + past);
       },
       "player.kills", "kills = 1000000,", "kills = 1000001,"},
      {"experience",
       [](GameSession& s, bool past) {
         ThePlayer(s).experience = static_cast<std::int32_t>(kMaxExperience + past);
       },
       "player.experience", "experience = 1000000000", "experience = 1000000001"},
      {"the next tick",
       [](GameSession& s, bool past) {
         ThePlayer(s).next_tick = s.World().Tick() + kLongestWait + (past ? 1 : 0);
       },
       "player.next_tick", "next_tick = 2000,", "next_tick = 2001,"},
      {"a stack",
       [](GameSession& s, bool past) {
         Carried(s, 'a').quantity = static_cast<std::int16_t>(kMaxStack + past);
       },
       "item.quantity", "quantity = 32767,", "quantity = 32768,"},
      {"an enchantment",
       [](GameSession& s, bool past) {
         Carried(s, 'b').enchantment = static_cast<std::int16_t>(kMaxEnchantment + past);
       },
       "item.enchantment", "enchantment = 99,", "enchantment = 100,"},
      {"a noise's reach",
       [](GameSession& s, bool past) {
         GameWorld& world = s.World();
         const Position at = *world.Positions().Find(PlayerOf(s));
         REQUIRE(world.Emit(world.Noises(),
                            NoiseEvent{PlayerOf(s), at, kMaxNoiseRadius + (past ? 1 : 0)}));
       },
       "a noise at", "radius = 100 }", "radius = 101 }"},
      {"hit points",
       [](GameSession& s, bool past) {
         Health& health = *s.World().MutableHealths().Find(PlayerOf(s));
         health.max = health.current = static_cast<std::int32_t>(kMaxHitPoints + past);
       },
       "health.", "max = 1000000 }", "max = 1000001 }"},
  };
  return caps;
}

}  // namespace

TEST_CASE(
    "every field the schema bounds more narrowly than its C++ type has that cap in its Fields()",
    "[save][limits]") {
  // For each integer field: write min-1 and max+1 through the schema; where the field's type holds
  // the value, its struct's Fields() must give the field the schema's range as its cap, and the
  // writer's check must refuse the value. And back: every cap Fields() gives is the schema's.
  int checked = 0;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    for (const FieldInfo& field : type.fields) {
      if (field.kind == FieldKind::Entity || field.kind == FieldKind::Text) continue;
      const std::string name = std::string(type.name) + "." + std::string(field.name);
      INFO(name);
      constexpr std::int64_t kLowest = std::numeric_limits<std::int64_t>::min();
      constexpr std::int64_t kHighest = std::numeric_limits<std::int64_t>::max();
      std::vector<std::int64_t> values = {field.min, field.max};
      if (field.min != kLowest) values.push_back(field.min - 1);
      if (field.max != kHighest) values.push_back(field.max + 1);
      for (std::int64_t value : values) {
        ComponentBundle bundle;
        void* component = ComponentIn(bundle, type.id);
        if (type.slots != nullptr) component = type.slots->insert(component, 0);
        REQUIRE(component != nullptr);
        for (const FieldInfo& other : type.fields) {  // every other field at its default
          FieldValue fallback;
          fallback.integer = other.default_value;
          if (other.kind != FieldKind::Entity && other.kind != FieldKind::Text)
            other.set(component, fallback);
        }
        FieldValue v;
        v.integer = value;
        field.set(component, v);
        bundle.mask |= KindBit(type.id);
        FieldCap cap{};
        const bool capped = CapOf(bundle, type.id, field.name, cap);
        if (capped) {  // a cap, when there is one, is the schema's range exactly
          CHECK(cap.min == field.min);
          CHECK(cap.max == field.max);
        }
        const bool held = field.get(component).integer == value;
        const bool inside = value >= field.min && value <= field.max;
        if (!held) continue;  // the type cannot hold it: nothing to cap
        if (!inside) {
          REQUIRE(capped);
          const LimitBreach breach = FindLimitBreach(bundle);
          REQUIRE(breach);
          CHECK(std::string(breach.name) == name);
          ++checked;
        } else {
          CHECK_FALSE(FindLimitBreach(bundle));
        }
      }
    }
  }
  CHECK(checked > 60);
}

TEST_CASE(
    "a save at each cap is written and read back; one past is refused when written and when read",
    "[save][limits]") {
  const SessionConfig config = Small();
  for (const Cap& cap : Caps()) {
    INFO(cap.what);
    auto session = Start(config);
    cap.set(*session, false);
    std::string text, why;
    REQUIRE(Capture(*session, text, why) == Status::Ok);
    std::unique_ptr<GameSession> resumed;
    REQUIRE(test::Resume(text, config, resumed) == "");
    CHECK(resumed->StateHash() == session->StateHash());
    CHECK(test::SaveText(*resumed) == text);
    // Written one past its cap (by hand), the reader refuses it.
    if (*cap.written != '\0') {
      std::unique_ptr<GameSession> none;
      CHECK(test::Resume(test::Replace(text, cap.written, cap.one_past), config, none) != "");
      CHECK(none == nullptr);
    }
    // One past the cap, the writer refuses: nothing is written.
    if (*cap.named == '\0') continue;  // (a 32-bit counter: no value past it to set)
    auto past = Start(config);
    cap.set(*past, true);
    std::string unwritten = "untouched";
    why.clear();
    CHECK(Capture(*past, unwritten, why) == Status::CapacityExceeded);
    CHECK(unwritten == "untouched");
    CHECK(why.find(cap.named) != std::string::npos);
  }
}

TEST_CASE("the message count: a save at its cap reads back, one past is refused and stops the run",
          "[save][limits]") {
  const SessionConfig config = Small();
  auto session = Start(config);
  test::CountingEntropy entropy;
  SessionImage image;
  REQUIRE(CaptureImage(*session, entropy, image) == Status::Ok);
  image.messages_said = kMaxMessagesSaid;  // (the count is not hashed: the log is not game state)
  std::unique_ptr<GameSession> resumed;
  REQUIRE(test::Resume(WriteSaveText(image, *test::Definitions(), "cairn test"), config, resumed) ==
          "");
  CHECK(resumed->Log().MessageCount() == kMaxMessagesSaid);
  // One more message (a refusal, said), and the writer refuses...
  CHECK(resumed->Submit(PlayerCommand{PlayerCommandKind::Move, -1, 0}) == Status::InvalidOperation);
  std::string text, why;
  CHECK(Capture(*resumed, text, why) == Status::CapacityExceeded);
  CHECK(why.find("messages_said") != std::string::npos);
  // ...and the next tick stops the run.
  CHECK(resumed->StepTick() == Status::CapacityExceeded);
  CHECK(resumed->State() == SessionState::Faulted);
  CHECK(std::string(resumed->World().Fault().what).find("message count") != std::string::npos);
}

TEST_CASE("a run that reaches a cap stops with a fault naming it, and never wraps",
          "[save][limits]") {
  const SessionConfig config = Small();
  const PlayerCommand wait{PlayerCommandKind::Wait, 0, 0};
  SECTION("the clock stops at its last tick, which a save still holds") {
    auto session = Start(config);
    SetRuntime(*session, kMaxTick, 0);
    CHECK(session->StepTick() == Status::CapacityExceeded);
    CHECK(session->World().Tick() == kMaxTick);
    CHECK(std::string(session->World().Fault().what).find("clock") != std::string::npos);
    CHECK(session->State() == SessionState::Faulted);
    std::string text, why;
    CHECK(Capture(*session, text, why) == Status::InvalidOperation);  // a stopped run is not saved
  }
  SECTION("turns") {
    auto session = Start(config);
    ThePlayer(*session).turns = static_cast<std::int32_t>(kMaxTurns);
    CHECK(session->Submit(wait) == Status::CapacityExceeded);
    CHECK(ThePlayer(*session).turns == kMaxTurns + 1);
    CHECK(std::string(session->World().Fault().what).find("player.turns") != std::string::npos);
    CHECK(session->Submit(wait) == Status::CapacityExceeded);  // it stays stopped
    CHECK(ThePlayer(*session).turns == kMaxTurns + 1);
  }
  SECTION("random draws") {
    auto session = Start(config);
    for (Rng& rng : session->World().MutableStreams().streams) rng.SetDraws(kMaxRandomDraws);
    Status status = Status::Ok;
    for (int i = 0; i < 200 && status == Status::Ok; ++i) status = session->Submit(wait);
    CHECK(status == Status::CapacityExceeded);
    CHECK(std::string(session->World().Fault().what).find("random") != std::string::npos);
  }
  SECTION("kills and experience") {
    for (const bool experience : {false, true}) {
      auto session = Start(config);
      Player& player = ThePlayer(*session);
      if (experience)
        player.experience = static_cast<std::int32_t>(kMaxExperience);
      else
        player.kills = static_cast<std::int32_t>(kMaxKills);
      Combat& combat = *session->World().MutableCombats().Find(PlayerOf(*session));
      combat.damage_bonus = 100;
      Status status = Status::Ok;
      for (int i = 0; i < 50 && status == Status::Ok; ++i)
        status = session->Submit(PlayerCommand{PlayerCommandKind::Move, 1, 0});
      CHECK(status == Status::CapacityExceeded);
      const std::string what = session->World().Fault().what;
      CHECK(what.find(experience ? "player.experience" : "player.kills") != std::string::npos);
      if (experience)
        CHECK(ThePlayer(*session).experience == kMaxExperience + 4);  // a rat's worth
      else
        CHECK(ThePlayer(*session).kills == kMaxKills + 1);
    }
  }
  SECTION("spawn requests: the last number refuses the next spawn") {
    const SessionConfig looted = Small(true);
    auto session = Start(looted);
    SetRuntime(*session, 0, kMaxSpawnRequest);
    session->World().MutableCombats().Find(PlayerOf(*session))->damage_bonus = 100;
    Status status = Status::Ok;
    for (int i = 0; i < 50 && status == Status::Ok; ++i)
      status = session->Submit(PlayerCommand{PlayerCommandKind::Move, 1, 0});
    CHECK(status == Status::SequenceExhausted);
    CHECK(session->World().LastRequest() == kMaxSpawnRequest);
  }
}

TEST_CASE("growth a save must hold is bounded where it happens", "[save][limits]") {
  const SessionConfig config = Small();
  SECTION("a full stack takes no more: what is picked up is a stack of its own") {
    // Darts under the player, picked up while the carried darts are a full stack.
    LevelDefinition level = *config.level;
    (void)test::AddItem(level, "darts", {1, 1}, 0, 3);
    auto lying = std::make_shared<LevelDefinition>(std::move(level));
    lying->digest = DigestLevel(*lying);
    SessionConfig with = config;
    with.level = lying;
    auto picking = Start(with);
    Carried(*picking, 'a').quantity = static_cast<std::int16_t>(kMaxStack);
    REQUIRE(picking->Submit(PlayerCommand{PlayerCommandKind::PickUp, 0, 0}) == Status::Ok);
    CHECK(Carried(*picking, 'a').quantity == kMaxStack);
    CHECK(Carried(*picking, 'c').quantity == 3);
    std::unique_ptr<GameSession> resumed;
    CHECK(test::Resume(test::SaveText(*picking), with, resumed) == "");
  }
  SECTION(
      "a slowed player of the slowest speed waits twice the longest action, and the save reads "
      "back") {
    auto session = Start(config);
    session->World().MutableCombats().Find(PlayerOf(*session))->speed = kMaxActionTicks;
    std::optional<StructuralScope> scope;
    REQUIRE(session->World().OpenStructural(WorldPhase::Construction, scope) == Status::Ok);
    REQUIRE(session->World().AddComponent(*scope, PlayerOf(*session), Condition{0, 1'000'000}) ==
            Status::Ok);
    scope.reset();
    REQUIRE(session->StepTick(TickInput{PlayerCommand{PlayerCommandKind::Wait, 0, 0}}) ==
            Status::Ok);
    CHECK(ThePlayer(*session).next_tick == session->World().Tick() + kLongestWait);
    std::unique_ptr<GameSession> resumed;
    CHECK(test::Resume(test::SaveText(*session), config, resumed) == "");
  }
}

// The size of a save: a level cairn accepts (at most its 32 MiB) makes a floor whose save must
// be readable (at most the save's limit, read_limits.h; decision 0032). A save grows with the
// floor's entities and map: the worst case is a world as full as its capacity allows (a level's
// entities set it, and a floor may grow in play up to it) of the entity whose save is largest,
// the capacity set by the most entities the level's limit can name at the shortest. Each figure
// is measured here from text, through the level reader and the save writer, so a heavier kind, a
// fatter save format, a shorter way to write an entity or a smaller save limit fails this test
// instead of losing a character.
namespace {

// A level of `elements`, each an inline table of the `entity` array.
std::string LevelText(std::int32_t width, std::int32_t height, const std::string& elements) {
  std::string text = "format=\"cairn-level\"\nversion=1\nname=\"x\"\nentity=[" + elements +
                     "]\n[map]\nlegend={\"#\"=\"wall\",\".\"=\"floor\"}\nrows=[\n";
  for (std::int32_t y = 0; y < height; ++y) {
    std::string row(static_cast<std::size_t>(width), '.');
    if (y == 0 || y == height - 1) row.assign(row.size(), '#');
    row.front() = row.back() = '#';
    text += "\"" + row + "\",\n";
  }
  return text + "]\n";
}

// One entity as briefly as a level can write it: an element of the `entity` array, its id of one
// character and its coordinates of one digit at the shortest (`id` and `x` vary below).
std::string EntityText(const std::string& id, const std::string& kind, std::int32_t x) {
  return "{id=\"" + id + "\",kind=\"" + kind +
         "\",components=[{type=\"position\",version=1,slot=0,body={x=" + std::to_string(x) +
         ",y=1}}]},";
}

// The save text of the run that starts on `text`.
std::size_t SaveSizeOf(const std::string& text) {
  auto level = std::make_shared<LevelDefinition>();
  std::vector<TextProblem> problems;
  const bool loaded =
      LoadLevelText(text, *test::Definitions(), WorldLimits::Uniform(4096), *level, problems);
  for (const TextProblem& p : problems) UNSCOPED_INFO(p.position.line << ": " << p.message);
  REQUIRE(loaded);
  auto session = Start(test::Config(1, level));
  return test::SaveText(*session).size();
}

}  // namespace

TEST_CASE("every floor a level can hold saves within the size a save is read at", "[save]") {
  const std::string player = EntityText("p", "player", 1);
  const std::uint64_t level_cap = LimitOf(FileKind::Level).cap;
  const std::uint64_t save_cap = LimitOf(FileKind::Save).cap;
  // Map rows: the save writes each twice (the map, and what the player remembers).
  const double map_ratio =
      static_cast<double>(SaveSizeOf(LevelText(200, 200, player)) -
                          SaveSizeOf(LevelText(20, 20, player))) /
      static_cast<double>(LevelText(200, 200, player).size() - LevelText(20, 20, player).size());
  CHECK(map_ratio > 1.5);  // the rows are in the save: the measure measures something
  CHECK(map_ratio * static_cast<double>(level_cap) <= static_cast<double>(save_cap));
  // Entities: kEach of a kind in a corridor, against the same corridor without them.
  constexpr std::int32_t kEach = 40;
  const std::size_t empty = SaveSizeOf(LevelText(kEach + 3, 3, player));
  std::vector<std::string> kinds;
  for (const MonsterDefinition& m : test::Definitions()->monsters)
    kinds.push_back("monster:" + m.id);
  for (const ItemDefinition& i : test::Definitions()->items) kinds.push_back("item:" + i.id);
  double heaviest = 0.0;            // bytes an entity in the save, the most of any kind
  std::size_t shortest = SIZE_MAX;  // bytes of level text an entity, the fewest of any kind
  std::string heaviest_kind;
  for (const std::string& kind : kinds) {
    std::string entities = player;
    for (std::int32_t i = 0; i < kEach; ++i)
      entities += EntityText("e" + std::to_string(i), kind, i + 2);
    const double per_entity =
        static_cast<double>(SaveSizeOf(LevelText(kEach + 3, 3, entities)) - empty) / kEach;
    INFO(kind << ": " << per_entity << " bytes an entity in the save, "
              << per_entity / static_cast<double>(EntityText("a", kind, 1).size())
              << " times its shortest level text");
    CHECK(per_entity > 100);  // at least its key and position: the measure measures something
    if (per_entity > heaviest) {
      heaviest = per_entity;
      heaviest_kind = kind;
    }
    shortest = std::min(shortest, EntityText("a", kind, 1).size());
  }
  // The most entities a level can name, and the capacity the game gives a floor of them.
  const std::uint64_t most = level_cap / shortest;
  const std::uint32_t capacity = SessionConfig{}.limits.For(most).entities;
  CHECK(capacity >= most);
  // Ten generated floors below it are each far under a MiB; 16 MiB is room for them.
  const double projected = heaviest * capacity + 16.0 * kMiB;
  INFO("at most " << most << " entities of " << shortest << " bytes, a world of " << capacity
                  << " slots, each as heavy as " << heaviest_kind << " (" << heaviest
                  << " bytes): " << projected / kMiB << " MiB");
  CHECK(projected <= static_cast<double>(save_cap));
}
}  // namespace limits_test
