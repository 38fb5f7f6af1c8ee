#!/usr/bin/env bash
# Terminal escapes in file text: ESC [2J (clear the screen) and the C1 CSI (U+009B, the same in
# one character) in keys, values, names and the file's own name. Whatever a file or a user wrote,
# every diagnostic and console reply shows it escaped (\x1b, \u{9b}), so the terminal never obeys
# it; and a name that would be shown in the game (status line, message log) is refused.
source "$(dirname "$0")/lib.sh" "$1"
source "$here/reader_cases.sh"

esc=$'\e'
csi=$'\xc2\x9b'
# no_raw_controls WHAT: $out holds no ESC, no C1 CSI (as UTF-8 or as a raw byte), no BEL.
no_raw_controls() {
  if LC_ALL=C grep -q $'[\x1b\x07\x9b]' <<<"$out"; then
    fail "$1: a raw control character reached the terminal: $(LC_ALL=C cat -v <<<"$out" | head -c 400)"
  fi
}
# shown WHAT TEXT...: each TEXT (escaped forms) is in $out.
shown() {
  local what=$1 text
  shift
  for text in "$@"; do grep -qF -- "$text" <<<"$out" || fail "$what: '$text' not shown in: $(LC_ALL=C cat -v <<<"$out" | head -c 400)"; done
}

# A level with both sequences in a key, a value, a terrain, a kind, an id and names, in a file
# whose own name holds both.
level="$work/evil${esc}[2J${csi}2J.toml"
cat > "$level" <<'TOML'
format = "cairn-level"
version = 1
name = "The \u001b[2JCellar"
"\u001b[2J\u009b2J" = 1

[map]
legend = { "#" = "wall", "." = "\u001b[2Jfloor\u009b" }
rows = ["###", "#.#", "###"]

[[entity]]
id = "player"
kind = "player"
name = "you\u009b2J"
components = [{ type = "position", version = 1, slot = 0, body = { x = 1, y = 1, "\u001b[31m" = 2 } }]

[[entity]]
id = "rat\u001b"
kind = "monster:\u009b2J"
components = [{ type = "\u001b[2Jghost", version = 1, slot = 0, body = { x = 1 } }]
TOML
shown_level="evil\\x1b[2J\\u{9b}2J.toml"
while IFS= read -r line; do
  IFS=$'\t' read -r -a args <<<"$line"
  expect 1 "$shown_level:" 2000 "${args[@]}"
  no_raw_controls "cairn ${args[*]}"
done < <(readers level "$level")
expect 1 "" 2000 check "$level"
shown "check (level)" "unknown member '\\x1b[2J\\u{9b}2J'" "\"\\x1b[2Jfloor\\u{9b}\"" \
  "'name' holds a control character (\"The \\x1b[2JCellar\")" "(\"you\\u{9b}2J\")"
expect 1 "" 2000 check "$work/no${esc}such${csi}.toml"
no_raw_controls "check (a missing file)"
shown "check (a missing file)" "no\\x1bsuch\\u{9b}.toml: error: cannot open"

# Once the names are plain, what the loader says quotes the rest escaped too.
sed -e 's/^name = "The .*/name = "plain"/' -e 's/^name = "you.*/name = "you"/' "$level" > "$work/names-plain.toml"
expect 1 "" 2000 check "$work/names-plain.toml"
no_raw_controls "check (names plain)"

# Definitions: a monster's name and verb are shown in messages, so control characters are refused.
sed -e '0,/^name = "rat"/s//name = "r\\u001b[2Jat"/' "$root/data/monsters.toml" > "$work/monsters.toml"
expect 1 "'name' holds a control character (\"r\x1b[2Jat\")" 2000 check "$work/monsters.toml"
no_raw_controls "check (definitions)"

# A valid level under an evil name: the ok line shows the name escaped.
cp "$good_level" "$work/good${esc}[2J.toml"
expect 0 "good\\x1b[2J.toml: ok (level" 2000 check "$work/good${esc}[2J.toml"
no_raw_controls "check (ok line)"

# A save with an unknown member named by the sequences: check, sim --load, the game's --load.
run sim --seed 3 --input llll --save "$work/save.toml" >/dev/null || fail "sim --save did not write a save"
{ sed -n '1,3p' "$work/save.toml"; printf '"\\u001b[2J\\u009b" = 1\n'; sed '1,3d' "$work/save.toml"; } > "$work/evil-save.toml"
while IFS= read -r line; do
  IFS=$'\t' read -r -a args <<<"$line"
  expect 1 "\\x1b[2J\\u{9b}" 2000 "${args[@]}"
  no_raw_controls "cairn ${args[*]}"
done < <(readers save "$work/evil-save.toml")

expect 1 "gone\\x1b[2Jsave.toml: error: cannot open" 1000 sim --load "$work/gone${esc}[2Jsave.toml"
no_raw_controls "sim --load (a missing save with an evil name)"

