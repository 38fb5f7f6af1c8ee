#!/usr/bin/env bash
# Rewrites tests/cli/sim.cases with what build/cairn prints now. Only for a deliberate change to
# the simulation or the state hash: review the diff, and say why in the commit message.
set -euo pipefail
cd "$(dirname "$0")/.."
cairn=${1:-build/cairn}
{
  grep '^#' tests/cli/sim.cases
  grep -v '^#' tests/cli/sim.cases | while IFS=$'\t' read -r args _; do
    [ -n "$args" ] || continue
    printf '%s\t%s\n' "$args" "$(eval "\"$cairn\" sim $args" | tail -n 1)"
  done
} > tests/cli/sim.cases.new
mv tests/cli/sim.cases.new tests/cli/sim.cases
