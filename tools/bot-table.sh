#!/usr/bin/env bash
# The balance table in docs/GAME.md: the bot plays N seeds (default 100, from seed 1) and this
# prints, as Markdown, how deep it got, how runs ended, how long they took, the captives it freed
# and what killed it.
# Usage: tools/bot-table.sh [build/cairn] [N]
set -euo pipefail
cd "$(dirname "$0")/.."
cairn=${1:-build/cairn}
runs=${2:-100}
out=$("$cairn" bot --seed 1 --runs "$runs" --verbose)
echo "Made with \`tools/bot-table.sh\` ($runs seeds from 1, \`cairn bot --seed 1 --runs $runs --verbose\`)."
echo
echo "| deepest floor | runs |"
echo "| --- | --- |"
printf '%s\n' "$out" | awk '{d[$4]++} END {for (k in d) print k, d[k]}' | sort -n |
  awk '{printf "| %s | %s |\n", $1, $2}'
echo
echo "| outcome | runs |"
echo "| --- | --- |"
printf '%s\n' "$out" | awk '{o[$8]++} END {for (k in o) print k, o[k]}' | sort |
  awk '{printf "| %s | %s |\n", $1, $2}'
echo
printf '%s\n' "$out" | awk '{print $6}' | sort -n |
  awk '{t[NR]=$1} END {printf "Turns per run: fewest %d, median %d, most %d.\n", t[1], t[int((NR+1)/2)], t[NR]}'
printf '%s\n' "$out" | awk '{a += $10; if ($10 > 0) r++; m += $12; if ($12 > 0) s++} END {printf "Captives freed: %d in all, in %d runs of %d. Machines set off: %d in all, in %d runs.\n", a, r, NR, m, s}'
echo
echo "| cause of death | runs |"
echo "| --- | --- |"
printf '%s\n' "$out" | sed -n 's/.*(\(killed by\|slain by the magic of\|burned by the breath of\|starved\)\(.*\) on depth [0-9]*)$/\1\2/p' |
  sort | uniq -c | sort -rn | awk '{n=$1; $1=""; sub(/^ /, ""); printf "| %s | %d |\n", $0, n}'
