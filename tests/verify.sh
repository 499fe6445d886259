#!/bin/sh
# verify.sh — fpx verify (issue 36, item 4): map's own vectors verify with no error, in
# fpx's TSV and in TestFloat's lines; device lines whose results are worked out by hand
# (binary16 and E4M3 products, a comparison) pass, and wrong ones (a code, a flag, a
# NaN of another payload with and without --check-nans, a signaling NaN, a line that
# cannot be read) are reported exactly; -j 2 writes what one process writes.
# Usage: sh tests/verify.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
tab=$(printf '\t')

# expect NAME STATUS WANT INPUT -- COMMAND...: COMMAND reading INPUT (a file) writes
# WANT on stdout and ends with STATUS
expect() {
	name=$1 status=$2 want=$3 input=$4
	shift 5
	got=$("$@" < "$input" 2>"$T/err")
	rc=$?
	if [ "$rc" = "$status" ] && [ "$got" = "$want" ]; then ok; else
		bad "$name: status $rc (want $status)"
		printf '%s\n' "    got:  $got" "    want: $want" "    stderr: $(head -c 300 "$T/err")"
	fi
}

# ---- map's own vectors: no error ---------------------------------------------------------
# (the expected values are fpx's: a round trip through both forms and the settings)
roundtrip() { # NAME COUNT MAP-ARGUMENTS... -- VERIFY-ARGUMENTS...
	name=$1 count=$2
	shift 2
	margs= vargs= seen=
	for a in "$@"; do
		if [ "$a" = "--" ]; then seen=1; elif [ "$seen" ]; then vargs="$vargs '$a'"; else margs="$margs '$a'"; fi
	done
	eval "$FPX map -q $margs" > "$T/lines" 2>/dev/null
	eval "set -- $vargs"
	expect "$name" 0 "$count tests, 0 errors" "$T/lines" -- $FPX verify -q "$@"
}
roundtrip "binary16 x*y tsv" 3000 binary16 'x*y' --random 3000 -o x,y,hex,flags -- binary16 'x*y'
roundtrip "binary16 x*y testfloat" 3000 binary16 'x*y' --random 3000 --testfloat -- binary16 'x*y'
roundtrip "e4m3 x*y every pair" 65536 e4m3 'x*y' --testfloat -- e4m3 'x*y' -
roundtrip "e4m3 x*y -s" 65536 e4m3 'x*y' -s -o x,y,hex,flags -- -s e4m3 'x*y'
roundtrip "e5m2 x/y rtz" 65536 e5m2 'x/y' -r rtz --testfloat -- -r rtz e5m2 'x/y'
roundtrip "binary32 fma rdn" 3000 binary32 'x*y+z' -r rdn --random 3000 --testfloat -- -r rdn binary32 'x*y+z'
roundtrip "binary64 x-y rup" 3000 binary64 'x-y' -r rup --random 3000 -o x,y,hex,flags -- -r rup binary64 'x-y'
roundtrip "binary16 tininess before" 3000 binary16 'x*y' --tininess before --random 3000 --range 0x0000:0x1400 \
	--testfloat -- --tininess before binary16 'x*y'
roundtrip "binary32 to binary16" 3000 --in binary32 --to binary16 x --random 3000 --testfloat -- --in binary32 --to binary16 x
roundtrip "binary16 x < y" 3000 binary16 'x < y' --random 3000 --testfloat -- binary16 'x < y'
roundtrip "binary16 x < y tsv" 3000 binary16 'x < y' --random 3000 -o x,y,hex,flags -- binary16 'x < y'
roundtrip "binary16 sqrt" 65536 binary16 'sqrt(x)' --testfloat -- binary16 'sqrt(x)'
roundtrip "bfloat16 x+y" 3000 bfloat16 'x+y' --random 3000 --testfloat -- bfloat16 'x+y'

