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

# The README's quick start: its first command must work as root with no sudo installed
# (a root container) and as a user through sudo. apt-get, sudo, id and make are stubs
# that record what they were asked; the showcase conversion is the real fpx.
quick=$(awk '/^## Quick start/ { q = 1 } q && /^```sh/ { getline; print; exit }' README.md)
mkdir -p "$T/bin"
for tool in apt-get make; do
	printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\n' "$tool" "$T" > "$T/bin/$tool"
done
printf '#!/bin/sh\necho "sudo $*" >> "%s/calls"\n"$@"\n' "$T" > "$T/bin/sudo"
chmod +x "$T/bin/"*
quick_start() { # UID: the calls the first command makes, and its output
	printf '#!/bin/sh\necho %s\n' "$1" > "$T/bin/id"
	chmod +x "$T/bin/id"
	rm -f "$T/calls"
	ln -sf "$BUILD/fpx" "$T/fpx"
	(cd "$T" && PATH="$T/bin:/usr/bin:/bin" sh -c "$quick")
	cat "$T/calls"
}
rm -f "$T/bin/sudo.off"
mv "$T/bin/sudo" "$T/bin/sudo.off"
got=$(PATH="$T/bin:/usr/bin:/bin"; command -v sudo >/dev/null 2>&1 && echo "(sudo on the path: skipped)" || quick_start 0)
want="0x7f	nan
apt-get update
apt-get install -y gcc make libgmp-dev libmpfr-dev libmpfi-dev libedit-dev python3-dev python3-numpy python3-pytest
make -j$(nproc)"
case $got in "(sudo"*) echo "examples: $got" ;; *)
	if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: the quick start as root without sudo:"; printf '%s\n' "$got" | sed 's/^/    /'; fi ;;
esac
mv "$T/bin/sudo.off" "$T/bin/sudo"
got=$(quick_start 1000)
want="0x7f	nan
sudo apt-get update
apt-get update
sudo apt-get install -y gcc make libgmp-dev libmpfr-dev libmpfi-dev libedit-dev python3-dev python3-numpy python3-pytest
apt-get install -y gcc make libgmp-dev libmpfr-dev libmpfi-dev libedit-dev python3-dev python3-numpy python3-pytest
make -j$(nproc)"
if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: the quick start as a user through sudo:"; printf '%s\n' "$got" | sed 's/^/    /'; fi
printf 'examples: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
