#!/usr/bin/env bash
# Hostile recordings: a real recording from `cairn sim --record`, cut short at a tick boundary,
# with digests zeroed or dropped, a state line corrupted, ticks reordered, repeated or added
# after the end, and of the old version. `cairn replay --verify` and `cairn check` must both
# refuse each with exit 1 and a positioned message naming what is wrong, with real values.
source "$(dirname "$0")/lib.sh" "$1"

rec="$work/run.toml"
run sim --seed 4 --input lllllllljjjjjhhh --record "$rec" >/dev/null || fail "sim --record failed"
out=$(run replay "$rec" --verify 2>&1) || fail "a fresh recording does not verify: $out"
out=$(run check "$rec" 2>&1) || fail "check refuses a fresh recording: $out"
echo "$out" | grep -q "ok (recording of [0-9]* ticks, replayed)" || fail "check did not replay it: $out"
[ "$(tail -n 3 "$rec" | head -n 1)" = "[end]" ] || fail "the recording does not end with [end]: $(tail -n 3 "$rec")"

# refused NAME WORDS: replay --verify and check both exit 1 and say WORDS in a PATH:LINE:COLUMN line.
refused() {
  local file="$work/$1.toml" out status
  out=$(run replay "$file" --verify 2>&1); status=$?
  [ $status -eq 1 ] || fail "$1: replay --verify exited $status: $out"
  echo "$out" | grep -q "^$file:[0-9]*:[0-9]*: error: .*$2" || fail "$1: replay did not say '$2': $out"
  out=$(run check "$file" 2>&1); status=$?
  [ $status -eq 1 ] || fail "$1: check exited $status: $out"
  echo "$out" | grep -q "^$file:[0-9]*:[0-9]*: error: .*$2" || fail "$1: check did not say '$2': $out"
  echo "$out" | grep -q "recorded 0000000000000000, replayed 0000000000000000" && fail "$1: zeros for values: $out"
}

ticks=$(grep -c '^\[\[tick\]\]$' "$rec")
# Cut at a tick boundary: just before [end], and three ticks earlier.
sed '/^\[end\]$/,$d' "$rec" > "$work/cut-end.toml"
refused cut-end "has no \[end\]: it was cut short after tick $ticks"
awk -v keep=$((ticks - 3)) '/^\[\[tick\]\]$/{n++} n>keep || /^\[end\]$/{exit} {print}' "$rec" > "$work/cut-early.toml"
refused cut-early "has no \[end\]: it was cut short after tick $((ticks - 3))"

# [end] that disagrees, and a tick after it.
sed "s/^ticks = $ticks$/ticks = $((ticks + 5))/" "$rec" > "$work/count.toml"
refused count "\[end\] says $((ticks + 5)) ticks, but the recording has $ticks"
{ cat "$rec"; printf '\n[[tick]]\nn = %d\ninput = "l"\nstate = "0123456789abcdef"\n' $((ticks + 1)); } > "$work/after-end.toml"
refused after-end "comes after \[end\]"

# Ticks out of order, and one repeated.
sed '0,/^n = 2$/s//n = 3/' "$rec" > "$work/order.toml"
refused order "tick 3 follows tick 1; ticks must count up by one"

# Entity digests zeroed, and one dropped.
line=$(grep -n '^entities = \["position ' "$rec" | head -n 1 | cut -d: -f1)
[ -n "$line" ] || fail "no position digest in the recording"
# Version 4 names an entity by its place (a number), never by a runtime SLOT:GEN.
grep -q '^entities = .*"[a-z_]* [0-9]*:[0-9]* ' "$rec" && fail "a recording names a runtime handle"
place=$(sed -n "${line}p" "$rec" | sed 's/^entities = \["position \([0-9]*\) \([0-9a-f]*\)".*/\1/')
real=$(sed -n "${line}p" "$rec" | sed 's/^entities = \["position \([0-9]*\) \([0-9a-f]*\)".*/\2/')
sed "${line}s/^entities = \[\"position \([0-9]*\) [0-9a-f]*\"/entities = [\"position \1 0000000000000000\"/" "$rec" > "$work/zeroed.toml"
refused zeroed "the entity digests differ: position of #$place (recorded #$place 0000000000000000, replayed #$place $real"
sed "${line}s/^entities = \[\"position [0-9]* [0-9a-f]*\", /entities = [/" "$rec" > "$work/dropped.toml"
cmp -s "$rec" "$work/dropped.toml" && fail "dropping a digest changed nothing"
refused dropped "the entity digests differ: position of .*recorded no line"

# A corrupt state line: both real values are named.
state_line=$(grep -n '^state = ' "$rec" | sed -n 5p | cut -d: -f1)
state=$(sed -n "${state_line}p" "$rec" | sed 's/state = "\(.*\)"/\1/')
sed "${state_line}s/.*/state = \"0123456789abcdef\"/" "$rec" > "$work/state.toml"
refused state "the state line differs (recorded 0123456789abcdef, replayed $state) while every part agrees"

# The old version: refused, saying why.
sed "s/^version = [0-9]*\$/version = 1/" "$rec" > "$work/old.toml"
refused old "recording version 1 is not supported: it has no \[end\]"
# Version 2 predates autopickup (which the state hash now covers): refused, saying so.
sed "s/^version = [0-9]*\$/version = 2/" "$rec" > "$work/v2.toml"
refused v2 "recording version 2 is not supported: "

# Made on other content: one answer from both, the same words, exit 1 (neither can replay it).
sed 's/^content = "[0-9a-f]*"$/content = "00000000000000ff"/' "$rec" > "$work/other.toml"
for command in "replay $work/other.toml --verify" "check $work/other.toml"; do
  # shellcheck disable=SC2086  # the words of the command
  out=$(run $command 2>&1); status=$?
  [ $status -eq 1 ] || fail "other content: $command exited $status: $out"
  echo "$out" | grep -q "^$work/other.toml: error: the recording was made on content 00000000000000ff" ||
    fail "other content: $command said: $out"
done

finish