# the same vectors under another mode are not the same: errors, status 1
$FPX map -q binary32 'x*y+z' --random 3000 --testfloat > "$T/fma"
$FPX verify -q -r rtz binary32 'x*y+z' < "$T/fma" > "$T/out"; rc=$?
summary=$(tail -n 1 "$T/out")
case "$rc $summary" in
"1 3000 tests, "*" errors") [ "$(($(wc -l < "$T/out") - 1)) errors" = "${summary#3000 tests, }" ] && ok ||
	bad "fma rne as rtz: $(($(wc -l < "$T/out") - 1)) lines reported, summary '$summary'" ;;
*) bad "fma rne verified as rtz: status $rc, '$summary'" ;;
esac

# ---- a device's lines, worked out by hand ----------------------------------------------------
# binary16 (bias 15, 10 fraction bits): 0x3c01 = 1 + 2^-10, 0x3e00 = 1.5.
# (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20: 2^-20 is under half an ulp (2^-11): 0x3c02, inexact.
# 0x3c01 * 1.5 = 1.5 + 2^-10 + 2^-11: a tie between 0x3e01 and 0x3e02, to even: 0x3e02.
# 65504 * 2 past the largest finite: inf, inexact|overflow.
# 2^-24 * 0.5 = 2^-25, a tie between 0 and 2^-24, to even: 0, inexact|underflow (03).
# -0 * 1 = -0 exactly. inf * 0: invalid (10), a quiet NaN; any quiet NaN passes without
# --check-nans (TestFloat's rule), a signaling one (0x7d00) never.
cat > "$T/b16" <<EOF
0x3c01${tab}0x3c01${tab}0x3c02${tab}inexact
3C01 3E00 3E02 01
# a comment, and a blank line: not tests

0x7bff${tab}0x4000${tab}0x7c00${tab}overflow|inexact
0001 3800 0000 03
0x8000${tab}0x3c00${tab}0x8000${tab}-
7C00 0000 7E00 10
7C00 0000 FE55 10
7C00 0000 7D00 10
0x3c01${tab}0x3c01${tab}0x3c03${tab}inexact
3C01 3E00 3E02 00
0x7bff${tab}0x4000${tab}0x7bff${tab}inexact|overflow
3C01 3E00
0x3c01${tab}0x3c01${tab}0x3c02${tab}inexact|bogus
3C01 3E00 3E02 20
3c01 3c01 3c02
0x3c01 0x3c01 0x3c03
3C01 3C01 3C0200 01
EOF
expect "binary16 by hand" 1 "line 10: x 0x7c00 (inf), y 0x0000 (0): expected 0x7e00 (nan) invalid, got 0x7d00 (snan(0x100)) invalid
line 11: x 0x3c01 (1.0009765625), y 0x3c01 (1.0009765625): expected 0x3c02 (1.001953125) inexact, got 0x3c03 (1.0029296875) inexact
line 12: x 0x3c01 (1.0009765625), y 0x3e00 (1.5): expected 0x3e02 (1.501953125) inexact, got 0x3e02 (1.501953125) -
line 13: x 0x7bff (65504), y 0x4000 (2): expected 0x7c00 (inf) inexact|overflow, got 0x7bff (65504) inexact|overflow
line 14: cannot read '3C01 3E00': want x, y, the result and optionally its flags (fpx's or TestFloat's)
line 15: cannot read '0x3c01${tab}0x3c01${tab}0x3c02${tab}inexact|bogus': want x, y, the result and optionally its flags (fpx's or TestFloat's)
line 16: cannot read '3C01 3E00 3E02 20': want x, y, the result and optionally its flags (fpx's or TestFloat's)
line 18: x 0x3c01 (1.0009765625), y 0x3c01 (1.0009765625): expected 0x3c02 (1.001953125), got 0x3c03 (1.0029296875)
line 19: cannot read '3C01 3C01 3C0200 01': want x, y, the result and optionally its flags (fpx's or TestFloat's)
17 tests, 9 errors" "$T/b16" -- $FPX verify binary16 'x*y'

