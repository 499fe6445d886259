#!/bin/sh
# testfloat.sh — issue 36, items 2-3: fpx map --testfloat under Berkeley TestFloat's
# names, options and lines. The expected lines are SoftFloat's documented semantics
# (tests/arch/DIGEST.md §2, §7: its probes and examples) or IEEE 754's arithmetic worked
# by hand, never fpx's own output. Then, when TestFloat is built out of the tree
# (TESTFLOAT_DIR, /work/testfloat/build by default; never in CI), a few functions go
# testfloat_gen -> fpx -> testfloat_ver at level 1, which must find no error.
# Usage: sh tests/testfloat.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

# line NAME WANT ARGS... -- LINE: `fpx map --testfloat ARGS -` on LINE writes WANT
line() {
	name=$1 want=$2
	shift 2
	args=
	while [ "$1" != -- ]; do args="$args $1"; shift; done
	got=$(printf '%s\n' "$2" | $FPX map --testfloat $args - 2>"$T/err")
	if [ "$got" = "$want" ]; then ok; else bad "$name: got '$got' want '$want' ($(head -c 200 "$T/err"))"; fi
}

# refused NAME STATUS TEXT ARGS...: fpx map ARGS exits STATUS saying TEXT
refused() {
	name=$1 status=$2 text=$3
	shift 3
	$FPX map "$@" < /dev/null > /dev/null 2>"$T/err"
	rc=$?
	if [ "$rc" = "$status" ] && grep -q -- "$text" "$T/err"; then ok; else
		bad "$name: status $rc (want $status), stderr '$(head -c 200 "$T/err")'"; fi
}

# ---- TestFloat's lines, its examples (DIGEST.md §7) ------------------------------------
# testfloat_gen's full lines: the result and flags after the operands are left out
line "f32_add example" "8683F7FF C07F3FFF C07F3FFF 01" f32_add -- "8683F7FF C07F3FFF C07F3FFF 01"
line "extF80 as 20 digits" "3FF1800004001FFFFFFF 3FFE8000000000000000 3FFE8004000020010000 01" extF80_add -- \
	"3FF1800004001FFFFFFF 3FFE8000000000000000 3FFE8004000020010000 01"
line "f32_eq example" "00000000 A800081E 0 00" f32_eq -- "00000000 A800081E 0 00"
line "f16_to_i64 example" "C8F6 FFFFFFFFFFFFFFF6 00" f16_to_i64 -- "C8F6 FFFFFFFFFFFFFFF6 00"
# operands alone (testfloat_gen f32 2), lower case too
line "operands only, lower case" "8683F7FF C07F3FFF C07F3FFF 01" f32_add -- "8683f7ff c07f3fff"
# f128: 32 digits; 1 + 1 = 2 exactly
line "f128_add" "3FFF0000000000000000000000000000 3FFF0000000000000000000000000000 40000000000000000000000000000000 00" \
	f128_add -- "3FFF0000000000000000000000000000 3FFF0000000000000000000000000000"
# fma: 2·3 + 1 = 7 (40E00000)
line "f32_mulAdd" "40000000 40400000 3F800000 40E00000 00" f32_mulAdd -- "40000000 40400000 3F800000"
# one field too many, or a field too wide: not a line
refused "three fields for two operands" 1 "give a code" --testfloat f32_add "3F800000 3F800000 3F800000"
refused "a field past the format" 1 "give a code" --testfloat f16_add "13C00 3C00"

# ---- The comparisons: eq quiet, le and lt signaling (SoftFloat.html §8.6) ----------------
line "f32_eq qNaN: quiet" "7FC00000 00000000 0 00" f32_eq -- "7FC00000 00000000"
line "f32_eq sNaN: invalid" "7FA00000 00000000 0 10" f32_eq -- "7FA00000 00000000"
line "f32_le qNaN: invalid" "7FC00000 00000000 0 10" f32_le -- "7FC00000 00000000"
line "f32_lt far apart" "E99EFFFF BF61FE3E 1 00" f32_lt -- "E99EFFFF BF61FE3E"
line "f64_le far apart" "47FFFFBFFFEFFFFF 381001FDFFFFFFFF 0 00" f64_le -- "47FFFFBFFFEFFFFF 381001FDFFFFFFFF"

