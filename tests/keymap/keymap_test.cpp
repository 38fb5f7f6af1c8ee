#include "keymap/keymap.h"

#include <catch2/catch.hpp>

#include "support/source_files.h"

namespace keymap_test {

using namespace cairn;

namespace {

KeyMap Defaults() {
  return test::DefaultKeyMap();
}

}  // namespace

TEST_CASE("the default key map binds every action, with vi keys, arrows and the keypad",
          "[keymap]") {
  const KeyMap keys = Defaults();
  for (const ActionInfo& info : AllActions()) {
    INFO(info.name);
    CHECK_FALSE(keys.KeysFor(info.action).empty());
  }
  CHECK(keys.ForKey("h") == Action::MoveWest);
  CHECK(keys.ForKey("left") == Action::MoveWest);
  CHECK(keys.ForKey("kp4") == Action::MoveWest);
  CHECK(keys.ForKey("kp7") == Action::MoveNorthWest);
  CHECK(keys.ForKey("n") == Action::MoveSouthEast);
  CHECK(keys.ForKey("ctrl-t") == Action::StepTick);
  CHECK(keys.ForKey("t") == Action::Throw);
  // DCSS's quiver: f fires, v chooses (DCSS's Q quits here), Ctrl-A (and A) toggles autopickup.
  CHECK(keys.ForKey("f") == Action::Fire);
  CHECK(keys.KeysFor(Action::Throw) == std::vector<std::string>{"t"});
  CHECK(keys.ForKey("v") == Action::Quiver);
  CHECK(keys.ForKey("Q") == Action::Quit);
  CHECK(keys.ForKey("ctrl-a") == Action::AutoPickup);
  CHECK(keys.ForKey("A") == Action::AutoPickup);
  CHECK(keys.ForKey("tab") == Action::Fight);
  CHECK(keys.ForKey("F6") == Action::StepTick);
  CHECK(keys.ForKey("nothing") == Action::None);
}

TEST_CASE("a user file replaces the keys of the actions it names", "[keymap]") {
  KeyMap keys = Defaults();
  std::vector<TextProblem> problems;
  REQUIRE(keys.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\nwait = [\"V\", \"space\"]\n",
                     "user", problems));
  CHECK(keys.ForKey("V") == Action::Wait);
  CHECK(keys.ForKey(".") == Action::None);      // the old keys are gone
  CHECK(keys.ForKey("h") == Action::MoveWest);  // other actions keep theirs
}

TEST_CASE("conflicts, unknown actions and bad key names are errors with positions", "[keymap]") {
  KeyMap keys = Defaults();
  const KeyMap before = keys;
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      keys.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\n"
                 "fly = [\"f\"]\n"
                 "wait = [\"h\", \"superkey\", \"V\", \"V\"]\n",
                 "user.toml", problems));
  REQUIRE(problems.size() == 4);
  CHECK(problems[0].message == "unknown action 'fly'");
  CHECK(problems[0].position.line == 4);
  CHECK(problems[1].message.find("'superkey' is not a key name") == 0);
  CHECK(problems[1].position.line == 5);
  // A clash and a repeat name both places, the built-in map's among them.
  CHECK(FormatProblem("", problems[2]) ==
        "user.toml:5:9: error: key 'h' is bound to both move_west and wait (first at "
        "data/keys.toml:10:14)");
  CHECK(FormatProblem("", problems[3]) ==
        "user.toml:5:31: error: duplicate key 'V' for wait (first at user.toml:5:26)");
  CHECK(keys.ForKey(".") == Action::Wait);  // unchanged on failure
  CHECK(keys.ForKey("V") == Action::None);
}

TEST_CASE("a conflict inside one file names the other line", "[keymap]") {
  KeyMap keys;
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      keys.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\nwait = [\"x\"]\nlook = [\"x\"]\n",
                 "k.toml", problems));
  REQUIRE(problems.size() == 1);
  CHECK(FormatProblem("", problems[0]) ==
        "k.toml:5:9: error: key 'x' is bound to both wait and look (first at k.toml:4:9)");
  CHECK(problems[0].position.line == 5);
}

