#!/bin/sh
# p3109-reals.sh — issue 35 item 4: the operations P3109 adds (recip, rsqrt, faa, sinpi,
# cospi, tanpi, asinpi, acospi, atanpi, atan2pi) and P3109's special cases (interim
# report 4.0, §4.10) for results in a P3109 format:
#   1. special operands, one record each worked by hand from C23 Annex F.10 / IEEE 754
#      §9.2 and from the report (tests/p3109-reals.txt), through fpx map;
#   2. exact values at rational arguments that no enclosure decides (Niven's theorem:
#      sinpi(1/6) = 1/2, tanpi(7/2) a pole), typed in convert;
#   3. exact rationals (recip, faa, rsqrt of squares) of random decimals against
#      Python's fractions, rounded to binary64 by Python's correctly rounded float();
#   4. regular values against MPFI computing each function from π, sin, asin, atan2
#      and sqrt (not MPFR's sinpi, which fpx calls): the enclosure's two ends, rounded
#      by fpx convert, must agree with each other and with fpx map; every code of
#      binary8p3se and binary8p4se (all pairs for atan2pi), random codes of binary16 and
#      binary32, in rne and rtz.
# Usage: sh tests/p3109-reals.sh [path/to/fpx]
FPX=${1:-./fpx}
DIR=$(dirname "$0")
. "$DIR/shlib.sh"
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

# ---- 1. Special operands ------------------------------------------------------------------
while IFS=';' read -r f e o ops code flags why; do
	case $f in '#'*|'') continue ;; esac
	# shellcheck disable=SC2086 # $o is options, word by word
	got=$($FPX map $o -o hex,flags "$f" "$e" "$ops" 2>&1)
	[ "$got" = "$code$tab$flags" ] && ok || bad "map $f '$e' $o on $ops: want $code $flags, got '$got' ($why)"
done < "$DIR/p3109-reals.txt"

# ---- 2. Rational arguments, exact results ---------------------------------------------
# binary32: 1/2 0x3f000000, 1 0x3f800000, 1/4 0x3e800000, 3/4 0x3f400000, 3 0x40400000,
# 10 0x41200000, 1.5 0x3fc00000. sin(π/6) = sin(5π/6) = 1/2, sin(7π/6) = -1/2; cos(π/3)
# = 1/2, cos(2π/3) = cos(4π/3) = -1/2; tan(-3π/4) = tan(5π/4) = 1; tanpi(7/2): n = 3
# odd, -inf; tanpi(-7/2): n = -4 even, +inf; cospi(5/2) = +0; atan2pi(y, y) = 1/4 for
# y > 0, 3/4 for atan2pi(y, -y); 1/0.1 = 10; 1/sqrt(1/9) = 3, 1/sqrt(4/9) = 1.5,
# 1/sqrt(0.01) = 10; 0.1 + 0.2 - 0.3 = +0.
expect "convert: exact at rational arguments" 0 "sinpi(1/6)${tab}0x3f000000${tab}-
sinpi(5/6)${tab}0x3f000000${tab}-
sinpi(7/6)${tab}0xbf000000${tab}-
sinpi(-1/6)${tab}0xbf000000${tab}-
cospi(1/3)${tab}0x3f000000${tab}-
cospi(2/3)${tab}0xbf000000${tab}-
cospi(-4/3)${tab}0xbf000000${tab}-
cospi(5/2)${tab}0x00000000${tab}-
tanpi(-3/4)${tab}0x3f800000${tab}-
tanpi(5/4)${tab}0x3f800000${tab}-
tanpi(7/2)${tab}0xff800000${tab}divbyzero
tanpi(-7/2)${tab}0x7f800000${tab}divbyzero
atan2pi(0.1,0.1)${tab}0x3e800000${tab}-
atan2pi(-0.3,0.3)${tab}0xbe800000${tab}-
atan2pi(0.3,-0.3)${tab}0x3f400000${tab}-
recip(0.1)${tab}0x41200000${tab}-
rsqrt(1/9)${tab}0x40400000${tab}-
rsqrt(4/9)${tab}0x3fc00000${tab}-
rsqrt(0.01)${tab}0x41200000${tab}-
faa(0.1,0.2,-0.3)${tab}0x00000000${tab}-" -- $FPX convert -o input,hex,flags binary32 'sinpi(1/6)' 'sinpi(5/6)' \
	'sinpi(7/6)' 'sinpi(-1/6)' 'cospi(1/3)' 'cospi(2/3)' 'cospi(-4/3)' 'cospi(5/2)' 'tanpi(-3/4)' 'tanpi(5/4)' \
	'tanpi(7/2)' 'tanpi(-7/2)' 'atan2pi(0.1,0.1)' 'atan2pi(-0.3,0.3)' 'atan2pi(0.3,-0.3)' 'recip(0.1)' \
	'rsqrt(1/9)' 'rsqrt(4/9)' 'rsqrt(0.01)' 'faa(0.1,0.2,-0.3)'