# ---- Into integers (DIGEST.md §2; x86's integer indefinite, §3 8086-SSE) ------------------
line "f32_to_i32 +inf" "7F800000 80000000 10" --arch x86 f32_to_i32 -- 7F800000
line "f32_to_i32 -inf" "FF800000 80000000 10" --arch x86 f32_to_i32 -- FF800000
line "f32_to_i32 NaN" "7FC00000 80000000 10" --arch x86 f32_to_i32 -- 7FC00000
line "f32_to_ui32 NaN" "7FC00000 FFFFFFFF 10" --arch x86 f32_to_ui32 -- 7FC00000
line "f32_to_i32 2^31: invalid" "4F000000 80000000 10" --arch x86 f32_to_i32 -- 4F000000
line "f32_to_i32 -2^31 fits" "CF000000 80000000 00" --arch x86 f32_to_i32 -- CF000000
line "f32_to_ui32 -1: invalid" "BF800000 FFFFFFFF 10" --arch x86 f32_to_ui32 -- BF800000
line "f64_to_ui64 2^64: invalid" "43F0000000000000 FFFFFFFFFFFFFFFF 10" --arch x86 f64_to_ui64 -- 43F0000000000000
line "f64_to_ui64 2^64-2048" "43EFFFFFFFFFFFFF FFFFFFFFFFFFF800 00" --arch x86 f64_to_ui64 -- 43EFFFFFFFFFFFFF
line "f64_to_i64 -2^63 fits" "C3E0000000000000 8000000000000000 00" --arch x86 f64_to_i64 -- C3E0000000000000
# -0.25 into unsigned rounds to 0, no flag; inexact with -exact; to odd it is -1: invalid
line "f32_to_ui32 -0.25" "BE800000 00000000 00" --arch x86 f32_to_ui32 -- BE800000
line "f32_to_ui32 -0.25 -exact" "BE800000 00000000 01" --arch x86 f32_to_ui32 -exact -- BE800000
line "f32_to_ui32 -0.25 -rodd" "BE800000 FFFFFFFF 10" --arch x86 f32_to_ui32 -rodd -- BE800000
line "f32_to_ui32 -0 (80000000)" "80000000 00000000 00" --arch x86 f32_to_ui32 -exact -- 80000000
# 1.5, 2.5, 3.5 in each of TestFloat's modes
line "1.5 near_even" "3FC00000 00000002 00" --arch x86 f32_to_i32 -rnear_even -- 3FC00000
line "1.5 near_even -exact" "3FC00000 00000002 01" --arch x86 f32_to_i32 -rnear_even -exact -- 3FC00000
line "-exact then -notexact" "3FC00000 00000002 00" --arch x86 f32_to_i32 -exact -notexact -- 3FC00000
line "-notexact then -exact" "3FC00000 00000002 01" --arch x86 f32_to_i32 -notexact -exact -- 3FC00000
line "2.5 near_even" "40200000 00000002 00" --arch x86 f32_to_i32 -- 40200000
line "2.5 near_maxMag" "40200000 00000003 00" --arch x86 f32_to_i32 -rnear_maxMag -- 40200000
line "1.5 minMag" "3FC00000 00000001 00" --arch x86 f32_to_i32 -rminMag -- 3FC00000
line "-1.5 min" "BFC00000 FFFFFFFE 00" --arch x86 f32_to_i32 -rmin -- BFC00000
line "-1.5 max" "BFC00000 FFFFFFFF 00" --arch x86 f32_to_i32 -rmax -- BFC00000
line "2.5 odd" "40200000 00000003 00" --arch x86 f32_to_i32 -rodd -- 40200000
line "3.5 odd" "40600000 00000003 00" --arch x86 f32_to_i32 -rodd -- 40600000
line "2 odd: exact" "40000000 00000002 00" --arch x86 f32_to_i32 -rodd -exact -- 40000000
# 2^31 - 0.5 is no binary32; in binary64 it rounds to 2^31 (near_even): invalid
line "f64_to_i32 2^31-0.5" "41DFFFFFFFE00000 80000000 10" --arch x86 f64_to_i32 -- 41DFFFFFFFE00000
line "f64_to_i32 2^31-0.5 minMag" "41DFFFFFFFE00000 7FFFFFFF 00" --arch x86 f64_to_i32 -rminMag -- 41DFFFFFFFE00000

