#!/usr/bin/env bash
# The save's lifecycle under attack (docs/SAVES.md): a game killed with SIGKILL at any moment
# after a resume leaves its save loadable; a second game, or a headless `sim --save`, on a save
# a game is playing is refused and names the game's process; symbolic links planted where the
# save, its temporaries or its lock go are never followed. The games run in tmux, in a temporary
# HOME.
source "$(dirname "$0")/lib.sh" "$1"

state="$HOME/.local/state/cairn"
save="$state/save.toml"
socket="cairn-hostile-$$"
tmx() { tmux -L "$socket" "$@"; }
trap 'tmx kill-server 2>/dev/null; rm -rf "$work"' EXIT
# Starts the game in its own tmux session $1 with the rest as arguments; waits for $2 on screen.
game() {
  local name=$1 expect=$2
  shift 2
  tmx new-session -d -s "$name" -x 100 -y 30 \
    "env -i HOME=$HOME TERM=xterm-256color PATH=/usr/bin:/bin LANG=C.UTF-8 $cairn $* --log $work/$name.log"
  for _ in $(seq 1 100); do
    tmx capture-pane -t "$name" -p 2>/dev/null | grep -qE "$expect" && return 0
    sleep 0.1
  done
  fail "$name: the game never showed '$expect'"
  tmx capture-pane -t "$name" -p 2>/dev/null
  return 1
}
# The game's own process (not the shell tmux started it from).
pid_of() {
  local p
  for p in $(pgrep -f "$work/$1.log"); do
    [ "$(cat "/proc/$p/comm" 2>/dev/null)" = cairn ] && { echo "$p"; return; }
  done
}

# A first save to play with.
game first 'HP [0-9]+/' --seed 21
tmx send-keys -t first l l S y
for _ in $(seq 1 50); do [ -f "$save" ] && ! pgrep -f "$work/first.log" >/dev/null && break; sleep 0.1; done
[ -f "$save" ] || fail "the first game wrote no save"

# 1. SIGKILL after a resume, at five different moments (while exploring, between keys): the save
#    is the last save point each time, whole and loadable, and the next game resumes it.
for round in 1 2 3 4 5; do
  cp "$save" "$work/before-$round.toml"
  game "kill$round" 'Welcome back' || break
  tmx send-keys -t "kill$round" o
  sleep "0.$((round * 2))"
  kill -KILL "$(pid_of "kill$round")" 2>/dev/null || fail "round $round: no game process to kill"
  sleep 0.2
  tmx kill-session -t "kill$round" 2>/dev/null
  [ -f "$save" ] || { fail "round $round: SIGKILL after a resume lost the save"; break; }
  run check "$save" >/dev/null || fail "round $round: the save does not load after SIGKILL"
  cmp -s "$save" "$work/before-$round.toml" || {
    # Only a save point may have replaced it: a new floor reached while exploring.
    grep -q '^depth = 1$' "$save" && fail "round $round: the save changed without a new floor"
  }
done

# 2. Two games on one character: the second is refused, whether it would resume or start anew,
#    and so is a headless run that would save over it; the message names the first game's
#    process, and the save is not touched.
game playing 'Welcome back'
pid=$(pid_of playing)
cp "$save" "$work/held.toml"
out=$(cd "$work" && env -i HOME="$HOME" PATH=/usr/bin:/bin timeout 10 "$cairn" </dev/null 2>&1); status=$?
[ $status -eq 1 ] || fail "a second game exited $status, not 1: $out"
echo "$out" | grep -q "another game is playing this character: process $pid " ||
  fail "the second game's refusal does not name process $pid: $out"