# ... inside expressions and map too: x/3 of map's 1/2 is 1/6, of 7/2 7/6, and y/3 of 1
# and 4 is 1/3 and 4/3: (1/2)(1/2) and (-1/2)(-1/2) = 1/4, (1/2)(-1/2) = -1/4
expect "map: sinpi(x/3)*cospi(y/3) exact" 0 "0x3e800000${tab}-
0x3e800000${tab}-
0xbe800000${tab}-" -- $FPX map -o hex,flags binary32 'sinpi(x/3)*cospi(y/3)' '0x3f000000 0x3f800000' \
	'0x40600000 0x40800000' '0x3f000000 0x40800000'
expect "binary8p3se: TanPi(7/2) is NaN, SinPi(1/6) 1/2" 0 "0x80${tab}invalid
0x3c${tab}-" -- $FPX convert -o hex,flags binary8p3se 'tanpi(7/2)' 'sinpi(1/6)'
# the readout's exact value is P3109's too: 1/0 is NaN, not inf
expect "convert -o exact binary8p3se 1/0" 0 "nan${tab}0x80" -- $FPX convert -o exact,hex binary8p3se '1/0'
# values no exact rule gives are still decided (Niven: irrational)
for e in 'sinpi(1/3)' 'tanpi(1/6)' 'asinpi(1/3)' 'atanpi(1/3)' 'atan2pi(1/3,1/7)' 'rsqrt(1/3)' 'cospi(1e-30)'; do
	expect "convert binary32 $e is decided" 0 "inexact" -- $FPX convert -o flags binary32 "$e"
done

# ---- 3. Exact rationals against Python's fractions ------------------------------------------
if command -v python3 > /dev/null 2>&1; then
	python3 - > "$T/fractions" <<'EOF'
import random, struct
from fractions import Fraction as F
random.seed(35)
def dec():
    m = random.randint(1, 10**random.randint(1, 12)) * random.choice((1, -1))
    return "%de%d" % (m, random.randint(-40, 40))
def hex64(q):
    return "0x%016x" % struct.unpack(">Q", struct.pack(">d", float(q)))[0]
for _ in range(400):
    a, b, c = dec(), dec(), dec()
    print("recip(%s)\t%s" % (a, hex64(1 / F(a))))
    print("faa(%s,%s,%s)\t%s" % (a, b, c, hex64(F(a) + F(b) + F(c))))
    print("faa(%s,%s,%s)\t%s" % (a, b, "-" + a if a[0] != "-" else a[1:], hex64(F(b))))
    p, q = random.randint(1, 10**8), random.randint(1, 10**8)
    print("rsqrt(%d/%d)\t%s" % (p * p, q * q, hex64(F(q, p))))
EOF
	cut -f1 "$T/fractions" > "$T/exprs"
	# shellcheck disable=SC2046 # one argument an expression
	$FPX convert -o input,hex binary64 < "$T/exprs" > "$T/got" 2> "$T/err"
	n=$(awk -F '\t' 'NR == FNR { want[$1] = $2; next } { total++; if (want[$1] == $2) good++
		else if (bad++ < 5) print "FAIL: binary64 " $1 ": fractions " want[$1] ", fpx " $2 > "/dev/stderr" }
		END { print good + 0, total + 0 }' "$T/fractions" "$T/got")
	set -- $n
	pass=$((pass + $1)) fail=$((fail + 1600 - $1))
	[ "$2" = 1600 ] || echo "FAIL: fractions: $2 rows from fpx, want 1600 ($(head -c 200 "$T/err"))"
