// The controller's part of the save lifecycle (docs/SAVES.md): which keys and events reach the
// save and forget handlers the game wires to the character's save file.
#include "controller.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "content/default_content.h"
#include "game/level.h"
#include "game_setup.h"
#include "support/test_content.h"

namespace controller_test {

using namespace cairn;

namespace {

// A session on a small first floor (the rest of the default dungeon below it) and a controller
// whose save and forget handlers count their calls.
struct Harness {
  std::unique_ptr<GameSession> session;
  std::unique_ptr<GameController> controller;
  int saves = 0;
  int forgets = 0;

  explicit Harness(std::initializer_list<std::string_view> rows, bool saving = true) {
    SessionConfig config = cairn::test::Config();
    const std::vector<std::string_view> list(rows);
    config.level =
        std::make_shared<LevelDefinition>(LevelFromAscii("t", list, *config.definitions, false));
    config.dungeon = DefaultDungeon();
    REQUIRE(GameSession::Create(config, session) == Status::Ok);
    KeyMap keys;
    REQUIRE(LoadKeyMap(keys));
    controller = std::make_unique<GameController>(*session, std::move(keys), false);
    controller->SetSaveHandler([this] {
      ++saves;
      return std::string();
    });
    controller->SetForgetHandler([this] { ++forgets; });
    if (!saving) controller->SetSavingOff("another character's save was kept");
  }
  bool Key(const std::string& key) { return controller->HandleKey(key); }
  const std::string& Banner() { return controller->Presentation().banner; }
  std::string LastMessage() {
    return session->Log().Messages().empty() ? "" : session->Log().Messages().back().text;
  }
};

}  // namespace

TEST_CASE("R asks before a living character is lost, and only y restarts", "[controller][save]") {
  Harness h({"#####", "#@..#", "#####"});
  REQUIRE(h.Key("l"));
  const std::int64_t tick = h.session->World().Tick();
  REQUIRE(tick > 0);
  REQUIRE(h.Key("R"));
  CHECK(h.Banner().find("Restart? This character will be lost") != std::string::npos);
  CHECK(h.session->Restarts() == 0);
  REQUIRE(h.Key("n"));  // anything but y keeps the run
  CHECK(h.session->Restarts() == 0);
  CHECK(h.session->World().Tick() == tick);
  CHECK(h.forgets == 0);
  REQUIRE(h.Key("R"));
  REQUIRE(h.Key("y"));
  CHECK(h.session->Restarts() == 1);
  CHECK(h.session->World().Tick() == 0);
  CHECK(h.forgets == 1);  // the given-up character's save goes
  CHECK(h.Banner().empty());
}

TEST_CASE("giving up forgets the save; save-and-quit saves and keeps it", "[controller][save]") {
  Harness give_up({"#####", "#@..#", "#####"});
  REQUIRE(give_up.Key("Q"));
  CHECK(give_up.Banner().find("This character will be lost") != std::string::npos);
  CHECK_FALSE(give_up.Key("y"));
  CHECK(give_up.forgets == 1);
  CHECK(give_up.saves == 0);

  Harness keep({"#####", "#@..#", "#####"});
  REQUIRE(keep.Key("Q"));
  REQUIRE(keep.Key("n"));
  CHECK(keep.forgets == 0);
  REQUIRE(keep.Key("S"));  // asked first, as DCSS and NetHack ask
  CHECK(keep.Banner().rfind("Save and quit?", 0) == 0);
  CHECK(keep.saves == 0);
  REQUIRE(keep.Key("n"));  // no: back to the game, nothing saved
  CHECK(keep.saves == 0);
  REQUIRE(keep.Key("S"));
  CHECK_FALSE(keep.Key("y"));
  CHECK(keep.saves == 1);
  CHECK(keep.forgets == 0);
  CHECK(keep.controller->Saved());
}

TEST_CASE("a new floor is a save point; moving about on one floor is not", "[controller][save]") {
  Harness h({"######", "#@.>.#", "######"});
  REQUIRE(h.Key("l"));
  REQUIRE(h.Key("."));
  CHECK(h.saves == 0);
  REQUIRE(h.Key("l"));  // onto the stairs
  REQUIRE(h.Key(">"));
  REQUIRE(h.session->Depth() == 2);
  CHECK(h.saves == 1);
  REQUIRE(h.Key("."));
  CHECK(h.saves == 1);
  CHECK(h.forgets == 0);
}

TEST_CASE("with saving off, S explains and nothing is ever written or removed",
          "[controller][save]") {
  Harness h({"######", "#@>..#", "######"}, false);
  REQUIRE(h.Key("S"));
  CHECK(h.LastMessage().find("This game cannot be saved: another character's save was kept") !=
        std::string::npos);
  REQUIRE(h.Key("l"));
  REQUIRE(h.Key(">"));
  REQUIRE(h.session->Depth() == 2);
  CHECK(h.saves == 0);
  REQUIRE(h.Key("Q"));
  CHECK(h.Banner().find("not saved") != std::string::npos);
  CHECK(h.Banner().find("saves and quits") == std::string::npos);
}

TEST_CASE("a death forgets the save once, and play-again needs no question", "[controller][save]") {
  // An ogre beside a player of one hit point: waiting turns ends the run.
  Harness h({"#####", "#@O.#", "#####"});
  GameWorld& world = h.session->World();
  Health* health = world.MutableHealths().Find(world.PlayerEntity());
  REQUIRE(health != nullptr);
  health->current = 1;
  for (int turn = 0; turn < 50 && h.session->State() == SessionState::Playing; ++turn)
    REQUIRE(h.Key("."));
  REQUIRE(h.session->State() == SessionState::Dead);
  CHECK(h.forgets == 1);
  REQUIRE(h.Key("R"));  // from the summary: play again at once
  CHECK(h.session->Restarts() == 1);
  CHECK(h.session->State() == SessionState::Playing);
  CHECK(h.forgets == 1);  // nothing more to forget
}

TEST_CASE("stepping back while paused, then forward again replays what was done",
          "[controller][rewind]") {
  Harness h({"#######", "#@....#", "#.....#", "#######"});
  const std::uint64_t start = h.session->StateHash();
  h.Key("l");
  h.Key("l");
  const std::int64_t after_two = h.session->World().Tick();
  const std::uint64_t two = h.session->StateHash();
  h.Key("}");  // back to before the second move; pauses first
  CHECK(h.session->Paused());
  CHECK(h.LastMessage().find("Stepped back from tick " + std::to_string(after_two)) == 0);
  h.Key("}");
  CHECK(h.session->StateHash() == start);
  h.Key("F7");  // redo: the first move again, not a wait
  h.Key("F7");
  CHECK(h.session->World().Tick() == after_two);
  CHECK(h.session->StateHash() == two);
  h.Key("{");
  CHECK(h.session->World().Tick() == after_two - 1);
  h.Key("F6");  // one recorded tick forward
  CHECK(h.session->StateHash() == two);
}

TEST_CASE("a refused step back says why and changes nothing", "[controller][rewind]") {
  Harness h({"#######", "#@....#", "#######"});
  const std::uint64_t start = h.session->StateHash();
  h.Key("{");
  CHECK(h.LastMessage().rfind("Cannot step back: ", 0) == 0);
  CHECK(h.session->StateHash() == start);
  h.controller->SetStepBackOff("--record is recording this run");
  h.Key("l");
  const std::uint64_t moved = h.session->StateHash();
  h.Key("{");
  CHECK(h.LastMessage() ==
        "Cannot step back: stepping back is off: --record is recording this run.");
  CHECK(h.session->StateHash() == moved);
  // The console's BACK is refused in the same words: the session refuses, not only the keys.
  std::string why;
  CHECK(h.session->StepBack(1, why) == Status::InvalidOperation);
  CHECK(why == "stepping back is off: --record is recording this run");
}

// Issue 14: keys typed while the terminal was too small (the screen then shows only "Please make
// the terminal at least 80x24") were played blind.
TEST_CASE("keys typed while the terminal is too small do nothing until it is big enough",
          "[controller][size]") {
  Harness h({"######", "#@...#", "######"});
  const GameWorld& world = h.session->World();
  const std::int64_t tick = world.Tick();
  const Position start = *world.Positions().Find(world.PlayerEntity());
  h.controller->SetViewSize(60, 20);
  for (const char* key : {"l", "l", "i", "R", "y", "q", "y"}) REQUIRE(h.Key(key));
  h.controller->SetViewSize(80, 23);  // one row short is still too small
  REQUIRE(h.Key("l"));
  CHECK(h.session->World().Tick() == tick);
  CHECK(h.session->World().Positions().Find(h.session->World().PlayerEntity())->x == start.x);
  CHECK(h.controller->Presentation().screen == Screen::Map);
  CHECK(h.session->Restarts() == 0);
  CHECK(h.forgets == 0);
  // Big enough again: the next key plays.
  h.controller->SetViewSize(80, 24);
  REQUIRE(h.Key("resize"));
  REQUIRE(h.Key("l"));
  CHECK(h.session->World().Tick() > tick);
  CHECK(h.session->World().Positions().Find(h.session->World().PlayerEntity())->x == start.x + 1);
}

TEST_CASE("help has the goal, every key, every sign on the map and the status line, and pages",
          "[controller][help]") {
  Harness h({"######", "#@...#", "######"});
  const std::vector<HelpLine>& help = h.controller->Presentation().help;
  const auto has = [&](const auto& pred) { return std::any_of(help.begin(), help.end(), pred); };
  CHECK(has([](const HelpLine& l) { return l.group == "The goal"; }));
  CHECK(
      has([](const HelpLine& l) { return l.keys == "o X" && l.description.find("explore") == 0; }));
  CHECK(has([](const HelpLine& l) { return l.glyph == ':' && l.description.find("chasm") == 0; }));
  CHECK(has([](const HelpLine& l) { return l.glyph == 0x2248 && l.ascii == '~'; }));
  CHECK(has([](const HelpLine& l) { return l.glyph == 0x2020 && l.ascii == '&'; }));
  for (const MonsterDefinition& m : h.session->Definitions().monsters) {
    INFO(m.id);
    CHECK(has(
        [&](const HelpLine& l) { return l.glyph == m.glyph && l.description.find(m.name) == 0; }));
  }
  CHECK(has([](const HelpLine& l) { return l.keys.find("HP") == 0; }));
  // Space pages through it; past the last page it returns to the map, at any size.
  for (const auto& [width, height] : {std::pair{80, 24}, std::pair{120, 40}}) {
    h.controller->SetViewSize(width, height);
    const std::int32_t pages = HelpPageCount(h.controller->Presentation(), width, height);
    INFO(width << "x" << height << ": " << pages << " pages");
    CHECK(pages >= 2);
    REQUIRE(h.Key("?"));
    for (std::int32_t page = 1; page < pages; ++page) {
      REQUIRE(h.Key("space"));
      CHECK(h.controller->Presentation().screen == Screen::Help);
      CHECK(h.controller->Presentation().help_page == page);
    }
    REQUIRE(h.Key("space"));
    CHECK(h.controller->Presentation().screen == Screen::Map);
  }
}

TEST_CASE("after death the map is only to look at, and Q quits without asking",
          "[controller][save]") {
  Harness h({"#####", "#@O.#", "#####"});
  GameWorld& world = h.session->World();
  world.MutableHealths().Find(world.PlayerEntity())->current = 1;
  for (int turn = 0; turn < 50 && h.session->State() == SessionState::Playing; ++turn)
    REQUIRE(h.Key("."));
  REQUIRE(h.session->State() == SessionState::Dead);
  REQUIRE(h.Key("x"));  // from the summary to the map
  const std::uint64_t hash = h.session->StateHash();
  REQUIRE(h.Key("h"));  // nothing moves the dead
  REQUIRE(h.Key("."));
  CHECK(h.session->StateHash() == hash);
  RenderFrame frame;
  h.controller->BuildFrame(frame);
  CHECK(frame.hud.health_max > 0);  // the character as it died, not 0/0
  CHECK(h.Key("S"));                // nothing to save
  CHECK(h.saves == 0);
  CHECK_FALSE(h.Key("Q"));  // quits at once: no question, no save offered
  CHECK(h.saves == 0);
}

TEST_CASE("--more-- stops the log where a warning would scroll away unread", "[controller][more]") {
  Harness h({"######", "#@...#", "######"});
  h.controller->SetViewSize(80, 24);  // a log of three rows
  const auto more = [&] { return h.controller->Presentation().more_skip; };
  // Plain news that does not fit just scrolls (the default asks only for warnings).
  for (int i = 0; i < 6; ++i) h.session->Log().Say("plain news " + std::to_string(i));
  REQUIRE(h.Key("ctrl-y"));  // an unbound key: the controller looks at the log after it
  CHECK(more() == -1);
  // A warning followed by more than the log holds stops at the warning's page.
  h.session->Log().Say("The monkey snatches 7 rations and runs!", MessageTone::Warning);
  for (int i = 0; i < 5; ++i) h.session->Log().Say("later news " + std::to_string(i));
  REQUIRE(h.Key("ctrl-y"));
  REQUIRE(more() >= 0);
  const auto& log = h.session->Log().Messages();
  const std::size_t last_shown = log.size() - 1 - static_cast<std::size_t>(more());
  CHECK(log[last_shown - 1].text == "The monkey snatches 7 rations and runs!");  // two rows a page
  const std::uint64_t hash = h.session->StateHash();
  REQUIRE(h.Key("l"));  // turns the page, plays nothing
  CHECK(h.session->StateHash() == hash);
  int pages = 1;
  while (more() >= 0 && pages < 10) {
    REQUIRE(h.Key("space"));
    ++pages;
  }
  CHECK(more() == -1);
  CHECK(h.session->StateHash() == hash);
  REQUIRE(h.Key("l"));  // now the move plays
  CHECK(h.session->StateHash() != hash);
}

TEST_CASE("--more all stops for any overflow; off never; escape skips every page",
          "[controller][more]") {
  Harness h({"######", "#@...#", "######"});
  h.controller->SetViewSize(80, 24);
  const auto more = [&] { return h.controller->Presentation().more_skip; };
  h.controller->SetMoreMode(MoreMode::All);
  for (int i = 0; i < 9; ++i) h.session->Log().Say("news " + std::to_string(i));
  REQUIRE(h.Key("ctrl-y"));
  CHECK(more() >= 0);
  REQUIRE(h.Key("escape"));
  CHECK(more() == -1);
  h.controller->SetMoreMode(MoreMode::Off);
  h.session->Log().Say("Your health is low!", MessageTone::Danger);
  for (int i = 0; i < 9; ++i) h.session->Log().Say("more news " + std::to_string(i));
  REQUIRE(h.Key("ctrl-y"));
  CHECK(more() == -1);
  MoreMode mode = MoreMode::Off;
  CHECK(ParseMoreMode("important", mode));
  CHECK(mode == MoreMode::Important);
  CHECK_FALSE(ParseMoreMode("sometimes", mode));
}

TEST_CASE("a run of turns waits while the terminal is too small, and goes on after",
          "[controller][size]") {
  Harness h({"##########", "#@.......#", "#........#", "##########"});
  h.controller->SetViewSize(80, 24);
  REQUIRE(h.Key("Z"));  // rest: a run of turns (the player is unhurt, so hurt it first)
  if (!h.controller->Busy()) {
    GameWorld& world = h.session->World();
    world.MutableHealths().Find(world.PlayerEntity())->current = 1;
    REQUIRE(h.Key("Z"));
  }
  REQUIRE(h.controller->Busy());
  const std::int64_t tick = h.session->World().Tick();
  h.controller->SetViewSize(70, 20);
  for (int i = 0; i < 5; ++i) h.controller->Continue();
  CHECK(h.session->World().Tick() == tick);  // nothing played unseen
  CHECK(h.controller->Busy());
  h.controller->SetViewSize(80, 24);
  h.controller->Continue();
  CHECK(h.session->World().Tick() > tick);
}

}  // namespace controller_test