out=$(cd "$work" && env -i HOME="$HOME" PATH=/usr/bin:/bin timeout 10 "$cairn" --seed 4 </dev/null 2>&1); status=$?
[ $status -eq 1 ] || fail "a new game on a played save exited $status, not 1: $out"
out=$(run sim --seed 4 --input ... --save "$save" 2>&1); status=$?
[ $status -eq 1 ] || fail "sim --save over a played save exited $status, not 1: $out"
echo "$out" | grep -q "a game is playing this save: process $pid " || fail "sim --save said: $out"
# Another name for the same file gets around nothing: a symbolic link and a hard link to the save
# are refused as the save itself is (the lock is the file's, not its name's).
ln -s "$save" "$work/link.toml"
ln "$save" "$work/hard.toml"
for other in link hard; do
  out=$(cd "$work" && env -i HOME="$HOME" PATH=/usr/bin:/bin timeout 10 "$cairn" --load "$work/$other.toml" </dev/null 2>&1); status=$?
  [ $status -eq 1 ] || fail "a second game through a $other link exited $status, not 1: $out"
  echo "$out" | grep -q "another game is playing this character: process $pid " ||
    fail "a second game through a $other link said: $out"
done
rm -f "$work/link.toml" "$work/hard.toml"
cmp -s "$save" "$work/held.toml" || fail "the refused games changed the save"
tmx send-keys -t playing S y
for _ in $(seq 1 50); do pgrep -f "$work/playing.log" >/dev/null || break; sleep 0.1; done
[ -f "$save.lock" ] && fail "the game left its lock file behind"

# 3. Planted symbolic links. Anyone who can write the folder could plant them; none is followed.
victim="$work/victim.txt"
echo "the victim's own text" > "$victim"
# At the old predictable temporary names of the next hundreds of processes, and at names of
# today's form.
for n in $(seq $$ $(($$ + 400))); do ln -sf "$victim" "$save.tmp-$n"; done
ln -sf "$victim" "$save.tmp-$$-0123456789abcdef"
for i in 1 2 3; do
  run sim --seed 4 --input "l.$i" --save "$save" >/dev/null || fail "sim --save $i failed beside planted temporaries"
done
[ "$(cat "$victim")" = "the victim's own text" ] || fail "a save wrote through a planted temporary link"
run check "$save" >/dev/null || fail "the save written beside planted links does not load"
rm -f "$save".tmp-*
# At the save itself: the save replaces the link, and the link's target is left alone.
ln -sf "$victim" "$work/linked.toml"
run sim --seed 4 --input l --save "$work/linked.toml" >/dev/null || fail "sim --save over a link failed"
[ -L "$work/linked.toml" ] && fail "the save was written through the link instead of replacing it"
[ "$(cat "$victim")" = "the victim's own text" ] || fail "a save over a link wrote into its target"
# At the lock: refused with the reason, and never followed.
ln -sf "$victim" "$work/locked.toml.lock"
out=$(run sim --seed 4 --input l --save "$work/locked.toml" 2>&1); status=$?
[ $status -eq 1 ] || fail "a planted lock link: exit $status, not 1"
echo "$out" | grep -q "cannot open the lock file" || fail "a planted lock link said: $out"
[ "$(cat "$victim")" = "the victim's own text" ] || fail "the lock was taken through a link"
[ -e "$work/locked.toml" ] && fail "a save was written though its lock was refused"

# A state folder that cannot be made says what stands in the way, not the system's "File exists".
ln -s "$work/nowhere" "$work/dangling-state"
out=$(XDG_STATE_HOME="$work/dangling-state" run --seed 5 2>&1 </dev/null); status=$?
[ $status -eq 1 ] || fail "XDG_STATE_HOME as a dangling link: exit $status, not 1"
echo "$out" | grep -q "dangling-state is a symbolic link to $work/nowhere, which does not exist" ||
  fail "XDG_STATE_HOME as a dangling link said: $out"
echo "$out" | grep -q "File exists" && fail "XDG_STATE_HOME as a dangling link said File exists: $out"
[ -e "$work/nowhere" ] && fail "a folder was made through the dangling link"
touch "$work/state-file"
out=$(XDG_STATE_HOME="$work/state-file" run sim --seed 4 --input l --save "$work/state-file/cairn/s.toml" 2>&1); status=$?
[ $status -ne 0 ] || fail "a save under a file: exit 0"
echo "$out" | grep -q "state-file is a file, not a folder" || fail "a save under a file said: $out"

finish
