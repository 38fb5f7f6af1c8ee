#!/usr/bin/env bash
# Deep nesting: 30,000 dotted key parts, 30,000 parts in a table header, and 30,000 nested arrays
# and inline tables. toml++ bounds only the last two, and both it and cairn's converter recurse
# once per level, so the first two overflowed the stack (a crash). Every reader of TOML must
# refuse each with exit 1 and "PATH:LINE:COLUMN: error: nesting deeper than 64 levels", quickly;
# and the console, whose SET takes a TOML body, must answer an error and go on.
source "$(dirname "$0")/lib.sh" "$1"
source "$here/reader_cases.sh"

parts=$(printf 'a.%.0s' $(seq 29999))a  # a.a.a....a, 30,000 parts
opens() { printf "$1%.0s" $(seq 30000); }

# deep FORMAT NAME: writes $work/NAME-{key,header,array-header,arrays,tables}.toml, each opening
# with FORMAT's header and then nesting 30,000 deep on line 3.
deep() {
  local head="format = \"$1\"
version = 1"
  printf '%s\n%s = 1\n' "$head" "$parts" > "$work/$2-key.toml"
  printf '%s\n[%s]\nx = 1\n' "$head" "$parts" > "$work/$2-header.toml"
  printf '%s\n[[%s]]\nx = 1\n' "$head" "$parts" > "$work/$2-array-header.toml"
  printf '%s\nx = %s%s\n' "$head" "$(opens '[')" "$(opens ']')" > "$work/$2-arrays.toml"
  printf '%s\nx = %s1%s\n' "$head" "$(opens '{a=')" "$(opens '}')" > "$work/$2-tables.toml"
}

for kind in level:cairn-level save:cairn-save recording:cairn-replay definitions:cairn-definitions \
            dungeon:cairn-dungeon manifest:cairn-identity-manifest; do
  name=${kind%%:*}
  deep "${kind#*:}" "$name"
  for shape in key header array-header arrays tables; do
    file="$work/$name-$shape.toml"
    column=1; [ "$shape" = arrays ] || [ "$shape" = tables ] && column=""
    expect_all "$name" "$file" 1 "$file:3:${column}" 1000
    grep -qF "error: nesting deeper than 64 levels" <<<"$out" || fail "$file: $out"
  done
done

# The user's key file, read by the game and `cairn frame` (and by `check`).
deep cairn-keys keys
for shape in key header array-header arrays tables; do
  cp "$work/keys-$shape.toml" "$user_keys"
  expect_all keymap "$user_keys" 1 "$user_keys:3:" 1000
  grep -qF "error: nesting deeper than 64 levels" <<<"$out" || fail "keys $shape: $out"
done
rm "$user_keys"

# A console body nested 30,000 deep is an error reply; the console goes on to the next command.
printf 'SPAWN\nSET 0:1 position { %s = 1 }\nSET 0:1 position %s1%s\nGET 0:1 position\n' \
  "$parts" "$(opens '{a=')" "$(opens '}')" > "$work/deep.console"
expect 0 "none" 1000 console "$work/deep.console"
[ "$(grep -c 'nesting deeper than 64 levels' <<<"$out")" -eq 2 ] || fail "console deep bodies: $(head -c 300 <<<"$out")"
grep -qx "none" <<<"$out" || fail "console deep bodies: the world changed: $(head -c 300 <<<"$out")"

# Nesting as deep as cairn's own files and then some is fine: 60 parts.
printf 'format = "cairn-level"\nversion = 1\n%s = 1\n' "$(printf 'a.%.0s' $(seq 59))a" > "$work/sixty.toml"
expect 1 "$work/sixty.toml:3:1: error: the level: unknown member 'a'" 1000 check "$work/sixty.toml"

finish
