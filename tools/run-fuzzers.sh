#!/usr/bin/env bash
# Runs every fuzz target of a fuzz build for a bounded time each, starting from the committed
# seed corpus (tests/fuzz/corpus/<target>) plus any data files that fit the target, with the
# TOML depth and size dictionary (tests/fuzz/toml.dict). New inputs go to a work corpus inside
# the build folder; the committed corpus is never changed. A crash, a sanitizer report, a leak or
# an input taking over 10 s fails the run.
set -euo pipefail
build="$1"
seconds="${2:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
status=0
for fuzzer in "$build"/fuzz_*; do
  [ -f "$fuzzer" ] && [ -x "$fuzzer" ] || continue
  name="${fuzzer##*/fuzz_}"
  work="$build/corpus/$name"
  mkdir -p "$work" "$build/artifacts/$name"
  seeds=("$root/tests/fuzz/corpus/$name")
  # Every data file seeds the TOML and level targets.
  if [ "$name" = "toml" ] || [ "$name" = "level" ]; then seeds+=("$root/data" "$root/data/levels"); fi
  # Every target reads TOML (the console's bodies too): the depth and size dictionary for all.
  options=(-dict="$root/tests/fuzz/toml.dict")
  echo "== fuzz_$name for ${seconds}s"
  if ! "$fuzzer" "$work" "${seeds[@]}" "${options[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$build/artifacts/$name/" -print_final_stats=1 2>"$build/$name.fuzz.log"; then
    echo "fuzz_$name FAILED; see $build/$name.fuzz.log and $build/artifacts/$name/"
    tail -n 40 "$build/$name.fuzz.log"
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$build/$name.fuzz.log" | tail -n 2 || true
  fi
done
exit $status
