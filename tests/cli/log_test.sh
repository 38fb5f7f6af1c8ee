#!/usr/bin/env bash
# The headless commands' logs (sim, console, replay, bot): with --log FILE and --log-level L each
# writes what it loaded and why it stopped to FILE, at that level and above; what it prints on
# standard output and error and its exit status are the same as without a log; without --log or
# --log-level it writes no log at all.
set -u
cairn="$1"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_STATE_HOME="$work/state"
mkdir -p "$HOME"

# same NAME ARGS...: runs the command without a log, then with one at debug, and at info; the
# three must print the same and exit alike. The logs are left in $work/NAME.debug.log and
# $work/NAME.info.log.
same() {
  local name="$1" plain plain_err status logged logged_err logged_status
  shift
  plain=$("$cairn" "$@" 2>"$work/$name.err" </dev/null); status=$?
  plain_err=$(cat "$work/$name.err")
  for level in debug info; do
    logged=$("$cairn" "$@" --log "$work/$name.$level.log" --log-level "$level" 2>"$work/$name.err" </dev/null)
    logged_status=$?
    logged_err=$(cat "$work/$name.err")
    [ "$logged" = "$plain" ] || fail "$name at $level: standard output changed with a log"
    [ "$logged_err" = "$plain_err" ] || fail "$name at $level: standard error changed with a log: $logged_err"
    [ "$logged_status" = "$status" ] || fail "$name at $level: exit status $logged_status, without a log $status"
    [ -s "$work/$name.$level.log" ] || fail "$name at $level: no log written"
  done
}
# has NAME LEVEL WORDS: the log at LEVEL has a line with WORDS; lacks: it has none.
has() { grep -q -- "$3" "$work/$1.$2.log" || fail "$1's $2 log lacks '$3': $(cat "$work/$1.$2.log")"; }
lacks() { grep -q -- "$3" "$work/$1.$2.log" && fail "$1's $2 log has '$3'"; }

same sim sim --seed 4 --input lllj
has sim debug " info cairn sim --seed 4 --input lllj"
has sim debug " info loaded the built-in dungeon and the definitions"
has sim debug " info a new run, seed 4"
has sim debug " debug command 'l' at tick 0"
has sim debug " info stopped at tick [0-9]*: the keys ran out"
has sim debug " info tick [0-9]* state [0-9a-f]\{16\}, depth 1"
has sim debug " info exit status 0"
has sim info " info stopped at tick [0-9]*: the keys ran out"
lacks sim info " debug "
last=$("$cairn" sim --seed 4 --input lllj | tail -n 1)
has sim info " info $last, depth 1"

same record sim --seed 4 --input llll --record "$work/run.toml"
has record info " info recorded [0-9]* ticks to $work/run.toml"
same replay replay "$work/run.toml" --verify
has replay debug " info read $work/run.toml: version [0-9]*, [0-9]* ticks, seed 4, level default"
has replay debug " debug replaying, checking every tick"
has replay debug " info stopped: every tick matched, tick [0-9]* state "
lacks replay info " debug "
sed 's/^seed = 4$/seed = 5/' "$work/run.toml" > "$work/other-seed.toml"
same diverged replay "$work/other-seed.toml" --verify
has diverged info " warning stopped: diverged at tick 0: "
has diverged info " info exit status 1"

printf 'SPAWN\nSPAWN\nDESPAWN 0:1\n' > "$work/commands.console"
same console console "$work/commands.console"
has console debug " info commands from $work/commands.console"
has console debug " debug line 3: DESPAWN 0:1 -> ok"
has console debug " info stopped: the end of $work/commands.console after 3 lines"
lacks console info " debug "

same bot bot --seed 2 --runs 1 --turns 200
has bot debug " debug seed 2: playing"
has bot debug " seed 2 depth [0-9]* turns [0-9]* outcome "
has bot debug " info stopped after 1 runs"
lacks bot info " debug "

# A level above info leaves the info lines out too; off writes nothing.
"$cairn" sim --seed 4 --input ll --log "$work/warn.log" --log-level warn >/dev/null
[ -s "$work/warn.log" ] && fail "a quiet run at warn logged: $(cat "$work/warn.log")"
"$cairn" sim --seed 4 --input ll --log "$work/off.log" --log-level off >/dev/null
[ -s "$work/off.log" ] && fail "--log-level off logged: $(cat "$work/off.log")"
# Without --log or --log-level nothing is written, not even the game's default log.
"$cairn" sim --seed 4 --input ll >/dev/null
[ -e "$work/state/cairn/cairn.log" ] && fail "sim without --log wrote $work/state/cairn/cairn.log"
# --log-level alone logs where the game logs.
"$cairn" sim --seed 4 --input ll --log-level info >/dev/null
grep -q " info a new run, seed 4" "$work/state/cairn/cairn.log" 2>/dev/null || fail "--log-level alone did not log to the game's log"
# An unknown level is wrong usage for each command; a log that cannot be opened is a warning.
for command in "sim" "replay $work/run.toml" "bot" "console /dev/null"; do
  # shellcheck disable=SC2086
  "$cairn" $command --log-level loud </dev/null >/dev/null 2>&1; status=$?
  [ $status -eq 2 ] || fail "$command --log-level loud is not exit 2 (got $status)"
done
out=$("$cairn" sim --seed 4 --input ll --log /dev/null/cannot.log 2>&1 >/dev/null); status=$?
[ $status -eq 0 ] || fail "an unopenable log stopped sim (exit $status)"
echo "$out" | grep -q "^cairn sim: warning: cannot log to /dev/null/cannot.log" || fail "an unopenable log said: $out"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all log checks passed"
