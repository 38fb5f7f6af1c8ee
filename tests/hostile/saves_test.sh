#!/usr/bin/env bash
# Hostile saves: a real save written by `cairn sim --save`, edited by hand with its state hash
# zeroed (as docs/formats/save.md allows) or kept, into every state the game never makes. Each
# must be refused by `cairn check`, `cairn sim --load` and the game's `--load` (before the
# terminal starts) with exit 1, a message naming what is wrong, and the file left alone; the
# edits a save may legally carry (a zeroed hash, a counter at its cap) must still load. A run
# that reaches a cap stops with exit 4 and writes no save.
source "$(dirname "$0")/lib.sh" "$1"

save="$work/good.toml"
run sim --seed 3 --input llllooooo --save "$save" >/dev/null || fail "sim --save did not write a save"
zeroed="$work/zeroed.toml"
sed 's/^state = ".*"$/state = "0000000000000000"/' "$save" > "$zeroed"

# The UUID of the entity whose block holds PATTERN (the first such). A version-5 save writes each
# single component as a member of its entity: `player = { ... }`, `position = { x = 3, y = 4 }`.
uuid_of() { awk -v p="$1" '/^uuid = /{u=$3} index($0,p){gsub(/"/,"",u); print u; exit}' "$save"; }
player=$(uuid_of 'player = {')
dagger=$(uuid_of 'kind = "dagger"')
armour=$(uuid_of 'kind = "leather-armour"')
monster=$(uuid_of 'enemy_ai = {')
[ -n "$player" ] && [ -n "$dagger" ] && [ -n "$armour" ] && [ -n "$monster" ] || fail "the save lacks a player, a dagger, armour or a monster"
player_at=$(awk '/^position = /{print; exit}' "$save" | sed 's/.*position = { \(x = [0-9]*, y = [0-9]*\) }.*/\1/')

# edit NAME 'sed script' [from]: writes $work/NAME.toml from the zeroed save (or FROM).
edit() { sed "$2" "${3:-$zeroed}" > "$work/$1.toml"; cmp -s "$work/$1.toml" "${3:-$zeroed}" && fail "$1: the edit changed nothing"; }

# refused NAME WORDS: all three readers exit 1, say WORDS in a PATH:... error line, change nothing.
refused() {
  local file="$work/$1.toml" out status
  cp "$file" "$work/before.toml"
  out=$(run check "$file" 2>&1); status=$?
  [ $status -eq 1 ] || fail "$1: check exited $status: $out"
  echo "$out" | grep -q "^$file[:0-9]*: error: .*$2" || fail "$1: check did not say '$2': $out"
  out=$(run sim --load "$file" 2>&1); status=$?
  [ $status -eq 1 ] || fail "$1: sim --load exited $status"
  echo "$out" | grep -q "^$file[:0-9]*: error: .*$2" || fail "$1: sim --load did not say '$2': $out"
  out=$(run --load "$file" 2>&1 </dev/null); status=$?
  [ $status -eq 1 ] || fail "$1: the game's --load exited $status"
  echo "$out" | grep -q "$2" || fail "$1: the game's --load did not say '$2': $out"
  cmp -s "$file" "$work/before.toml" || fail "$1: a reader changed the file"
}

loads() {
  local out
  out=$(run check "$work/$1.toml" 2>&1) || fail "$1: check refused it: $out"
  out=$(run sim --load "$work/$1.toml" 2>&1) || fail "$1: sim --load refused it: $out"
}

# What a hand edit may do: zero the hash, and put a counter at its cap.
cp "$zeroed" "$work/zero.toml"; loads zero
edit messages-at-cap 's/^messages_said = .*/messages_said = 9223372036854775807/'; loads messages-at-cap
edit draws-at-cap '0,/draws = [0-9]*/s//draws = 9223372036854775807/'; loads draws-at-cap

# Hand edits the writer never makes still read (the general TOML reader takes what the save
# reader's subset does not: CRLF line ends, literal strings, dotted keys); a malformed save is
# refused at its line and column (docs/decisions/0018).
sed 's/$/\r/' "$zeroed" > "$work/crlf.toml"; loads crlf
sed "s/^uuid = \"\(.*\)\"$/uuid = '\1'/" "$zeroed" > "$work/literal.toml"; loads literal
edit dotted '0,/^position = { x = \([0-9]*\), y = \([0-9]*\) }/s//position.x = \1\nposition.y = \2/'; loads dotted
edit double-comma '0,/^position = { x = \([0-9]*\), /s//position = { x = \1,, /'
line=$(grep -n ',, y = ' "$work/double-comma.toml" | cut -d: -f1)
refused double-comma "expected key-value pair or closing '}', saw comma"
run check "$work/double-comma.toml" 2>&1 | grep -q "^$work/double-comma.toml:$line:[0-9]*: error: " || fail "double-comma: not refused at line $line"

