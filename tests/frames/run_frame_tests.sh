#!/usr/bin/env bash
# Golden frames: each NAME.args holds the arguments of one `cairn frame` run; its output must
# equal NAME.txt byte for byte. The frames are drawn into a text grid, so no terminal is needed.
# To accept a deliberate layout change: UPDATE=1 tests/frames/run_frame_tests.sh build/cairn tests/frames
set -u
cairn="$1"
here="$2"
failures=0
for args_file in "$here"/*.args; do
  name=$(basename "$args_file" .args)
  golden="$here/$name.txt"
  args=$(cat "$args_file")
  actual=$(eval "\"$cairn\" frame $args"; echo x)
  actual="${actual%x}"
  if [ "${UPDATE:-0}" = "1" ]; then
    printf '%s' "$actual" > "$golden"
    continue
  fi
  if [ ! -f "$golden" ]; then
    echo "FAIL: $name: no golden file $golden (run with UPDATE=1 to create it)"
    failures=$((failures + 1))
    continue
  fi
  if ! diff -u "$golden" <(printf '%s' "$actual"); then
    echo "FAIL: $name: the frame differs from $golden"
    failures=$((failures + 1))
  fi
done
if [ $failures -ne 0 ]; then
  echo "$failures golden frame(s) differ"
  exit 1
fi
echo "all golden frames match"
