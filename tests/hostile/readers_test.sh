#!/usr/bin/env bash
# Hostile paths: where a file should be, a FIFO nobody writes (blocks a plain open forever),
# /dev/zero (never ends), a 10 GB sparse file, a directory, a dangling symbolic link, and
# standard input as a pipe. Every command that reads a file of any kind must answer each with
# exit 1 and "PATH: error: REASON" in well under a second, and never read a byte it does not need.
source "$(dirname "$0")/lib.sh" "$1"
source "$here/reader_cases.sh"

fifo="$work/fifo.toml"
mkfifo "$fifo"
sparse="$work/sparse.toml"
truncate -s 10G "$sparse"
folder="$work/folder.toml"
mkdir "$folder"
dangling="$work/dangling.toml"
ln -s "$work/nowhere.toml" "$dangling"

# Each kind, each hostile path, each reader: a refusal in under a second.
for kind in level save recording console keyscript manifest definitions dungeon; do
  expect_all "$kind" "$fifo" 1 "$fifo: error: is a FIFO, not a regular file" 1000
  expect_all "$kind" /dev/zero 1 "/dev/zero: error: is a character device, not a regular file" 1000
  expect_all "$kind" "$sparse" 1 "$sparse: error: is 10 GiB (10737418240 bytes), over the" 1000
  expect_all "$kind" "$folder" 1 "$folder: error: is a directory, not a regular file" 1000
  expect_all "$kind" "$dangling" 1 "$dangling: error: is a symbolic link to nothing" 1000
done

# The limit named is the kind's own (docs/CLI.md, "Limits").
expect 1 "over the 32 MiB limit for a level" 1000 sim --level "$sparse"
expect 1 "over the 256 MiB limit for a save" 1000 sim --load "$sparse"
expect 1 "over the 64 MiB limit for a recording" 1000 replay "$sparse"
expect 1 "over the 64 MiB limit for a console command file" 1000 console "$sparse"
expect 1 "over the 16 MiB limit for a key script" 1000 sim --input "@$sparse"
expect 1 "over the 16 MiB limit for an identity manifest" 1000 identity apply / "$sparse" "$good_level" "$work/out.toml"
expect 1 "over the 256 MiB limit for a cairn file" 1000 check "$sparse"

# A file under the largest cap but over its own kind's: check learns the kind, then refuses it.
{ echo 'format = "cairn-keys"'; echo 'version = 1'; head -c $((2 << 20)) /dev/zero | tr '\0' '#'; echo; } > "$work/big-keys.toml"
expect 1 "$work/big-keys.toml: error: is 2.0 MiB (2097187 bytes), over the 1 MiB limit for a key map" 2000 check "$work/big-keys.toml"

# The user's key file, read by the game and `cairn frame` (and named to `check`).
mkfifo "$user_keys"
expect_all keymap "$user_keys" 1 "$user_keys: error: is a FIFO, not a regular file" 1000
rm "$user_keys"; ln -s /dev/zero "$user_keys"
expect_all keymap "$user_keys" 1 "$user_keys: error: is a character device, not a regular file" 1000
rm "$user_keys"; truncate -s 10G "$user_keys"
expect_all keymap "$user_keys" 1 "$user_keys: error: is 10 GiB (10737418240 bytes), over the" 1000
rm "$user_keys"; mkdir "$user_keys"
expect_all keymap "$user_keys" 1 "$user_keys: error: is a directory, not a regular file" 1000
rmdir "$user_keys"; ln -s "$work/nowhere.toml" "$user_keys"
expect_all keymap "$user_keys" 1 "$user_keys: error: is a symbolic link to nothing" 1000
rm "$user_keys"

# Standard input named as a file is refused when it is not a regular file: a pipe here (a
# terminal would be a character device, refused the same way).
out=$(echo 'format = "cairn-level"' | LIMIT=5 run check /dev/stdin 2>&1); status=$?
[ $status -eq 1 ] || fail "check /dev/stdin (a pipe) exited $status"
grep -qF "/dev/stdin: error: is a FIFO, not a regular file" <<<"$out" || fail "check /dev/stdin: $out"
# Standard input as a terminal: `script` gives cairn a pseudo-terminal (where it exists).
if command -v script >/dev/null; then
  for args in "check /dev/stdin" "sim --level /dev/stdin" "console /dev/stdin" "sim --input @/dev/stdin"; do
    out=$(timeout 10 script -qec "$cairn $args; echo status=\$?" /dev/null </dev/null 2>&1)
    grep -qF "/dev/stdin: error: is a character device, not a regular file" <<<"$out" && grep -q "status=1" <<<"$out" ||
      fail "$args on a terminal: $out"
  done
fi

# A dungeon plan's set piece is read like any level: a FIFO there is named under the plan.
mkdir -p "$work/plan/levels"
mkfifo "$work/plan/levels/piece.toml"
sed 's|^level = ".*"|level = "levels/piece.toml"|' "$root/data/dungeon.toml" > "$work/plan/dungeon.toml"
expect 1 "set piece 'levels/piece.toml': is a FIFO, not a regular file" 1000 check "$work/plan/dungeon.toml"

# The console reads lines of at most 1 MiB from standard input: an endless line is an error.
# Processor time, like `expect` (a loaded machine stretches the clock, not the work); a read that
# never ends would also hit `run`'s 10 s limit and fail the status.
start=$(children_cpu_ms)
out=$(LIMIT=10 run console </dev/zero 2>&1); status=$?
ms=$(( $(children_cpu_ms) - start ))
[ $status -eq 1 ] || fail "console < /dev/zero exited $status"
grep -qF "standard input:1:1: error: the line is longer than the 1 MiB limit for one console command" <<<"$out" || fail "console < /dev/zero: $out"
[ $ms -le $(( asan ? 20000 : 2000 )) ] || fail "console < /dev/zero used $ms ms of processor time"
{ echo SPAWN; head -c $((2 << 20)) /dev/zero | tr '\0' 'x'; echo; echo SPAWN; } > "$work/long-line.console"
out=$(LIMIT=10 run console "$work/long-line.console" 2>&1); status=$?
[ $status -eq 1 ] || fail "console with a 2 MiB line exited $status"
grep -qF "$work/long-line.console:2:1: error: the line is longer than the 1 MiB limit" <<<"$out" || fail "console long line: $out"
[ "$(grep -c '^0:1$' <<<"$out")" -eq 1 ] || fail "console long line: the line before it was not run once: $out"

# What is fine stays fine: a regular file through a symbolic link reads.
ln -s "$good_level" "$work/link.toml"
expect 0 "ok (level" 2000 check "$work/link.toml"

finish