# Identity and the run: two players, another seed (hash kept and zeroed). An entity's block ends
# at the blank line before the next table.
awk -v p="$player" '/^\[\[floor.entity\]\]/{block=""; keep=0} {block=block $0 "\n"} index($0,"uuid = \"" p "\""){keep=1}
  /^$/ && keep {twin=block; keep=0} {print} END{if (keep) twin=block; sub(p, "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f", twin); printf "\n%s", twin}' \
  "$zeroed" > "$work/two-players.toml"
refused two-players "is a second player (a run has one)"
edit other-seed 's/^seed = ".*"/seed = "0000000000000005"/' "$save"; refused other-seed "was not made from seed 0000000000000005"
edit other-seed-zeroed 's/^seed = ".*"/seed = "0000000000000005"/'; refused other-seed-zeroed "was not made from seed 0000000000000005"

# Holders: itself, a cycle, a gone entity.
edit held-by-itself "s/\(kind = \"dagger\".*holder = \"\)$player/\1$dagger/"; refused held-by-itself "is held by itself"
edit cycle "s/\(kind = \"dagger\".*holder = \"\)$player/\1$armour/; s/\(kind = \"leather-armour\".*holder = \"\)$player/\1$dagger/"
refused cycle "is in a cycle of holders"
edit held-by-gone "s/\(kind = \"dagger\".*holder = \"\)$player\"/\1gone\"/"; refused held-by-gone "held by an entity that no longer exists"

# Letters, equipment, stacks.
edit letter-twice 's/letter = 98,/letter = 97,/'; refused letter-twice "has the letter 'a'"
edit two-weapons 's/kind = "leather-armour"/kind = "sword"/'; refused two-weapons "is a second weapon wielded"
edit equipped-darts 's/kind = "darts", /kind = "darts", equipped = 1, /'; refused equipped-darts "only weapons and armour"
edit empty-stack 's/kind = "darts", quantity = [0-9]*/kind = "darts", quantity = 0/'; refused empty-stack "is a stack of 0"
edit huge-stack 's/kind = "darts", quantity = [0-9]*/kind = "darts", quantity = 40000/'; refused huge-stack "item.quantity is 40000, outside 0..32767"
edit miscounted 's/inventory = { count = [0-9]*/inventory = { count = 1/'; refused miscounted "counts 1 items but carries"

# Health: dead, negative, past its max, past its cap.
edit dead 's/current = 30, max = 30/current = 0, max = 30/'; refused dead "has no health left (0)"
edit negative 's/current = 30, max = 30/current = -1, max = 30/'; refused negative "has no health left (-1)"
edit overfull 's/current = 30, max = 30/current = 31, max = 30/'; refused overfull "more health (31) than its max (30)"
edit huge-health 's/current = 30, max = 30/current = 30, max = 2000000/'; refused huge-health "health.max is 2000000"

# Places: in a wall, off the map, two blockers on one cell.
edit in-wall '0,/^position = { x = [0-9]*, y = [0-9]* }/s//position = { x = 0, y = 0 }/'; refused in-wall "at (0,0) is inside a wall"
edit off-map '0,/^position = { x = [0-9]*, y = [0-9]* }/s//position = { x = 500, y = 1 }/'; refused off-map "is outside the map"
awk -v m="$monster" -v at="$player_at" 'index($0,"uuid = \"" m "\""){inside=1} inside && /^position = /{sub(/x = [0-9]*, y = [0-9]*/, at); inside=0} {print}' \
  "$zeroed" > "$work/shared-cell.toml"
refused shared-cell "two that block one cell"

# Counters past their caps, some at INT64_MAX.
edit tick-max '0,/^tick = [0-9]*/s//tick = 9223372036854775807/'; refused tick-max "'tick' is 9223372036854775807, outside 0..1125899906842624"
edit request-max 's/^last_request = .*/last_request = 9223372036854775807/'; refused request-max "last_request"
edit next-tick-max 's/next_tick = [0-9]*/next_tick = 9223372036854775807/'; refused next-tick-max "next_tick"
edit turns-max 's/turns = [0-9]*,/turns = 2147483647,/'; refused turns-max "player.turns is 2147483647"
# (A counter at 0, its default, is not written: each is put first in the player's body.)
edit kills-max 's/kills = [0-9]*, //; s/player = { /player = { kills = 9223372036854775807, /'; refused kills-max "kills"
edit beyond-int64 's/^messages_said = .*/messages_said = 9223372036854775808/'; refused beyond-int64 "not representable in 64 bits"

# A run at a cap: it stops with a fault naming the counter (exit 4), and --save writes nothing.
edit turns-at-cap 's/turns = [0-9]*,/turns = 1000000000,/'; loads turns-at-cap
out=$(run sim --load "$work/turns-at-cap.toml" --input "." --save "$work/after-cap.toml" 2>&1); status=$?
[ $status -eq 4 ] || fail "a run past the turn cap exited $status, not 4: $out"
echo "$out" | grep -q "simulation fault.*player.turns left the range a save can hold" || fail "the cap's fault said: $out"
echo "$out" | grep -q "after-cap.toml: not written" || fail "the stopped run did not say the save was not written: $out"
[ -e "$work/after-cap.toml" ] && fail "a run past a cap wrote a save"

finish
