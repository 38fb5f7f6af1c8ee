# Shared by every tests/hostile/*_test.sh: sourced with the program as $1. Each test runs in a
# fresh temporary folder ($work) that is also its HOME, so nothing touches the user's files;
# `fail` counts a failure, and `finish` (the script's last line) prints the verdict and exits.
set -u
cairn=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
mkdir -p "$HOME"
unset XDG_STATE_HOME XDG_CONFIG_HOME
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# Runs cairn with a time limit (default 10 s): exit status 124 means it hung.
run() { timeout "${LIMIT:-10}" "$cairn" "$@"; }
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed in $(basename "$0")"
    exit 1
  fi
  echo "all checks passed in $(basename "$0")"
}
