#!/bin/sh
# mxlong.sh — `fpx mx` on long decimals (more than 38 digits, the exact ties of
# binary16, bfloat16, binary32 and of the MX element formats written out by python3's
# fractions and perturbed in a digit from the 20th to the 150th; never fpx), with
# zeros, edges, powers of two just above and below, equal values and short decimals
# among them: stdin's blocks, which mx reads in place (the first 19 digits and both
# ends), against the same values each in parentheses, which only the grammar and the
# exact path read; every element format, block sizes, -o hex, hex,exact and the
# default fields, TSV and CSV. Then the scales and worst errors of e4m3's blocks
# against python3's fractions (the OCP rule worked out there, independently).
# Usage: sh tests/mxlong.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

cat > "$T/gen.py" <<'EOF'
import random, sys
from fractions import Fraction as F
rng = random.Random(int(sys.argv[1]))
formats = [(10, -14, 15), (7, -126, 127), (23, -126, 127), (3, -6, 8), (2, -14, 15), (1, 0, 2), (3, 0, 2)]
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
def perturbed(x, neg):
    n, q = digits(x)
    low = max(40, len(str(n)) + 1)
    at = rng.randint(low, max(low, 150))
    pad = at - len(str(n))
    return text(n * 10**pad + rng.choice((-1, 1)), q - pad, neg, rng.random() < 0.7)
def tie():
    fb, emin, emax = rng.choice(formats)
    e = rng.randint(max(emin - fb, -60), min(emax, 40))
    m = rng.randrange(1 << fb, 1 << (fb + 1)) if e >= emin else rng.randrange(1, 1 << fb)
    e = max(e, emin)
    return F(2 * m + 1) * F(2) ** (e - fb - 1)
out = []
for i in range(2000):
    r = rng.random()
    neg = rng.random() < 0.4
    if r < 0.70:
        out.append(perturbed(tie(), neg))
    elif r < 0.78:  # just above or below a power of two: the shared exponent's edge
        x = F(2) ** rng.randint(-40, 40)
        n, q = digits(x)
        pad = rng.randint(40, 80) - len(str(n))
        out.append(text(n * 10**pad + rng.choice((-1, 1)), q - pad, neg, True))
    elif r < 0.84:
        out.append(rng.choice(['0', '-0', '0.000e-3', '0e5', '-0.0']))
    elif r < 0.90 and out:
        out.append(out[-1])  # equal values: equal errors
    elif r < 0.93:
        out.append(str(rng.randint(1, 999)) + 'e' + str(rng.randint(-12, 3)))
    elif r < 0.96:  # far past the scales (saturating), perturbed or exact, long or short
        x = F(2) ** rng.randint(100, 1023) * rng.choice((1, F(3, 2), F(2**53 - 1, 2**53)))
        n, q = digits(x)
        out.append(rng.choice((perturbed(x, neg), text(n, q, neg, True), '%se%d' % (str(n)[:rng.randint(1, 20)], q + len(str(n)) - 1))))
    else:  # past binary64's range, far below the scales
        out.append(perturbed(F(1, 2**rng.randint(1075, 1200)), neg))
print('\n'.join(out))
EOF
python3 "$T/gen.py" 7 > "$T/long" || { echo "mxlong: python3 is needed"; exit 1; }
sed 's/.*/(&)/' "$T/long" > "$T/wrapped"

# stdin in place against the exact path, the input column's parentheses taken away
for f in e4m3 e5m2 e2m1 e2m3 e3m2 int8; do
	for block in "" "--block 8" "--block 5"; do
		for o in "-o hex" "-o hex,exact" "-o input,hex" "" "--csv -o hex"; do
			"$FPX" mx $o $block $f < "$T/long" > "$T/fast" 2>&1
			"$FPX" mx $o $block $f < "$T/wrapped" 2>&1 | sed 's/^(\([^)]*\))/\1/; s/,(\([^)]*\)),/,\1,/' > "$T/exact"
			if cmp -s "$T/fast" "$T/exact"; then ok; else bad "mx $o $block $f: long decimals differ from the exact path"; fi
		done
	done
done
# the same values as arguments (read_element(): long decimals held as decimals too)
"$FPX" mx -o hex,exact e4m3 $(head -n 96 "$T/long") > "$T/args" 2>&1
head -n 96 "$T/long" | "$FPX" mx -o hex,exact e4m3 > "$T/stdin" 2>&1
if cmp -s "$T/args" "$T/stdin"; then ok; else bad "mx e4m3: arguments and stdin differ on long decimals"; fi

# e4m3's scales and worst errors, from python3's fractions
cat > "$T/check.py" <<'EOF'
import sys
from fractions import Fraction as F
def floor_log2(x):
    e = x.numerator.bit_length() - x.denominator.bit_length()
    return e if F(2) ** e <= x else e - 1
def e4m3(y):  # rne, saturating
    a = abs(y)
    step = F(1, 2**9) if a < F(1, 64) else F(2) ** (floor_log2(a) - 3)
    k = a / step
    n = k.numerator // k.denominator
    if k - n > F(1, 2) or (k - n == F(1, 2) and n % 2):
        n += 1
    q = min(n * step, F(448))
    return -q if y < 0 else q
vals = [F(l) for l in open(sys.argv[1]).read().split()]
got = open(sys.argv[2]).read().split('\n')
scales = [l.split('\t')[1] for l in got if l.startswith('scale\t')]
worsts = [F(l.split('\t')[1]) for l in got if l.startswith('worst error\t')]
bad = 0
for b in range(0, len(vals), 32):
    block = vals[b:b + 32]
    top = max(abs(v) for v in block)
    e = max(-127, min(127, floor_log2(top) - 8)) if top else -127
    X = F(2) ** e
    worst = max(abs(e4m3(v / X) * X - v) for v in block)
    i = b // 32
    if scales[i] != '0x%02x' % (e + 127) or worsts[i] != worst:
        bad += 1
        print('block %d: want scale 0x%02x worst %s, got %s %s' % (i, e + 127, worst, scales[i], worsts[i]))
sys.exit(1 if bad else 0)
EOF
"$FPX" mx -o hex e4m3 < "$T/long" > "$T/hex" 2>&1
if python3 "$T/check.py" "$T/long" "$T/hex" > "$T/why"; then ok; else bad "mx -o hex e4m3: scales or worst errors against fractions: $(head -n 3 "$T/why")"; fi

echo "mxlong: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
