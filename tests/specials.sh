#!/bin/sh
# specials.sh — special operands of every function and operation (issue #33, items 1, 2
# and 15's sin(2^100000)): fpx map against the host's libm and fenv flags, which follow
# C11 Annex F (IEEE 754-2019 §9.2.1's special cases), for every combination of ±0, ±inf,
# NaN, ±1 and small, large and non-integer operands, in binary64 and binary32; the
# activations' limits and minimum/maximum (§9.6), which libm lacks, from their
# definitions; poles and x/0 alike in convert, show, map and the REPL; E4M3 rounding a
# special result as any value; and huge arguments of sin, cos, tan against MPFR.
# Usage: sh tests/specials.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
tab=$(printf '\t')

# expect NAME STATUS WANT -- COMMAND...: the command exits with STATUS, its stdout WANT
expect() {
	name=$1 status=$2 want=$3
	shift 4
	got=$("$@" 2> "$T/err")
	rc=$?
	[ "$got" = "$want" ] && [ $rc = "$status" ] && ok ||
		bad "$name: want '$want' (status $status), got '$got' (status $rc) $(head -c 300 "$T/err")"
}

# ---- The reference: libm and fenv -----------------------------------------------------

# ref 64|32 prints, for each function and operand combination, a line
#   EXPR <tab> OPERANDS <tab> RESULT <tab> FLAGS <tab> compare|regular
# RESULT the code in hex (nan for any NaN: IEEE 754 leaves a NaN result's sign open),
# FLAGS invalid and divbyzero as fpx names them. "regular": no operand is NaN, ±inf or
# ±0 and the result is finite and nonzero, where libm need not be correctly rounded:
# only the absence of an error row is checked there.
cat > "$T/ref.c" <<'EOF'
#define _GNU_SOURCE
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef SINGLE
typedef float real;
typedef uint32_t bits;
#define F(name) name##f
#define HEX "0x%08x"
#else
typedef double real;
typedef uint64_t bits;
#define F(name) name
#define HEX "0x%016llx"
#endif

static bits bits_of(real x) { bits b; memcpy(&b, &x, sizeof b); return b; }
static void put_code(real x)
{
	if (isnan(x)) printf("nan");
	else printf(HEX, (unsigned long long)bits_of(x));
}

static int special(real x) { return isnan(x) || isinf(x) || x == 0; }

/* IEEE 754-2019 §9.6 minimum and maximum: a NaN propagates, -0 < +0. */
static real minimum(real x, real y)
{
	if (isnan(x) || isnan(y)) return x + y;
	if (x == 0 && y == 0) return signbit(x) ? x : y;
	return x < y ? x : y;
}
static real maximum(real x, real y)
{
	if (isnan(x) || isnan(y)) return x + y;
	if (x == 0 && y == 0) return signbit(x) ? y : x;
	return x > y ? x : y;
}
static real add(real x, real y) { return x + y; }
static real sub(real x, real y) { return x - y; }
static real mul(real x, real y) { return x * y; }
static real quo(real x, real y) { return x / y; }
static real absolute(real x) { return F(fabs)(x); }

static const struct { const char *expr; real (*f)(real); } unary[] = {
	{ "sqrt(x)", F(sqrt) }, { "cbrt(x)", F(cbrt) }, { "exp(x)", F(exp) }, { "exp2(x)", F(exp2) },
	{ "exp10(x)", F(exp10) }, { "expm1(x)", F(expm1) }, { "log(x)", F(log) }, { "log2(x)", F(log2) },
	{ "log10(x)", F(log10) }, { "log1p(x)", F(log1p) }, { "sin(x)", F(sin) }, { "cos(x)", F(cos) },
	{ "tan(x)", F(tan) }, { "asin(x)", F(asin) }, { "acos(x)", F(acos) }, { "atan(x)", F(atan) },
	{ "sinh(x)", F(sinh) }, { "cosh(x)", F(cosh) }, { "tanh(x)", F(tanh) }, { "asinh(x)", F(asinh) },
	{ "acosh(x)", F(acosh) }, { "atanh(x)", F(atanh) }, { "erf(x)", F(erf) }, { "erfc(x)", F(erfc) },
	{ "abs(x)", absolute },
};
static const struct { const char *expr; real (*f)(real, real); } binary[] = {
	{ "atan2(x,y)", F(atan2) }, { "hypot(x,y)", F(hypot) }, { "pow(x,y)", F(pow) },
	{ "x^y", F(pow) }, { "fmod(x,y)", F(fmod) }, { "rem(x,y)", F(remainder) },
	{ "min(x,y)", minimum }, { "max(x,y)", maximum },
	{ "x+y", add }, { "x-y", sub }, { "x*y", mul }, { "x/y", quo },
};