# ---- From integers: exact, or rounded by the mode --------------------------------------
# 2^32 − 1 is past binary16's max 65504: overflow, inexact, +inf
line "ui32_to_f16 max" "FFFFFFFF 7C00 05" ui32_to_f16 -- FFFFFFFF
# 2^31 − 1 = 0x7FFFFFFF: binary32 rounds it to 2^31 (4F000000)
line "i32_to_f32 max" "7FFFFFFF 4F000000 01" i32_to_f32 -- 7FFFFFFF
line "i32_to_f32 max minMag" "7FFFFFFF 4EFFFFFF 01" i32_to_f32 -rminMag -- 7FFFFFFF
line "i32_to_f64 min" "80000000 C1E0000000000000 00" i32_to_f64 -- 80000000
line "i64_to_extF80 -1" "FFFFFFFFFFFFFFFF BFFF8000000000000000 00" i64_to_extF80 -- FFFFFFFFFFFFFFFF

# ---- Between float formats ---------------------------------------------------------------
line "f32_to_f64 1.5" "3FC00000 3FF8000000000000 00" f32_to_f64 -- 3FC00000
line "f64_to_f32 1+2^-30: inexact" "3FF0000004000000 3F800000 01" f64_to_f32 -- 3FF0000004000000
line "f32_to_bf16" "3F808000 3F80 01" f32_to_bf16 -- 3F808000
# ARM-VFPv2 leaves extF80 operations' sNaNs signaling, but a conversion into extF80 goes
# through its common NaN, quieted: f16 7D00's payload 0x100, shifted to the top, is
# 0x2000000000000000 under the quiet bits C000... (s_commonNaNToExtF80UI.c:52)
line "f16_to_extF80 sNaN, arm" "7D00 7FFFE000000000000000 10" --arch arm f16_to_extF80 -- 7D00

# ---- F_to_I_r_minMag: toward zero whatever -r says (testfloat's own names) -------------------
line "f32_to_i32_r_minMag 1.5" "3FC00000 00000001 00" --arch x86 f32_to_i32_r_minMag -rnear_even -- 3FC00000
line "f32_to_i32_r_minMag -1.5 -exact" "BFC00000 FFFFFFFF 01" --arch x86 f32_to_i32_r_minMag -exact -- BFC00000
line "f64_to_ui64_r_minMag 2.75 -rmax" "4006000000000000 0000000000000002 00" --arch x86 f64_to_ui64_r_minMag -rmax -- 4006000000000000
refused "r_minMag on a float result" 2 "no function of TestFloat's" --testfloat f32_to_f16_r_minMag

# ---- extF80's rounding precision (x87's precision control, Intel SDM vol. 1 §8.1.5.2) ----------
# 1 + 2^-30 (3FE1 8000...): exact in 53 and 64 bits, 1 in 24 bits (inexact)
X1=3FFF8000000000000000 X30=3FE18000000000000000 X60=3FC38000000000000000
line "extF80_add -precision80" "$X1 $X30 3FFF8000000200000000 00" extF80_add -- "$X1 $X30"
line "extF80_add -precision64" "$X1 $X30 3FFF8000000200000000 00" extF80_add -precision64 -- "$X1 $X30"
line "extF80_add -precision32" "$X1 $X30 $X1 01" extF80_add -precision32 -- "$X1 $X30"
line "extF80_add -precision32 -rmax" "$X1 $X30 3FFF8000010000000000 01" extF80_add -precision32 -rmax -- "$X1 $X30"
# 1 + 2^-60: exact in 64 bits (the integer bit's 2^-60 is bit 3), 1 in 53
line "extF80_add 1+2^-60" "$X1 $X60 3FFF8000000000000008 00" extF80_add -- "$X1 $X60"
line "extF80_add 1+2^-60 -precision64" "$X1 $X60 $X1 01" extF80_add -precision64 -- "$X1 $X60"
# sqrt of 1 + 2^-62 (2^-62 is bit 1): 1 + 2^-63 - ..., 1 at 24 bits, inexact
line "extF80_sqrt -precision32" "3FFF8000000000000002 $X1 01" extF80_sqrt -precision32 -- 3FFF8000000000000002
refused "-precision32 with rem" 2 "needs x87 results" --testfloat extF80_rem -precision32
refused "--precision-control on binary32" 2 "needs x87 results" --precision-control 24 binary32 x+y
refused "--precision-control 32" 2 "takes 24, 53 or 64" --precision-control 32 x87 x+y

