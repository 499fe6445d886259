#!/bin/sh
# regen.sh — rewrites the parts marked "generated" of the files named (completions, man
# page) from fpx's tables, as tools/tables prints them (tools/regen.awk says how); a file
# is replaced only when its text changes. `make regen` runs it; tests/generated.sh
# runs it on copies.
# Usage: sh tools/regen.sh [-t TABLES-PROGRAM] FILE...
HERE=$(cd "$(dirname "$0")" && pwd)
TABLES=$HERE/tables
if [ "$1" = -t ]; then TABLES=$2; shift 2; fi
T=${TMPDIR:-/tmp}/fpx-regen.$$
trap 'rm -f "$T" "$T.new"' EXIT
"$TABLES" > "$T" || { echo "regen: $TABLES failed" >&2; exit 1; }
for file in "$@"; do
	awk -f "$HERE/regen.awk" "$T" "$file" > "$T.new" || exit 1
	if ! cmp -s "$file" "$T.new"; then
		cat "$T.new" > "$file" && echo "regen: rewrote $file"
	fi
done
