#!/usr/bin/env bash
# The recipe for a new component cannot rot (docs/ARCHITECTURE.md, "Adding a component"): in a
# scratch copy of the sources, tools/new-component.sh adds `glow { radius }`, and the program built
# from the copy
#   - plays every tests/cli/sim.cases line as the tree's own build does (no state hash moves);
#   - resumes the older saves and verifies the older recordings in the tests as they were made;
#   - saves, inspects, sets and reads the new component (console, a level, a save and its resume),
#     and hashes it only while some entity has it.
# Bad arguments are refused with exit 2 and change no file. Usage: new_component_test.sh CAIRN
# (the tree's own build; the copy is built with the same compiler, Release, the program only).
set -u
cairn=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The sources as git knows them, plus whatever is not committed yet (a test of the working tree).
mkdir "$work/src"
(cd "$root" && { git ls-files -co --exclude-standard 2>/dev/null || find core term data tests tools cmake \
  CMakeLists.txt -type f; } | grep -v '^build' | while read -r f; do [ -f "$f" ] && echo "$f"; done |
  tr '\n' '\0' | xargs -0 cp --parents -t "$work/src")
src="$work/src"
[ -f "$src/core/game/component_list.h" ] || { echo "FAIL: the scratch copy has no sources"; exit 1; }

# Refusals: nothing written.
before=$(cat "$src/core/game/components.h" "$src/core/game/component_list.h" "$src/core/schema/component_types.cpp" | md5sum)
for args in "Glow radius:uint8" "glow radius:float" "glow" "position x:int32" "glow r:uint8 r:uint8"; do
  # shellcheck disable=SC2086
  out=$("$src/tools/new-component.sh" $args 2>&1); status=$?
  [ $status -eq 2 ] || fail "new-component.sh $args: exit $status, not 2 ($out)"
  echo "$out" | grep -q "^new-component: " || fail "new-component.sh $args said: $out"
done
after=$(cat "$src/core/game/components.h" "$src/core/game/component_list.h" "$src/core/schema/component_types.cpp" | md5sum)
[ "$before" = "$after" ] || fail "a refused new-component.sh changed the sources"

out=$("$src/tools/new-component.sh" glow radius:uint8 2>&1) || fail "new-component.sh glow radius:uint8: $out"
grep -q 'X(Glow, glow, Glows, "glow", [0-9]*)$' "$src/core/game/component_list.h" ||
  fail "the list has no glow line at its end"
clang-format --dry-run -Werror "$src/core/game/components.h" "$src/core/game/component_list.h" \
  "$src/core/schema/component_types.cpp" 2>/dev/null || fail "the three edits are not formatted"

compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$(dirname "$cairn")/CMakeCache.txt" 2>/dev/null)
generator=$(command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")
if ! cmake -S "$src" -B "$work/build" -G "$generator" -DCMAKE_BUILD_TYPE=Release -DCAIRN_WERROR=ON \
     -DCAIRN_TESTS=OFF -DCAIRN_BENCH=OFF ${compiler:+-DCMAKE_CXX_COMPILER="$compiler"} > "$work/configure.log" 2>&1 ||
   ! cmake --build "$work/build" --target cairn -j "$(nproc 2>/dev/null || echo 2)" > "$work/build.log" 2>&1; then
  grep -E "error|Error" "$work/build.log" "$work/configure.log" | head -20
  fail "the copy with glow does not build"
  echo "$failures check(s) failed"
  exit 1
fi
glow="$work/build/cairn"

# No state hash moves: every sim case prints the line the tree's build prints (the recorded one).
cd "$root"
while IFS=$'\t' read -r sim_args expected; do
  case "$sim_args" in \#*|"") continue ;; esac
  actual=$(eval "\"$glow\" sim $sim_args" | tail -n 1)
  [ "$actual" = "$expected" ] || fail "with glow, sim $sim_args printed '$actual', not '$expected'"
done < tests/cli/sim.cases

# Older recordings verify, older saves resume to the state they hold.
for rec in tests/sim/recordings/*.toml; do
  a=$("$cairn" replay "$rec" --verify 2>&1 | tail -n 1)
  b=$("$glow" replay "$rec" --verify 2>&1 | tail -n 1)
  [ "$a" = "$b" ] || fail "with glow, $rec replays to '$b', not '$a'"
done
for save in tests/save/fixtures/v5-*.toml tests/save/fixtures/v6-*.toml; do
  a=$("$cairn" sim --load "$save" --input oFoF 2>&1 | tail -n 1)
  b=$("$glow" sim --load "$save" --input oFoF 2>&1 | tail -n 1)
  [ "$a" = "$b" ] || fail "with glow, $save resumes to '$b', not '$a'"
done
# A save the tree's build writes resumes with glow, and one glow writes of the same run resumes
# with the tree's build: neither holds a glow, so neither covers one.
"$cairn" sim --seed 5 --input oooo --save "$work/plain.toml" > /dev/null || fail "sim --save"
a=$("$glow" sim --load "$work/plain.toml" --input oo | tail -n 1)
b=$("$cairn" sim --load "$work/plain.toml" --input oo | tail -n 1)
[ "$a" = "$b" ] || fail "a save of the tree's build resumes with glow to '$a', not '$b'"
"$glow" sim --seed 5 --input oooo --save "$work/glow-plain.toml" > /dev/null || fail "glow sim --save"
b=$("$cairn" sim --load "$work/glow-plain.toml" --input oo | tail -n 1)
[ "$a" = "$b" ] || fail "a save of glow's build without a glow resumes to '$b', not '$a'"

# No console transcript moves (tests/cli/*.expected), nor the doc's table of what each phase
# declares (Commit's "every component" takes the new one in).
for script in tests/cli/*.console; do
  name=$(basename "$script" .console)
  tests/cli/transcript.sh "$glow" "$script" | diff -q "tests/cli/$name.expected" - >/dev/null ||
    fail "with glow, tests/cli/$name.console answers otherwise than tests/cli/$name.expected"
done
python3 tools/systems_table.py "$glow" docs/SIMULATION.md >/dev/null ||
  fail "with glow, docs/SIMULATION.md's systems table moves"

# The component itself: set, read, inspected, hashed only while there, in its type's listing.
out=$(printf 'SPAWN\nHASH\nSET 0:1 glow { radius = 3 }\nGET 0:1 glow\nHASH\nREMOVE 0:1 glow\nHASH\nTYPES\nSET 0:1 glow { radius = 300 }\n' |
  "$glow" console)
line() { echo "$out" | sed -n "${1}p"; }
[ "$(line 4)" = "{ radius = 3 }" ] || fail "GET glow answered '$(line 4)'"
echo "$(line 5)" | grep -q " glow=[0-9a-f]\{16\}" || fail "HASH with a glow does not cover it: $(line 5)"
echo "$(line 2)" | grep -q "glow=" && fail "HASH without a glow covers it: $(line 2)"
[ "$(line 7)" = "$(line 2)" ] || fail "HASH after REMOVE is not the state before SET"
echo "$(line 8)" | grep -q "| glow category=other since=[0-9]* fields=radius$" || fail "TYPES: $(line 8)"
echo "$(line 9)" | grep -q "^error: .*radius" || fail "a radius past its type was accepted: $(line 9)"

# From a level to a save and back.
sed 's/{ type = "position", version = 1, slot = 0, body = { x = 3, y = 2 } },/&\n  { type = "glow", version = 1, slot = 0, body = { radius = 4 } },/' \
  data/levels/cellar.toml > "$work/lit.toml"
grep -q '"glow"' "$work/lit.toml" || fail "the level was not given a glow"
"$glow" check "$work/lit.toml" > /dev/null 2>&1 || fail "check of a level with a glow: $("$glow" check "$work/lit.toml" 2>&1)"
"$glow" sim --level "$work/lit.toml" --input ll --save "$work/lit-save.toml" > /dev/null || fail "sim --save of the lit level"
grep -q "^glow = { radius = 4 }$" "$work/lit-save.toml" || fail "the save does not hold the glow"
grep -q '^parts = {.* glow = "[0-9a-f]*"' "$work/lit-save.toml" || fail "the save's parts do not cover the glow"
a=$("$glow" sim --level "$work/lit.toml" --input llll | tail -n 1)
b=$("$glow" sim --level "$work/lit.toml" --load "$work/lit-save.toml" --input ll | tail -n 1)
[ "$a" = "$b" ] || fail "the lit level's save resumes to '$b', not '$a'"
# The tree's build does not know glow: it says so by name instead of resuming another state.
out=$("$cairn" sim --level "$work/lit.toml" --load "$work/lit-save.toml" 2>&1)
echo "$out" | grep -q "covers 'glow'" || fail "the tree's build on a save with a glow said: $out"

[ $failures -eq 0 ] || { echo "$failures check(s) failed"; exit 1; }
echo "all checks passed in new_component_test.sh"
