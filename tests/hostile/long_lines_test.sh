#!/usr/bin/env bash
# Everything on one line: a level whose unknown component holds 200,000 non-ASCII strings on a
# single 1 MB line. Every value's position was found by counting from the line's start, so the
# work grew with the square of the line (a 5 MB line: hours of CPU, a hang to the user). Every
# level reader must now answer it in seconds.
source "$(dirname "$0")/lib.sh" "$1"
source "$here/reader_cases.sh"

file="$work/long-line.toml"
python3 - "$file" <<'PY'
import sys
body = '{ a = [' + ', '.join(['"\u00e9"'] * 200000) + '] }'
open(sys.argv[1], 'w', encoding='utf-8').write(
    'format = "cairn-level"\nversion = 1\nname = "long"\n\n[map]\n'
    'legend = { "#" = "wall", "." = "floor" }\nrows = ["###", "#.#", "###"]\n\n'
    '[[entity]]\nid = "player"\nkind = "player"\ncomponents = [\n'
    '  { type = "position", version = 1, slot = 0, body = { x = 1, y = 1 } },\n'
    '  { type = "mystery", version = 1, slot = 0, body = ' + body + ' },\n]\n')
PY
expect 0 "ok (level \"long\"" 5000 check "$file"
expect 0 "tick 0 state" 5000 sim --level "$file" --ticks 0
expect 0 "" 5000 format "$file"
grep -qF 'type = "mystery"' <<<"$out" || fail "format lost the unknown component"
# And an error at the line's far end is placed exactly (column in characters, not bytes).
sed 's/\] } },$/, 1.5.5] } },/' "$file" > "$work/bad-end.toml"
expect 1 "$work/bad-end.toml:14:" 5000 check "$work/bad-end.toml"

finish