else
	echo "p3109-reals: no python3: the fractions checks skipped"
fi

# ---- 4. Regular values against MPFI ---------------------------------------------------------
cat > "$T/ref.c" <<'EOF'
/* For each line "FUNCTION CODE VALUE [CODE VALUE]" (VALUE exact, in decimal), the line
 * "EXPR \t CODES \t LO \t HI": an enclosure of the function by MPFI from π, sin, cos,
 * tan, asin, acos, atan, atan2, sqrt and 1/x, its ends as hex floats. */
#include <mpfi.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#define PREC 700

static void over_pi(mpfi_ptr r)
{
	mpfi_t p;
	mpfi_init2(p, PREC);
	mpfi_const_pi(p);
	mpfi_div(r, r, p);
	mpfi_clear(p);
}

static void times_pi(mpfi_ptr r, mpfi_srcptr x)
{
	mpfi_t p;
	mpfi_init2(p, PREC);
	mpfi_const_pi(p);
	mpfi_mul(r, p, x);
	mpfi_clear(p);
}

static void eval(mpfi_ptr r, const char *fn, mpfi_srcptr x, mpfi_srcptr y)
{
	if (!strcmp(fn, "sinpi")) times_pi(r, x), mpfi_sin(r, r);
	else if (!strcmp(fn, "cospi")) times_pi(r, x), mpfi_cos(r, r);
	else if (!strcmp(fn, "tanpi")) times_pi(r, x), mpfi_tan(r, r);
	else if (!strcmp(fn, "asinpi")) mpfi_asin(r, x), over_pi(r);
	else if (!strcmp(fn, "acospi")) mpfi_acos(r, x), over_pi(r);
	else if (!strcmp(fn, "atanpi")) mpfi_atan(r, x), over_pi(r);
	else if (!strcmp(fn, "atan2pi")) mpfi_atan2(r, x, y), over_pi(r);
	else if (!strcmp(fn, "rsqrt")) mpfi_sqrt(r, x), mpfi_inv(r, r);
	else if (!strcmp(fn, "recip")) mpfi_inv(r, x);
	else mpfi_set_ui(r, 0);
}

int main(void)
{
	char line[1200], fn[16], c1[40], v1[500], c2[40], v2[500];
	mpfi_t x, y, r;

	mpfi_init2(x, PREC);
	mpfi_init2(y, PREC);
	mpfi_init2(r, PREC);
	while (fgets(line, sizeof line, stdin)) {
		int n = sscanf(line, "%15s %39s %499s %39s %499s", fn, c1, v1, c2, v2);
		mpfi_set_str(x, v1, 10);
		if (n == 5)
			mpfi_set_str(y, v2, 10);
		eval(r, fn, x, y);
		if (n == 5)
			mpfr_printf("%s(x,y)\t%s %s\t%Ra\t%Ra\n", fn, c1, c2, &r->left, &r->right);
		else
			mpfr_printf("%s(x)\t%s\t%Ra\t%Ra\n", fn, c1, &r->left, &r->right);
	}
	return 0;
}
EOF
if ! cc -o "$T/ref" "$T/ref.c" -lmpfi -lmpfr -lgmp 2> "$T/cc.err"; then
	bad "cannot compile the MPFI reference: $(head -c 300 "$T/cc.err")"
	echo "p3109-reals: $pass passed, $fail failed"
	exit 1
fi