TEST_CASE("a key map file must say what it is", "[keymap]") {
  KeyMap keys;
  std::vector<TextProblem> problems;
  CHECK_FALSE(keys.Apply("[keys]\nwait = [\".\"]\n", "k", problems));
  REQUIRE(problems.size() == 2);
  CHECK(FormatProblem("", problems[0]) ==
        "k:1:1: error: a cairn key map file starts with format = \"cairn-keys\"");
  CHECK(FormatProblem("", problems[1]) == "k:1:1: error: the key map needs 'version'");
  problems.clear();
  CHECK_FALSE(keys.Apply("format = \"cairn-keys\"\nversion = 2\n[keys]\n", "k", problems));
  REQUIRE(problems.size() == 1);
  CHECK(FormatProblem("", problems[0]) ==
        "k:2:11: error: key map version 2 is not supported (this build reads 1)");
  problems.clear();
  CHECK_FALSE(keys.Apply("format = \"cairn-level\"\nversion = 1\n", "k", problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message == "not a cairn key map file (format is \"cairn-level\")");
  problems.clear();
  CHECK_FALSE(
      keys.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\nwait = \".\"\n", "k", problems));
  CHECK(problems[0].message.find("must be a list of key names") != std::string::npos);
}

TEST_CASE("a malformed key map is a problem at its place, in the file it came from", "[keymap]") {
  KeyMap keys;
  std::vector<TextProblem> problems;
  // Through the one TOML opener: a syntax error, and a text the shape guard refuses.
  CHECK_FALSE(keys.Apply("format = \"cairn-keys\"\nversion = 1\n[keys]\nwait = [\"x\"\n",
                         "/home/u/keys.toml", problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].file == "/home/u/keys.toml");
  CHECK(FormatProblem("ignored", problems[0]).find("/home/u/keys.toml:4:") == 0);
  problems.clear();
  CHECK_FALSE(keys.Apply("a = " + std::string(100, '[') + std::string(100, ']') + "\n", "deep.toml",
                         problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message.find("nesting deeper than") != std::string::npos);
  CHECK(keys.KeysFor(Action::Wait).empty());  // unchanged
  problems.clear();
  CHECK_FALSE(keys.Apply("format = \"cairn-keys\"\nversion = 1\nkeys = 3\n", "k", problems));
  REQUIRE(problems.size() == 1);
  CHECK(FormatProblem("", problems[0]) ==
        "k:3:8: error: the key map: 'keys' must be a table, not an integer");
}

TEST_CASE("key names", "[keymap]") {
  for (const char* good : {"a", "Q", "?", ">", "kp5", "F12", "ctrl-p", "space", "pgdn"})
    CHECK(ValidKeyName(good));
  for (const char* bad : {"", " ", "ab", "F13", "ctrl-1", "kp0", "\x01", "\xC3\xA9"})
    CHECK_FALSE(ValidKeyName(bad));
}

TEST_CASE("a misspelt action, key name or member is answered with the closest one", "[keymap]") {
  KeyMap keys = Defaults();
  std::vector<TextProblem> problems;
  CHECK_FALSE(
      keys.Apply("format = \"cairn-keys\"\nversion = 1\nkeyz = 1\n[keys]\n"
                 "explor = [\"o\"]\n"
                 "wait = [\"pgdown\", \"ctl-x\", \"F13\", \"superkey\"]\n",
                 "user.toml", problems));
  REQUIRE(problems.size() == 6);
  CHECK(problems[0].message == "unknown member 'keyz' (did you mean keys?)");
  CHECK(problems[0].position.line == 3);
  CHECK(problems[1].message == "unknown action 'explor' (did you mean explore?)");
  CHECK(problems[1].position.line == 5);
  CHECK(problems[1].position.column == 1);
  CHECK(problems[2].message == "'pgdown' is not a key name (did you mean pgdn?)");
  CHECK(problems[2].position.line == 6);
  CHECK(problems[2].position.column == 9);
  CHECK(problems[3].message == "'ctl-x' is not a key name (did you mean ctrl-x?)");
  CHECK(problems[4].message == "'F13' is not a key name (did you mean F1?)");
  // Nothing close: what a key name is, instead of a guess.
  CHECK(problems[5].message ==
        "'superkey' is not a key name (one printable character, or a name like left, kp7, F5, "
        "ctrl-x)");
}

}  // namespace keymap_test