static void put_flags(void)
{
	int inv = fetestexcept(FE_INVALID) != 0, div = fetestexcept(FE_DIVBYZERO) != 0;
	printf("%s", inv && div ? "invalid|divbyzero" : inv ? "invalid" : div ? "divbyzero" : "-");
}

static void line(const char *expr, int n, const real *x, real r)
{
	printf("%s\t", expr);
	for (int i = 0; i < n; i++) {
		printf(i ? " " : "");
		put_code(x[i]);
	}
	printf("\t");
	put_code(r);
	printf("\t");
	put_flags();
	printf("\t%s\n", special(r) || special(x[0]) || (n > 1 && special(x[1])) ? "compare" : "regular");
}

int main(void)
{
	volatile real ops[] = { 0.0, -0.0, INFINITY, -INFINITY, NAN, 1, -1, 0.5, -0.5, 2, -2, 3, -3, 2.5, -2.5,
				1e30, -1e30, 1e-30, -1e-30 };
	int n = sizeof ops / sizeof ops[0];

	for (size_t f = 0; f < sizeof unary / sizeof unary[0]; f++)
		for (int i = 0; i < n; i++) {
			real x[1] = { ops[i] }, r;
			feclearexcept(FE_ALL_EXCEPT);
			r = unary[f].f(x[0]);
			line(unary[f].expr, 1, x, r);
		}
	for (size_t f = 0; f < sizeof binary / sizeof binary[0]; f++)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				real x[2] = { ops[i], ops[j] }, r;
				feclearexcept(FE_ALL_EXCEPT);
				r = binary[f].f(x[0], x[1]);
				line(binary[f].expr, 2, x, r);
			}
	return 0;
}
EOF
cc -O0 -o "$T/ref64" "$T/ref.c" -lm && cc -O0 -DSINGLE -o "$T/ref32" "$T/ref.c" -lm || {
	echo "specials: cannot compile the libm reference"; exit 1; }

# Every expression of the reference through fpx map, its combinations on stdin; fpx's
# NaN (its default, or the operand NaN made quiet: the reference's operands are quiet
# NaNs) becomes "nan", its flags only invalid and divbyzero.
against_libm() { # FORMAT REF NAN_CODES
	format=$1 ref=$2 nans=$3
	"$ref" > "$T/want"
	cut -f1 "$T/want" | uniq > "$T/exprs"
	: > "$T/got"
	while read -r expr; do
		awk -F'\t' -v e="$expr" '$1 == e { print $2 }' "$T/want" | sed 's/nan/'"${nans%% *}"'/g' > "$T/operands"
		$FPX map -q -o hex,flags "$format" "$expr" - < "$T/operands" 2>> "$T/map-err" |
			paste "$T/operands" - | awk -F'\t' -v e="$expr" -v nans="$nans" -v nan1="${nans%% *}" '
			BEGIN { split(nans, n, " "); for (i in n) isnan[n[i]] = 1 }
			{
				ops = $1; gsub(nan1, "nan", ops)
				code = ($2 in isnan) ? "nan" : $2
				f = ($3 ~ /invalid/ ? "invalid" : "") ($3 ~ /invalid/ && $3 ~ /divbyzero/ ? "|" : "") ($3 ~ /divbyzero/ ? "divbyzero" : "")
				print e "\t" ops "\t" code "\t" (f == "" ? "-" : f)
			}' >> "$T/got"
	done < "$T/exprs"
	awk -F'\t' -v format="$format" '
		NR == FNR { got[$1 "\t" $2] = $3 "\t" $4; next }
		{
			key = $1 "\t" $2
			if (!(key in got)) { print "FAIL: " format " " $1 " at " $2 ": no row"; bad++; next }
			split(got[key], g, "\t")
			if (g[1] == "error") { print "FAIL: " format " " $1 " at " $2 ": an error row"; bad++; next }
			if ($5 == "compare" && (g[1] != $3 || g[2] != $4)) {
				print "FAIL: " format " " $1 " at " $2 ": want " $3 " " $4 " (libm), got " g[1] " " g[2]; bad++; next
			}
			good++
		}
		END { print good + 0, bad + 0 > "/dev/stderr" }' "$T/got" "$T/want" 2> "$T/count"
	read -r good wrong < "$T/count"
	pass=$((pass + good)) fail=$((fail + wrong))
}
against_libm binary64 "$T/ref64" "0x7ff8000000000000 0xfff8000000000000"
against_libm binary32 "$T/ref32" "0x7fc00000 0xffc00000"

