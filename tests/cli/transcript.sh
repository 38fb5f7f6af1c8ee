#!/usr/bin/env bash
# Prints the replies `cairn console` gives to tests/cli/NAME.console, run from the repository's
# root with the options in NAME.args when there is one: the one way the CLI test, the scaffold
# test and tools/update-goldens.sh run a console transcript. With --stdin, the script is fed on
# standard input instead of named as FILE. Usage: transcript.sh CAIRN NAME.console [--stdin]
set -u
cairn=$1
script=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
args="${script%.console}.args"
options=()
[ -f "$args" ] && read -r -a options < "$args"
cd "$(dirname "$0")/../.." || exit 1
if [ "${3:-}" = "--stdin" ]; then
  "$cairn" console "${options[@]}" < "$script"
else
  "$cairn" console "${options[@]}" "$script"
fi
