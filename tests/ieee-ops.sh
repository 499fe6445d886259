#!/bin/sh
# ieee-ops.sh — fpx map's IEEE 754 operations by name (src/commands/mapfn.h,
# src/round/integral.h): roundToIntegral in each mode and Exact, remainder, the
# comparisons of §5.11 (TestFloat's eq, le, lt, eq_signaling, le_quiet, lt_quiet among
# them, and x<y, x<=y, x==y), scaleB, logB, minNum/maxNum(Mag), totalOrderMag,
# isSignaling, isCanonical, in binary16, binary32, binary64 and x87.
#
# The table tests/ieee-ops.txt holds the expected results, written by
# tests/ieee-ops.py from Python's math.remainder, math.frexp, struct and fractions and
# the standard's text, never from fpx (see there). A line: FORMAT (- for none), OPTIONS
# (- for none), EXPR, each variable's codes (lists apart by ' / '), then each row's
# result and flags as TestFloat writes them (`7FC00000!10`: flags after '!' when any);
# the rows are every combination of the codes, x slowest, through one
# `fpx map --testfloat`. Then cases by hand (P3109's formats, E4M3, refusals), and,
# where Berkeley TestFloat is built (TESTFLOAT, default /work/testfloat/build/8086-SSE;
# skipped when absent), testfloat_gen's level-1 operands of f32_roundToInt (six modes,
# exact and not), f32_rem and the six f32 comparisons through fpx into testfloat_ver.
# Usage: sh tests/ieee-ops.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
DATA=$(dirname "$0")/ieee-ops.txt

# rows CODES: every combination of the lists (x slowest), a line each, codes as 0x...
rows() {
	printf '%s\n' "$1" | awk -F ' / ' '{
		total = 1; for (v = 1; v <= NF; v++) { n[v] = split($v, list, " "); for (i = 1; i <= n[v]; i++) code[v, i] = list[i]; total *= n[v] }
		for (r = 0; r < total; r++) { k = r; line = ""
			for (v = NF; v >= 1; v--) { c[v] = code[v, (k % n[v]) + 1]; k = int(k / n[v]) }
			for (v = 1; v <= NF; v++) line = line (v > 1 ? " " : "") "0x" c[v]
			print line } }'
}

# ---- the table ----------------------------------------------------------------------
lines=0
while IFS='	' read -r format options expr codes results; do
	case $format in '#'* | '') continue ;; esac
	lines=$((lines + 1))
	[ "$format" = - ] && format=
	[ "$options" = - ] && options=
	# shellcheck disable=SC2086 # options are words; format is one or none
	rows "$codes" | "$FPX" map -q --testfloat $options $format "$expr" - > "$T/got" 2> "$T/err"
	# shellcheck disable=SC2086 # the results are words
	printf '%s\n' $results > "$T/want"
	# shellcheck disable=SC2046 # the two counts are words
	set -- $(awk -v what="$format $options $expr" 'NR == FNR { want[FNR] = $0; rows = FNR; next }
		{ got = $(NF - 1); if ($NF != "00") got = got "!" $NF
		  ops = $1; for (i = 2; i < NF - 1; i++) ops = ops " " $i
		  if (got == want[FNR]) same++
		  else if (++apart <= 3) printf "FAIL: %s %s: want %s, fpx %s\n", what, ops, want[FNR], got > "/dev/stderr"
		  seen = FNR }
		END { if (seen != rows) { printf "FAIL: %s: %d rows, want %d\n", what, seen, rows > "/dev/stderr"; apart += rows - seen }
		      print same + 0, apart + 0 }' "$T/want" "$T/got" 2> "$T/apart")
	pass=$((pass + $1)) fail=$((fail + $2))
	cat "$T/apart"
	[ -s "$T/err" ] && bad "$format $options $expr: stderr: $(head -c 200 "$T/err")"
done < "$DATA"
[ "$lines" -gt 60 ] && ok || bad "only $lines lines read from $DATA"

# ---- by hand ------------------------------------------------------------------------
# tf ARGS... -- WANT...: fpx map --testfloat's lines for the codes after -
tf() {
	args=
	while [ "$1" != -- ]; do args="$args $(printf '%s' "$1" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")"; shift; done
	shift
	want=$(printf '%s\n' "$@")
	got=$(eval "\"\$FPX\" map -q --testfloat $args" 2>&1)
	[ "$got" = "$want" ] && ok || bad "fpx map --testfloat$args: want '$want', got '$got'"
}
# refused ARGS...: fpx map exits 2 with a message
refused() {
	"$FPX" map "$@" > "$T/out" 2> "$T/err"
	status=$?
	[ $status = 2 ] && [ -s "$T/err" ] && [ ! -s "$T/out" ] && ok ||
		bad "fpx map $*: exit $status, want 2 and a message ($(head -c 100 "$T/err"))"
}

