#!/usr/bin/env bash
# Outputs aimed at a character (docs/SAVES.md): no output of any command (a recording, a log, a
# save of another game) replaces a file a character lives in, except that character's own save
# by its own game. Each attempt is refused with why, and the save is byte for byte as it was.
source "$(dirname "$0")/lib.sh" "$1"

state="$HOME/.local/state/cairn"
save="$state/save.toml"
mkdir -p "$state"
run sim --seed 3 --input llll --save "$save" >/dev/null || fail "sim --save did not write a save"
cp "$save" "$work/before.toml"
unchanged() { cmp -s "$save" "$work/before.toml" || fail "$1: the save changed"; }
# refused WHAT STATUS PATTERN ARGS...: cairn ARGS exits STATUS saying PATTERN; the save is kept.
refused() {
  local what=$1 status=$2 pattern=$3
  shift 3
  out=$(TERM=xterm-256color run "$@" 2>&1 </dev/null)
  local got=$?
  [ $got -eq "$status" ] || fail "$what: exit $got, not $status: $out"
  grep -q -- "$pattern" <<<"$out" || fail "$what said: $out"
  unchanged "$what"
}

refused "sim --record over a save" 1 "holds a saved game; a recording never replaces a character" \
  sim --seed 4 --input ll --record "$save"
refused "the game's --record over a waiting save" 1 "holds a saved game; a recording never" \
  --seed 4 --record "$save"
refused "--record over this game's own save file" 1 "is where this game saves its character" \
  --seed 4 --save "$work/new.toml" --record "$work/new.toml"
run sim --seed 5 --input ll --save "$work/other.toml" >/dev/null || fail "sim --save (another)"
refused "--load A --save B, B another character" 1 "holds a saved game (another character)" \
  --load "$work/other.toml" --save "$save"
refused "sim --log over a save" 2 "a log never goes where a character is" \
  sim --seed 4 --input ll --log "$save"

# A game playing a character it has not saved yet holds its lock: a recording is refused there
# too (the lock was ignored for recordings, and a kill of the game then lost the character).
fresh="$work/playing.toml"
exec 9>"$fresh.lock"
flock -n 9 || fail "could not hold the lock as a game would"
out=$(run sim --seed 4 --input ll --record "$fresh" 2>&1); status=$?
[ $status -eq 1 ] || fail "sim --record on a save a game plays: exit $status"
grep -q "is a game's save" <<<"$out" || fail "sim --record on a save a game plays said: $out"
[ -e "$fresh" ] && fail "sim --record wrote where a game will save"
exec 9>&-

# What is refused is only what holds a character: a recording elsewhere is written.
run sim --seed 4 --input ll --record "$work/rec.toml" >/dev/null || fail "sim --record elsewhere"
run replay "$work/rec.toml" --verify >/dev/null || fail "that recording does not verify"
unchanged "the whole test"

finish
