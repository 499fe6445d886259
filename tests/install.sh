#!/bin/sh
# install.sh — `make install` and `make uninstall` into a DESTDIR, with PREFIX given to
# make and (where autoconf is installed) through ./configure --prefix: the binary runs,
# the man pages and the three completions land where each reader looks, libfpx's
# shared library, header and pkg-config file too (the program of libfpx(3)'s EXAMPLES
# builds with them and prints what the page says), and uninstall removes them all.
# Usage: sh tests/install.sh
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=${TMPDIR:-/tmp}/fpx-install.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }

FILES="bin/fpx share/man/man1/fpx.1 share/bash-completion/completions/fpx
share/zsh/site-functions/_fpx share/fish/vendor_completions.d/fpx.fish share/man/man3/libfpx.3
lib/libfpx.so.1.0.0 lib/libfpx.so.1 lib/libfpx.so include/fpx.h lib/pkgconfig/fpx.pc"

# check_tree ROOT PREFIX: every file is there and the binary runs
check_tree() {
	for f in $FILES; do
		[ -f "$1$2/$f" ] && ok || bad "$1$2/$f not installed"
	done
	"$1$2/bin/fpx" --version | grep -q '^fpx ' && ok || bad "the installed fpx does not run"
}

check_gone() {
	for f in $FILES; do
		[ ! -e "$1$2/$f" ] && ok || bad "$1$2/$f left after uninstall"
	done
}

# example PAGE BLOCK: the lines of the page's BLOCKth literal block in EXAMPLES
example() {
	awk -v want="$2" '/^\.Sh / { on = ($2 == "EXAMPLES") } on && /^\.Bd -literal/ { n++; inside = 1; next }
		inside && /^\.Ed/ { inside = 0 } inside && n == want { gsub(/\\e/, "\\"); print }' "$1"
}

# libfpx(3)'s example, built with the installed header and library through pkg-config
check_library() {
	example "$ROOT/man/libfpx.3" 1 > "$T/example.c"
	example "$ROOT/man/libfpx.3" 2 > "$T/example.want"
	if command -v pkg-config >/dev/null 2>&1; then
		flags=$(PKG_CONFIG_PATH="$1$2/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$1" pkg-config --cflags --libs fpx)
	else # the flags fpx.pc gives, read from it
		flags="-I$1$(sed -n 's/^includedir=//p' "$1$2/lib/pkgconfig/fpx.pc") -L$1$(sed -n 's/^libdir=//p' "$1$2/lib/pkgconfig/fpx.pc") -lfpx"
	fi
	if cc -o "$T/example.c.bin" "$T/example.c" $flags &&
		LD_LIBRARY_PATH="$1$2/lib" "$T/example.c.bin" > "$T/example.got" &&
		cmp -s "$T/example.got" "$T/example.want"; then
		ok
	else
		bad "libfpx(3)'s example, built with the installed library, does not print what the page says"
	fi
}

# PREFIX and DESTDIR given to make
make -s -C "$ROOT" install DESTDIR="$T/dest" PREFIX=/opt/fpx >/dev/null || bad "make install failed"
check_tree "$T/dest" /opt/fpx
# a program and python3 built without the sanitizers cannot load what they built: the
# library and the module are left to the plain build there
[ -z "${FPX_SANITIZE:-}" ] && check_library "$T/dest" /opt/fpx
# the Python module, where a python3 with numpy built it: importable from where it went
# (a make of its own: under `make -jN -C DIR check`, the flags it would inherit print
# "Entering directory" even with --no-print-directory)
[ -n "${FPX_SANITIZE:-}" ] || py=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$ROOT" --no-print-directory \
	-f Makefile -f - print-python PREFIX=/opt/fpx <<'EOF2' 2>/dev/null
print-python: ; @echo $(PYTHON) $(PYTHONDIR)
EOF2
)
if [ -n "$py" ]; then
	set -- $py
	PYTHONPATH="$T/dest$2" "$1" -c 'import fpx; assert fpx.encode([448.0], "e4m3")[0] == 0x7e' && ok ||
		bad "the installed Python module does not import from $T/dest$2"
fi
make -s -C "$ROOT" uninstall DESTDIR="$T/dest" PREFIX=/opt/fpx >/dev/null || bad "make uninstall failed"
check_gone "$T/dest" /opt/fpx

# ./configure --prefix, in a copy of the sources
if command -v autoconf >/dev/null 2>&1; then
	mkdir "$T/src"
	files=$(cd "$ROOT" && git ls-files --cached --others --exclude-standard 2>/dev/null)
	[ -n "$files" ] || files=$(cd "$ROOT" && find . -name .git -prune -o -name .sanitize -prune -o -type f -print)
	printf '%s\n' "$files" | (cd "$ROOT" && tar cf - -T -) | (cd "$T/src" && tar xf -)
	if (cd "$T/src" && autoconf && ./configure --prefix=/usr/local/fpx-test >/dev/null &&
		make -s >/dev/null 2>&1 && make -s install DESTDIR="$T/conf" >/dev/null); then
		ok
		check_tree "$T/conf" /usr/local/fpx-test
	else
		bad "./configure --prefix and make install failed"
	fi
	# PREFIX given to make still moves a configured tree's directories
	(cd "$T/src" && make -s install DESTDIR="$T/moved" PREFIX=/opt/moved >/dev/null) && ok || bad "make install PREFIX= after ./configure failed"
	check_tree "$T/moved" /opt/moved
	# --bindir, --datarootdir and --mandir are honoured, not just accepted
	if (cd "$T/src" && ./configure --prefix=/p --bindir=/b --datarootdir=/d --mandir=/m >/dev/null &&
		make -s >/dev/null 2>&1 && make -s install DESTDIR="$T/dirs" >/dev/null); then
		for f in b/fpx m/man1/fpx.1 d/bash-completion/completions/fpx d/zsh/site-functions/_fpx \
			d/fish/vendor_completions.d/fpx.fish; do
			[ -f "$T/dirs/$f" ] && ok || bad "configure's directories: $f not installed"
		done
	else
		bad "./configure --bindir --datarootdir --mandir and make install failed"
	fi
	# a new configuration rebuilds the objects (they depend on config.mk)
	(cd "$T/src" && sleep 1 && ./configure --prefix=/q CFLAGS=-O1 >/dev/null && make 2>&1) | grep -q -- '-O1 .*-c -o src/round/round.o' &&
		ok || bad "a reconfigure did not rebuild the objects"
else
	echo "install: autoconf is not installed; the configure route is skipped"
fi

printf 'install: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
