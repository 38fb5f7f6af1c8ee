#!/usr/bin/env bash
# Runs clang-tidy 14 with the root .clang-tidy (a short check list, every finding an error;
# docs/CONVENTIONS.md says why each check is there) over every source of core/ and term/, with
# the compile database of BUILD (CMake writes BUILD/compile_commands.json). Fails on any finding.
# First it runs the same configuration on a scratch file with a known defect (a use after move)
# and fails unless that is refused, so the check cannot pass by checking nothing.
#   tools/run-tidy.sh BUILD [JOBS] [FOLDER...]   (FOLDERs default to core term)
# make check and make lint both check core/ and term/ (docs/TESTING.md says what that costs).
set -u
build=${1:?usage: tools/run-tidy.sh BUILD [JOBS] [FOLDER...]}
jobs=${2:-2}
shift $(( $# < 2 ? $# : 2 ))
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=(core term)
root=$(cd "$(dirname "$0")/.." && pwd)
tidy=$(command -v clang-tidy-14 || command -v clang-tidy) || {
  echo "FAIL: clang-tidy is not installed (make check installs it: package clang-tidy)"
  exit 1
}
build=$(cd "$build" 2>/dev/null && pwd) || { echo "FAIL: no build folder $1"; exit 1; }
db=$build/compile_commands.json
[ -f "$db" ] || { echo "FAIL: no $db (configure $build with CMake first)"; exit 1; }
# g++'s own flags in the database (-Wno-restrict) are unknown to clang: not a finding.
args=(--quiet --extra-arg=-Wno-unknown-warning-option)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/.clang-tidy" "$work/"
cat > "$work/scratch.cpp" <<'EOF'
#include <string>
#include <utility>
std::size_t Scratch(std::string text) {
  std::string kept = std::move(text);
  return kept.size() + text.size();
}
EOF
if out=$("$tidy" "${args[@]}" "$work/scratch.cpp" -- -std=c++20 2>&1) ||
  ! grep -q 'bugprone-use-after-move' <<<"$out"; then
  echo "$out"
  echo "FAIL: clang-tidy let a use after move in a scratch file pass"
  exit 1
fi

# Every .cpp of the folders the database compiles (the generated embedded_data.cpp is not ours);
# the headers they include are checked through them (.clang-tidy's HeaderFilterRegex).
mapfile -t files < <(python3 - "$db" "$root" "${folders[@]}" <<'EOF'
import json, sys
root = sys.argv[2] + "/"
prefixes = tuple(root + folder.strip("/") + "/" for folder in sys.argv[3:])
for entry in json.load(open(sys.argv[1])):
    if entry["file"].startswith(prefixes):
        print(entry["file"])
EOF
)
[ ${#files[@]} -gt 20 ] || { echo "FAIL: only ${#files[@]} sources of ${folders[*]} in $db"; exit 1; }
printf '%s\n' "${files[@]}" | LC_ALL=C sort >"$work/files"
# One clang-tidy per file, JOBS at a time; each writes its findings beside the others.
export tidy work
xargs -P "$jobs" -I{} sh -c \
  'out=$("$tidy" -p "$0" '"${args[*]}"' "$1" 2>&1) || printf "%s\n" "$out" >"$work/$(echo "$1" | tr / _).fail"' \
  "$build" {} <"$work/files"
if ls "$work"/*.fail >/dev/null 2>&1; then
  # The findings, each once (a header's is reported through every file that includes it); all
  # of clang-tidy's output when it failed with none (a crash).
  found=$(cat "$work"/*.fail | grep -E '(warning|error): ' | sed "s|$root/||" | LC_ALL=C sort -u)
  if [ -n "$found" ]; then echo "$found"; else cat "$work"/*.fail; fi
  echo "FAIL: clang-tidy found the above in $(ls "$work"/*.fail | wc -l) of ${#files[@]} files"
  exit 1
fi
echo "clang-tidy: no findings in ${#files[@]} sources of ${folders[*]} (and refused the scratch use after move)"
