#!/usr/bin/env bash
# Each test suite compiles as one unit (decision 0030: a unity build, CMake's UNITY_BUILD), so every
# test file keeps its names to itself: its code, from the first line after its includes to its
# last, lies in a namespace named after the file (`namespace items_test {`), and no #include comes
# later (inside it, a standard header would declare std:: in the wrong place). Fails naming each
# file that breaks this, and refuses a scratch file for each of its three checks, so none of them
# can pass by checking nothing.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)

# Prints "<file>: <why>" for each file given that breaks the rule.
check() {
  local file stem opened
  for file in "$@"; do
    stem=$(basename "$file" .cpp)
    opened=$(grep -n -m1 -E "^namespace (cairn::)?$stem \\{$" "$file" | cut -d: -f1)
    if [ -z "$opened" ]; then
      echo "$file: its code is not in 'namespace $stem {' (decision 0030)"
      continue
    fi
    if awk -v from="$opened" 'NR > from && /^#include/ { late = 1 } END { exit !late }' "$file"; then
      echo "$file: an #include after 'namespace $stem {' (decision 0030: includes come first)"
    fi
    if ! tail -n 3 "$file" | grep -qE "^\\}  // namespace (cairn::)?$stem$"; then
      echo "$file: 'namespace $stem' does not close at the end of the file (decision 0030)"
    fi
  done
}

cd "$root" || exit 1
mapfile -t files < <(find tests -mindepth 2 -maxdepth 2 -name '*_test.cpp' | LC_ALL=C sort)
[ ${#files[@]} -gt 50 ] || { echo "FAIL: only ${#files[@]} test files found under $root/tests"; exit 1; }
if found=$(check "${files[@]}") && [ -n "$found" ]; then
  echo "$found"
  echo "FAIL: the test files above share their names with the rest of their suite's unit"
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#include <string>\n\nnamespace {\nint Helper() { return 1; }\n}  // namespace\n' \
  > "$work/bare_test.cpp"
printf '#include <string>\n\nnamespace late_test {\n\n#include <vector>\n\n}  // namespace late_test\n' \
  > "$work/late_test.cpp"
printf '#include <string>\n\nnamespace open_test {\nint Helper() { return 1; }\n}  // namespace open_test\n\nint Outside() { return 2; }\n\nint Outside2() { return 3; }\n' \
  > "$work/open_test.cpp"
out=$(check "$work/bare_test.cpp" "$work/late_test.cpp" "$work/open_test.cpp")
echo "$out" | grep -q "bare_test.cpp: its code is not in 'namespace bare_test {'" ||
  { echo "FAIL: a test file without its namespace passed: $out"; exit 1; }
echo "$out" | grep -q "late_test.cpp: an #include after" ||
  { echo "FAIL: a test file with a late #include passed: $out"; exit 1; }
echo "$out" | grep -q "open_test.cpp: 'namespace open_test' does not close at the end" ||
  { echo "FAIL: a test file with code after its namespace passed: $out"; exit 1; }
echo "all ${#files[@]} test files keep their names in a namespace of their own"