# --check-nans: the NaN of another sign and payload is an error too
expect "binary16 --check-nans" 0 "line 9: x 0x7c00 (inf), y 0x0000 (0): expected 0x7e00 (nan) invalid, got 0xfe55 (-nan(0x55)) invalid
line 10: x 0x7c00 (inf), y 0x0000 (0): expected 0x7e00 (nan) invalid, got 0x7d00 (snan(0x100)) invalid" \
	"$T/b16" -- sh -c "$FPX verify --check-nans binary16 'x*y' | grep -e '^line [19]: ' -e '^line 10: '"

# A conversion into an integer that is invalid (x86's integer indefinite 0x80000000):
# without --check-inv-ints any architecture's invalid result passes when both flag
# invalid alone, as testfloat_ver has it (test_a_f32_z_i32_rx.c): 0x7fffffff, 0x80000000,
# and 0 for a NaN; 0 for 2^31 (4F000000) does not, nor a result without the flag.
printf '7FC00000 7FFFFFFF 10\n7FC00000 00000000 10\n4F000000 7FFFFFFF 10\n4F000000 00000000 10\nCF800000 7FFFFFFF 10\nCF800000 80000000 00\n' > "$T/inv"
expect "invalid integers" 1 "line 4: x 0x4f000000 (2147483648): expected 0x80000000 (-2147483648) invalid, got 0x00000000 (0) invalid
line 6: x 0xcf800000 (-4294967296): expected 0x80000000 (-2147483648) invalid, got 0x80000000 (-2147483648) -
6 tests, 2 errors" "$T/inv" -- $FPX verify --testfloat --arch x86 f32_to_i32 -
expect "invalid integers -checkInvInts" 0 "6 tests, 6 errors" "$T/inv" -- sh -c "$FPX verify --testfloat --arch x86 -checkInvInts f32_to_i32 - | tail -n 1"
expect "invalid integers -checkAll" 0 "6 tests, 6 errors" "$T/inv" -- sh -c "$FPX verify --testfloat --arch x86 -checkAll f32_to_i32 - | tail -n 1"
# unsigned: all ones or 0 (TestFloat's test_a_f32_z_ui32_rx.c)
printf '7FC00000 00000000 10\nBF800000 FFFFFFFF 10\nBF800000 00000001 10\n' > "$T/invu"
expect "invalid unsigned" 1 "line 3: x 0xbf800000 (-1): expected 0xffffffff (4294967295) invalid, got 0x00000001 (1) invalid
3 tests, 1 error" "$T/invu" -- $FPX verify --testfloat --arch x86 f32_to_ui32 -
expect "--check-inv-ints on map" 2 "" "$T/invu" -- $FPX map --check-inv-ints --testfloat f32_to_ui32 -

# --testfloat: fpx's lines are not TestFloat's
printf '3C01 3C01 3C02 01\n0x3c01\t0x3c01\t0x3c02\tinexact\n' > "$T/tf"
expect "--testfloat" 1 "line 2: cannot read '0x3c01${tab}0x3c01${tab}0x3c02${tab}inexact': want x, y, the result and optionally its flags (TestFloat's line)
2 tests, 1 error" "$T/tf" -- $FPX verify --testfloat binary16 'x*y'

