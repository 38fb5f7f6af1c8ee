#!/usr/bin/env bash
# End-to-end: build/cairn in a real terminal (a detached tmux session, 120x40), driven with keys
# and read back from the screen, the way a person uses it. Checks: the map and status line show;
# the debug pane shows an entity handle and pool lines; each single-step press advances the tick
# by exactly one; a resize to 60x20 asks for a larger terminal and the way back redraws; quitting,
# SIGTERM and a crash all leave the terminal modes (stty -a) as they were before; exploring,
# the inventory and character screens work; a death shows the summary and writes its file;
# SIGTERM saves, a start with no arguments resumes and keeps the save, S saves and quits; --record
# writes a recording that `cairn replay --verify` plays again, restarts included; the save
# lifecycle: SIGKILL after a resume loses nothing, a second game is refused, a new game beside a
# waiting save asks, R asks; the sidebar, and the mouse (a click travels, pointing describes, a
# sidebar entry looks; mouse reports on while playing, off while suspended, after it, and with
# --no-mouse); the widest map a level may have plays 20 moves within 4 s; at 80x24, the pane's
# tick view scrolls to every entry of the tick in which the cellar's rat bites; a SIGTERM or a
# crash at the waiting-save question restores the terminal; Ctrl-S and Ctrl-Q reach the game.
set -u
cairn=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
socket="cairn-e2e-$$"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmx() { tmux -L "$socket" "$@"; }
cleanup() { tmx kill-server 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

screen() { tmx capture-pane -t e2e -p; }
# Waits until the screen shows $1 (a grep -E pattern), up to ~15 s: a passing check returns as
# soon as the screen shows it, and make check runs this beside the sanitizer build's suites, so a
# slow answer must not read as a wrong one.
wait_for() {
  for _ in $(seq 1 150); do
    screen | grep -qE "$1" && return 0
    sleep 0.1
  done
  return 1
}
tick() { screen | sed -n 's/.*Tick \([0-9]*\).*/\1/p' | head -n 1; }
# Waits until the screen stops changing (a run of turns has ended), up to ~10 s.
settle() {
  local last="" now
  for _ in $(seq 1 40); do
    now=$(screen)
    [ "$now" = "$last" ] && return 0
    last=$now
    sleep 0.25
  done
  return 1
}

# A shell in the pane runs each scenario: terminal modes before, the game, modes after. The pane is
# cleared first, so what the last scenario left on it (a waiting save's question, printed before
# curses started) cannot answer this one's wait_for before its own game has said it.
start() {  # $1: scenario name, rest: cairn arguments
  local name=$1
  shift
  tmx send-keys -t e2e "clear; stty -a > $work/$name.before; $cairn $* --log $work/$name.log; echo \$? > $work/$name.status; stty -a > $work/$name.after; echo done-$name" Enter
  for _ in $(seq 1 50); do  # until the shell has run `clear`: the pane no longer shows it typed
    [ -f "$work/$name.before" ] && break
    sleep 0.1
  done
}
finished() {  # waits for scenario $1 to end, then compares terminal modes
  for _ in $(seq 1 50); do
    [ -f "$work/$1.after" ] && break
    sleep 0.1
  done
  [ -f "$work/$1.after" ] || { fail "$1: cairn did not exit"; return; }
  sleep 0.1
  diff -q "$work/$1.before" "$work/$1.after" >/dev/null || {
    fail "$1: terminal modes changed"
    diff "$work/$1.before" "$work/$1.after"
  }
}

tmx new-session -d -s e2e -x 120 -y 40 "env -i HOME=$work HISTFILE=/dev/null TERM=xterm-256color PATH=/usr/bin:/bin LANG=C.UTF-8 bash --norc --noprofile"
tmx set-option -t e2e window-size manual >/dev/null 2>&1
sleep 0.3

# 1. Play: map, status line, debug pane, single steps, resize, quit.
start play --seed 1 --debug
wait_for 'HP [0-9]+/[0-9]+' || fail "no status line"
screen | grep -q '@' || fail "no player on the map"
screen | grep -q 'Entity{World=' || fail "the debug pane shows no entity handle"
screen | grep -qE 'position [0-9]+/[0-9]+' || fail "the debug pane shows no pool lines"
screen | grep -q 'PAUSED' || fail "--debug does not start paused"
before=$(tick)
for press in 1 2 3 4 5; do
  tmx send-keys -t e2e C-t
  wait_for "Tick $((before + press))( |$)" || fail "step $press: expected tick $((before + press)), saw $(tick)"
done
tmx send-keys -t e2e F6
wait_for "Tick $((before + 6))( |$)" || fail "F6 step: expected tick $((before + 6)), saw $(tick)"
tmx resize-window -t e2e -x 60 -y 20
wait_for 'at least 80x24' || fail "a 60x20 terminal is not asked to grow"
tmx resize-window -t e2e -x 120 -y 40
wait_for 'HP [0-9]+/[0-9]+' || fail "no redraw after growing back"
screen | grep -q 'at least 80x24' && fail "the too-small message stayed after growing back"
screen | grep -q 'Entity{World=' || fail "the debug pane is gone after the resize"
tmx send-keys -t e2e Q
wait_for 'Really quit' || fail "Q does not ask to confirm"
tmx send-keys -t e2e y
finished play
[ "$(cat "$work/play.status" 2>/dev/null)" = "0" ] || fail "quitting exited $(cat "$work/play.status" 2>/dev/null)"

# 2. Ctrl-Z suspends to the shell; fg brings the game back, redrawn.
start suspend --seed 5
wait_for 'HP [0-9]+/[0-9]+' || fail "suspend: no status line"
tmx send-keys -t e2e C-z
wait_for 'Stopped' || fail "Ctrl-Z did not suspend the game to the shell"
tmx send-keys -t e2e 'fg' Enter
wait_for 'HP [0-9]+/[0-9]+' || fail "fg did not bring the game back"
tmx send-keys -t e2e Q y
finished suspend

# 3. An 8-colour terminal still draws the game.
tmx send-keys -t e2e "export TERM=xterm" Enter
start eight --seed 1
wait_for 'HP [0-9]+/[0-9]+' || fail "8 colours: no status line"
tmx send-keys -t e2e Q y
finished eight
tmx send-keys -t e2e "export TERM=xterm-256color" Enter

# 5. A crash (the test hook aborts after a few frames): restored, then dies of SIGABRT.
start crash --seed 3 --test-crash-after 3
finished crash
[ "$(cat "$work/crash.status" 2>/dev/null)" = "134" ] || fail "the crash exited $(cat "$work/crash.status" 2>/dev/null), not 134"
wait_for 'crashed; the terminal was restored' || fail "the crash was not reported after restoring"

# 6. Monochrome and ASCII still draw the game.
start mono --seed 1 --mono --ascii
wait_for 'HP [0-9]+/[0-9]+' || fail "mono: no status line"
screen | grep -q '@' || fail "mono: no player"
tmx send-keys -t e2e Q y
finished mono

# 7. Playing: explore runs and stops, the inventory and character screens open and close.
start game --seed 3
wait_for 'HP [0-9]+/[0-9]+' || fail "game: no status line"
tmx send-keys -t e2e o
wait_for 'Turn [1-9][0-9]*' || fail "game: exploring took no turns"
settle || fail "game: exploring never stopped"
tmx send-keys -t e2e i
wait_for 'Inventory \(' || fail "game: i does not show the inventory"
screen | grep -q 'a - .*dagger (wielded)' || fail "game: the inventory lacks the wielded dagger"
tmx send-keys -t e2e Escape
wait_for 'HP [0-9]+/[0-9]+' || fail "game: the inventory does not close"
tmx send-keys -t e2e C
wait_for 'Experience level 1' || fail "game: C does not show the character"
screen | grep -q 'Quiver: *8 darts' || fail "game: the character sheet does not show the quiver"
# Ctrl-A reaches the game through a real terminal and turns autopickup off (DCSS's key).
tmx send-keys -t e2e Escape C-a
wait_for 'Autopickup is now off' || fail "game: Ctrl-A did not turn autopickup off"
tmx send-keys -t e2e Q y
finished game

# 8. Death: the summary screen, and the summary file in --morgue.
start doomed --level "$(dirname "$0")/../levels/doomed.toml" --morgue "$work/morgue"
wait_for 'HP 1/30' || fail "doomed: no status line"
settle
# Wait turns until the ogre lands its blow (the seed is fresh, so the first swing may miss); stop
# as soon as the summary shows, since a key there goes back to the map.
for _ in $(seq 1 15); do
  screen | grep -q 'Rest in peace' && break
  tmx send-keys -t e2e .
  for _ in $(seq 1 20); do screen | grep -q 'Rest in peace' && break; sleep 0.1; done
done
wait_for 'Rest in peace' || {
  fail "doomed: no summary screen after dying"
  echo "doomed: exit status $(cat "$work/doomed.status" 2>/dev/null), log:"
  cat "$work/doomed.log" 2>/dev/null
}
wait_for 'The summary is in ' || fail "doomed: the summary screen does not say where the file is"
ls "$work"/morgue/cairn-*.txt >/dev/null 2>&1 || fail "doomed: no summary file in --morgue"
grep -q 'DIED: killed by an ogre on depth 1' "$work"/morgue/cairn-*.txt 2>/dev/null || fail "doomed: the file lacks the cause"
tmx send-keys -t e2e Q y
finished doomed

# 4. SIGTERM saves (after the scenarios that start new games, which would be asked about it).
start term --seed 2
wait_for 'HP [0-9]+/[0-9]+' || fail "term: no status line"
pkill -TERM -f "$work/term.log"
finished term
[ "$(cat "$work/term.status" 2>/dev/null)" = "143" ] || fail "SIGTERM exited $(cat "$work/term.status" 2>/dev/null), not 143"
save="$work/.local/state/cairn/save.toml"
[ -f "$save" ] || fail "SIGTERM did not save the game to $save"

# 9. Save and resume: the SIGTERM save resumes with no arguments and stays on disk as the last
#    save point; S saves and quits; the next start resumes at the same turn; giving up leaves no
#    save behind.
start resume
wait_for 'Welcome back' || fail "resume: the waiting save was not resumed"
[ -f "$save" ] || fail "resume: the resumed save was removed (it must stay until a newer one)"
[ -f "$save.lock" ] || fail "resume: the playing game holds no lock on its save"
tmx send-keys -t e2e l l j
sleep 0.5
turn=$(screen | sed -n 's/.*Turn \([0-9]*\).*/\1/p' | head -n 1)
tmx send-keys -t e2e S y
finished resume
[ "$(cat "$work/resume.status" 2>/dev/null)" = "0" ] || fail "save-and-quit exited $(cat "$work/resume.status" 2>/dev/null)"
wait_for 'Saved to .*save.toml' || fail "save-and-quit does not say where the save went"
[ -f "$save" ] || fail "save-and-quit wrote no save"
[ -f "$save.lock" ] && fail "save-and-quit left its lock file behind"
"$cairn" check "$save" >/dev/null || fail "cairn check rejects the game's own save"
start again
wait_for 'Welcome back' || fail "again: the save was not resumed"
again_turn=$(screen | sed -n 's/.*Turn \([0-9]*\).*/\1/p' | head -n 1)
[ -n "$turn" ] && [ "$turn" = "$again_turn" ] || fail "again: resumed at turn '$again_turn', saved at '$turn'"
tmx send-keys -t e2e Q
wait_for 'This character will be lost' || fail "again: Q does not warn that the character is lost"
tmx send-keys -t e2e y
finished again
[ -f "$save" ] && fail "again: giving up left a save behind"

# 10. Recording: play a few turns, restart (the recording starts again with the new run), play
#     on, quit; the recording verifies, holds only the run after the restart, and the waiting
#     save (none here) is not touched.
start record --seed 6 --record "$work/run.rec"
wait_for 'HP [0-9]+/[0-9]+' || fail "record: no status line"
tmx send-keys -t e2e l l j
sleep 0.5
tmx send-keys -t e2e R
wait_for 'Restart\? This character will be lost' || fail "record: R did not ask before restarting"
tmx send-keys -t e2e y
wait_for 'A new run begins' || fail "record: R, y did not restart"
tmx send-keys -t e2e h . .
sleep 0.5
tmx send-keys -t e2e Q y
finished record
[ "$(cat "$work/record.status" 2>/dev/null)" = "0" ] || fail "record: exited $(cat "$work/record.status" 2>/dev/null)"
wait_for 'Recorded [0-9]+ ticks to .*run.rec' || fail "record: no word of the recording"
verified=$("$cairn" replay "$work/run.rec" --verify 2>&1) || fail "record: replay --verify failed: $verified"
echo "$verified" | grep -qE "replay verified: [1-9][0-9]* ticks match" || fail "record: replay said: $verified"

# 11. A character is never lost: a game resumed and then killed with SIGKILL leaves its save
#     loadable and unchanged, and the next start resumes it; a second game on the same character,
#     resumed or new, is refused with a message naming the first, and changes nothing. The game
#     to kill plays in a tmux session of its own, so its raw terminal dies with it.
start first --seed 11
wait_for 'HP [0-9]+/[0-9]+' || fail "first: no status line"
tmx send-keys -t e2e l l S y
finished first
[ -f "$save" ] || fail "first: S wrote no save"
cp "$save" "$work/saved-copy.toml"
tmx new-session -d -s k -x 120 -y 40 "env -i HOME=$work TERM=xterm-256color PATH=/usr/bin:/bin LANG=C.UTF-8 $cairn --log $work/killed.log"
for _ in $(seq 1 50); do tmx capture-pane -t k -p | grep -q 'Welcome back' && break; sleep 0.1; done
tmx capture-pane -t k -p | grep -q 'Welcome back' || fail "killed: the save was not resumed"
game_pid=""  # the game's own process, not a shell tmux may have started it from
for p in $(pgrep -f "$work/killed.log"); do
  [ "$(cat "/proc/$p/comm" 2>/dev/null)" = cairn ] && game_pid=$p
done
second=$(cd "$work" && env -i HOME=$work PATH=/usr/bin:/bin "$cairn" </dev/null 2>&1); status=$?
[ $status -eq 1 ] || fail "a second game on the same save exited $status, not 1"
echo "$second" | grep -q "another game is playing this character" || fail "the second game said: $second"
echo "$second" | grep -q "process $game_pid " || fail "the refusal does not name process $game_pid: $second"
second=$(cd "$work" && env -i HOME=$work PATH=/usr/bin:/bin "$cairn" --seed 9 </dev/null 2>&1); status=$?
[ $status -eq 1 ] || fail "a new game on a locked save exited $status, not 1 ($second)"
tmx send-keys -t k l l
sleep 0.3
kill -KILL "$game_pid" 2>/dev/null || fail "killed: no game process to kill"
sleep 0.3
tmx kill-session -t k 2>/dev/null
cmp -s "$save" "$work/saved-copy.toml" || fail "the killed and refused games changed the save"
"$cairn" check "$save" >/dev/null || fail "the save is not loadable after a SIGKILL"
start after_kill
wait_for 'Welcome back' || fail "after_kill: the save was not resumed after the SIGKILL"
tmx send-keys -t e2e S y
finished after_kill
cp "$save" "$work/saved-copy.toml"

# 12. A new game asked for beside a waiting save asks first: k keeps the save (the new game is
#     not saved), r resumes the saved game instead, a and y abandon it for the new one.
start keep_it --seed 7
wait_for 'A saved game waits' || fail "keep_it: --seed with a save waiting did not ask"
screen | grep -q 'seed 11, depth 1' || fail "keep_it: the question does not describe the save"
tmx send-keys -t e2e k
wait_for 'HP [0-9]+/[0-9]+' || fail "keep_it: k did not start the new game"
tmx send-keys -t e2e S
wait_for 'This game cannot be saved' || fail "keep_it: S in the new game did not say it cannot save"
tmx send-keys -t e2e Q
wait_for 'not saved and will be lost' || fail "keep_it: Q did not say the new game is not saved"
tmx send-keys -t e2e y
finished keep_it
cmp -s "$save" "$work/saved-copy.toml" || fail "keep_it: keeping the waiting save changed it"
# A signal or a crash while the question waits gives the terminal back as it was (echo and line
# editing on), and the save is kept.
start prompt_term --seed 7
wait_for 'A saved game waits' || fail "prompt_term: no question"
pkill -TERM -f "$work/prompt_term.log"
finished prompt_term
[ "$(cat "$work/prompt_term.status" 2>/dev/null)" = "143" ] || fail "prompt_term: a SIGTERM at the question exited $(cat "$work/prompt_term.status" 2>/dev/null), not 143"
start prompt_crash --seed 7
wait_for 'A saved game waits' || fail "prompt_crash: no question"
# SIGABRT, as the crash test above: the sanitizer build keeps SIGSEGV for itself.
pkill -ABRT -f "$work/prompt_crash.log"
finished prompt_crash
[ "$(cat "$work/prompt_crash.status" 2>/dev/null)" = "134" ] || fail "prompt_crash: a crash at the question exited $(cat "$work/prompt_crash.status" 2>/dev/null), not 134"
cmp -s "$save" "$work/saved-copy.toml" || fail "prompt: a stopped question changed the save"
start resume_it --seed 8
wait_for 'A saved game waits' || fail "resume_it: no question"
tmx send-keys -t e2e r
wait_for 'Welcome back' || fail "resume_it: r did not resume the saved game"
tmx send-keys -t e2e S y
finished resume_it
grep -q '^seed = "000000000000000b"' "$save" || fail "resume_it: the save is no longer seed 11's"
start abandon_it --seed 7
wait_for 'A saved game waits' || fail "abandon_it: no question"
tmx send-keys -t e2e a
wait_for 'for good' || fail "abandon_it: a did not ask for confirmation"
tmx send-keys -t e2e y
wait_for 'HP [0-9]+/[0-9]+' || fail "abandon_it: the new game did not start"
[ -f "$save" ] && fail "abandon_it: the abandoned save is still there"
tmx send-keys -t e2e S y
finished abandon_it
grep -q '^seed = "0000000000000007"' "$save" || fail "abandon_it: the new game's save is not seed 7's"

# 13. R asks before a living character is lost; n keeps it, y restarts and removes its save.
start restart
wait_for 'Welcome back' || fail "restart: no resume"
tmx send-keys -t e2e R
wait_for 'Restart\? This character will be lost' || fail "restart: R did not ask"
tmx send-keys -t e2e n
sleep 0.3
screen | grep -q 'A new run begins' && fail "restart: n restarted anyway"
[ -f "$save" ] || fail "restart: n removed the save"
tmx send-keys -t e2e R
wait_for 'Restart\?' || fail "restart: R did not ask the second time"
tmx send-keys -t e2e y
wait_for 'A new run begins' || fail "restart: y did not restart"
[ -f "$save" ] && fail "restart: the given-up character's save is still there"
tmx send-keys -t e2e Q y
finished restart

# 14. The sidebar and the mouse at 120x40. The sidebar shows; the game turns the terminal's
#     any-motion mouse mode (1003, SGR 1006 reports) on while it plays, off while it is
#     suspended, on again after fg and off after it ends (tmux's own flags say); mouse events typed
#     as the reports an xterm sends travel (a press and its release, 1-based column and row),
#     describe a cell (motion, button code 35) and look at a monster from its sidebar entry;
#     --no-mouse leaves the mouse alone.
mouse_flags() { tmx display -p -t e2e '#{mouse_all_flag}#{mouse_sgr_flag}'; }
at_player() {  # the player's screen column and row, from 0
  screen | python3 -c 'import sys
for y, line in enumerate(sys.stdin.read().split("\n")):
    if "@" in line:
        print(line.index("@"), y)
        break'
}
mouse() {  # $1: button code, $2 $3: screen column and row from 0; a press (and a release for 0)
  local report
  report=$(printf '\033[<%d;%d;%dM' "$1" $(($2 + 1)) $(($3 + 1)))
  [ "$1" = 0 ] && report="$report$(printf '\033[<0;%d;%dm' $(($2 + 1)) $(($3 + 1)))"
  tmx send-keys -t e2e -l "$report"
}
start mouse --seed 1
wait_for 'Fed \(food 1800\)' || fail "mouse: no sidebar at 120x40"
screen | grep -q 'Here: staircase up' || fail "mouse: the sidebar does not say what lies underfoot"
[ "$(mouse_flags)" = "11" ] || fail "mouse: motion reports are not on while playing ($(mouse_flags))"
read -r px py <<<"$(at_player)"
mouse 0 $((px + 4)) "$py"
wait_for 'Turn 4 ' || fail "mouse: a click four cells east did not travel there ($(screen | head -n 1))"
[ "$(at_player)" = "$((px + 4)) $py" ] || fail "mouse: the player is at $(at_player), not $((px + 4)) $py"
mouse 35 "$px" "$py"
wait_for '[Ss]taircase up' || fail "mouse: pointing at the staircase did not describe it"
tmx send-keys -t e2e C-z
wait_for 'Stopped' || {
  fail "mouse: Ctrl-Z did not suspend the game"
  # Seen once in CI and never here: what the game process was doing, for the next time.
  ps -o pid,stat,wchan:24,args -C cairn
  tail -n 5 "$work/mouse.log"
}
[ "$(mouse_flags)" = "00" ] || fail "mouse: motion reports stay on while suspended ($(mouse_flags))"
tmx send-keys -t e2e 'fg' Enter
wait_for 'HP [0-9]+/[0-9]+' || fail "mouse: fg did not bring the game back"
[ "$(mouse_flags)" = "11" ] || fail "mouse: motion reports are not on again after fg ($(mouse_flags))"
tmx send-keys -t e2e Q y
finished mouse
[ "$(mouse_flags)" = "00" ] || fail "mouse: motion reports stay on after the game ($(mouse_flags))"
start looking --level "$(dirname "$0")/../levels/doomed.toml"
wait_for 'Fed \(food' || fail "looking: no sidebar"
row=$(screen | grep -n '^O ogre' | head -n 1 | cut -d: -f1)
[ -n "$row" ] || fail "looking: the ogre has no sidebar entry"
mouse 0 4 $((${row:-1} - 1))
wait_for 'Look: move; Tab/Shift-Tab' || fail "looking: a click on the ogre's entry did not open look mode"
screen | grep -qE 'ogre, (noticed|hunting) you' || fail "looking: look mode does not describe the ogre"
tmx send-keys -t e2e Escape Q y
finished looking
start nomouse --seed 1 --no-mouse
wait_for 'HP [0-9]+/[0-9]+' || fail "nomouse: no status line"
[ "$(mouse_flags)" = "00" ] || fail "nomouse: --no-mouse turned mouse reports on ($(mouse_flags))"
tmx send-keys -t e2e Q y
finished nomouse

# 15. The widest map a level may have (4096x4096) plays at the speed of a small one: a frame
# holds the map's cells around the view, not all 16.8 million (134 MB a frame, 0.4 s a key).
python3 "$(dirname "$0")/../../tools/crowd_level.py" 0 4096 "$work/widest.toml" >/dev/null
start widest --level "$work/widest.toml"
wait_for 'Turn 0 ' || fail "widest: the game did not start"
sleep 0.5
moved_from=$(date +%s%N)
for _ in $(seq 1 20); do tmx send-keys -t e2e l; done
wait_for 'Turn 20 ' || fail "widest: 20 moves were not played"
took_ms=$((($(date +%s%N) - moved_from) / 1000000))
[ "$took_ms" -le 4000 ] || fail "widest: 20 moves took $took_ms ms (0.4 s a key when every cell was extracted)"
screen | grep -q '@' || fail "widest: the player is not drawn"
tmx send-keys -t e2e Q y
finished widest

# 17. Ctrl-S and Ctrl-Q are keys, not flow control: bound in the key map, each does its action,
# and the screen goes on answering after them.
mkdir -p "$work/.config/cairn"
printf 'format = "cairn-keys"\nversion = 1\n\n[keys]\nmessages = ["ctrl-s"]\ncharacter = ["ctrl-q"]\n' > "$work/.config/cairn/keys.toml"
start flow --seed 3
wait_for 'HP [0-9]+/[0-9]+' || fail "flow: no status line"
tmx send-keys -t e2e C-s
wait_for 'Message history|message history|Messages' || fail "flow: Ctrl-S did not reach the game (bound to messages)"
tmx send-keys -t e2e Escape C-q
wait_for 'Character' || fail "flow: Ctrl-Q did not reach the game (bound to character)"
tmx send-keys -t e2e Escape Q y
finished flow
rm -f "$work/.config/cairn/keys.toml"

# 16. The cellar at 80x24, the rat set beside the player and stepped until it bites: the pane's
# tick view, filtered to the rat and scrolled, reaches every one of that tick's entries for it.
tmx resize-window -t e2e -x 80 -y 24
start cellar --level "$(dirname "$0")/../../data/levels/cellar.toml" --seed 1 --debug
wait_for 'Entity\{World=' || fail "cellar: no debug pane"
tmx send-keys -t e2e :
wait_for '^console> ' || fail "cellar: the console did not open"
tmx send-keys -t e2e 'SET 1:1 position { x = 5, y = 2 }' Enter 'INSPECT 1:1' Enter Escape
wait_for 'Slot=1, Generation=1' || fail "cellar: the rat is not inspected"
for _ in $(seq 1 11); do tmx send-keys -t e2e F6; done
wait_for 'Tick 11 ' || fail "cellar: eleven ticks did not pass"
wait_for 'The rat (hits|misses) you' || fail "cellar: the rat did not bite"
tmx send-keys -t e2e = = = '|'
wait_for 'Tick 11: [0-9]+ entries naming 1:1 by phase' || fail "cellar: no tick view of the rat"
seen=$(screen)
for _ in $(seq 1 20); do
  tmx send-keys -t e2e +
  sleep 0.15
  seen+=$'\n'$(screen)
done
for entry in 'perceived a=1:1 kind=rat b=0:1' 'from=wander to=select-target' \
  'ai-phase=select-target result=succeeded' 'from=select-target' 'to=approach' \
  'ai-phase=approach result=succeeded' 'from=approach to=attack' 'attacked a=1:1 kind=rat'; do
  grep -qF -- "$entry" <<<"$seen" || fail "cellar: scrolling the tick view never shows '$entry'"
done
grep -q 'more lines above (- +: scroll)' <<<"$seen" || fail "cellar: the scrolled view does not say what is above"
tmx send-keys -t e2e Q y
finished cellar
# `cairn lesson` in a terminal: its text over the debug pane on its world; Enter runs the step's
# command (the pane counts the new entity), Escape leaves with the terminal as it was.
tmx send-keys -t e2e "stty -a > $work/lesson_screen.before; $cairn lesson; echo \$? > $work/lesson_screen.status; stty -a > $work/lesson_screen.after" Enter
wait_for '^lesson> ' || fail "lesson: no command line"
screen | grep -q 'live 0 pending 0 free 16' || fail "lesson: the pane does not show the empty world"
tmx send-keys -t e2e Enter
wait_for 'live 1 pending 0 free 15' || fail "lesson: Enter did not run SPAWN on the pane's world"
tmx send-keys -t e2e Escape
finished lesson_screen
[ "$(cat "$work/lesson_screen.status" 2>/dev/null)" = "1" ] || fail "lesson: leaving early exited $(cat "$work/lesson_screen.status" 2>/dev/null), not 1"
tmx resize-window -t e2e -x 120 -y 40

if [ $failures -ne 0 ]; then
  echo "$failures end-to-end check(s) failed"
  screen
  exit 1
fi
echo "all end-to-end checks passed"