namespace controller_test {

TEST_CASE("the key file's ask_before_save_quit = false saves and quits at once",
          "[controller][save]") {
  SessionConfig config = cairn::test::Config();
  const std::vector<std::string_view> rows = {"#####", "#@..#", "#####"};
  config.level =
      std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *config.definitions, false));
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  KeyMap keys;
  REQUIRE(LoadKeyMap(keys));
  std::vector<TextProblem> problems;
  REQUIRE(
      keys.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\n[options]\n"
                 "ask_before_save_quit = false\n",
                 "test", problems));
  GameController controller(*session, std::move(keys), false);
  int saves = 0;
  controller.SetSaveHandler([&saves] {
    ++saves;
    return std::string();
  });
  CHECK_FALSE(controller.HandleKey("S"));
  CHECK(saves == 1);
  // An unknown option, or a value of another kind, is refused where it is written.
  KeyMap other;
  REQUIRE(LoadKeyMap(other));
  CHECK_FALSE(
      other.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\n[options]\n"
                  "ask_before_save_quitt = false\n",
                  "test", problems));
  REQUIRE_FALSE(problems.empty());
  CHECK(problems.back().message.find("did you mean ask_before_save_quit") != std::string::npos);
  CHECK(other.AskBeforeSaveQuit());
}

