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

# ---- Item 4: NaNs through a conversion -------------------------------------------------
# The reference is this machine's CPU: a C program converts float, double and long double
# (the x87's 80 bits) NaN bit patterns with volatile operands and reads the invalid flag
# (fenv); binary16 through F16C's vcvtps2ph/vcvtph2ps where the CPU has it. IEEE 754-2019
# §6.2.3 says the same: a conversion keeps the payload where the target can hold it,
# quiets it, and a signaling NaN signals invalid (§7.2).
cat > "$T/hostnan.c" <<'CEOF'
/* What this CPU's conversions do to a NaN: lines "OP HEX" in, "0xHEX FLAG" out. */
#include <fenv.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef WITH_F16C
#include <immintrin.h>
#endif

static volatile float vf, rf;
static volatile double vd, rd;
static volatile long double vl, rl;

static void put_ld(long double x)
{
	unsigned char b[sizeof x];
	uint64_t m;

	memcpy(b, &x, sizeof x);
	memcpy(&m, b, 8);
	printf("0x%04x%016" PRIx64, (unsigned)(b[8] | b[9] << 8), m);
}

static long double get_ld(const char *hex)
{
	unsigned se = 0;
	uint64_t m = 0;
	unsigned char b[sizeof(long double)] = { 0 };
	long double x;

	sscanf(hex, "0x%4x%16" SCNx64, &se, &m);
	memcpy(b, &m, 8);
	b[8] = se & 0xff;
	b[9] = se >> 8;
	memcpy(&x, b, sizeof x);
	return x;
}

int main(void)
{
	char op[8], hex[64];

	while (scanf("%7s %63s", op, hex) == 2) {
		uint64_t u = 0;
		uint32_t w;
		int invalid;

		if (op[0] != 'l')
			sscanf(hex, "%" SCNx64, &u);
		w = (uint32_t)u;
		feclearexcept(FE_ALL_EXCEPT);
		if (!strcmp(op, "f2d")) { memcpy((void *)&vf, &w, 4); rd = vf; }
		else if (!strcmp(op, "d2f")) { memcpy((void *)&vd, &u, 8); rf = (float)vd; }
		else if (!strcmp(op, "f2l")) { memcpy((void *)&vf, &w, 4); rl = vf; }
		else if (!strcmp(op, "d2l")) { memcpy((void *)&vd, &u, 8); rl = vd; }
		else if (!strcmp(op, "l2f")) { vl = get_ld(hex); rf = (float)vl; }
		else if (!strcmp(op, "l2d")) { vl = get_ld(hex); rd = (double)vl; }
		/* the same format: there and back through a wider one (§6.2.3: the payload
		 * survives the round trip; the first conversion quiets and signals) */
		else if (!strcmp(op, "f2f")) { memcpy((void *)&vf, &w, 4); rd = vf; rf = (float)rd; }
		else if (!strcmp(op, "d2d")) { memcpy((void *)&vd, &u, 8); rl = vd; rd = (double)rl; }
#ifdef WITH_F16C
		else if (!strcmp(op, "f2h")) { memcpy((void *)&vf, &w, 4); w = (uint16_t)_cvtss_sh(vf, 0); }
		else if (!strcmp(op, "h2f")) { rf = _cvtsh_ss((unsigned short)u); }
#endif
		else { printf("?\n"); continue; }
		invalid = fetestexcept(FE_INVALID) != 0;
		if (op[2] == 'f') { float f = rf; memcpy(&w, &f, 4); printf("0x%08" PRIx32, w); }
		else if (op[2] == 'd') { double d = rd; memcpy(&u, &d, 8); printf("0x%016" PRIx64, u); }
		else if (op[2] == 'h') printf("0x%04" PRIx32, w);
		else put_ld(rl);
		printf("\t%s\n", invalid ? "invalid" : "-");
	}
	return 0;
}
CEOF
CC=${CC:-cc}
f16c=
if grep -qw f16c /proc/cpuinfo 2>/dev/null &&
	$CC -O0 -fsignaling-nans -frounding-math -DWITH_F16C -mf16c -o "$T/hostnan" "$T/hostnan.c" -lm 2>"$T/cc"; then
	f16c=yes
elif ! $CC -O0 -fsignaling-nans -frounding-math -o "$T/hostnan" "$T/hostnan.c" -lm 2>"$T/cc"; then
	fail=$((fail + 1)); echo "FAIL: the host reference does not build: $(head -c 300 "$T/cc")"
fi
case $(uname -m) in x86_64|i?86) host_x86=yes ;; *) host_x86= ;; esac