# ---- The activations' limits (the formulas' limits at ±inf, as the man page says) --------

# sigmoid(x) = 1/(1+e^-x): 0 at -inf, 1 at +inf; softplus, silu, gelu, gelu_tanh, relu: 0
# at -inf (where IEEE arithmetic on the formula would meet inf*0), +inf at +inf
for f in sigmoid softplus silu gelu gelu_tanh relu; do
	top=0x7f800000
	[ $f = sigmoid ] && top=0x3f800000
	expect "$f at -inf, +inf, NaN" 0 "0xff800000${tab}0x00000000${tab}-
0x7f800000${tab}$top${tab}-
0x7fc00000${tab}0x7fc00000${tab}-" -- $FPX map -o x,hex,flags binary32 "$f(x)" 0xff800000 0x7f800000 0x7fc00000
done

# ---- The issue's cases, in convert ------------------------------------------------------

# IEEE 754-2019 §9.2.1 atan2: atan2(±0, −0) = ±π, atan2(±0, x<0 or −inf) = ±π, atan2(±y,
# −inf) = ±π for finite y > 0; binary32 π is 0x40490fdb (13176795·2^-22 = 3.14159274,
# the nearest float to π); pow(1, nan) = pow(nan, 0) = pow(−1, ±inf) = 1 with no flag;
# hypot(±inf, nan) = +inf; log(±0) = −inf divbyzero; exp(−inf) = +0
expect "convert: the issue's special operands" 0 "atan2(0,-inf)${tab}0x40490fdb${tab}inexact
atan2(-0,-inf)${tab}0xc0490fdb${tab}inexact
atan2(0,-0)${tab}0x40490fdb${tab}inexact
atan2(-0,-0)${tab}0xc0490fdb${tab}inexact
atan2(-1,-inf)${tab}0xc0490fdb${tab}inexact
pow(1,nan)${tab}0x3f800000${tab}-
pow(nan,0)${tab}0x3f800000${tab}-
pow(-1,inf)${tab}0x3f800000${tab}-
pow(-1,-inf)${tab}0x3f800000${tab}-
hypot(inf,nan)${tab}0x7f800000${tab}-
hypot(nan,-inf)${tab}0x7f800000${tab}-
log(0)${tab}0xff800000${tab}divbyzero
log(-0)${tab}0xff800000${tab}divbyzero
exp(-inf)${tab}0x00000000${tab}-" -- $FPX convert -o input,hex,flags binary32 'atan2(0,-inf)' 'atan2(-0,-inf)' \
	'atan2(0,-0)' 'atan2(-0,-0)' 'atan2(-1,-inf)' 'pow(1,nan)' 'pow(nan,0)' 'pow(-1,inf)' 'pow(-1,-inf)' \
	'hypot(inf,nan)' 'hypot(nan,-inf)' 'log(0)' 'log(-0)' 'exp(-inf)'