TEST_CASE("help pages go back as well as forward, and tell of the mouse and the sidebar",
          "[controller][help]") {
  Harness h({"#####", "#@..#", "#####"});
  h.controller->SetViewSize(80, 24);
  REQUIRE(h.Key("?"));
  const PresenterState& s = h.controller->Presentation();
  REQUIRE(s.screen == Screen::Help);
  REQUIRE(h.Key("space"));
  REQUIRE(h.Key("space"));
  CHECK(s.help_page == 2);
  REQUIRE(h.Key("-"));
  CHECK(s.help_page == 1);
  REQUIRE(h.Key("pgup"));
  REQUIRE(h.Key("pgup"));  // the first page stays
  CHECK(s.help_page == 0);
  CHECK(s.screen == Screen::Help);
  CHECK(std::any_of(s.help.begin(), s.help.end(), [](const HelpLine& l) {
    return l.part == "mouse and sidebar" && l.keys == "click a cell";
  }));
  REQUIRE(h.Key("escape"));
  CHECK(s.screen == Screen::Map);
}

TEST_CASE("a key bound to nothing says so, naming the help key", "[controller]") {
  Harness h({"#####", "#@..#", "#####"});
  REQUIRE(h.Key("M"));
  CHECK(h.LastMessage() == "Unknown command: M. ? for help.");
  CHECK(h.session->World().Tick() == 0);
  REQUIRE(h.Key("escape"));  // Escape on the map is no command, and not news either
  CHECK(h.LastMessage() == "Unknown command: M. ? for help.");
}

