#!/usr/bin/env bash
# `cmake --install` of this build into a scratch prefix puts exactly cairn, cairn(6) and the
# shipped data there; the installed program runs from another folder (it needs no source tree);
# the manual page holds the usage of --help and the keys table; and removing what the install
# manifest lists leaves no file behind.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
source=$2
prefix=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Its own manifest, so the build's (make uninstall's) is left as it was.
cp "$build/install_manifest.txt" "$elsewhere/manifest.before" 2>/dev/null
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install failed"; exit 1; }
manifest="$elsewhere/manifest"
cp "$build/install_manifest.txt" "$manifest"
if [ -f "$elsewhere/manifest.before" ]; then cp "$elsewhere/manifest.before" "$build/install_manifest.txt"; fi

expected=$( (echo bin/cairn; echo share/man/man6/cairn.6
             cd "$source/data" && find . -type f | sed 's|^\./|share/cairn/|') | sort)
installed=$(cd "$prefix" && find . -type f | sed 's|^\./||' | sort)
[ "$installed" = "$expected" ] || { fail "the install is not exactly cairn, cairn(6) and data/"; diff <(echo "$expected") <(echo "$installed"); }
listed=$(sed "s|^$prefix/||" "$manifest" | sort)
[ "$listed" = "$expected" ] || fail "the install manifest does not list exactly what was installed"

# From another folder, with nothing but the prefix on the PATH.
(cd "$elsewhere" && env -i HOME="$elsewhere" PATH="$prefix/bin:/usr/bin:/bin" cairn --version) \
  | grep -q '^cairn ' || fail "the installed cairn does not run from another folder"
(cd "$elsewhere" && env -i HOME="$elsewhere" PATH="$prefix/bin:/usr/bin:/bin" \
   cairn sim --ticks 30) | grep -qE '^tick 30 state [0-9a-f]{16}$' \
  || fail "the installed cairn does not play its built-in dungeon from another folder"
(cd "$elsewhere" && env -i HOME="$elsewhere" PATH="$prefix/bin:/usr/bin:/bin" \
   cairn check "$prefix/share/cairn/levels/cellar.toml") >/dev/null \
  || fail "the installed data does not check"

page="$prefix/share/man/man6/cairn.6"
grep -q '^\.TH CAIRN 6 ' "$page" || fail "cairn.6 is not section 6"
grep -q 'cairn lesson \[\\-\\-auto | \\-\\-text\]' "$page" || fail "cairn.6 lacks the usage of --help"
keys_rows=$("$build/cairn" keys | grep -c '^| `')
page_keys=$(grep -c '^\.TP' "$page")
[ "$page_keys" -ge "$keys_rows" ] || fail "cairn.6 has $page_keys entries for the $keys_rows rows of the keys table"
grep -q 'pane_scroll\|scroll the view' "$page" || fail "cairn.6 lacks the keys table's words"
if command -v man >/dev/null 2>&1; then
  MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q 'SYNOPSIS' || fail "man cannot read cairn.6"
fi

# Removing what the manifest lists leaves no file.
xargs -d '\n' rm -f -- < "$manifest"
left=$(cd "$prefix" && find . -type f)
[ -z "$left" ] || fail "files left after removing the manifest's: $left"

[ $failures -eq 0 ] || exit 1
echo "install: cairn, cairn(6) and data/ installed, run from elsewhere, removed"
