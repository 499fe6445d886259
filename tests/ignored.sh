#!/bin/sh
# ignored.sh — no test data is hidden by .gitignore. A rule meant for build products
# (once `*.d`, which also matched the folder tests/records.d) makes `git add -A` leave a
# new test file out without a word, and a clean clone then runs without it.
#  1. Every ignored file under tests/ is something the build makes: a program built
#     from its own tests/NAME.c (or tests/fuzz/NAME.c), or the scratch folder tests/work.
#  2. In every folder under tests/ that holds tracked files, a new file named like each
#     of them (the same extension, or none) would be taken by `git add`.
# Usage: sh tests/ignored.sh   (from anywhere; skipped outside a git checkout of fpx)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }

top=$(git rev-parse --show-toplevel 2>/dev/null)
if [ "$top" != "$ROOT" ]; then
	# the sanitizer's and the wide build's copies of the tree have no .git of their own
	echo "ignored: not a git checkout of its own, nothing to check here"
	echo "ignored: 0 passed, 0 failed"
	exit 0
fi

# 1. what is ignored under tests/ is a build product
ignored=$(git ls-files --others --ignored --exclude-standard tests/)
for f in $ignored; do
	case $f in
	tests/work/*) ok; continue ;;
	esac
	if [ -f "$f.c" ]; then ok; else bad "$f is ignored by .gitignore ($(git check-ignore -v "$f" | cut -f1)) but is not built from $f.c"; fi
done

# 2. a new file beside each tracked one would be added
probes=$(git ls-files tests/ | awk '{
	dir = $0; sub(/\/[^\/]*$/, "", dir)
	base = $0; sub(/.*\//, "", base)
	ext = ""; if (match(base, /\.[^.]*$/)) ext = substr(base, RSTART)
	print dir "/new-file-probe" ext }' | sort -u)
for p in $probes; do
	if rule=$(git check-ignore -v --no-index "$p"); then
		bad "a new $p would be ignored ($rule)"
	else
		ok
	fi
done

echo "ignored: $pass passed, $fail failed"
[ "$fail" = 0 ]
