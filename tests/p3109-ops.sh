#!/bin/sh
# p3109-ops.sh — fpx map's operations by name (src/commands/mapfn.h): extrema, clamp,
# comparisons by name, totalorder, predicates, class, next codes, by IEEE P3109's rules
# in its formats (Binary8p3se, Binary8p4sf, Binary8p3uf, Binary4p2sf, Binary8p1se,
# Binary6p2ue) and IEEE 754's in binary16, E4M3 and E4M3FNUZ.
#
# The table tests/p3109/ops.txt holds the expected results, written by
# tests/p3109/ops.py, an implementation of the report's rule rows and of IEEE 754's
# text independent of fpx (see there). A line: FORMAT, OPTIONS (- for none), EXPR,
# CODES, RESULTS, tab-separated; CODES `*` for every code (map's own rows), or the
# codes whose every combination (x slowest) is fed to map; RESULTS one per row, the
# result's code with `!flags` when flags are raised, or class's name. Each row counts
# once. Then the cases written here by hand from the report (projection into another
# format, constants, refusals, output forms), and the names help lists against the
# man page.
# Usage: sh tests/p3109-ops.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
DATA=$(dirname "$0")/p3109/ops.txt

# combinations N CODES...: every N-tuple of the codes, a line each, the first slowest
combinations() {
	n=$1
	shift
	echo "$@" | awk -v n="$n" '{
		total = 1; for (i = 0; i < n; i++) total *= NF
		for (r = 0; r < total; r++) { line = ""; k = r
			for (i = n - 1; i >= 0; i--) { c[i] = $((k % NF) + 1); k = int(k / NF) }
			for (i = 0; i < n; i++) line = line (i ? " " : "") c[i]
			print line } }'
}

# ---- the table ----------------------------------------------------------------------
lines=0
while IFS='	' read -r format options expr codes results; do
	case $format in '#'* | '') continue ;; esac
	lines=$((lines + 1))
	[ "$options" = - ] && options=
	arity=$(printf '%s' "$expr" | tr -cd ',' | wc -c)
	arity=$((arity + 1))
	# shellcheck disable=SC2086 # options and codes are words
	if [ "$codes" = '*' ]; then
		"$FPX" map $options "$format" "$expr" > "$T/got" 2> "$T/err"
	else
		combinations "$arity" $codes | "$FPX" map $options "$format" "$expr" - > "$T/got" 2> "$T/err"
	fi
	# shellcheck disable=SC2086
	printf '%s\n' $results > "$T/want"
	# shellcheck disable=SC2046 # the two counts are words
	set -- $(awk -F '\t' -v n="$arity" -v what="$format $expr" 'NR == FNR { want[FNR] = $0; rows = FNR; next }
		{ got = $(n + 1); if (NF > n + 1 && $(n + 2) != "-") got = got "!" $(n + 2)
		  ops = $1; for (i = 2; i <= n; i++) ops = ops " " $i
		  if (got == want[FNR]) same++
		  else if (++apart <= 3) printf "FAIL: %s %s: want %s, fpx %s\n", what, ops, want[FNR], got > "/dev/stderr"
		  seen = FNR }
		END { if (seen != rows) { printf "FAIL: %s: %d rows, want %d\n", what, seen, rows > "/dev/stderr"; apart += rows - seen }
		      print same + 0, apart + 0 }' "$T/want" "$T/got" 2> "$T/apart")
	pass=$((pass + $1)) fail=$((fail + $2))
	cat "$T/apart"
	[ -s "$T/err" ] && bad "$format $expr: stderr: $(head -c 200 "$T/err")"
done < "$DATA"
[ "$lines" -gt 200 ] && ok || bad "only $lines lines read from $DATA"

# ---- by hand ------------------------------------------------------------------------
# map_is ARGS... -- WANT: fpx map's whole output (one line per row, tabs) is WANT
map_is() {
	args=
	while [ "$1" != -- ]; do args="$args $(printf '%s' "$1" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")"; shift; done
	shift
	want=$(printf '%s\n' "$@")
	got=$(eval "\"\$FPX\" map $args" 2>&1)
	[ "$got" = "$want" ] && ok || bad "fpx map$args: want '$want', got '$got'"
}
# refused ARGS...: fpx map exits 2 with a message
refused() {
	"$FPX" map "$@" > "$T/out" 2> "$T/err"
	status=$?
	[ $status = 2 ] && [ -s "$T/err" ] && [ ! -s "$T/out" ] && ok ||
		bad "fpx map $*: exit $status, want 2 and a message ($(head -c 100 "$T/err"))"
}