# operands known only by enclosures meet the same table: atan2(π, −inf) = π; π·0 = +0,
# −π·0 = −0 (the sign is the product's); π/inf = +0; atan(inf) = π/2 (0x3fc90fdb)
expect "convert: special cases with a real operand" 0 "0x40490fdb${tab}inexact
0x00000000${tab}-
0x80000000${tab}-
0x00000000${tab}-
0x3fc90fdb${tab}inexact" -- $FPX convert -o hex,flags binary32 'atan2(pi,-inf)' 'pi*0' '-pi*0' 'abs(pi/inf)' 'atan(inf)'
# the flags raised on the way stay: log(0) is divbyzero, exp of it +0; −inf − −inf is
# then invalid too
expect "convert: flags raised inside" 0 "0x00000000${tab}divbyzero
0x7fc00000${tab}invalid|divbyzero" -- $FPX convert -o hex,flags binary32 'exp(log(0))' 'log(0)-log(0)'
expect "map --random 100000 binary32 atan2(y,x): no error row" 0 "0" -- sh -c \
	"$FPX map -q --random 100000 binary32 'atan2(y,x)' | awk '/error/ { n++ } END { print n + 0 }'"

# ---- Division by an exact zero and poles: one rule (#33 item 2) -------------------------

# IEEE 754-2019 §7.3: a nonzero finite / exact zero is ±inf, divideByZero, its sign the
# xor of the operands'; §9.2.1 pow(±0, y<0 odd) = ±inf, pow(±0, y<0 not an odd integer)
# = +inf, both divideByZero; §7.2: 0/0 and inf−inf NaN, invalid. binary32 +inf
# 0x7f800000, −inf 0xff800000, its default NaN 0x7fc00000.
expect "convert: division by an exact zero and poles" 0 "pi/0${tab}0x7f800000${tab}divbyzero
exp(0)/0${tab}0x7f800000${tab}divbyzero
1/log(1)${tab}0x7f800000${tab}divbyzero
1/sqrt(0)${tab}0x7f800000${tab}divbyzero
log(0)/log(1)${tab}0xff800000${tab}divbyzero
1/0${tab}0x7f800000${tab}divbyzero
-1/0${tab}0xff800000${tab}divbyzero
1/-0${tab}0xff800000${tab}divbyzero
pow(-0,-3)${tab}0xff800000${tab}divbyzero
(-0)^-3${tab}0xff800000${tab}divbyzero
0^-1${tab}0x7f800000${tab}divbyzero
0^-0.5${tab}0x7f800000${tab}divbyzero
pow(0,-inf)${tab}0x7f800000${tab}-
atanh(-1)${tab}0xff800000${tab}divbyzero
0/0${tab}0x7fc00000${tab}invalid
abs(inf-inf)${tab}0x7fc00000${tab}invalid" -- $FPX convert -o input,hex,flags binary32 'pi/0' 'exp(0)/0' '1/log(1)' \
	'1/sqrt(0)' 'log(0)/log(1)' '1/0' '-1/0' '1/-0' 'pow(-0,-3)' '(-0)^-3' '0^-1' '0^-0.5' 'pow(0,-inf)' \
	'atanh(-1)' '0/0' 'abs(inf-inf)'
# map: pow(+0, −1) (−1 an odd integer) = +inf divideByZero; 1/−0 = −inf
expect "map: the same poles" 0 "0x7f800000${tab}divbyzero
0xff800000${tab}divbyzero
0x7f800000${tab}divbyzero" -- $FPX map -o hex,flags binary32 'pow(x,y)' '0x00000000 0xbf800000' '0x80000000 0xc0400000' \
	'0x00000000 0xbf000000'
expect "map: x/y and a real division alike" 0 "0xff800000${tab}divbyzero
0xff800000${tab}divbyzero
0x7fc00000${tab}invalid" -- $FPX map -o hex,flags binary32 'x/y*pi' '0x3f800000 0x80000000' '0xbf800000 0x00000000' \
	'0x00000000 0x00000000'
