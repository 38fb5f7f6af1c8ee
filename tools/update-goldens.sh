#!/usr/bin/env bash
# Regenerates every golden a deliberate change may move, then prints what moved (git diff):
#   tests/cli/sim.cases         each `cairn sim` case's last line (tools/update-sim-cases.sh)
#   tests/cli/NAME.expected     each console script's replies (tests/cli/run_cli_tests.sh's runs)
#   tests/frames/NAME.txt       each golden frame (tests/frames/run_frame_tests.sh with UPDATE=1)
#   docs' examples              what each `$ ` line prints (tools/check_docs.py --write)
#   docs/SIMULATION.md          the table of what each phase declares (tools/systems_table.py)
#   docs/GAME.md                the monster and item tables (tools/kinds_table.py, from data/)
# A new component should move only the frames that list every pool; anything else that moves says
# the change reached further than it meant to. Review the diff, and say why in the commit message.
# Usage: tools/update-goldens.sh [CAIRN]   (CAIRN defaults to build/cairn, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  make -s build >/dev/null  # configures when there is no build yet, then builds the program
  cairn=build/cairn
else
  cairn=$1
fi
cairn=$(cd "$(dirname "$cairn")" && pwd)/$(basename "$cairn")
[ -x "$cairn" ] || { echo "update-goldens: no program at $cairn (run make first)" >&2; exit 2; }

tools/update-sim-cases.sh "$cairn"
for script in tests/cli/*.console; do
  name=$(basename "$script" .console)
  tests/cli/transcript.sh "$cairn" "$script" > "tests/cli/$name.expected"
done
UPDATE=1 tests/frames/run_frame_tests.sh "$cairn" tests/frames >/dev/null
python3 tools/systems_table.py "$cairn" --write
python3 tools/kinds_table.py --write
python3 tools/check_docs.py --write "$cairn" || {
  echo "update-goldens: the examples above could not be rewritten without a guess: mend them by hand" >&2
  status=1
}
git --no-pager diff --stat -- tests/cli tests/frames README.md docs
git --no-pager diff -- tests/cli tests/frames README.md docs
exit "${status:-0}"