# host OP FROM TO PATTERN: fpx cast FROM TO PATTERN gives the code and flag the CPU gives
host() {
	want=$(echo "$1 $4" | "$T/hostnan")
	expect "cast $2 $3 $4 (host $1)" 0 "$want" -- $FPX cast -o hex,flags "$2" "$3" "$4"
}
if [ -x "$T/hostnan" ] && [ "$host_x86" ]; then
	for p in 0x7fa00000 0xffa00001 0x7fc00001 0x7fbfffff 0xff800001 0x7fc00000 0x7f800001; do
		host f2d binary32 binary64 $p
		host f2f binary32 binary32 $p
		host f2l binary32 x87 $p
	done
	# narrowing truncates the payload from the bottom: 0x7ff0000000000001 keeps none of
	# it, and the quiet bit keeps the result a NaN (0x7fc00000)
	for p in 0x7ff4000000000000 0x7ff0000000000001 0xfff8000000000123 0x7ff80000e0000000 0x7ff7ffffffffffff; do
		host d2f binary64 binary32 $p
		host d2d binary64 binary64 $p
		host d2l binary64 x87 $p
	done
	for p in 0x7fffa000000000000001 0xffffc000000000000001 0x7fffbfffffffffffffff 0x7fffc000000080000000; do
		host l2f x87 binary32 $p
		host l2d x87 binary64 $p
	done
	if [ "$f16c" ]; then
		for p in 0x7fa00000 0x7fc00001 0xff801000 0x7f802000; do host f2h binary32 binary16 $p; done
		for p in 0x7d01 0xfe3f 0x7c01 0x7e00; do host h2f binary16 binary32 $p; done
	fi
fi
# bfloat16 by the same rule (the top 16 bits of a binary32 NaN, quiet bit 0x0040 set: ARM's
# BFCVT, Intel's VCVTNEPS2BF16, Mesa's _mesa_float_nan_to_bfloat_bits), invalid for a
# signaling one (§7.2; the issue's case)
expect "cast bf16 snan" 0 "0x7fa00000${tab}0x7fe0${tab}invalid" -- $FPX cast -o input,hex,flags binary32 bfloat16 0x7fa00000
expect "cast bf16 low payload" 0 "0x7fc0${tab}invalid" -- $FPX cast -o hex,flags binary32 bfloat16 0x7f800001
expect "cast bf16 qnan" 0 "0xffc1${tab}-" -- $FPX cast -o hex,flags binary32 bfloat16 0xffc1ffff
# and back: the payload shifted up 16 bits, quieted (0x7f81 signals)
expect "cast bf16 to f32" 0 "0x7fc10000${tab}invalid" -- $FPX cast -o hex,flags bfloat16 binary32 0x7f81
# formats with one NaN give it, with the sign where NaNs are signed (fpx(1) ROUNDING)
expect "cast to e4m3" 0 "0x7f${tab}invalid
0xff${tab}-" -- $FPX cast -o hex,flags binary32 e4m3 0x7fa00000 0xffc00001
expect "cast to fnuz" 0 "0x80${tab}invalid" -- $FPX cast -o hex,flags binary32 e4m3fnuz 0xffa00000
expect "cast from e4m3" 0 "0xffc00000${tab}-" -- $FPX cast -o hex,flags e4m3 binary32 0xff
# through --via: the first rounding quiets it, and its invalid is the conversion's
expect "cast via" 0 "0x7fe0${tab}invalid" -- $FPX cast --via binary64 -o hex,flags binary32 bfloat16 0x7fa00000
# ml_dtypes' bfloat16 is Eigen's, whose float_to_bfloat16_rtne gives 0x7fc0/0xffc0 for any NaN
expect "cast ml_dtypes" 0 "0x7fc0${tab}invalid
0xffc0${tab}-" -- $FPX cast --policy ml_dtypes -o hex,flags binary32 bfloat16 0x7fa00000 0xffc12345
# map alike: the first NaN operand, converted as cast converts it (x86's cvtss2sd, above)
expect "map x f32->f64" 0 "0x7fa00000${tab}0x7ffc000000000000${tab}invalid" -- \
	$FPX map -o input,hex,flags --in binary32 --to binary64 binary64 x 0x7fa00000
expect "map x f32->bf16" 0 "0x7fe0${tab}invalid" -- $FPX map -o hex,flags --in binary32 --to bfloat16 bfloat16 x 0x7fa00000
expect "map x+y f32->f64" 0 "0xfff8000020000000${tab}-" -- \
	$FPX map -o hex,flags --in binary32,binary32 --to binary64 binary64 'x+y' '0x3f800000 0xffc00001'

