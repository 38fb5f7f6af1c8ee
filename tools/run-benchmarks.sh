#!/usr/bin/env bash
# Runs every benchmark binary of a bench build; each prints its figures and then a table of
# ratios against baselines measured in the same run. Extra arguments go to Google Benchmark.
set -euo pipefail
build="$1"
shift
# Five repetitions each, interleaved at random so that a burst of other work on a shared machine
# does not land on one side of a pair; the ratio table gives the medians and the fastest runs.
"$build/cairn_bench" --benchmark_min_time=0.2 --benchmark_repetitions=5 \
  --benchmark_enable_random_interleaving=true "$@"