# E4M3 (OCP OFP8: bias 7, 3 fraction bits, max 448, no infinity): 0x39 = 1.125,
# 0x3a = 1.25, 0x7e = 448, 0x40 = 2, 0x30 = 0.5, 0x01 = 2^-9.
# 1.125^2 = 1.265625: 1.25 (0x3a) is nearest, inexact. 1.25^2 = 1.5625, a tie between
# 1.5 (0x3c) and 1.625 (0x3d), to even: 0x3c. 448 * 2 = 896: NaN (0x7f), inexact|overflow;
# with -s, 448 (0x7e). 2^-9 * 0.5 = 2^-10, a tie between 0 and 2^-9: 0, inexact|underflow.
cat > "$T/e4m3" <<EOF
0x39${tab}0x39${tab}0x3a${tab}inexact
3A 3A 3C 01
3A 3A 3D 01
0x7e${tab}0x40${tab}0x7f${tab}inexact|overflow
01 30 00 03
EOF
expect "e4m3 by hand" 1 "line 3: x 0x3a (1.25), y 0x3a (1.25): expected 0x3c (1.5) inexact, got 0x3d (1.625) inexact
5 tests, 1 error" "$T/e4m3" -- $FPX verify e4m3 'x*y'
printf '7E 40 7E 05\n7E 40 7F 05\n' > "$T/e4m3s"
expect "e4m3 -s by hand" 1 "line 2: x 0x7e (448), y 0x40 (2): expected 0x7e (448) inexact|overflow, got 0x7f (nan) inexact|overflow
2 tests, 1 error" "$T/e4m3s" -- $FPX verify -s e4m3 'x*y'

# a comparison: TestFloat writes its result as 0 or 1, fpx as the code of 1 or 0;
# x < y signals invalid on a NaN (IEEE 754 §5.11, compareSignalingLess)
printf '3C00 4000 1 00\n0x3c00\t0x4000\t0x3c00\t-\n4000 3C00 1 00\n7E00 3C00 0 00\n' > "$T/lt"
expect "binary16 x < y by hand" 1 "line 3: x 0x4000 (2), y 0x3c00 (1): expected 0 -, got 1 -
line 4: x 0x7e00 (nan), y 0x3c00 (1): expected 0 invalid, got 0 -
4 tests, 2 errors" "$T/lt" -- $FPX verify binary16 'x < y'

# a line past 1024 bytes is named, not shown; the next one is read
{ awk 'BEGIN { s = ""; for (i = 0; i < 1100; i++) s = s "A"; print s }'; echo '3C01 3C01 3C02 01'; } > "$T/long"
expect "a long line" 1 "line 1: longer than 1024 bytes
2 tests, 1 error" "$T/long" -- $FPX verify binary16 'x*y'

# ---- -j 2: the same bytes ---------------------------------------------------------------
# 20000 lines, every 997th one's result and flags made wrong (the last hex digit
# changed; all five flags at once, which no operation raises)
$FPX map -q binary32 'x*y' --random 20000 --testfloat |
	awk 'NR % 997 == 0 { d = substr($3, 8, 1); $3 = substr($3, 1, 7) (d == "0" ? "1" : "0"); $4 = "1F" } { print }' > "$T/many"
$FPX verify -q binary32 'x*y' < "$T/many" > "$T/j1"; rc1=$?
$FPX verify -q -j 2 binary32 'x*y' < "$T/many" > "$T/j2"; rc2=$?
[ "$rc1 $rc2" = "1 1" ] && [ "$(tail -n 1 "$T/j1")" = "20000 tests, 20 errors" ] && ok ||
	bad "-j 1: status $rc1 and '$(tail -n 1 "$T/j1")', -j 2: status $rc2"
cmp -s "$T/j1" "$T/j2" && ok || bad "-j 2 writes other bytes than -j 1"

# ---- usage --------------------------------------------------------------------------------
: > "$T/empty"
expect "no lines" 0 "0 tests, 0 errors" "$T/empty" -- $FPX verify binary16 'x*y'
for args in "" "binary16" "binary16 x*y 0x3c00" "-r sra binary16 x*y" "--random 3 binary16 x*y"; do
	$FPX verify $args < "$T/empty" > /dev/null 2>&1
	[ $? = 2 ] && ok || bad "verify $args: want status 2"
done

echo "verify: $pass passed, $fail failed"
[ "$fail" = 0 ]
