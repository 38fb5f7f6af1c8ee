#include "keymap/keys_table.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "support/source_files.h"

namespace keys_table_test {

using namespace cairn;

namespace {

std::string ReadSource(const char* path) {
  return test::SourceFile(path);
}

KeyMap Defaults() {
  return test::DefaultKeyMap();
}

std::vector<std::string> Rows(const std::string& table) {
  std::vector<std::string> rows;
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);) rows.push_back(line);
  return rows;
}

}  // namespace

TEST_CASE("key names read in the docs as players write them", "[keymap]") {
  CHECK(KeyNameForDocs("h") == "`h`");
  CHECK(KeyNameForDocs("`") == "`` ` ``");
  CHECK(KeyNameForDocs("|") == "`\\|`");
  CHECK(KeyNameForDocs("tab") == "Tab");
  CHECK(KeyNameForDocs("escape") == "Esc");
  CHECK(KeyNameForDocs("pgdn") == "PgDn");
  CHECK(KeyNameForDocs("kp5") == "keypad 5");
  CHECK(KeyNameForDocs("ctrl-p") == "Ctrl-P");
  CHECK(KeyNameForDocs("F12") == "F12");
}

TEST_CASE("the keys table has every action's keys, related actions on one row", "[keymap]") {
  const KeyMap keys = Defaults();
  const std::string table = KeysMarkdown(keys);
  const auto rows = Rows(table);
  REQUIRE(rows.size() > 2);
  CHECK(rows[0] == "| keys | does |");
  CHECK(rows[1] == "| --- | --- |");
  // Every line of kKeyRows names only actions.
  CHECK(table.find("(unknown action") == std::string::npos);
  // The eight directions on one row: letters, then the arrows and keypad written short.
  CHECK(rows[2] ==
        "| `h` `j` `k` `l` `y` `u` `b` `n` arrows keypad Home PgUp End PgDn | move, or attack "
        "what stands there (walking into a door opens it) |");
  CHECK(table.find("| `>` `<` | take the stairs;") != std::string::npos);
  CHECK(table.find("| `w` `W` / `T` | wield or wear / take off |") != std::string::npos);
  CHECK(table.find("| `.` `s` keypad 5 | wait a turn |") != std::string::npos);
  // Every key of every action is somewhere in the table, as the docs write it (the arrows and
  // the keypad directions only as such).
  for (const ActionInfo& info : AllActions()) {
    for (const std::string& key : keys.KeysFor(info.action)) {
      INFO(info.name << " " << key);
      const bool folded = key == "left" || key == "right" || key == "up" || key == "down" ||
                          (key.rfind("kp", 0) == 0 && key != "kp5");
      if (!folded) CHECK(table.find(KeyNameForDocs(key)) != std::string::npos);
    }
  }
}

TEST_CASE("an action no row names gets a row of its own after the action before it", "[keymap]") {
  // As a new action would be: in the table at once, with its help description, near its kin.
  const KeyMap keys = Defaults();
  constexpr KeyLine lines[] = {{"wait", "wait a turn"}, {"equip / unequip", "wear / take off"}};
  const auto rows = Rows(KeysMarkdown(keys, lines));
  REQUIRE(rows.size() == 2 + kActionCount - 1);  // equip and unequip share a line
  CHECK(rows[2] == "| `h` Left keypad 4 | move or attack west |");  // before wait: first
  CHECK(rows[9] == "| `n` PgDn keypad 3 | move or attack south-east |");
  CHECK(rows[10] == "| `.` `s` keypad 5 | wait a turn |");
  CHECK(rows[11] == "| `g` `,` | pick up what lies here |");  // after wait, the action before it
  CHECK(rows.back() == "| `:` | open the debug console (the cairn console commands) |");
  const std::string table = KeysMarkdown(keys, lines);
  const std::size_t equip = table.find("| `w` `W` / `T` | wear / take off |");
  CHECK(equip != std::string::npos);
  CHECK(table.find("| `?` F1 | this help |") > equip);  // help follows unequip
  // A name that is no action is shown, not dropped (the default lines have none: above).
  constexpr KeyLine wrong[] = {{"wiat", "wait"}};
  CHECK(KeysMarkdown(keys, wrong).find("| (unbound) | wait (unknown action wiat) |") !=
        std::string::npos);
}

TEST_CASE("README's keys table is the one the key map makes", "[keymap]") {
  // (tests/tools/docs_test.sh compares README with `cairn keys` too; this names the first row
  // that differs.)
  const std::string readme = ReadSource("README.md");
  const std::size_t start = readme.find("| keys | does |");
  REQUIRE(start != std::string::npos);
  const std::size_t end = readme.find("\n\n", start);
  const auto expected = Rows(KeysMarkdown(Defaults()));
  const auto written = Rows(readme.substr(start, end - start + 1));
  for (std::size_t i = 0; i < std::max(expected.size(), written.size()); ++i) {
    INFO("row " << i << ": run `build/cairn keys` and put its table in README.md");
    CHECK((i < written.size() ? written[i] : "") == (i < expected.size() ? expected[i] : ""));
  }
}

}  // namespace keys_table_test