# Projection into another format (§4.11: the operand picked, then ωProject): binary16
# 0x3c66 = 1 + 102/1024 lies between Binary8p3se's 1 (0x40) and 1.25 (0x41), nearer 1;
# 0x3d00 = 1.25 exactly; 65504 = 0x7bff past Binary8p3se's midpoint 53248 between
# MaxFinite 49152 and the next binade: +Inf under SatNone (§4.7.5), MaxFinite 0x7e with -s
map_is --to binary8p3se binary16 'maximum(x,y)' '0x3c00 0x3c66' '0x3d00 0xbc00' '0x7bff 0x0000' -- \
	"0x3c00	0x3c66	0x40	inexact" "0x3d00	0xbc00	0x41	-" "0x7bff	0x0000	0x7f	inexact|overflow"
map_is -s --to binary8p3se binary16 'maximum(x,y)' '0x7bff 0x0000' -- "0x7bff	0x0000	0x7e	inexact|overflow|saturated"
# a next code is one of the operand's format, projected: Binary8p3se 0x41 = 1.25 up is
# 0x42 = 1.5, which binary16 holds exactly (0x3e00); +Inf up is NaN (§4.16)
map_is --in binary8p3se --to binary16 'nextgreaterthan(x)' 0x41 0x7f -- "0x41	0x3e00	-" "0x7f	0x7e00	-"
# constants: clamp(x, -1, 1) (§4.11.4: +Inf to Hi, NaN to NaN, 1.25 to 1, -1.25 to -1)
map_is binary8p3se 'clamp(x, -1, 1)' 0x7f 0x80 0x41 0xc1 0x3f 0xff -- "0x7f	0x40	-" "0x80	0x80	-" \
	"0x41	0x40	-" "0xc1	0xc0	-" "0x3f	0x3f	-" "0xff	0xc0	-"
# clamp of binary16's -0 to [0, 1]: X <= Lo as reals, so Lo, the constant +0
map_is binary16 'clamp(x, 0, 1)' 0x8000 -- "0x8000	0x0000	-"
map_is binary8p3se 'totalorder(x, 0)' 0x80 0x81 0x00 0x01 -- "0x80	0x40	-" "0x81	0x40	-" "0x00	0x40	-" "0x01	0x00	-"
# names are case-insensitive (the report's spelling works); a comparison by name is map's
# comparison, its sides any expressions: 2*1.25 < 3
map_is binary8p3se 'MinimumNumber(x, y)' '0x80 0xc0' -- "0x80	0xc0	0xc0	-"
map_is binary8p3se 'compareless(x*2, 3)' 0x41 -- "0x41	0x40	-"
# outputs: class in JSON and with a header; booleans in TestFloat's lines
map_is binary8p3se 'class(x)' --json 0x7f -- '{"x":"0x7f","class":"ClsPositiveInfinity"}'
map_is binary16 'class(x)' --header -o x,xv 0x8000 -- "x	xv	class" "0x8000	-0	negativeZero"
map_is binary16 --testfloat 'isnan(x)' 0x7e00 0x3c00 -- "7E00 1 00" "3C00 0 00"
map_is binary16 --testfloat 'minimum(x,y)' '0x7c01 0x3c00' -- "7C01 3C00 7E01 10"
# the predicates are quiet: a signaling NaN raises nothing (IEEE 754 §5.7.2)
map_is binary16 'issignminus(x)' 0xfc01 -- "0xfc01	0x3c00	-"
# an operand whose format has no such notion, or a call that is not the whole expression
refused int8 'class(x)'
refused int8 'nextup(x)'
refused int8 'isnormal(x)'
map_is int8 'isnan(x)' 0x05 -- "0x05	0x00	-"
map_is int8 'maximum(x, y)' '0x80 0x7f' -- "0x80	0x7f	0x7f	-"
refused binary8p3se 'class(x)' -o hex
refused binary8p3se 'class(x)' --testfloat
refused binary8p3se 'isnan(x+1)'
refused binary8p3se 'isnan(1)'
refused binary8p3se 'minimum(x)'
refused binary8p3se 'minimum(x,y) + 1'
refused binary8p3se 'clamp(x, y, z, x)'
refused binary8p3se 'nextup(x'
# without FORMAT: a call is told from a format's name
map_is --in binary8p3se --to binary8p3se 'isone(x)' 0x40 -- "0x40	0x40	-"

# ---- the names help lists are in the man page -----------------------------------------
MAN=$(dirname "$0")/../man/fpx.1
names=$("$FPX" map --help | sed -n '/^Operations by name/,/^$/p' | sed -n 's/^  \([a-z]\)/\1/p' | sed 's/ *(.*//')
[ -n "$names" ] && ok || bad "fpx map --help lists no operations"
for name in $names; do
	grep -q "$name" "$MAN" && ok || bad "$name: in fpx map --help, not in the man page"
done

echo "p3109-ops: $pass passed, $fail failed"
[ "$fail" = 0 ]
