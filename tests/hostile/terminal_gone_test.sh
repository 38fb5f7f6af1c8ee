#!/usr/bin/env bash
# The game's terminal missing or going away, and a write refused by a file-size limit
# (docs/SAVES.md): nothing spins, nothing is lost, nothing is left behind. The games run on a
# pseudo-terminal of 80x24 (pty_game.py), which the test closes as a dying terminal would.
source "$(dirname "$0")/lib.sh" "$1"

state() { echo "$work/$1/state/cairn"; }

# Standard input that is not a terminal: refused at once with why (it used to spin for ever).
out=$(TERM=xterm XDG_STATE_HOME="$work/a" run --seed 5 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "stdin from /dev/null is not exit 1 (got $status)"
echo "$out" | grep -q "^cairn: standard input is not a terminal" || fail "stdin from /dev/null said: $out"

# A terminal closed without a hang-up signal (the game in a session of its own, as through
# setsid or under an emulator that dies): the end of its input is a hang-up, so the game saves
# and ends as on SIGHUP (129) instead of spinning for ever.
mkdir -p "$work/b"
out=$(python3 "$here/pty_game.py" "$cairn" "$work/b" "ll" --setsid --seed 5)
[ "$out" = "rc 129" ] || fail "a terminal closed without SIGHUP: $out (want rc 129)"
[ -f "$(state b)/save.toml" ] || fail "a terminal closed without SIGHUP left no save"
run check "$(state b)/save.toml" >/dev/null 2>&1 || fail "that save does not check"
grep -q "input ended" "$(state b)/cairn.log" || fail "the log does not say why the game stopped"
# And a terminal that hangs up, as before.
mkdir -p "$work/c"
out=$(python3 "$here/pty_game.py" "$cairn" "$work/c" "ll" --seed 5)
[ "$out" = "rc 129" ] || fail "a terminal that hung up: $out (want rc 129)"
[ -f "$(state c)/save.toml" ] || fail "a terminal that hung up left no save"

# A file-size limit (ulimit -f, as a quota sets): a write past it fails with a clear error instead
# of SIGXFSZ killing the process (it was exit 153, no message, temporaries left).
mkdir -p "$work/big"
out=$(bash -c 'ulimit -f 1; exec timeout 10 "$0" sim --seed 3 --input lll --save "$1"' \
  "$cairn" "$work/big/s.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "sim --save past a file-size limit is not exit 1 (got $status): $out"
echo "$out" | grep -q "File too large" || fail "sim --save past a file-size limit said: $out"
left=$(ls -A "$work/big")
[ -z "$left" ] || fail "sim --save past a file-size limit left: $left"
# The game under a limit its log fits in and its save does not: S fails with the reason and the
# game plays on; the terminal's end (a hang-up) tries again, fails again, and the game exits.
# Nothing but the log is left, and the log says why.
mkdir -p "$work/d"
out=$(python3 "$here/pty_game.py" "$cairn" "$work/d" "lSy" --fsize 4096 --seed 5)
[ "$out" = "rc 129" ] || fail "the game under a file-size limit: $out (want rc 129)"
left=$(cd "$(state d)" 2>/dev/null && ls -A | grep -v '^cairn.log$')
[ -z "$left" ] || fail "the game under a file-size limit left: $left"
[ "$(grep -c "could not save.*File too large" "$(state d)/cairn.log")" -ge 2 ] ||
  fail "the log does not say twice why the game could not save: $(cat "$(state d)/cairn.log")"

# Long console work stops for a signal and for a key: TICK 100000000 (minutes of work) in the
# in-game console, then the terminal hangs up: the game stops the ticks and exits 129 at once (it
# used to finish every tick first, deaf to the signal). A key stops the ticks with the game
# playing on, and the console says where they stopped.
mkdir -p "$work/e"
out=$(python3 "$here/pty_game.py" "$cairn" "$work/e" $':TICK 100000000\r' --seed 5)
[ "$out" = "rc 129" ] || fail "a hang-up during TICK 100000000: $out (want rc 129)"
grep -q "stopping on signal 1" "$(state e)/cairn.log" || fail "a hang-up during TICK: $(cat "$(state e)/cairn.log")"
mkdir -p "$work/f"
out=$(python3 "$here/pty_game.py" "$cairn" "$work/f" $':TICK 100000000\rx' --expect "stopped after" --seed 5)
[ "$out" = $'seen\nrc 129' ] || fail "a key during TICK 100000000: $out (want the console to say where it stopped)"

finish
