#!/bin/sh
# paths.sh — which path bulk conversion takes, and that the fast ones answer as the
# exact one does, through the command line: FPX_PATH_COUNTS's line ("fpx-paths:
# fast=N exact=M" on stderr, nothing when unset or empty), and long decimals near the
# values of narrower formats (python3's fractions writes the exact ties of binary16,
# bfloat16, binary32, E4M3 and E5M2 and perturbs them in a digit from the 20th to the
# 150th; never fpx) converted from stdin, where the one pass takes them, and each in
# parentheses, which only the grammar and the exact path read: the same codes in every
# mode, saturating or not. Then the edges the one pass now takes (zeros, around the
# smallest subnormal) counted as fast.
# Usage: sh tests/paths.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

same() { # NAME WANT GOT
	if [ "$2" = "$3" ]; then ok; else bad "$1: want '$2', got '$3'"; fi
}

cat > "$T/ties.py" <<'EOF'
import random
from fractions import Fraction as F
rng = random.Random(5)
formats = {'binary16': (10, -14, 15), 'bfloat16': (7, -126, 127), 'binary32': (23, -126, 127),
           'e4m3': (3, -6, 8), 'e5m2': (2, -14, 15)}
def digits(x):  # x = n * 10^e exactly, x a positive dyadic
    k = x.denominator.bit_length() - 1
    return x.numerator * 5**k, -k
def text(n, e, neg, positional):
    s = str(n)
    if not positional:
        t = '%se%d' % (s, e)
    elif e >= 0:
        t = s + '0' * e
    elif len(s) + e > 0:
        t = s[:len(s) + e] + '.' + s[len(s) + e:]
    else:
        t = '0.' + '0' * -(len(s) + e) + s
    return ('-' if neg else '') + t
for name, (fb, emin, emax) in formats.items():
    for i in range(60):
        e = rng.randint(emin - fb, min(emax, 40))
        m = rng.randrange(1 << fb, 1 << (fb + 1)) if e >= emin else rng.randrange(1, 1 << fb)
        e = max(e, emin)
        tie = F(2 * m + 1) * F(2) ** (e - fb - 1)
        n, q = digits(tie)
        at = rng.randint(20, 150)
        pad = at - len(str(n))
        if pad <= 0:
            continue
        for d in (-1, 1):
            print(text(n * 10**pad + d, q - pad, rng.random() < 0.3, rng.random() < 0.7))
EOF
python3 "$T/ties.py" > "$T/ties" || { echo "paths: python3 is needed"; exit 1; }
sed 's/.*/(&)/' "$T/ties" > "$T/wrapped"
lines=$(wc -l < "$T/ties" | tr -d ' ')

# FPX_PATH_COUNTS: the line, exactly; nothing when unset or empty
FPX_PATH_COUNTS=1 "$FPX" convert -o hex binary64 < "$T/ties" > /dev/null 2> "$T/err"
same "the ties into binary64: all in one pass" "fpx-paths: fast=$lines exact=0" "$(cat "$T/err")"
FPX_PATH_COUNTS=1 "$FPX" convert -o hex binary64 < "$T/wrapped" > /dev/null 2> "$T/err"
same "in parentheses: all by the exact path" "fpx-paths: fast=0 exact=$lines" "$(cat "$T/err")"
FPX_PATH_COUNTS= "$FPX" convert -o hex binary64 1.5 > /dev/null 2> "$T/err"
same "FPX_PATH_COUNTS empty: nothing on stderr" "" "$(cat "$T/err")"
"$FPX" convert -o hex binary64 1.5 > /dev/null 2> "$T/err"
same "FPX_PATH_COUNTS unset: nothing on stderr" "" "$(cat "$T/err")"
FPX_PATH_COUNTS=yes "$FPX" convert -o hex binary64 1.5 0x3c00 '(1/3)' 0e5 > /dev/null 2> "$T/err"
same "arguments: a plain decimal and a zero fast, a pattern and an expression not" \
	"fpx-paths: fast=2 exact=2" "$(cat "$T/err")"
printf '0e5\n0.000e-3\n-0.0\n-0e400\n4.9406564584124654e-324\n2.4703282292062327e-324\n2.4703282292062328e-324\n2e-324\n1e-330\n' > "$T/edges"
FPX_PATH_COUNTS=1 "$FPX" convert -o hex binary64 < "$T/edges" > "$T/edges.out" 2> "$T/err"
same "zeros and around half the smallest subnormal: in one pass" "fpx-paths: fast=9 exact=0" "$(cat "$T/err")"
same "... and their codes (0, -0, the smallest subnormal at and above half of it)" \
	"0x0000000000000000 0x0000000000000000 0x8000000000000000 0x8000000000000000 0x0000000000000001 0x0000000000000000 0x0000000000000001 0x0000000000000000 0x0000000000000000" \
	"$(tr '\n' ' ' < "$T/edges.out" | sed 's/ $//')"