TEST_CASE("look mode speaks to players: words, Tab between things, v describes, . travels",
          "[controller][look]") {
  Harness h({"##########", "#@.r.....#", "#........#", "##########"});
  h.controller->SetViewSize(80, 24);
  REQUIRE(h.Key("x"));
  REQUIRE(h.controller->Presentation().screen == Screen::Look);
  REQUIRE(h.Key("tab"));  // the rat, the only thing in view
  const PresenterState& look = h.controller->Presentation();
  CHECK(look.look_x == 3);
  CHECK(look.look_text.rfind("A rat, ", 0) == 0);
  CHECK(look.look_text.find("AI") == std::string::npos);  // no machine words
  CHECK(look.look_text.find("3,1") == std::string::npos);
  CHECK(look.look_text.find("(3") == std::string::npos);
  REQUIRE(h.Key("v"));
  REQUIRE_FALSE(look.look_detail.empty());
  CHECK(look.look_detail.front().rfind("A rat", 0) == 0);
  CHECK(look.look_detail.back().find("of its blows would kill you") != std::string::npos);
  REQUIRE(h.Key("enter"));  // without the pane, Enter describes too; it opens no inspector
  CHECK_FALSE(look.debug_pane);
  CHECK_FALSE(look.look_detail.empty());
  REQUIRE(h.Key("shift-tab"));  // one thing: back to it
  CHECK(look.look_x == 3);
  // `.` goes there: next to the player, a step there is a blow at the rat.
  const std::int64_t tick = h.session->World().Tick();
  REQUIRE(h.Key("h"));  // the cursor one west of the rat, beside the player
  REQUIRE(h.Key("."));
  CHECK(look.screen == Screen::Map);
  for (int i = 0; i < 20 && h.session->World().Tick() == tick; ++i)
    (void)h.session->StepTick(TickInput{});
  const Position* at = h.session->World().Positions().Find(h.session->World().PlayerEntity());
  REQUIRE(at != nullptr);
  CHECK(at->x == 2);

  // With the debug pane shown, the line is the machine's and Enter inspects.
  REQUIRE(h.Key("`"));
  REQUIRE(h.Key("x"));
  REQUIRE(h.Key("tab"));
  CHECK(look.look_text.find("AI ") != std::string::npos);
  REQUIRE(h.Key("enter"));
  CHECK(look.screen == Screen::Map);
}

}  // namespace controller_test

