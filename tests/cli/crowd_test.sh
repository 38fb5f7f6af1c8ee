#!/usr/bin/env bash
# A floor of 100,000 monsters plays (issue 17): the world is built with room for the level's own
# entities (WorldLimits::For: 100,001 entities get 131,072 slots, not the session's 4,096), so a
# generated 400x400 level of 100,000 rats loads, ticks headless and draws, and the debug pane's
# registry and pool lines keep each number beside its word.
set -u
cairn="$1"
tools="$(cd "$(dirname "$0")/../../tools" && pwd)"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_STATE_HOME="$work/state"
mkdir -p "$HOME"
level="$work/crowd.toml"
python3 "$tools/crowd_level.py" 100000 400 "$level" || fail "the level generator failed"

# The generator still writes what tests/levels/crowd-12.toml holds, the file toml_subset_test
# reads through the subset reader: its output stays inside the fast path.
fixture="$(dirname "$0")/../levels/crowd-12.toml"
python3 "$tools/crowd_level.py" 12 6 "$work/crowd-12.toml" &&
  cmp -s "$work/crowd-12.toml" "$fixture" ||
  fail "crowd_level.py 12 6 no longer writes $fixture (regenerate it; toml_subset_test reads it)"

# Headless: one turn waited is ten ticks of 100,000 monsters.
out=$("$cairn" sim --level "$level" --input s 2>"$work/sim.err")
status=$?
[ $status -eq 0 ] || fail "sim exited $status: $(head -c 400 "$work/sim.err")"
last=$(printf '%s\n' "$out" | tail -n 1)
[[ "$last" =~ ^tick\ 10\ state\ [0-9a-f]{16}$ ]] || fail "sim's last line: '$last'"

# One frame after the same turn (the pane starts paused: p resumes), the debug pane showing the
# machine first (F12 twice: why, then machine).
frame=$("$cairn" frame --level "$level" --size 160x60 --debug --keys "p s F12 F12" 2>"$work/frame.err")
status=$?
[ $status -eq 0 ] || fail "frame exited $status: $(head -c 400 "$work/frame.err")"
grep -q "Turn 1  Tick 10 " <<<"$frame" || fail "the frame is not after one turn"
for line in "live 100001 pending 0" "cap 131072" " position 100001/131072 100001" \
  " enemy_ai 100000/131072 100000" " player 1/131072 1" "rewind to tick 0  moments 1 every 50 "; do
  grep -qF -- "$line" <<<"$frame" || fail "the pane has no '$line'"
done

if [ $failures -ne 0 ]; then
  echo "$failures crowd check(s) failed"
  printf '%s\n' "$frame" | tail -n 45
  exit 1
fi
echo "the floor of 100,000 monsters plays"
