#!/usr/bin/env bash
# tools/check_boundaries.py holds the tree to its include rules, and fails on a break: scratch
# copies of core/ and term/ with one forbidden include each must be refused with the place named.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
check="$root/tools/check_boundaries.py"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

out=$(python3 "$check" "$root" 2>&1) || fail "the tree breaks its own include rules: $out"

# Each case: a file to add (path), its include line, and what the refusal must say.
expect_refused() {  # $4: the file the refusal names, when not the one changed
  local file=$1 line=$2 says=$3 named=${4:-$1}
  rm -rf "$work/tree" && mkdir -p "$work/tree" && cp -r "$root/core" "$root/term" "$root/examples" "$work/tree/"
  mkdir -p "$(dirname "$work/tree/$file")"
  printf '%s\n' "$line" >> "$work/tree/$file"
  out=$(python3 "$check" "$work/tree" 2>&1) && fail "$file with '$line' was accepted"
  echo "$out" | grep -q "^$named:[0-9]*: error: .*$says" || fail "$file with '$line' said: $out"
}
expect_refused core/game/systems.cpp '#include "toml/toml_reader.h"' "the simulation must not include core/toml"
expect_refused core/sim/session.cpp '#include "content/level_loader.h"' "the simulation must not include core/content"
expect_refused core/world/entity_registry.cpp '#include "game/game_world.h"' "the engine must not include core/game"
expect_refused core/engine/command_buffer.h '#include "game/components.h"' "the engine must not include core/game"
expect_refused core/engine/phase_cursor.h '#include "sim/session.h"' "the engine must not include core/sim"
expect_refused examples/embers/embers.cpp '#include "game/tick.h"' "a game on the engine must not include core/game"
expect_refused core/game/ai.cpp '#include <spdlog/spdlog.h>' "includes spdlog"
expect_refused core/dungeon/floor_grid.cpp '#include <curses.h>' "includes curses"
expect_refused core/schema/component_types.cpp '#include <toml++/toml.h>' "includes toml++"
expect_refused core/toml/source_text.cpp '#include "game/components.h"' "core/toml must not include core/game"
expect_refused core/view/render_frame.h '#include "sim/session.h"' "the presenter reaches sim/session.h" \
  term/presenter/presenter.h
expect_refused core/console/console.cpp '#include "sim/session_access.h"' "is private to core/sim"
expect_refused term/controller.cpp '#include "sim/session_access.h"' "is private to core/sim"
expect_refused term/presenter/palette.h '#include "game/game_world.h"' "the presenter reaches game/game_world.h"
expect_refused term/presenter/sidebar.cpp '#include "controller.h"' "term/presenter must not include the program's"
expect_refused term/presenter/pointer.cpp '#include "terminal/curses_screen.h"' "term/presenter must not include the terminal's"
expect_refused term/terminal/terminal_check.cpp '#include "sim/session.h"' "term/terminal must not include core/sim"
expect_refused term/terminal/curses_screen.cpp '#include "save_files.h"' "term/terminal must not include the program's"

# A module README whose "May include:" sentence drifts from the rules is refused too.
rm -rf "$work/tree" && mkdir -p "$work/tree" && cp -r "$root/core" "$root/term" "$root/examples" "$work/tree/"
sed -i 's/May include: `core\/base`, `core\/toml`./May include: `core\/toml`, `core\/sim`./' "$work/tree/core/keymap/README.md"
out=$(python3 "$check" "$work/tree" 2>&1) && fail "a keymap README naming core/sim and leaving out core/base was accepted"
echo "$out" | grep -q '^core/keymap/README.md:[0-9]*: error: "May include:" leaves out core/base' ||
  fail "the drifted README was not named for core/base: $out"
echo "$out" | grep -q '^core/keymap/README.md:[0-9]*: error: "May include:" names core/sim' ||
  fail "the drifted README was not named for core/sim: $out"

[ $failures -eq 0 ] && echo "the include boundary check passes the tree and refuses each break"
exit $((failures != 0))