# binary64's own boundaries where the ends of 19 digits straddle them (python3's
# fractions again): the tie past the largest finite value, half the smallest
# subnormal, the smallest subnormal and normal, and random midpoints, each written out
# in full and cut to 25 and 40 digits, then one unit up; all decided in one pass, by
# all their digits against the boundary
cat > "$T/b64.py" <<'EOF2'
import random
from fractions import Fraction as F
rng = random.Random(11)
def sci(x, cut, up, neg):
    k = max(0, x.denominator.bit_length() - 1)
    n = x.numerator * 5**k
    s = str(n)
    e = len(s) - 1 - k
    if cut and len(s) > cut:
        s = str(int(s[:cut]) + up)
    return '%s%s.%se%d' % ('-' if neg else '', s[0], s[1:] or '0', e)
points = [F(2**1024 - 2**970), F(1, 2**1075), F(1, 2**1074), F(1, 2**1022), F(3, 2**1075)]
for i in range(12):
    e = rng.randint(-1074, 971)
    m = rng.randrange(2**52, 2**53)
    points.append(F(2 * m + 1) * F(2) ** (e - 1) if e >= 0 else F(2 * m + 1, 2 ** (1 - e)))
for x in points:
    for cut, up in ((0, 0), (25, 0), (25, 1), (40, 0), (40, 1)):
        print(sci(x, cut, up, rng.random() < 0.3))
EOF2
python3 "$T/b64.py" > "$T/b64"
cat "$T/b64" >> "$T/ties"
sed 's/.*/(&)/' "$T/b64" >> "$T/wrapped"
n64=$(wc -l < "$T/b64" | tr -d ' ')
# (after a first line of 1.5: a block's first line is read by the usual path)
{ echo 1.5; cat "$T/b64"; } > "$T/b64first"
FPX_PATH_COUNTS=1 "$FPX" convert -o hex binary64 < "$T/b64first" > /dev/null 2> "$T/err"
same "binary64's boundaries straddled by 19 digits: all in one pass" "fpx-paths: fast=$((n64 + 1)) exact=0" "$(cat "$T/err")"
FPX_PATH_COUNTS=1 "$FPX" convert -o hex -r rtz binary32 < "$T/b64first" > /dev/null 2> "$T/err"
same "... into binary32 under rtz too" "fpx-paths: fast=$((n64 + 1)) exact=0" "$(cat "$T/err")"
# as arguments (and so a block's first line), rnd_encode_decimal() places them the same
# way: counted fast, and the same code and flags as in parentheses, in every mode
FPX_PATH_COUNTS=1 "$FPX" convert -o hex binary64 $(cat "$T/b64") > /dev/null 2> "$T/err"
same "... as arguments: all fast" "fpx-paths: fast=$n64 exact=0" "$(cat "$T/err")"
for f in binary64 binary32; do
	for mode in rne rna rtz rup rdn rto; do
		"$FPX" convert -o hex,flags -r $mode $f $(cat "$T/b64") > "$T/fast" 2>&1
		"$FPX" convert -o hex,flags -r $mode $f $(sed 's/.*/(&)/' "$T/b64") > "$T/exact" 2>&1
		if cmp -s "$T/fast" "$T/exact"; then ok; else bad "$f -r $mode: arguments differ from the exact path"; fi
	done
done
# past 1200 digits the one pass leaves the comparison to the exact path: half the
# smallest subnormal written out, 600 zeros, then a 1, either way
python3 -c "
n = 5**1075
print('0.' + '0' * 323 + str(n * 10**600 + 1))
print('0.' + '0' * 323 + str(n * 10**600 - 1))" > "$T/long"
FPX_PATH_COUNTS=1 "$FPX" convert -o hex binary64 < "$T/long" > "$T/out" 2> "$T/err"
same "1351 digits around half the smallest subnormal: above, then below" "0x0000000000000001 0x0000000000000000" \
	"$(tr '\n' ' ' < "$T/out" | sed 's/ $//')"
same "... by the exact path" "fpx-paths: fast=0 exact=2" "$(cat "$T/err")"
# 2^-1075 = 2.47032822920623272088284396434110686182529...e-324 and the tie past max
# 2^1024 - 2^970 = 1.79769313486231580793728971405303415079934...e308: below each, 0
# and max; above, the smallest subnormal and infinity (rne: max's significand is odd)
"$FPX" convert -o hex binary64 '2.470328229206232720882843964341106861825e-324' \
	'2.470328229206232720882843964341106861826e-324' '1.797693134862315807937289714053034150799e308' \
	'1.7976931348623158079372897140530341507994e308' > "$T/out" 2>&1
same "half the smallest subnormal and the tie past max, cut to 40 digits, each side" \
	"0x0000000000000000 0x0000000000000001 0x7fefffffffffffff 0x7ff0000000000000" "$(tr '\n' ' ' < "$T/out" | sed 's/ $//')"

