#!/usr/bin/env bash
# Every C++ source is laid out as .clang-format says (issue 15: rules that run). Reformat with
#   clang-format-14 -i $(find core term tests examples -name '*.cpp' -o -name '*.h')
# and the check also refuses a scratch file laid out by hand, so it cannot pass by checking nothing.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
format=$(command -v clang-format-14 || command -v clang-format) || {
  echo "FAIL: clang-format is not installed (make check installs it: package clang-format)"
  exit 1
}
cd "$root" || exit 1
mapfile -t files < <(find core term tests examples -name '*.cpp' -o -name '*.h' | LC_ALL=C sort)
[ ${#files[@]} -gt 100 ] || { echo "FAIL: only ${#files[@]} sources found under $root"; exit 1; }
if ! out=$("$format" --dry-run -Werror "${files[@]}" 2>&1); then
  echo "$out" | grep 'error:' | sed 's/: error: code should be clang-formatted.*/: not formatted/' | sort -u
  echo "FAIL: the files above differ from .clang-format; run $format -i on them"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp .clang-format "$work/"
printf 'int  f( int x ){return x;}\n' > "$work/scratch.cpp"
if "$format" --dry-run -Werror "$work/scratch.cpp" >/dev/null 2>&1; then
  echo "FAIL: a badly laid out scratch file passed the format check"
  exit 1
fi
echo "all ${#files[@]} C++ sources follow .clang-format"
