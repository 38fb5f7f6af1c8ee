#!/usr/bin/env bash
# Runs every benchmark binary of a bench build; each prints its figures and then a table of
# ratios against baselines measured in the same run. Extra arguments go to Google Benchmark.
set -euo pipefail
build="$1"
shift
# Three repetitions each; the ratio table uses the medians, which a noisy machine disturbs least.
"$build/cairn_bench" --benchmark_min_time=0.2 --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true "$@"