# ---- Tininess: 2^-126·(1−2^-23)·(1+2^-23) = 2^-126·(1−2^-46) rounds to 2^-126 ----------------
# tiny before rounding; not after (unbounded exponent, 24 bits: it rounds to 1·2^-126)
line "tininess after (default)" "3F800001 007FFFFF 00800000 01" f32_mul -- "3F800001 007FFFFF"
line "-tininessbefore" "3F800001 007FFFFF 00800000 03" f32_mul -tininessbefore -- "3F800001 007FFFFF"
line "-tininessafter" "3F800001 007FFFFF 00800000 01" f32_mul -tininessbefore -tininessafter -- "3F800001 007FFFFF"

# ---- Names fpx refuses --------------------------------------------------------------------
refused "no extF80_mulAdd in TestFloat" 2 "no function of TestFloat's" --testfloat extF80_mulAdd
refused "no f32_to_f32" 2 "no function of TestFloat's" --testfloat f32_to_f32
refused "no i32_to_i64" 2 "no function of TestFloat's" --testfloat i32_to_i64
refused "a name with --in" 2 "names the formats" --testfloat --in binary16 f32_add
refused "-exact without --testfloat" 2 "unknown option" binary32 x -exact 0x3f800000

line "f32_roundToInt 1.5" "3FC00000 40000000 00" f32_roundToInt -- 3FC00000
line "f32_roundToInt 1.5 -exact" "3FC00000 40000000 01" f32_roundToInt -exact -- 3FC00000
line "f32_roundToInt 1.5 minMag" "3FC00000 3F800000 00" f32_roundToInt -rminMag -- 3FC00000
line "f32_le_quiet qNaN" "7FC00000 00000000 0 00" f32_le_quiet -- "7FC00000 00000000"
line "f32_lt_quiet sNaN" "7FA00000 00000000 0 10" f32_lt_quiet -- "7FA00000 00000000"
line "f32_eq_signaling qNaN" "7FC00000 00000000 0 10" f32_eq_signaling -- "7FC00000 00000000"

# ---- gen -> fpx -> ver, level 1, x86's results (8086-SSE) ----------------------------------
TF=${TESTFLOAT_DIR:-/work/testfloat/build}/8086-SSE
# roundtrip FUNCTION OPTIONS...: no error in testfloat_ver's count
roundtrip() {
	f=$1
	shift
	"$TF/testfloat_gen" -level 1 "$@" "$f" > "$T/gen" 2>"$T/err" &&
		$FPX map --testfloat --arch x86 -q "$f" "$@" - < "$T/gen" > "$T/fpx" 2>>"$T/err" &&
		"$TF/testfloat_ver" -checkInvInts -errors 0 "$@" "$f" < "$T/fpx" > "$T/ver" 2>>"$T/err"
	rc=$?
	n=$(wc -l < "$T/gen")
	if [ "$rc" = 0 ] && grep -q "In $n tests, no errors found" "$T/ver"; then ok; else
		bad "roundtrip $f $*: status $rc, $(head -c 300 "$T/ver") $(tail -c 200 "$T/err")"; fi
}
if [ -x "$TF/testfloat_gen" ] && [ -x "$TF/testfloat_ver" ]; then
	roundtrip f32_add
	roundtrip f64_mul -rmin
	roundtrip f16_div -rnear_maxMag
	roundtrip extF80_sub -rminMag
	roundtrip f128_sqrt -rmax
	roundtrip f64_rem
	roundtrip f32_le
	roundtrip f64_eq
	roundtrip f64_to_f16 -rminMag
	roundtrip extF80_to_f32
	roundtrip i64_to_f32 -rmax
	roundtrip ui32_to_f16
	roundtrip f32_to_i32 -rminMag -exact
	roundtrip f64_to_ui64 -rnear_even
	roundtrip f16_to_ui32 -rodd -exact
	roundtrip f128_to_i64 -rmin
	roundtrip f32_mul -tininessbefore
else
	echo "testfloat: no TestFloat at $TF (set TESTFLOAT_DIR): its round trips skipped"
fi

echo "testfloat: $pass passed, $fail failed"
[ "$fail" = 0 ]
