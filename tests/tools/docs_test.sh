#!/usr/bin/env bash
# The documented examples print what their docs show (tools/check_docs.py over README, CLI and
# CONSOLE), and the checker fails a doc whose example is wrong, naming the place.
set -u
cairn=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$root/tools/check_docs.py" "$cairn" ||
  fail "a documented example prints something else than its doc shows"

# SIMULATION.md's table of what each phase declares is what SYSTEMS answers (kPhaseAccess).
python3 "$root/tools/systems_table.py" "$cairn" || fail "docs/SIMULATION.md's systems table is stale: run tools/update-goldens.sh"

# GAME.md's monster and item tables are what data/monsters.toml and data/items.toml make.
python3 "$root/tools/kinds_table.py" || fail "docs/GAME.md's kinds tables are stale: run tools/update-goldens.sh"

# Every decision record is in the index, and the index names no record that is not there.
for record in "$root"/docs/decisions/[0-9][0-9][0-9][0-9]-*.md; do
  name=$(basename "$record")
  grep -q "]($name)" "$root/docs/decisions/README.md" || fail "docs/decisions/README.md does not list $name"
done
for listed in $(grep -o '([0-9][0-9][0-9][0-9]-[^)]*\.md)' "$root/docs/decisions/README.md" | tr -d '()'); do
  [ -f "$root/docs/decisions/$listed" ] || fail "docs/decisions/README.md lists $listed, which is not there"
done

# README's keys table is what `cairn keys` makes from the default key map (issue 14: one source for
# README and the help screen), so a key added or changed without README fails here.
awk '/^## Keys$/ { on = 1; next } on && /^\|/ { print; seen = 1; next } seen { exit }' "$root/README.md" > "$work/readme-keys.md"
"$cairn" keys > "$work/keys.md" || fail "cairn keys exited $?"
diff -u "$work/readme-keys.md" "$work/keys.md" ||
  fail "README.md's keys table is not what 'build/cairn keys' prints: paste its output under '## Keys'"

# A wrong example, a right one with wildcards, and a missing line: only the wrong ones fail.
cat > "$work/doc.md" <<'DOC'
```
$ printf 'SPAWN\nSPAWN\n' | build/cairn console
0:1
0:2
```

```
$ printf 'SPAWN\nSPAWN\n' | build/cairn console
0:…
...
```

```
$ build/cairn --version
```
DOC
out=$(python3 "$root/tools/check_docs.py" "$cairn" "$work/doc.md" 2>&1) && fail "a wrong example passed"
echo "$out" | grep -q "doc.md:2: error:" || fail "the wrong example's place is not named: $out"
echo "$out" | grep -q "doc.md:8: error:" && fail "the wildcard example was refused: $out"
echo "$out" | grep -q "doc.md:14: error:" || fail "an example that prints more than shown passed: $out"
echo "$out" | grep -q "2 of 3 documented examples differ" || fail "the count is wrong: $out"
[ $failures -eq 0 ] && echo "documented examples checked"
exit $((failures != 0))