# show and the REPL say the same: the code and the flag
expect "show: pi/0" 0 "binary32: pi/0 -> 0x7f800000
  flags         divbyzero" -- sh -c "$FPX show binary32 'pi/0' | grep -E '^binary32|^  flags'"
expect "repl: 1/0 and pi/0" 0 "binary32: 1/0 -> 0x7f800000
  flags         divbyzero
binary32: pi/0 -> 0x7f800000
  flags         divbyzero
binary32: 0/0 -> 0x7fc00000
  flags         invalid" -- sh -c "printf '1/0\npi/0\n0/0\n' | $FPX repl binary32 2>&1 | grep -E '^binary32|^  flags'"
# E4M3 has no inf: ±inf becomes its NaN (0x7f, 0xff) flagged invalid, or ±448 (0x7e,
# 0xfe) with -s, saturated (fpx(1) ROUNDING), as any infinity is; atan2(+0, −0) = π rounds to
# 3.25 (0x45: the E4M3 neighbours of π are 3 and 3.25, π − 3 = 0.14 > 3.25 − π = 0.11)
expect "e4m3: poles and specials rounded as any value" 0 "0x7f${tab}invalid|divbyzero
0xff${tab}invalid|divbyzero
0x7f${tab}invalid
0x45${tab}inexact
0x38${tab}-" -- $FPX convert -o hex,flags e4m3 'pi/0' 'log(0)' '0/0' 'atan2(0,-0)' 'pow(1,nan)'
expect "e4m3 -s: poles saturate" 0 "0x7e${tab}saturated|divbyzero
0xfe${tab}saturated|divbyzero" -- $FPX convert -s -o hex,flags e4m3 'pi/0' '1/-0'

# ---- Huge arguments: MPFR reduces them exactly (#33 item 15) --------------------------

# sin, cos, tan of 2^100000 by MPFR (the oracle the style guide names), rounded once to
# binary32; 1e30000 as a literal and 0x1p100000 likewise
cat > "$T/huge.c" <<'EOF'
#include <mpfr.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
int main(void)
{
	int (*fn[])(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t) = { mpfr_sin, mpfr_cos, mpfr_tan };
	mpfr_t x, y;
	mpfr_inits2(24, y, (mpfr_ptr)0);
	mpfr_init2(x, 340000);
	for (int k = 0; k < 4; k++) {
		if (k < 3)
			mpfr_set_ui_2exp(x, 1, 100000, MPFR_RNDN);
		else
			mpfr_set_str(x, "1e30000", 10, MPFR_RNDN); /* 69658 bits (5^30000) hold it exactly */
		fn[k < 3 ? k : 0](y, x, MPFR_RNDN);
		float f = mpfr_get_flt(y, MPFR_RNDN);
		uint32_t b;
		memcpy(&b, &f, 4);
		printf("0x%08x\n", (unsigned)b);
	}
	return 0;
}
EOF
if cc -o "$T/huge" "$T/huge.c" -lmpfr -lgmp 2> /dev/null; then
	expect "sin, cos, tan of 2^100000, sin of 1e30000" 0 "$("$T/huge")" -- \
		$FPX convert -o hex binary32 'sin(2^100000)' 'cos(2^100000)' 'tan(2^100000)' 'sin(1e30000)'
else
	bad "cannot compile the MPFR reference"
fi
expect "sin(0x1p100000) = sin(2^100000)" 0 "0xbecb5be9" -- $FPX convert -o hex binary32 'sin(0x1p100000)'
expect "past 2^131072 a function's argument is refused" 1 "error" -- $FPX convert -o hex binary32 'sin(2^200000)'
grep -q "a function's argument is held exactly only within 2^-131072 to 2^131072" "$T/err" && ok ||
	bad "the refusal names the bound: $(cat "$T/err")"

echo "specials: $pass passed, $fail failed"
[ "$fail" = 0 ]