# ---- Item 5: x87's codes that are not canonical ---------------------------------------
# Intel SDM vol. 1, §8.2.2 and table 8-3: integer bit 0 under an exponent neither 0 nor
# all ones is an unnormal; under the all-ones exponent, a pseudo-infinity (fraction 0)
# or a pseudo-NaN; integer bit 1 under exponent 0 a pseudo-denormal, whose value the 387
# reads with the exponent taken as 1: 2^-16382 * (1 + 1/2^63) for 0x00008000000000000001.
expect "x87 classes" 0 "unnormal
pseudo-infinity
pseudo-nan
pseudo-nan
pseudo-denormal
normal" -- $FPX convert -o class x87 0x3fff0000000000000000 0x7fff0000000000000000 0xffff0000000000000001 \
	0x7fff4000000000000000 0x80008000000000000000 0x3fff8000000000000000
# exact, shortest, digits, hexfloat of an invalid operand: its class and code, no snan(0x0)
u=0x3fff0000000000000000
expect "x87 unnormal fields" 0 "unnormal${tab}unnormal($u)${tab}unnormal($u)${tab}unnormal($u)${tab}unnormal($u)" -- \
	$FPX convert -o class,exact,shortest,digits,hexfloat x87 $u
expect "x87 pseudo-infinity json" 0 '{"class":"pseudo-infinity","exact":"pseudo-infinity(0xffff0000000000000000)"}' -- \
	$FPX convert --json -o class,exact x87 0xffff0000000000000000
# a pseudo-denormal has its value (python3: Fraction(2**63 + 1, 2**63) * Fraction(1, 2**16382)
# is 2^-16382 + 2^-16445; its hex float is 0x1.0000000000000002p-16382); its shortest is the
# code, since every decimal of that value reads back to the canonical 0x00018000000000000001
expect "x87 pseudo-denormal" 0 "pseudo-denormal${tab}0x1.0000000000000002p-16382${tab}pseudo-denormal(0x00008000000000000001)" -- \
	$FPX convert -o class,hexfloat,shortest x87 0x00008000000000000001
expect "x87 pseudo-denormal's value" 0 "0x00018000000000000001" -- $FPX convert -o hex x87 0x1.0000000000000002p-16382
# every such text reads back to its code, in convert, show and cast
for c in 0x3fff0000000000000000 0xbfff4000000000000000 0x7fff0000000000000000 0xffff0000000000000000 \
	0x7fff0000000000000001 0xffff4000000000000000 0x00008000000000000001 0x80008000000000000000; do
	text=$($FPX convert -o shortest x87 $c)
	expect "x87 $text reads back" 0 "$c" -- $FPX convert -o hex x87 "$text"
done
expect "x87 readout names it" 0 "unnormal  unnormal($u)  shortest unnormal($u)  $u" -- \
	sh -c "$FPX show x87 'unnormal($u)' | sed -n 's/^  unnormal/unnormal/p'"
expect "x87 readout: no payload" 1 "" -- sh -c "$FPX show x87 $u | grep -i 'payload'"
# the class must be the code's, and only x87 has such codes
expect "x87 wrong class" 1 "error" -- $FPX convert -o hex x87 'unnormal(0x7fff0000000000000000)'
expect "binary64 has none" 1 "error" -- $FPX convert -o hex binary64 'unnormal(0x3ff0000000000000)'
# as operands they are invalid (§8.2.2: the 387 and later raise invalid): converted, the
# target's NaN, flagged invalid. x86 stores its default NaN, which is negative (checked
# below); fpx's is positive, the one its 0/0 gives.
expect "cast unnormal" 0 "0x7ff8000000000000${tab}invalid
0x7ff8000000000000${tab}invalid
0x7ff8000000000000${tab}invalid" -- $FPX cast -o hex,flags x87 binary64 $u 0xffff0000000000000000 'pseudo-nan(0x7fff4000000000000001)'
expect "map unnormal" 0 "0x7fc00000${tab}invalid" -- $FPX map -o hex,flags --in x87 --to binary32 binary32 x $u
if [ -x "$T/hostnan" ] && [ "$host_x86" ]; then
	for c in $u 0xffff0000000000000000 0x7fff4000000000000001; do
		expect "host: $c is invalid" 0 "0xfff8000000000000${tab}invalid" -- sh -c "echo 'l2d $c' | '$T/hostnan'"
	done
	# a pseudo-denormal is a number: 2^-16382 underflows to +0 in binary64, not invalid
	want=$(echo "l2d 0x00008000000000000001" | "$T/hostnan")
	expect "host: pseudo-denormal" 0 "$want" -- sh -c "$FPX cast -o hex,flags x87 binary64 0x00008000000000000001 | cut -f1 | sed 's/\$/\t-/'"
fi

echo "nans: $pass passed, $fail failed"
[ "$fail" = 0 ]
