#!/usr/bin/env bash
# No function is named Try... (docs/decisions/0012-no-try-prefix.md): a fallible function says so
# by returning [[nodiscard]] Status. Fails naming each place a Try-prefixed name is declared or used.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
if found=$(grep -rnE '\bTry[A-Z][A-Za-z0-9]*[[:space:]]*\(' core term tests --include='*.h' --include='*.cpp'); then
  echo "$found" | sed 's/$/  <- a Try prefix (decision 0012: the return type says it can fail)/'
  echo "FAIL: Try-prefixed names above"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'Status TryOpen(int x);\n' > "$work/scratch.h"
grep -qE '\bTry[A-Z][A-Za-z0-9]*[[:space:]]*\(' "$work/scratch.h" || { echo "FAIL: the pattern misses TryOpen("; exit 1; }
echo "no Try-prefixed function names in core, term or tests"