# operands FORMAT [EXP FRAC COUNT]: codes and exact values of finite nonzero codes of
# FORMAT: every one (fpx table, whose exact values tests/p3109.sh and the exhaustive
# test check), or COUNT random bit patterns of an IEEE format with EXP exponent and FRAC
# fraction bits, half of them within 2^-6 to 2^6 (fpx convert reads a bare 0x... as a
# code)
operands() {
	if [ $# = 1 ]; then
		$FPX table -o hex,exact "$1"
	else
		awk -v e="$2" -v m="$3" -v n="$4" 'BEGIN { srand(35); bias = 2 ^ (e - 1) - 1
			for (i = 0; i < n; i++) {
				s = int(rand() * 2); x = (i % 2) ? bias - 6 + int(rand() * 12) : int(rand() * (2 ^ e - 1))
				code = (s * 2 ^ e + x) * 2 ^ m + int(rand() * 2 ^ m)
				hi = int(code / 65536); printf "0x%0*x%04x\n", (e + m - 15) / 4, hi, code - hi * 65536 } }' |
			$FPX convert -o hex,exact "$1"
	fi | awk -F '\t' '$2 != "0" && $2 != "-0" && $2 !~ /inf|nan/ { print $1, $2 }'
}

# against FORMAT MODE: every line of $T/in (FUNCTION CODE VALUE [CODE VALUE]) through the
# reference and fpx; where both ends of the enclosure round to one code, fpx map's code
# must be that one; counted into pass and fail, the rest (straddling) into straddled
straddled=0
against() {
	f=$1 mode=$2
	"$T/ref" < "$T/in" > "$T/ref.out"
	cut -f3 "$T/ref.out" | $FPX convert -r "$mode" -o hex "$f" > "$T/lo" 2> "$T/err"
	cut -f4 "$T/ref.out" | $FPX convert -r "$mode" -o hex "$f" > "$T/hi" 2>> "$T/err"
	: > "$T/map"
	cut -f1 "$T/ref.out" | uniq > "$T/exprs"
	while read -r e; do
		awk -F '\t' -v e="$e" '$1 == e { print $2 }' "$T/ref.out" |
			$FPX map -q -r "$mode" -o hex "$f" "$e" - >> "$T/map" 2>> "$T/err"
	done < "$T/exprs"
	paste "$T/ref.out" "$T/lo" "$T/hi" "$T/map" | awk -F '\t' -v f="$f" -v m="$mode" '
		$5 != $6 { straddle++; next }
		$5 == $7 { good++; next }
		{ if (bad++ < 5) print "FAIL: " f " " m " " $1 " at " $2 ": MPFI " $5 ", fpx " $7 > "/dev/stderr" }
		END { print good + 0, bad + 0, straddle + 0 }' > "$T/count"
	read -r good wrong apart < "$T/count"
	pass=$((pass + good)) fail=$((fail + wrong)) straddled=$((straddled + apart))
	[ -s "$T/err" ] && bad "$f $mode: fpx wrote to stderr: $(head -c 300 "$T/err")"
}

unary="sinpi cospi tanpi asinpi acospi atanpi rsqrt recip"
for spec in binary8p3se binary8p4se "binary16 5 10 3000" "binary32 8 23 3000"; do
	# shellcheck disable=SC2086 # the spec is words
	operands $spec > "$T/codes"
	: > "$T/in"
	for fn in $unary; do
		sed "s/^/$fn /" "$T/codes" >> "$T/in"
	done
	# atan2pi(y, x): every pair of an 8-bit format's codes; else each code with itself
	# (exact: ±1/4, ±3/4) and with two others
	awk -v all="$(wc -l < "$T/codes")" 'NR == FNR { a[++n] = $0; next }
		all < 300 { for (i = 1; i <= n; i++) print "atan2pi", $0, a[i]; next }
		{ print "atan2pi", $0, $0; print "atan2pi", $0, a[1 + (FNR * 7) % n]; print "atan2pi", a[1 + (FNR * 13) % n], $0 }' \
		"$T/codes" "$T/codes" >> "$T/in"
	for mode in rne rtz; do
		against "${spec%% *}" "$mode"
	done
done
echo "  MPFI: $straddled enclosures straddling a boundary at 700 bits, not compared"

echo "p3109-reals: $pass passed, $fail failed"
[ "$fail" = 0 ]