# A save is held to the level reader's rules: no control character in a floor's name, an entity's
# name or a message (the game never says one), and a floor's name no longer than a level's may be.
plant() {  # plant NAME SED-EXPRESSION: a copy of the save with one line changed
  sed -e "$2" "$work/save.toml" > "$work/$1.toml"
  cmp -s "$work/save.toml" "$work/$1.toml" && fail "$1: the expression changed nothing"
}
plant floor-name '0,/^name = "/s//name = "\\u001b[2J/'
plant entity-name 's/name = "you"/name = "y\\u001b]0;x\\u0007ou"/'
plant message-nul '0,/text = "/s//text = "\\u0000/'
plant long-floor-name "0,/^name = \"[^\"]*\"/s//name = \"$(head -c 5000 /dev/zero | tr '\0' a)\"/"
for name in floor-name entity-name message-nul long-floor-name; do
  out=$(run check "$work/$name.toml" 2>&1); status=$?
  [ $status -eq 1 ] || fail "check of a save with a bad $name is not exit 1 (got $status)"
  grep -q "$name.toml:[0-9]*:[0-9]*: error: .*\(control character\|5000 bytes long\)" <<<"$out" ||
    fail "check of a save with a bad $name said: $(LC_ALL=C cat -v <<<"$out" | head -c 300)"
  no_raw_controls "check of a save with a bad $name"
done

# A recording whose level is a file with an evil name, and whose build says an evil thing.
run sim --seed 3 --input ll --record "$work/rec.toml" >/dev/null || fail "sim --record did not write"
sed -e "s|^level = .*|level = \"$work/gone\\\\u001b[2J.toml\"|" -e 's|^build = .*|build = "x\\u009b2J"|' "$work/rec.toml" > "$work/evil-rec.toml"
expect 1 "gone\\x1b[2J.toml: error: cannot open" 2000 replay "$work/evil-rec.toml"
no_raw_controls "replay (evil level name)"

# A key map: an unknown action and a bad key name, each holding the sequences.
printf 'format = "cairn-keys"\nversion = 1\n[keys]\n"\\u001b[2J" = ["h"]\nwait = ["\\u009b2J"]\n' > "$user_keys"
while IFS= read -r line; do
  IFS=$'\t' read -r -a args <<<"$line"
  expect 1 "unknown action '\\x1b[2J'" 2000 "${args[@]}"
  grep -qF "'\\u{9b}2J' is not a key name" <<<"$out" || fail "cairn ${args[*]}: $out"
  no_raw_controls "cairn ${args[*]}"
done < <(readers keymap "$user_keys")
rm "$user_keys"

# Console replies quote what was typed: escaped.
printf 'SPAWN\nSET 0:1 %s[2Jghost { x = 1 }\nGET %s2J position\nSET 0:1 position { %s = 1 }\n' "$esc" "$csi" "\"\\u001b[2J\"" > "$work/evil.console"
expect 0 "error" 2000 console "$work/evil.console"
no_raw_controls "console replies"
shown "console replies" "\\x1b[2Jghost" "\\u{9b}2J"
out=$(printf 'SET 0:1 %s[2J {}\n' "$esc" | LIMIT=5 run console 2>&1)
no_raw_controls "console on standard input"
shown "console on standard input" "\\x1b[2J"

# A key script named by an evil path, and an unknown option.
expect 1 "nothing\\x1b[2J: error: cannot open" 1000 sim --input "@$work/nothing${esc}[2J"
no_raw_controls "sim --input"
expect 2 "unknown command or option" 1000 "bogus${esc}[2J"
no_raw_controls "an unknown command"

# Usage errors quote what was typed, escaped: option values, unknown options, extra arguments.
osc=$'\e]0;PWNED\a'
for args in "--seed $osc" "--more $osc" "--log-level $osc" "sim --ticks $osc" "console --capacity $osc" \
  "generate --depth $osc" "bot --runs $osc" "--bogus$osc" "sim extra$osc" "frame extra$osc"; do
  read -r -a argv <<<"$args"
  out=$(run "${argv[@]}" 2>&1 </dev/null)
  [ $? -eq 2 ] || fail "cairn $args: not exit 2"
  no_raw_controls "cairn $args"
  shown "cairn $args" '\x1b]0;PWNED\x07'
done

# The log and the "Saved to" line quote paths escaped: a save under an evil name.
run sim --seed 3 --input ll --save "$work/evil${esc}[2Jsave.toml" --log "$work/evil.log" >/dev/null 2>&1 ||
  fail "sim --save to an evil name"
out=$(cat "$work/evil.log")
no_raw_controls "the log"
shown "the log" "evil\\x1b[2Jsave.toml"

# (A morgue file keeps message text escaped too: tests/term/summary_file_test.cpp.)

finish
