#!/usr/bin/env bash
# Drives build/cairn from outside, as users and scripts do: each *.console file in this folder is
# fed to `cairn console` (after the options in NAME.args, if there is one, run from the
# repository's root so its paths are the repository's), and its replies must equal the matching
# *.expected file exactly. Then the command-line contract: --help, --version, usage errors (exit 2)
# and unreadable files (1).
set -u
cairn="$1"
here="$2"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for script in "$here"/*.console; do
  name=$(basename "$script" .console)
  expected="$here/$name.expected"
  "$here/transcript.sh" "$cairn" "$script" > "$work/$name.file"
  status=$?
  [ $status -eq 0 ] || fail "$name: exit status $status"
  diff -u "$expected" "$work/$name.file" || fail "$name: replies differ"
  # The same script on standard input gives the same replies.
  "$here/transcript.sh" "$cairn" "$script" --stdin > "$work/$name.stdin"
  cmp -s "$work/$name.file" "$work/$name.stdin" || fail "$name: stdin and FILE differ"
done

"$cairn" --help | grep -q "cairn console" || fail "--help does not list console"
"$cairn" --help >/dev/null; [ $? -eq 0 ] || fail "--help exit status"
"$cairn" --version | grep -q "^cairn " || fail "--version"
# Each command's --help (or -h) prints its own usage lines, exit 0; frame's names --level.
for command in console sim replay check frame format generate bot identity keys lesson; do
  out=$("$cairn" "$command" --help 2>&1); status=$?
  [ $status -eq 0 ] || fail "$command --help: exit status $status"
  echo "$out" | grep -q "^  cairn $command" || fail "$command --help said: $out"
done
"$cairn" frame -h | grep -q -- "--level PATH" || fail "frame -h does not name --level"
# The formats this build writes, as --version says them: the tests compare with these, never with
# a version written here, so a new format version moves no test.
save_version=$("$cairn" --version | sed -n 's/^save format \([0-9]*\) (reads [0-9]* to [0-9]*)$/\1/p')
recording_version=$("$cairn" --version | sed -n 's/^recording format \([0-9]*\) (reads [0-9]* to [0-9]*)$/\1/p')
[ -n "$save_version" ] && [ -n "$recording_version" ] || fail "--version does not name the save and recording formats"
"$cairn" console --no-such-option </dev/null 2>/dev/null; [ $? -eq 2 ] || fail "unknown option is not exit 2"
"$cairn" console --capacity 2>/dev/null </dev/null; [ $? -eq 2 ] || fail "missing value is not exit 2"
"$cairn" console --capacity zero </dev/null 2>/dev/null; [ $? -eq 2 ] || fail "bad number is not exit 2"
"$cairn" frobnicate 2>/dev/null; [ $? -eq 2 ] || fail "unknown command is not exit 2"
err=$("$cairn" --record "$work/r.toml" --load "$work/none.toml" 2>&1 </dev/null); status=$?
[ $status -eq 2 ] || fail "the game's --record with --load is not exit 2 (got $status)"
echo "$err" | grep -q "cannot start from a save" || fail "--record with --load said: $err"
[ -e "$work/r.toml" ] && fail "a refused --record still wrote its file"
err=$("$cairn" console /no/such/file 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] || fail "unreadable file is not exit 1 (got $status)"
echo "$err" | grep -q "^/no/such/file: error: " || fail "unreadable file message: $err"
err=$("$cairn" console /tmp 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] || fail "a directory as FILE is not exit 1 (got $status)"
echo "$err" | grep -q "^/tmp: error: " || fail "directory message: $err"
[ "$(printf 'SPAWN\n' | "$cairn" console --seed 5)" = "0:1" ] || fail "console --seed"
"$cairn" console --level /no/such/level.toml </dev/null 2>/dev/null; [ $? -eq 1 ] || fail "--level of a missing file is not exit 1"
small=$(printf 'SPAWN\nSPAWN\nSPAWN\n' | "$cairn" console --capacity 2 | tail -n 1)
case "$small" in "error: the world is full"*) ;; *) fail "--capacity 2: third SPAWN said '$small'";; esac

# The lesson: --auto walks to the end (exit 0), showing a stale handle and a reused slot; asked
# interactively, Enter runs each step's command, another command is answered with the right one,
# and q stops it (exit 1).
out=$("$cairn" lesson --auto); status=$?
[ $status -eq 0 ] || fail "cairn lesson --auto exited $status"
echo "$out" | grep -q "^   stale$" || fail "the lesson shows no stale handle"
echo "$out" | grep -q "^   2:2$" || fail "the lesson shows no reused slot"
echo "$out" | grep -q "^   cmd=1 destroy a=1:1$" || fail "the lesson shows no queued destroy"
[ "$(yes '' | "$cairn" lesson | grep -c '^   > ')" -eq "$(echo "$out" | grep -c '^   > ')" ] || fail "Enter does not walk the whole lesson"
out=$(printf 'SPAWNS\nSPAWN\nq\n' | "$cairn" lesson); status=$?
[ $status -eq 1 ] || fail "q does not stop the lesson with exit 1 (got $status)"
echo "$out" | grep -q "That is not this step's command: it is \`SPAWN\`." || fail "a wrong command was not answered: $out"
echo "$out" | grep -q "^   0:1$" || fail "the typed command did not run: $out"
"$cairn" lesson --bogus >/dev/null 2>&1; [ $? -eq 2 ] || fail "lesson --bogus is not exit 2"

# Determinism: each sim case must print its recorded last line (in every build type).
cd "$here/../.."
while IFS=$'\t' read -r sim_args expected; do
  case "$sim_args" in \#*|"") continue ;; esac
  actual=$(eval "\"$cairn\" sim $sim_args" | tail -n 1)
  [ "$actual" = "$expected" ] || fail "sim $sim_args: printed '$actual', expected '$expected'"
done < "$here/sim.cases"
# A key string long enough reaches the stairs: explore (o) and fight what comes (F, one blow or
# step a press) until there is nothing left, then > travels to the stairs down and takes them.
out=$("$cairn" sim --seed 1 --input "$(printf 'oF%.0s' $(seq 1 150))>>" | tail -n 2 | head -n 1)
case "$out" in "depth 2 "*) ;; *) fail "explore, fight and > did not reach depth 2: $out";; esac
# Items by letter: the start kit's darts thrown (t, then c) at the first monster in view.
out=$("$cairn" sim --seed 3 --input "oooootcqaweaTa" --trace | grep -c "event=attacked")
[ "$out" -ge 1 ] || fail "no attack in an explore-and-throw run"
# The bot: a few seeds, each a whole run, deterministic, with no fault.
bot1=$("$cairn" bot --seed 1 --runs 3); status=$?
[ $status -eq 0 ] || fail "cairn bot exited $status"
[ "$(printf '%s\n' "$bot1" | grep -cE '^seed [0-9]+ depth [0-9]+ turns [0-9]+ outcome [a-z]+ allies [0-9]+ machines [0-9]+$')" = 3 ] || fail "bot lines: $bot1"
[ "$("$cairn" bot --seed 1 --runs 3)" = "$bot1" ] || fail "the same seeds gave other bot runs"
printf '%s\n' "$bot1" | grep -q "outcome fault" && fail "a bot run faulted: $bot1"
deep=$(printf '%s\n' "$bot1" | awk '$4 >= 3' | wc -l)
[ "$deep" -ge 2 ] || fail "the bot reached depth 3 on fewer than 2 of 3 seeds: $bot1"

# Recording and verifying through the program, and a tampered recording failing with exit 1.
record="$work/run.toml"
"$cairn" sim --seed 4 --input lllllllljjjjjhhh --record "$record" >/dev/null || fail "sim --record"
"$cairn" replay "$record" --verify >/dev/null || fail "replay --verify of a fresh recording"
"$cairn" check "$record" >/dev/null || fail "check of a fresh recording"
sed 's/^seed = 4$/seed = 5/' "$record" > "$work/tampered.toml"
out=$("$cairn" replay "$work/tampered.toml" --verify); status=$?
[ $status -eq 1 ] || fail "a tampered recording is not exit 1 (got $status)"
# Another seed is another dungeon: the replay differs before the first tick.
echo "$out" | grep -q "diverged at tick 0: " || fail "tampered recording said: $out"
# From version 4 no runtime handle (SLOT:GEN) is written; a version-3 recording still verifies as
# made, and so do version-4 ones (hashed by position, before the state named its parts).
grep -q "^version = $recording_version\$" "$record" || fail "a new recording is not version $recording_version"
# Each ends on the line its run printed when it was recorded (`cairn sim --seed 3 --input
# oooootcTbwbdcgoFFFFFaaZ --record ...` and `--seed 9 --input 'oFoFoFoFoFoFoFZoFoFoF>>'`, by the
# build before save version 7): the final state in the form the recording holds.
while read -r old last; do
  out=$("$cairn" replay "tests/sim/recordings/$old" --verify 2>&1); status=$?
  [ $status -eq 0 ] || fail "$old does not verify (exit $status): $out"
  [ "$(echo "$out" | tail -n 1)" = "$last" ] || fail "$old ended elsewhere than its run ($last): $out"
done <<'RUNS'
version-4-items.toml tick 360 state 0c344ba2580d66d2
version-4-stairs.toml tick 1310 state d1afc50e4a698cbb
RUNS
grep -q '^entities = .*"[a-z_]* [0-9]*:[0-9]* ' "$record" && fail "a new recording names SLOT:GEN"
out=$("$cairn" replay tests/sim/recordings/version-3.toml --verify 2>&1); status=$?
[ $status -eq 0 ] || fail "the version-3 recording does not verify (exit $status): $out"
echo "$out" | grep -q "^replay verified: 290 ticks match$" || fail "the version-3 recording said: $out"
"$cairn" check tests/sim/recordings/version-3.toml >/dev/null || fail "check of the version-3 recording"
# A save of the classic edition (dungeon rules 3, ten floors) is read, rebuilt and resumed on that
# edition's content, not the newest (decision 0042).
classic=tests/save/fixtures/v10-classic-seed2.toml
out=$("$cairn" check "$classic" 2>&1) || fail "check of the classic save: $out"
echo "$out" | grep -q "rebuilt)$" || fail "the classic save was not rebuilt: $out"
out=$("$cairn" sim --load "$classic" 2>&1) || fail "the classic save does not resume: $out"
[ "$(echo "$out" | tail -n 1)" = "tick 710 state f1480daae1758ac7" ] || fail "the classic save resumed elsewhere: $out"
printf 'format = "cairn-replay"\nversion = 3\n' > "$work/broken.toml"
out=$("$cairn" check "$work/broken.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a broken recording is not exit 1"
echo "$out" | grep -q "broken.toml:1:1: error: missing 'build'" || fail "check said: $out"
# An old recording is refused for its version alone, with why (its other members mean nothing).
printf 'format = "cairn-replay"\nversion = 1\n' > "$work/old.toml"
out=$("$cairn" check "$work/old.toml" 2>&1)
echo "$out" | grep -q "old.toml:2:11: error: recording version 1 is not supported: it has no \[end\]" || fail "old recording said: $out"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "an old recording said more than its version: $out"
# A malformed key map and recording are each a problem at its place, PATH:LINE:COLUMN.
printf 'format = "cairn-keys"\nversion = 1\n[keys\n' > "$work/malformed-keys.toml"
out=$("$cairn" check "$work/malformed-keys.toml" 2>&1)
echo "$out" | grep -q "^$work/malformed-keys.toml:3:[0-9]*: error: " || fail "malformed key map said: $out"
printf 'format = "cairn-replay"\nversion = 3\nseed = \n' > "$work/malformed-run.toml"
out=$("$cairn" check "$work/malformed-run.toml" 2>&1)
echo "$out" | grep -q "^$work/malformed-run.toml:3:[0-9]*: error: " || fail "malformed recording said: $out"
"$cairn" sim --load x 2>/dev/null; [ $? -eq 1 ] || fail "sim --load before saves exist is not exit 1"
"$cairn" sim --ticks nope 2>/dev/null; [ $? -eq 2 ] || fail "sim --ticks nope is not exit 2"

# A broken user key map is reported with its position before the game starts (exit 1).
mkdir -p "$work/config/cairn"
printf 'format = "cairn-keys"\nversion = 1\n[keys]\nwait = ["h"]\nfly = ["f"]\n' > "$work/config/cairn/keys.toml"
out=$(XDG_CONFIG_HOME="$work/config" "$cairn" --seed 1 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "a broken key map is not exit 1 (got $status)"
echo "$out" | grep -q "keys.toml:4:9: error: key 'h' is bound to both move_west and wait (first at data/keys.toml:10:14)" || fail "key map conflict said: $out"
echo "$out" | grep -q "keys.toml:5:1: error: unknown action 'fly'" || fail "unknown action said: $out"
"$cairn" --log-level loud </dev/null 2>/dev/null; [ $? -eq 2 ] || fail "an unknown log level is not exit 2"
# cairn check answers a misspelt name with the closest one (issue 14), at the name's place: in a
# key map (an action, a key name) and in a level (a member, a kind, a field, a terrain; and a
# component type, kept unread, only warned of).
printf 'format = "cairn-keys"\nversion = 1\n[keys]\nexplor = ["o"]\nwait = ["pgdown"]\n' > "$work/typo-keys.toml"
out=$("$cairn" check "$work/typo-keys.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a misspelt key map is not exit 1 (got $status)"
echo "$out" | grep -qx "$work/typo-keys.toml:4:1: error: unknown action 'explor' (did you mean explore?)" || fail "misspelt action said: $out"
echo "$out" | grep -qx "$work/typo-keys.toml:5:9: error: 'pgdown' is not a key name (did you mean pgdn?)" || fail "misspelt key said: $out"
# The level's own structure first (a file with problems there is read no further)...
cat > "$work/typo-level.toml" <<'LEVEL'
format = "cairn-level"
version = 1
name = "typos"
[map]
legend = { "#" = "wal", "." = "floor" }
rows = ["#####", "#...#", "#####"]
[[entity]]
id = "hero"
kind = "player"
nmae = "Hob"
LEVEL
out=$("$cairn" check "$work/typo-level.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a misspelt level is not exit 1 (got $status)"
for line in \
  "typo-level.toml:5:18: error: unknown terrain \"wal\" (did you mean wall?)" \
  "typo-level.toml:10:1: error: entity 'hero': unknown member 'nmae' (did you mean name?)"; do
  echo "$out" | grep -qxF "$work/$line" || fail "check of a misspelt level lacks '$line' in: $out"
done
# ...then what the names mean: kinds, fields, and a type this build does not know.
cat > "$work/typo-kinds.toml" <<'LEVEL'
format = "cairn-level"
version = 1
name = "typos"
[map]
legend = { "#" = "wall", "." = "floor" }
rows = ["#####", "#...#", "#####"]
[[entity]]
id = "hero"
kind = "player"
components = [{ type = "position", version = 1, slot = 0, body = { x = 1, y = 1 } }]
[[entity]]
id = "r"
kind = "monster:ratt"
components = [{ type = "position", version = 1, slot = 0, body = { x = 2, y = 1 } }]
[[entity]]
id = "d"
kind = "item:dager"
components = [{ type = "position", version = 1, slot = 0, body = { x = 3, y = 1 } }, { type = "helth", version = 1, slot = 0, body = {} }]
[[entity]]
id = "k"
kind = "monstr:kobold"
components = [{ type = "position", version = 1, slot = 0, body = { x = 3, y = 1, z = 0 } }, { type = "health", version = 1, slot = 0, body = { curent = 3 } }]
LEVEL
out=$("$cairn" check "$work/typo-kinds.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of misspelt kinds is not exit 1 (got $status)"
for line in \
  "typo-kinds.toml:13:8: error: entity 'r': there is no monster kind 'ratt' (did you mean rat?)" \
  "typo-kinds.toml:17:8: error: entity 'd': there is no item kind 'dager' (did you mean dagger?)" \
  "typo-kinds.toml:18:86: warning: entity 'd': no component type 'helth' in this build, so it is kept unread (did you mean health?)" \
  "typo-kinds.toml:21:8: error: entity 'k': unknown kind \"monstr:kobold\" (did you mean monster:kobold?)" \
  "typo-kinds.toml:22:144: error: entity 'k': unknown field 'curent' in health (did you mean current?)"; do
  echo "$out" | grep -qF "$work/$line" || fail "check of misspelt kinds lacks '$line' in: $out"
done
# Nothing close, nothing guessed: the list of what is allowed instead.
echo "$out" | grep -F "unknown field 'z' in position" | grep -q "(its fields: x, y)" || fail "no suggestion for z said: $out"
# cairn keys: README's table (docs_test compares it) from the defaults, or with a key file on top.
"$cairn" keys | head -n 2 | tr '\n' ' ' | grep -qx '| keys | does | | --- | --- | ' || fail "cairn keys does not start with the table's head"
printf 'format = "cairn-keys"\nversion = 1\n[keys]\nrest = ["R"]\nrestart = ["F9"]\n' > "$work/my-keys.toml"
"$cairn" keys "$work/my-keys.toml" | grep -qx '| `R` | rest until healed or something happens |' || fail "cairn keys KEYFILE does not show the file's keys"
"$cairn" keys "$work/typo-keys.toml" >/dev/null 2>&1; [ $? -eq 1 ] || fail "cairn keys of a bad key file is not exit 1"
"$cairn" keys a b >/dev/null 2>&1; [ $? -eq 2 ] || fail "cairn keys with two files is not exit 2"
out=$("$cairn" chek 2>&1); [ $? -eq 2 ] || fail "a misspelt command is not exit 2"
echo "$out" | head -n 1 | grep -qx "cairn: unknown command or option 'chek' (did you mean check?)" || fail "misspelt command said: $out"

# A terminal that cannot move the cursor (issue 14: TERM=dumb drew one garbled line) is refused
# before curses starts, naming what it lacks (exit 1); so is no terminal at all.
out=$(TERM=dumb XDG_STATE_HOME="$work/state" "$cairn" --seed 1 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "TERM=dumb is not exit 1 (got $status)"
echo "$out" | grep -q "^cairn: this terminal (TERM=dumb) cannot move the cursor (no 'cup' capability); " ||
  fail "TERM=dumb said: $out"
out=$(env -u TERM XDG_STATE_HOME="$work/state" "$cairn" --seed 1 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "no TERM is not exit 1 (got $status)"
echo "$out" | grep -q "^cairn: no terminal is named (TERM is not set); " || fail "no TERM said: $out"
"$cairn" frame --size 10 2>/dev/null; [ $? -eq 2 ] || fail "frame --size 10 is not exit 2"

# The dungeon plan: the shipped one checks; a broken one reports each problem where it is, and
# problems inside a set piece under the set piece's own file.
"$cairn" check data/dungeon.toml >/dev/null || fail "check data/dungeon.toml"
mkdir -p "$work/dungeon"
printf 'format = "cairn-dungeon"\nversion = 1\nfloors = 0\nstart = [{ item = "nothing" }]\n[[set_piece]]\nlevel = "bad.toml"\ndepth = [1, 1]\n' > "$work/dungeon/dungeon.toml"
printf 'format = "cairn-level"\nversion = 1\nname = 3\n' > "$work/dungeon/bad.toml"
out=$("$cairn" check "$work/dungeon/dungeon.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a broken dungeon is not exit 1"
echo "$out" | grep -q "dungeon.toml:3:10: error: the dungeon file: 'floors' is 0, outside 1..99" || fail "dungeon floors: $out"
echo "$out" | grep -q "dungeon.toml:4:19: error: start item: there is no item kind 'nothing'" || fail "dungeon start: $out"
echo "$out" | grep -q "dungeon/bad.toml:3:8: error: " || fail "set piece problem not under its file: $out"

# Levels through the program: check, format, --level, and identity migration with its refusals.
for level in "$here"/../../data/levels/*.toml; do
  "$cairn" check "$level" >/dev/null || fail "check $(basename "$level")"
  "$cairn" format "$level" | cmp -s - "$level" || fail "format $(basename "$level") is not canonical"
done
"$cairn" sim --level "$here/../../data/levels/warren.toml" --input lllljjj | grep -q '^tick [0-9]* state ' || fail "sim --level"
printf 'format = "cairn-level"\nversion = 1\nname = "x"\n[map]\nlegend = {}\nrows = ["?"]\n' > "$work/bad-level.toml"
out=$("$cairn" check "$work/bad-level.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a bad level is not exit 1"
echo "$out" | grep -q "bad-level.toml:6:10: error: map character '?' is not in the legend" || fail "bad level said: $out"
"$cairn" sim --level "$work/bad-level.toml" >/dev/null 2>&1; [ $? -eq 1 ] || fail "sim --level of a bad level is not exit 1"
# check reads a file's kind from its head (the lines before the first table header) and parses
# the text once, in its kind's reader. A line that looks like a header inside a multi-line string
# is not one: the head does not parse, the whole text is read, and the file is still a level.
printf 'note = """\n[not a header]\n"""\nformat = "cairn-level"\nversion = 1\nname = "x"\n[map]\nlegend = {}\nrows = ["?"]\n' > "$work/note-level.toml"
out=$("$cairn" check "$work/note-level.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a level with an unknown member is not exit 1"
[ "$out" = "$work/note-level.toml:1:1: error: the level: unknown member 'note'" ] || fail "a header-like line in a string said: $out"
# The kind comes from the head, so a key map over its 1 MiB limit is refused for its size before
# the syntax error after its head is read (the whole text is never parsed).
python3 -c 'import sys; sys.stdout.write("format = \"cairn-keys\"\nversion = 1\n[keys]\nbad = = 1\n" + "# padding\n" * 120000)' > "$work/big-keys.toml"
out=$("$cairn" check "$work/big-keys.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of an oversized key map is not exit 1"
echo "$out" | grep -q "big-keys.toml: error: is 1.1 MiB (.* bytes), over the 1 MiB limit for a key map" || fail "an oversized key map said: $out"
# An unknown kind with a syntax error after its head: the syntax error, not "unknown file".
printf 'format = "cairn-levle"\nversion = 1\n[map\n' > "$work/unknown-broken.toml"
out=$("$cairn" check "$work/unknown-broken.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a broken unknown file is not exit 1"
echo "$out" | grep -q "^$work/unknown-broken.toml:3:5: error: .*expected ']'" || fail "a broken unknown file said: $out"
# A duplicate names both places, in the diagnostics' line format.
sed 's/^id = "rat-2"$/id = "rat-1"/' "$here/../../data/levels/cellar.toml" > "$work/twice.toml"
out=$("$cairn" check "$work/twice.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a level with a duplicate id is not exit 1"
echo "$out" | grep -q "^$work/twice.toml:43:6: error: duplicate entity id 'rat-1' (first at $work/twice.toml:36:6)$" || fail "duplicate id said: $out"
mkdir -p "$work/project/levels"
cp "$here"/../../data/levels/*.toml "$work/project/levels/"
( cd "$work/project" && "$cairn" identity migrate . manifest.toml levels/cellar.toml levels/vault.toml >/dev/null ) || fail "identity migrate"
"$cairn" identity migrate "$work/project" "$work/project/manifest.toml" "$work/project/levels/cellar.toml" 2>/dev/null
[ $? -eq 1 ] || fail "migrate over an existing manifest is not exit 1"
# A manifest that appears after migrate's check is never replaced: a dangling symbolic link passes
# the existence check (it names nothing), but the exclusive creation refuses the name, and nothing
# is written through the link.
ln -s "$work/project/planted-target.toml" "$work/project/m-link.toml"
out=$("$cairn" identity migrate "$work/project" "$work/project/m-link.toml" "$work/project/levels/cellar.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "migrate onto a name taken meanwhile is not exit 1 (got $status)"
echo "$out" | grep -q "m-link.toml: error: .*m-link.toml exists already (created by another writer meanwhile?); it was not replaced" || fail "migrate onto a name taken meanwhile said: $out"
[ -e "$work/project/planted-target.toml" ] && fail "migrate wrote through a planted link"
[ -L "$work/project/m-link.toml" ] || fail "migrate replaced a planted link"
CAIRN_TEST_NO_ENTROPY=1 "$cairn" identity migrate "$work/project" "$work/project/m2.toml" "$work/project/levels/cellar.toml" 2>/dev/null
[ $? -eq 3 ] || fail "migrate without entropy is not exit 3"
[ -e "$work/project/m2.toml" ] && fail "migrate without entropy wrote a manifest"
"$cairn" identity apply "$work/project" "$work/project/manifest.toml" "$work/project/levels/vault.toml" "$work/project/vault2.toml" || fail "identity apply"
"$cairn" identity apply "$work/project" "$work/project/manifest.toml" "$work/project/levels/vault.toml" "$work/project/vault3.toml" || fail "identity apply again"
cmp -s "$work/project/vault2.toml" "$work/project/vault3.toml" || fail "identity apply is not deterministic"
"$cairn" check "$work/project/vault2.toml" >/dev/null || fail "the version-2 level does not check"
"$cairn" identity apply "$work/project" "$work/project/manifest.toml" "$work/project/levels/vault.toml" "$work/project/vault2.toml" 2>/dev/null
[ $? -eq 1 ] || fail "apply over an existing output is not exit 1"
out=$("$cairn" identity apply "$work/project" "$work/project/manifest.toml" "$work/project/levels/warren.toml" "$work/project/w2.toml" 2>&1)
echo "$out" | grep -q "stale-manifest" || fail "apply of a level the manifest lacks said: $out"

# Saves: keys A, save, resume with keys B = one run of A then B (SPEC); the save checks; bad
# saves are refused with positions and leave the file alone; no entropy is exit 3.
keys_a="lllljjj$(printf 'oF%.0s' $(seq 1 40))"
keys_b="$(printf 'oFZ%.0s' $(seq 1 40))>>"
"$cairn" sim --seed 3 --input "$keys_a" --save "$work/s.toml" >/dev/null || fail "sim --save"
resumed=$("$cairn" sim --load "$work/s.toml" --input "$keys_b" | tail -n 1)
straight=$("$cairn" sim --seed 3 --input "$keys_a$keys_b" | tail -n 1)
[ -n "$straight" ] && [ "$resumed" = "$straight" ] || fail "save after A + resume with B printed '$resumed', one run of A then B '$straight'"
# Explore remembers items seen lying; that memory is the player's and must come back from a save.
# These two broke the promise while it lived in the key script's autopilot (found by a search
# over 40 seeds; an item seen in A, out of view at the save, drew explore in B one way only).
for case in "21 oooooooooojjjhhh" "35 oooooolllkkk"; do
  set -- $case
  "$cairn" sim --seed "$1" --input "$2" --save "$work/e.toml" >/dev/null || fail "sim --save (seed $1)"
  resumed=$("$cairn" sim --load "$work/e.toml" --input oooooooo | tail -n 1)
  straight=$("$cairn" sim --seed "$1" --input "$2oooooooo" | tail -n 1)
  [ "$resumed" = "$straight" ] || fail "seed $1: explore after a resume printed '$resumed', one run '$straight'"
done
"$cairn" sim --load "$work/s.toml" --ticks 0 | tail -n 1 | grep -q "^tick $(grep -m1 '^tick = ' "$work/s.toml" | cut -d' ' -f3) " || fail "a resumed run does not start at the saved tick"
out=$("$cairn" check "$work/s.toml" 2>&1) || fail "check of a fresh save: $out"
echo "$out" | grep -q "ok (save of seed 3" || fail "check of a save said: $out"
cp "$work/s.toml" "$work/s.orig"
"$cairn" sim --load "$work/s.toml" --seed 4 >/dev/null 2>&1; [ $? -eq 1 ] || fail "--load with another --seed is not exit 1"
"$cairn" sim --load "$work/s.toml" --record "$work/r.toml" >/dev/null 2>&1; [ $? -eq 2 ] || fail "--load with --record is not exit 2"
next_version=$((save_version + 1))
sed "3s/^version = [0-9]*\$/version = $next_version/" "$work/s.toml" > "$work/newer.toml"
out=$("$cairn" sim --load "$work/newer.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "a save of version $next_version is not exit 1"
echo "$out" | grep -q "newer.toml:3:11: error: save version $next_version is not supported" || fail "version $next_version said: $out"
head -c 3000 "$work/s.toml" > "$work/cut.toml"
"$cairn" check "$work/cut.toml" >/dev/null 2>&1; [ $? -eq 1 ] || fail "check of a truncated save is not exit 1"
"$cairn" sim --load "$work/nothing.toml" 2>&1 | grep -q "nothing.toml: error: cannot open" || fail "a missing save is not reported"
cmp -s "$work/s.toml" "$work/s.orig" || fail "loading changed the save file"
CAIRN_TEST_NO_ENTROPY=1 "$cairn" sim --seed 3 --input lll --save "$work/none.toml" >/dev/null 2>&1
[ $? -eq 3 ] || fail "sim --save without entropy is not exit 3"
[ -e "$work/none.toml" ] && fail "sim --save without entropy wrote a file"
# A version-2 level keeps its authored UUIDs in the save.
"$cairn" sim --level "$work/project/vault2.toml" --input ll --save "$work/v2save.toml" >/dev/null || fail "sim --level v2 --save"
uuid=$(grep -m2 '^uuid = ' "$work/project/vault2.toml" | tail -n 1 | cut -d'"' -f2)
grep -q "$uuid" "$work/v2save.toml" || fail "the save lost the level's entity UUID $uuid"
"$cairn" sim --level "$work/project/vault2.toml" --load "$work/v2save.toml" --input l >/dev/null || fail "resume of a v2 level's save"
"$cairn" sim --load "$work/v2save.toml" >/dev/null 2>&1; [ $? -eq 1 ] || fail "a level's save resumed on the default dungeon"
# A version-3 save keyed by the level's uuid resumes, and its next save keys by the placement.
fixture="$here/../save/fixtures/v3-escape-v2-seed5.toml"
(cd "$here/../.." && "$cairn" sim --seed 5 --level tests/levels/escape-v2.toml --load "$fixture" --input . --save "$work/next-save.toml") >/dev/null || fail "resume of a version-3 save"
grep -q "^version = $save_version\$" "$work/next-save.toml" || fail "the next save is not version $save_version"
grep -q 'instance = "e2edb22d-8d55-4ac4-a006-517a1015f697"' "$work/next-save.toml" && fail "the next save still keys by the level's uuid"
grep -q 'instance = "4e1e5652-950d-4cc0-b243-810230b2c38d"' "$work/next-save.toml" || fail "the next save does not key by the placement"

# The trace reads as a story (issue 12's check from outside): over random explore and fight keys
# on several seeds, monsters enter select-target, approach, attack and recover, each with a
# reason; steps succeed and fail or are cancelled; every move names its cell as at=X,Y.
keys=$(awk 'BEGIN { srand(5); s = "oFhjklyubn."; for (i = 0; i < 3000; i++) printf "%s", substr(s, int(rand() * 11) + 1, 1) }')
"$cairn" sim --seed 1 --input "$keys" --trace > "$work/trace.txt" 2>/dev/null
"$cairn" sim --seed 2 --input "$keys" --trace >> "$work/trace.txt" 2>/dev/null
"$cairn" sim --seed 3 --input "$keys" --trace >> "$work/trace.txt" 2>/dev/null
for phase in select-target approach attack recover; do
  grep -q "event=ai-phase .*to=$phase reason=[a-z]" "$work/trace.txt" || fail "no ai-phase into $phase with a reason"
done
grep -q "event=ai-step .*result=succeeded" "$work/trace.txt" || fail "no ai-step succeeded"
grep -Eq "event=ai-step .*result=(failed|cancelled) reason=[a-z]" "$work/trace.txt" || fail "no ai-step failed or cancelled with a reason"
grep "event=moved" "$work/trace.txt" | grep -vq " at=[0-9]*,[0-9]*$" && fail "a moved entry without at=X,Y"
grep -q "event=moved" "$work/trace.txt" || fail "no moved entries at all"
# No bare tick lines: an idle stretch is one line; phase= is the tick's phase only (the AI's own
# is ai-phase=); noticing says what was perceived; a move into a hostile says it became a blow.
grep -q "event=tick\( \|$\)" "$work/trace.txt" && fail "sim --trace printed a bare tick line"
grep -Eq "^trace tick=[0-9]+ phase=BeginTick seq=[0-9]+ event=idle ticks=[0-9]+ to=[0-9]+$" "$work/trace.txt" || fail "no idle stretch line"
grep -Ev "^trace tick=[0-9]+ phase=(BeginTick|PlayerIntent|AI|Movement|ResolveGameplay|Commit|EndTick) " "$work/trace.txt" | grep "^trace " | head -n 1 | grep -q . && fail "a trace line whose phase= is not a tick phase"
grep -E " phase=.* phase=" "$work/trace.txt" | head -n 1 | grep -q . && fail "a trace line with two phase= fields"
grep -q "event=ai-step .* ai-phase=[a-z-]* result=" "$work/trace.txt" || fail "no ai-step naming its ai-phase="
grep -q "event=perceived .* how=sight distance=[0-9]* at=[0-9]*,[0-9]* alertness=[0-9]* noticed=yes" "$work/trace.txt" || fail "no perceived line that began a hunt"
grep -q "event=move-became-blow a=0:1 kind=player b=" "$work/trace.txt" || fail "no move that became a blow"
# Capture off: nothing traced, the same last line.
[ "$("$cairn" sim --seed 2 --input "$keys" --no-trace | tail -n 1)" = "$("$cairn" sim --seed 2 --input "$keys" | tail -n 1)" ] || fail "--no-trace changed the run"
"$cairn" sim --seed 2 --trace --no-trace >/dev/null 2>&1; [ $? -eq 2 ] || fail "--trace with --no-trace is not exit 2"

# Autopickup: a run with a rule of its own (--autopickup) records it; the replay, on no file at
# all, ends in the same state. A bad file is refused at its line and column, by sim, check and the
# game (before the terminal is touched); the shipped default checks.
"$cairn" check data/autopickup.toml | grep -q "ok (autopickup rule, on)" || fail "check data/autopickup.toml"
printf 'format = "cairn-autopickup"\nversion = 1\n[classes]\npotion = "never"\nweapon = "always"\n' > "$work/pickup.toml"
picky=$("$cairn" sim --seed 3 --autopickup "$work/pickup.toml" --input "ooooooFFFFoooooAooovcff" --record "$work/picky.toml" | tail -n 1)
plain=$("$cairn" sim --seed 3 --input "ooooooFFFFoooooAooovcff" | tail -n 1)
[ "$picky" != "$plain" ] || fail "--autopickup changed nothing: $picky"
grep -q '^autopickup = { enabled = true, potion = "never", scroll = "always", weapon = "always", ' "$work/picky.toml" ||
  fail "the recording does not name its autopickup rule: $(grep autopickup "$work/picky.toml")"
replayed=$(cd "$work" && env -u XDG_CONFIG_HOME HOME="$work/nohome" "$cairn" replay "$work/picky.toml" --verify); status=$?
[ $status -eq 0 ] || fail "replay of an --autopickup recording: exit $status: $replayed"
echo "$replayed" | grep -q "${picky#tick * state }" || fail "replay ended elsewhere than the run ($picky): $replayed"
printf 'format = "cairn-autopickup"\nversion = 1\nenabled = "yes"\n[classes]\nmissiles = "always"\n' > "$work/bad-pickup.toml"
out=$("$cairn" sim --autopickup "$work/bad-pickup.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "sim with a bad --autopickup is not exit 1 (got $status)"
echo "$out" | grep -q "bad-pickup.toml:3:11: error: the autopickup file: 'enabled' must be a boolean, not a string" || fail "bad autopickup said: $out"
echo "$out" | grep -q "bad-pickup.toml:5:1: error: \[classes\]: 'missiles' is not an item class" || fail "bad class said: $out"
out=$("$cairn" check "$work/bad-pickup.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "check of a bad autopickup file is not exit 1"
echo "$out" | grep -q "bad-pickup.toml:3:11: error: " || fail "check of a bad autopickup file said: $out"
"$cairn" sim --autopickup /no/such/pickup.toml 2>/dev/null; [ $? -eq 1 ] || fail "a missing --autopickup file is not exit 1"
"$cairn" sim --seed 3 --input lll --save "$work/ap.toml" >/dev/null || fail "sim --save for --autopickup --load"
"$cairn" sim --load "$work/ap.toml" --autopickup "$work/pickup.toml" 2>/dev/null; [ $? -eq 2 ] || fail "--autopickup with --load is not exit 2"
mkdir -p "$work/apconfig/cairn"
cp "$work/bad-pickup.toml" "$work/apconfig/cairn/autopickup.toml"
out=$(XDG_CONFIG_HOME="$work/apconfig" XDG_STATE_HOME="$work/apstate" "$cairn" --seed 1 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "the game with a bad autopickup.toml is not exit 1 (got $status)"
echo "$out" | grep -q "apconfig/cairn/autopickup.toml:3:11: error: " || fail "the game's bad autopickup.toml said: $out"
# A resumed character keeps the rule saved with it, so a broken file does not stop a resume: it is
# reported and not used (the start then stops only because there is no terminal here).
mkdir -p "$work/apresume/cairn"
cp "$work/ap.toml" "$work/apresume/cairn/save.toml"
out=$(XDG_CONFIG_HOME="$work/apconfig" XDG_STATE_HOME="$work/apresume" "$cairn" 2>&1 </dev/null)
echo "$out" | grep -q "warning: the autopickup file above is not used: a resumed character keeps" ||
  fail "a resume with a bad autopickup.toml said: $out"
echo "$out" | grep -q "standard input is not a terminal" || fail "a resume with a bad autopickup.toml stopped: $out"
# With no save waiting, the start is a new game and the file stops it.
out=$(XDG_CONFIG_HOME="$work/apconfig" XDG_STATE_HOME="$work/apnew" "$cairn" 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "a new game with a bad autopickup.toml is not exit 1"
echo "$out" | grep -q "standard input is not a terminal" && fail "a new game with a bad autopickup.toml went on: $out"
# The quiver from a key string: f fires the start kit's darts (the first missile) at what is in
# view, and v chooses; with nothing in view f is refused and costs nothing.
out=$("$cairn" sim --seed 3 --input "oooooff" --trace | grep -c "event=attacked .*with=thrown")
[ "$out" -ge 1 ] || fail "no thrown attack in an explore-and-fire run"
[ "$("$cairn" sim --seed 1 --input "f" | tail -n 1)" = "$("$cairn" sim --seed 1 | tail -n 1)" ] || fail "f with nothing in view took time"

# With the debug pane at 80x24 the map keeps the player in view (the seeds that hid the @ under
# the pane, and more), and at other sizes.
for seed in 4 6 7 14 21 25 1 2 3 9; do
  for size in 80x24 100x30 120x40; do
    # (Only what lies left of the pane's border or above its title line is the map.)
    "$cairn" frame --debug --seed "$seed" --size "$size" |
      awk '{ line = $0; i = index(line, "│"); if (i) line = substr(line, 1, i - 1)
             i = index(line, "─"); if (i) line = substr(line, 1, i - 1); if (line ~ /@/) found = 1 }
           END { exit !found }' ||
      fail "seed $seed at $size: no @ on the map above the debug pane"
  done
done

if [ $failures -ne 0 ]; then
  echo "$failures CLI check(s) failed"
  exit 1
fi
echo "all CLI checks passed"
