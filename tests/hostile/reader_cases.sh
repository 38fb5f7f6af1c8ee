# Shared by the reader tests (readers, nesting, memory, escapes, keymaps), sourced after lib.sh:
# every way cairn is told to read a file of each kind, and `expect`, which runs one and checks
# that it answers as a hostile file deserves: the exit status wanted, a message naming the file
# and the reason, in time.

# Sanitizer builds reserve terabytes of address space (so `ulimit -v` cannot bound them) and run
# several times slower: tests that depend on either read this.
asan=0
if grep -aq "__asan_init" "$cairn"; then asan=1; fi

# A valid version-1 level, for the commands that need one beside the file under test.
good_level="$work/good-level.toml"
cp "$root/data/levels/vault.toml" "$good_level"

# readers KIND PATH: prints one line per way cairn reads a file of KIND at PATH, as the
# arguments to give cairn, tab-separated. A key map is read from the user's key file, so for
# KIND keymap PATH must be $HOME/.config/cairn/keys.toml.
readers() {
  local kind=$1 path=$2
  case $kind in
    level)
      printf '%s\n' "check	$path" "sim	--level	$path" "--level	$path" "console	--level	$path" \
        "frame	--level	$path" "format	$path" "identity	migrate	/	$work/new-manifest.toml	$path" ;;
    save) printf '%s\n' "check	$path" "sim	--load	$path" "--load	$path" ;;
    recording) printf '%s\n' "check	$path" "replay	$path" "replay	$path	--verify" ;;
    keymap) printf '%s\n' "check	$path" "frame" "--seed	1" ;;
    console) printf '%s\n' "console	$path" ;;
    keyscript) printf '%s\n' "sim	--input	@$path" ;;
    manifest) printf '%s\n' "identity	apply	/	$path	$good_level	$work/applied.toml" ;;
    definitions | dungeon) printf '%s\n' "check	$path" ;;
  esac
}

# The processor time this shell's finished children have used, in milliseconds (cutime + cstime
# of /proc/PID/stat, in clock ticks): a command's own cost, which a busy machine does not inflate.
children_cpu_ms() {
  local stat fields
  stat=$(cat "/proc/$$/stat")
  read -r -a fields <<<"${stat##*) }"  # (after the command name, which may hold spaces)
  echo $(( (fields[13] + fields[14]) * 1000 / $(getconf CLK_TCK) ))
}

# expect STATUS PATTERN MAX_MS ARGS...: cairn ARGS (standard input empty) exits with STATUS,
# having used at most MAX_MS milliseconds of processor time (ten times that in a sanitizer
# build), and prints PATTERN (a fixed string) among its errors. A hang (a FIFO read that blocks)
# uses no processor time, so the wall clock is bounded too: `run` kills it after MAX_MS plus five
# seconds, which fails the exit status. Processor time, not wall time, is what the limit compares:
# on a machine running more than its cores, the same work takes longer by the clock. Sets $out to
# what it printed and $elapsed_ms (processor time).
expect() {
  local status=$1 pattern=$2 max_ms=$3 start rc
  shift 3
  [ "$asan" -eq 1 ] && max_ms=$((max_ms * 10))
  start=$(children_cpu_ms)
  out=$(LIMIT=$(( max_ms / 1000 + 5 )) run "$@" 2>&1 </dev/null)
  rc=$?
  elapsed_ms=$(( $(children_cpu_ms) - start ))
  [ "$rc" -eq "$status" ] || fail "cairn $*: exit $rc, wanted $status: $(head -c 400 <<<"$out")"
  grep -qF -- "$pattern" <<<"$out" || fail "cairn $*: no '$pattern' in: $(head -c 400 <<<"$out")"
  [ "$elapsed_ms" -le "$max_ms" ] || fail "cairn $*: used $elapsed_ms ms of processor time (limit $max_ms)"
}

# expect_all KIND PATH STATUS PATTERN MAX_MS: expect, for every reader of KIND.
expect_all() {
  local kind=$1 path=$2 status=$3 pattern=$4 max_ms=$5 line
  local -a args
  while IFS= read -r line; do
    IFS=$'\t' read -r -a args <<<"$line"
    expect "$status" "$pattern" "$max_ms" "${args[@]}"
  done < <(readers "$kind" "$path")
}

# The user's key file, where the game and `cairn frame` read the key map.
user_keys="$HOME/.config/cairn/keys.toml"
mkdir -p "$(dirname "$user_keys")"
