#!/usr/bin/env bash
# Runs every benchmark binary of a bench build; each prints its figures and then a table of
# ratios against baselines measured in the same run. Extra arguments go to Google Benchmark.
set -euo pipefail
build="$1"
shift
"$build/cairn_bench" --benchmark_min_time=0.2 "$@"