# the shortest digits of binary64's subnormals (searched, then kept for the smallest):
# python3's repr, the shortest that reads back and of those the nearest, as the
# reference; every subnormal power of two, the 15 smallest codes, random ones, each
# twice and of either sign, as digits and exponent
cat > "$T/sub.py" <<'EOF2'
import random, struct, sys
rng = random.Random(7)
codes = [1 << k for k in range(52)] + list(range(1, 16)) + [rng.randrange(1, 1 << 52) for i in range(200)]
def norm(t):  # digits (no leading or trailing zeros) and the exponent of the last
    t = t.lstrip('-')
    m, _, e = t.lower().partition('e')
    i, _, f = m.partition('.')
    d, q = (i + f).lstrip('0'), int(e or 0) - len(f)
    while d.endswith('0'):
        d, q = d[:-1], q + 1
    return d, q
if sys.argv[1] == 'codes':
    for c in codes:
        for sign in (0, 1 << 63):
            print('0x%016x' % (c | sign))
            print('0x%016x' % (c | sign))
elif sys.argv[1] == 'want':
    for c in codes:
        for sign in (0, 1 << 63):
            x = struct.unpack('<d', struct.pack('<Q', c | sign))[0]
            print('%s %s %d' % ((('-' if sign else ''),) + norm(repr(x))))
            print('%s %s %d' % ((('-' if sign else ''),) + norm(repr(x))))
else:
    for line in sys.stdin:
        t = line.strip()
        print('%s %s %d' % ((('-' if t.startswith('-') else ''),) + norm(t)))
EOF2
python3 "$T/sub.py" codes > "$T/subcodes"
python3 "$T/sub.py" want > "$T/subwant"
"$FPX" convert -o shortest binary64 < "$T/subcodes" | python3 "$T/sub.py" norm > "$T/subgot"
same "binary64 subnormals: as many shortest digits as codes" "$(wc -l < "$T/subcodes")" "$(wc -l < "$T/subgot")"
if [ -s "$T/subwant" ] && cmp -s "$T/subwant" "$T/subgot"; then ok; else bad "binary64 subnormals: shortest digits differ from python3's repr"; fi

# the one pass (and the ends of 19 digits) against the exact path, every mode
for f in binary64 binary32 bfloat16 binary16 e4m3 e5m2; do
	for mode in rne rna rtz rup rdn rto; do
		for sat in "" -s; do
			"$FPX" convert -o hex -r $mode $sat $f < "$T/ties" > "$T/fast" 2>&1
			"$FPX" convert -o hex -r $mode $sat $f < "$T/wrapped" > "$T/exact" 2>&1
			if cmp -s "$T/fast" "$T/exact"; then ok; else bad "$f -r $mode $sat: the ties differ from the exact path"; fi
			"$FPX" convert -o hex,flags -r $mode $sat $f < "$T/ties" > "$T/fast" 2>&1
			"$FPX" convert -o hex,flags -r $mode $sat $f < "$T/wrapped" > "$T/exact" 2>&1
			if cmp -s "$T/fast" "$T/exact"; then ok; else bad "$f -r $mode $sat: hex,flags differ from the exact path"; fi
			"$FPX" quantize -o hex,flags -r $mode $sat --scale 0.5 $f < "$T/ties" > "$T/fast" 2>&1
			"$FPX" quantize -o hex,flags -r $mode $sat --scale 0.5 $f < "$T/wrapped" > "$T/exact" 2>&1
			if cmp -s "$T/fast" "$T/exact"; then ok; else bad "$f -r $mode $sat: quantize differs from the exact path"; fi
		done
	done
done

# zeros with exponents and the edges of the small formats: quantize's one pass (and
# its -o hex rows, default rows and integer targets) against the exact path
for z in 0 -0 +0 0e5 -0e-400 +0e-400 000.000e+10 0.0000000000000000000000000000e99 -0.0e0 \
	448 464 -464 480 0.001953125 0.0009765625 -0.0009765625 0.00097656250000000000000000001 \
	57344 61440 1e-400 -1e-400 1e400 0.5 -0.5 1.5 2.5 -2.5 127.5 128 -128.5 1e19 -1e19 \
	1180591620717411303424 0.25000000000000000000000000000001; do echo "$z"; done > "$T/zeros"
sed 's/.*/(&)/' "$T/zeros" > "$T/zwrapped"
for f in e4m3 e5m2 binary16 int8 uint8 int16; do
	for fields in "-o hex" "-o hex,flags" ""; do
		for scale in 0.5 1 4; do
			"$FPX" quantize $fields --scale $scale $f < "$T/zeros" > "$T/fast" 2>&1
			"$FPX" quantize $fields --scale $scale $f < "$T/zwrapped" > "$T/exact" 2>&1
			if cmp -s "$T/fast" "$T/exact"; then ok; else bad "quantize $fields --scale $scale $f: zeros and edges differ from the exact path"; fi
		done
	done
done
for f in e4m3 int8; do
	got=$("$FPX" quantize -o hex --scale 0.5 $f -- -0 0e-400 -0e400 | tr '\n' ' ')
	same "quantize $f: a zero of either sign is +0's code" "0x00 0x00 0x00 " "$got"
done

echo "paths: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