namespace controller_test {

// The controller's modes are one stack over the map (controller.h): each opens over the map with
// its key, takes the keys while it is on top, and gives the map back when it closes, with no
// turn passed and no message said by the keys that opened and closed it.
TEST_CASE("every screen and prompt opens over the map and closes back to it",
          "[controller][modes]") {
  Harness h({"#######", "#@....#", "#.....#", "#######"});
  REQUIRE(h.Key("l"));
  const std::int64_t tick = h.session->World().Tick();
  const std::size_t said = h.session->Log().Messages().size();
  const struct {
    const char* open;
    Screen screen;
  } kOpens[] = {{"?", Screen::Help},    {"i", Screen::Inventory},    {"@", Screen::Character},
                {"x", Screen::Look},    {"Q", Screen::Quit},         {"R", Screen::Restart},
                {":", Screen::Console}, {"ctrl-p", Screen::Messages}};
  for (const auto& open : kOpens) {
    INFO("opened with " << open.open);
    REQUIRE(h.Key(open.open));
    CHECK(h.controller->Presentation().screen == open.screen);
    REQUIRE(h.Key("escape"));
    CHECK(h.controller->Presentation().screen == Screen::Map);
    CHECK(h.session->World().Tick() == tick);
    CHECK(h.session->Log().Messages().size() == said);
  }
  // A key the open mode takes is its own, not the map's: `l` in look mode moves the cursor, and
  // the player stays.
  const Position before = *h.session->World().Positions().Find(h.session->World().PlayerEntity());
  REQUIRE(h.Key("x"));
  REQUIRE(h.Key("l"));
  CHECK(h.controller->Presentation().look_x == before.x + 1);
  REQUIRE(h.Key("escape"));
  CHECK(h.session->World().Positions().Find(h.session->World().PlayerEntity())->x == before.x);
  CHECK(h.session->World().Tick() == tick);
}

}  // namespace controller_test