# Binary8p3se (P3109: bias 16, two fraction bits): 0x40 is 1, 0x42 1.5, 0x44 2,
# 0xbc -0.5, 0xa0 -2^-8; one zero (0x00), so -0.5 to an integer is 0; 0xff is -inf.
tf binary8p3se 'roundtointexact(x)' 0x42 0xbc 0xa0 0x44 0x80 -- '42 44 01' 'BC 00 01' 'A0 00 01' '44 44 00' '80 80 00'
tf -r rto binary8p3se 'roundtointexact(x)' 0x42 0x44 -- '42 40 01' '44 44 00'
tf -r rtz binary8p3se 'roundtoint(x)' 0x42 -- '42 40 00'
tf binary8p3se 'logb(x)' 0x00 0x44 0x80 -- '00 FF 08' '44 40 00' '80 80 00'
tf binary8p3se 'issignaling(x)' 0x80 0x40 -- '80 0 00' '40 0 00'
tf binary8p3se 'le_quiet(x,y)' '0x80 0x40' '0x40 0x44' -- '80 40 0 00' '40 44 1 00'
tf binary8p3se 'le(x,y)' '0x80 0x40' -- '80 40 0 10'
# OCP E4M3 (bias 7, three fraction bits): 0x38 is 1, 0x50 8, 0x7f NaN (quiet: its one NaN)
tf e4m3 'scaleb(x,3)' 0x38 -- '38 50 00'
tf e4m3 'minnum(x,y)' '0x7f 0x38' -- '7F 38 38 00'
tf e4m3 'issignaling(x)' 0x7f -- '7F 0 00'
# constants
tf binary32 'scaleb(x,-1)' 0x40400000 -- '40400000 3FC00000 00'
tf binary32 'lt(x,1)' 0x3f800000 0x7fc00000 -- '3F800000 0 00' '7FC00000 0 10'
# refused: n not an integer, x of an integer format, a call that is not the whole expression
refused binary32 'scaleb(x, 0.5)'
refused --in binary32,binary32 --to binary32 'scaleb(x,y)'
refused int32 'logb(x)'
refused --in int32,int32 --to int32 'scaleb(x,y)'
refused binary32 'roundtoint(x, y)'
refused binary32 'roundtoint(x) + 1'

# ---- against Berkeley TestFloat, where it is built -------------------------------------
TF=${TESTFLOAT:-/work/testfloat/build/8086-SSE}
# testfloat NAME FPX-EXPR FPX-OPTIONS TESTFLOAT-OPTIONS...: gen's operands, fpx, ver
testfloat() {
	name=$1 expr=$2 fopts=$3
	shift 3
	"$TF/testfloat_gen" "$@" "$name" | awk '{ s = ""; for (i = 1; i <= NF - 2; i++) s = s (i > 1 ? " " : "") "0x" $i; print s }' |
		"$FPX" map -q --testfloat $fopts binary32 "$expr" - |
		"$TF/testfloat_ver" -errors 0 "$@" "$name" > "$T/ver" 2>&1
	status=$?
	n=$(sed -n 's/.*In \([0-9]*\) tests, no errors found.*/\1/p' "$T/ver")
	if [ $status = 0 ] && [ -n "$n" ] && [ "$n" -gt 0 ]; then
		ok
		tested=$((tested + n))
	else
		bad "testfloat $name $* ($expr $fopts): $(grep -v '^  ' "$T/ver" | head -c 300)"
	fi
}
tested=0
if [ -x "$TF/testfloat_gen" ] && [ -x "$TF/testfloat_ver" ]; then
	for pair in rne:near_even rtz:minMag rdn:min rup:max rna:near_maxMag rto:odd; do
		testfloat f32_roundToInt 'roundtointexact(x)' "-r ${pair%%:*}" "-r${pair#*:}" -exact
		testfloat f32_roundToInt 'roundtoint(x)' "-r ${pair%%:*}" "-r${pair#*:}" -notexact
	done
	testfloat f32_rem 'rem(x,y)' ''
	for name in eq le lt eq_signaling le_quiet lt_quiet; do
		testfloat "f32_$name" "$name(x,y)" ''
	done
	echo "ieee-ops: TestFloat ($TF): $tested lines verified"
else
	echo "ieee-ops: TestFloat not built at $TF: its checks skipped"
fi

echo "ieee-ops: $pass passed, $fail failed"
[ "$fail" = 0 ]
