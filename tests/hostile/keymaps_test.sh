#!/usr/bin/env bash
# `cairn check` and the game agree on key maps: the user's key file is laid over the defaults in
# both (BuildKeyMap), so a key the file binds while a default still holds it (here 'h', which
# moves west) is refused by check with the message the game gives, and what the game accepts,
# check accepts. Before, check read the file alone and passed what the game refused.
source "$(dirname "$0")/lib.sh" "$1"
source "$here/reader_cases.sh"

# agree FILE-TEXT STATUS PATTERN: check, `cairn frame` and the game (`cairn --seed 1`, before its
# terminal starts) answer the key file with STATUS; when refused, all print the same error lines.
agree() {
  printf '%s\n' "$1" > "$user_keys"
  local first="" line messages
  local -a args
  while IFS= read -r line; do
    IFS=$'\t' read -r -a args <<<"$line"
    [ "$2" -eq 1 ] || [ "${args[0]}" != "--seed" ] || continue  # an accepted map starts the game
    expect "$2" "$3" 2000 "${args[@]}"
    [ "$2" -eq 1 ] || continue
    messages=$(grep -F "$user_keys:" <<<"$out")
    if [ -z "$first" ]; then first=$messages; continue; fi
    [ "$messages" = "$first" ] || fail "cairn ${args[*]} says
$messages
where check says
$first"
  done < <(readers keymap "$user_keys")
  rm -f "$user_keys"
}

head='format = "cairn-keys"
version = 1
[keys]'
# A key the defaults bind to another action.
agree "$head
wait = [\"h\"]" 1 "$user_keys:4:9: error: key 'h' is bound to both move_west and wait (first at data/keys.toml:10:14)"
# Two actions of the file on one key.
agree "$head
wait = [\"V\"]
rest = [\"V\"]" 1 "$user_keys:5:9: error: key 'V' is bound to both wait and rest (first at $user_keys:4:9)"
# An unknown action and a bad key name.
agree "$head
dance = [\"x\"]
wait = [\"notakey\"]" 1 "$user_keys:4:1: error: unknown action 'dance'"
# Moving a key from its default action to another: both actions named, so both accept.
agree "$head
move_west = [\"left\", \"kp4\"]
wait = [\"h\", \"s\"]" 0 ""
grep -qF "ok (key map)" <<<"$(printf '%s\n' "$head" 'move_west = ["left", "kp4"]' 'wait = ["h", "s"]' > "$work/moved.toml"; run check "$work/moved.toml" 2>&1)" ||
  fail "check refused a key map the game accepts"

finish
