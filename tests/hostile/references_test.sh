#!/usr/bin/env bash
# Many references: a level of 60,000 goblins, each with a dagger that names it as its holder
# (120,001 entities, 17 MB, inside the 32 MiB a level may be). Each reference was resolved by a
# scan of every entity, so the work grew with the product of the two (8.8 s of processor time
# for this level, minutes for a larger one: a hang to the user). It is now a lookup in an index
# sorted once, and every level reader answers in about a second.
source "$(dirname "$0")/lib.sh" "$1"
source "$here/reader_cases.sh"

file="$work/held.toml"
python3 - "$file" <<'PY'
import sys
n, side = 60000, 247
rows = ["#" * side if y in (0, side - 1) else "#" + "." * (side - 2) + "#" for y in range(side)]
cells = [(x, y) for y in range(1, side - 1) for x in range(1, side - 1) if (x, y) != (1, 1)]
entity = '[[entity]]\nid = "%s"\nkind = "%s"\ncomponents = [\n  { type = "%s", version = 1, slot = 0, body = { %s } },\n]\n'
out = ['format = "cairn-level"\nversion = 1\nname = "held"\n\n[map]',
       'legend = { "#" = "wall", "." = "floor" }\nrows = [\n' + "".join('  "%s",\n' % r for r in rows) + "]\n",
       entity % ("player", "player", "position", "x = 1, y = 1")]
out += [entity % ("g%d" % i, "monster:goblin", "position", "x = %d, y = %d" % cells[i]) for i in range(n)]
out += [entity % ("d%d" % i, "item:dagger", "item", 'holder = "g%d"' % i) for i in range(n)]
open(sys.argv[1], "w").write("\n".join(out))
PY
expect 0 "ok (level \"held\", 247x247, 120001 entities)" 3000 check "$file"
expect 0 "tick 0 state" 3000 sim --level "$file" --ticks 0
# The same lookup still refuses a holder that names nobody, at the reference.
sed 's/holder = "g59999"/holder = "g60000"/' "$file" > "$work/dangling.toml"
expect 1 "'g60000' names no entity in this level" 3000 check "$work/dangling.toml"

finish
