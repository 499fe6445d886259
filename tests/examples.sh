#!/bin/sh
# examples.sh — every "$ command" shown in the man page's EXAMPLES and in the README's
# console blocks is run, and its output compared with the lines shown under it; fpx is
# found first in the build directory.
# Usage: sh tests/examples.sh [build-dir]
BUILD=$(cd "${1:-.}" && pwd)
T=${TMPDIR:-/tmp}/fpx-examples.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# extract KIND FILE: writes $T/N.cmd and $T/N.want for each example; prints the count
extract() {
	rm -f "$T"/*.cmd "$T"/*.want
	awk -v kind="$1" -v dir="$T" '
	function unescape(s) { gsub(/\\e/, "\\", s); gsub(/\\&/, "", s); return s }
	kind == "man" && /^\.Sh / { in_examples = ($2 == "EXAMPLES") }
	kind == "man" && in_examples && /^\.Bd -literal/ { block = 1; next }
	kind == "man" && block && /^\.Ed/ { block = 0; next }
	kind == "md" && /^```console/ { block = 1; next }
	kind == "md" && block && /^```/ { block = 0; next }
	!block { next }
	/^\$ / { n++; cmd = substr($0, 3); if (kind == "man") cmd = unescape(cmd)
		 print cmd > (dir "/" n ".cmd"); printf "" > (dir "/" n ".want"); next }
	n { line = $0; if (kind == "man") line = unescape(line); print line >> (dir "/" n ".want") }
	END { print n + 0 }
	' "$2"
}

# blank lines at the end separate examples; inside an output they count
trim_trailing_blanks() {
	awk '/^$/ { blank++; next } { while (blank) { print ""; blank-- } print }'
}

check_file() {
	count=$(extract "$1" "$2")
	[ "$count" -gt 0 ] || { fail=$((fail + 1)); echo "FAIL: no examples found in $2"; return; }
	i=1
	while [ "$i" -le "$count" ]; do
		cmd=$(cat "$T/$i.cmd")
		PATH="$BUILD:$PATH" sh -c "$cmd" 2>&1 | trim_trailing_blanks > "$T/$i.got"
		trim_trailing_blanks < "$T/$i.want" > "$T/$i.w"
		if cmp -s "$T/$i.got" "$T/$i.w"; then pass=$((pass + 1)); else
			fail=$((fail + 1))
			echo "FAIL: $2: \$ $cmd"
			diff "$T/$i.w" "$T/$i.got" | head -8 | sed 's/^/    /'
		fi
		i=$((i + 1))
	done
}

check_file man man/fpx.1
check_file md README.md
printf 'examples: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
