#!/bin/sh
# mxpastmax.sh — `fpx mx` on blocks whose scale is capped at 2^127 by values far past the
# element format's max times it: binary64's max, the overflow midpoint above it and
# 2^1024 written with 9 to 45 digits (perturbed from the 19th digit on, or in the 25th
# only), either sign, laid out with a point, as an integer, with leading zeros, a point
# before the digits, E+; several in a block, equal ones, ones sharing their first 19
# digits; with other values from 1e38 to 1e320 (1 to 45 digits), values about
# max·2^127, the overflow midpoint past it and 2^(emax + 126 .. 128), and small ones.
# Every element's code, the scale and the worst error of each block against python3's
# fractions (the OCP rule and each format's rounding worked out there, independently
# of fpx); then stdin in place against the same values in parentheses, which only the
# exact path reads.
# Usage: sh tests/mxpastmax.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

cat > "$T/gen.py" <<'EOF'
import random, sys
rng = random.Random(int(sys.argv[1]))
DMAX = str(2**1024 - 2**971)
MID = str(2**1024 - 2**970)
TOP = str(2**1024)
def digits_of(base, n):
    d = (base + '0' * n)[:n]
    r = rng.random()
    if r < 0.35 and n > 19:  # perturbed from the 19th digit on
        k = rng.randint(18, n - 1)
        d = d[:k] + rng.choice('0123456789') + d[k + 1:]
    elif r < 0.5 and n >= 25:  # in the 25th digit only
        d = d[:24] + rng.choice('0123456789') + d[25:]
    return d
def layout(d, top):  # the value 0.d * 10^(top + 1)
    r = rng.random()
    if r < 0.5:
        return d[0] + '.' + d[1:] + 'e' + str(top)
    if r < 0.65:
        return d + 'e' + str(top - len(d) + 1)
    if r < 0.75 and top < 330:
        return d + '0' * (top - len(d) + 1) if top >= len(d) - 1 else d[0] + '.' + d[1:] + 'e' + str(top)
    if r < 0.85:
        return '0.000' + d + 'e' + str(top + 4)
    if r < 0.92:
        return d[:3] + '.' + d[3:] + 'E+' + str(top - 2)
    return '000' + d[0] + '.' + d[1:] + '000e0' + str(top)
def near_max():
    return layout(digits_of(rng.choice((DMAX, DMAX, MID, TOP)), rng.randint(9, 45)), 308)
def far():
    r = rng.random()
    if r < 0.6:  # from 10^38, about max·2^127 of e4m3 and e5m2, on
        d = str(rng.randint(1, 9)) + ''.join(rng.choice('0123456789') for _ in range(rng.randint(0, 44)))
        return layout(d, rng.choice((rng.randint(38, 45), rng.randint(38, 320))))
    return edge()
def edge():  # about 2^(emax + 126 .. 128), max·2^127 and the midpoint past it, of each format
    E, top, half = rng.choice(((8, 448, 16), (15, 57344, 4096), (2, 6, 1), (4, 28, 2), (2, 7.5, 0.25)))
    x = rng.choice((2**(E + 126), 2**(E + 127), 2**(E + 128), int(top * 2**127), int((top + half) * 2**127)))
    return str(x + rng.choice((-1, 0, 1)))
def small():
    return rng.choice(('0', '-0', '464', '1.5', '-2.25e-3', '3.4028234663852886e38', '65504', '448', '1e-45'))
out = []
for b in range(int(sys.argv[2])):
    block = []
    kind = 0.02 if rng.random() < 0.2 else 1  # a fifth of the blocks with few, their max an edge
    for j in range(32):
        r = rng.random()
        s = near_max() if r < 0.15 * kind else far() if r < 0.25 * kind else small()
        if rng.random() < 0.45 and s[0] != '-':
            s = '-' + s
        elif rng.random() < 0.05 and s[0] != '-':
            s = '+' + s
        block.append(s)
    if kind < 1:
        block[rng.randrange(32)] = edge()
    elif rng.random() < 0.5:  # equal ones, and of both signs
        v = near_max()
        for k in rng.sample(range(32), 3):
            block[k] = v
        block[rng.randrange(32)] = '-' + v
    out += block
print('\n'.join(out))
EOF
python3 "$T/gen.py" 5 400 > "$T/far" || { echo "mxpastmax: python3 is needed"; exit 1; }

cat > "$T/check.py" <<'EOF'
import sys
from fractions import Fraction as F
# name: exponent bits, fraction bits, max (OCP MX element formats)
FORMATS = {'e4m3': (4, 3, F(448)), 'e5m2': (5, 2, F(57344)), 'e2m1': (2, 1, F(6)),
           'e3m2': (3, 2, F(28)), 'e2m3': (2, 3, F(15, 2))}
ebits, m, top = FORMATS[sys.argv[1]]
size = int(sys.argv[4])
bias = 2**(ebits - 1) - 1
emin = 1 - bias
def floor_log2(x):
    e = x.numerator.bit_length() - x.denominator.bit_length()
    return e if F(2)**e <= x else e - 1
emax = floor_log2(top)
def rounded(a):  # |y| to nearest, ties to even, saturating
    step = F(2)**(max(floor_log2(a), emin) - m) if a else F(1)
    k = a / step
    n = k.numerator // k.denominator
    if k - n > F(1, 2) or (k - n == F(1, 2) and n % 2):
        n += 1
    return min(n * step, top)
def code(q, neg):
    if q < F(2)**emin:
        field, frac = 0, q / F(2)**(emin - m)
    else:
        e = floor_log2(q)
        field, frac = e + bias, q / F(2)**(e - m) - 2**m
    return (neg << (ebits + m)) | (field << m) | int(frac)
texts = open(sys.argv[2]).read().split()
got = [l for l in open(sys.argv[3]).read().split('\n') if l]
width = (1 + ebits + m + 3) // 4
want = []
for b in range(0, len(texts), size):
    block = [F(t) for t in texts[b:b + size]]
    amax = max(abs(v) for v in block)
    e = max(-127, min(127, floor_log2(amax) - emax)) if amax else -127
    X = F(2)**e
    want.append('scale\t0x%02x\t' % (e + 127))
    worst = F(0)
    for t, v in zip(texts[b:b + size], block):
        q = rounded(abs(v) / X)
        want.append('0x%0*x' % (width, code(q, t.startswith('-'))))
        worst = max(worst, abs(q * X - abs(v)))
    want.append(worst)
bad = 0
if len(got) != len(want):
    print('%d rows, want %d' % (len(got), len(want)))
    sys.exit(1)
for i, (g, w) in enumerate(zip(got, want)):
    if isinstance(w, F):
        fine = g.startswith('worst error\t') and F(g.split('\t')[1]) == w
    else:
        fine = g.startswith(w) if w.startswith('scale') else g == w
    if not fine:
        bad += 1
        if bad <= 3:
            print('row %d: want %s, got %s' % (i, w, g[:120]))
sys.exit(1 if bad else 0)
EOF

for f in e4m3 e5m2 e2m1 e3m2 e2m3; do
	for block in 32 7; do
		"$FPX" mx --block $block -o hex $f < "$T/far" > "$T/hex" 2>&1
		if python3 "$T/check.py" $f "$T/far" "$T/hex" $block > "$T/why"; then ok; else
			bad "mx --block $block -o hex $f: codes, scales or worst errors against fractions: $(head -n 3 "$T/why")"
		fi
	done
done

# stdin in place against the exact path, the input column's parentheses taken away
sed 's/.*/(&)/' "$T/far" > "$T/wrapped"
for o in "-o hex" "-o input,hex" "" "--csv -o hex" "--json -o hex"; do
	"$FPX" mx $o e4m3 < "$T/far" > "$T/fast" 2>&1
	"$FPX" mx $o e4m3 < "$T/wrapped" 2>&1 | sed 's/^(\([^)]*\))/\1/; s/,(\([^)]*\)),/,\1,/; s/"input":"(\([^)]*\))"/"input":"\1"/g' > "$T/exact"
	if cmp -s "$T/fast" "$T/exact"; then ok; else bad "mx $o e4m3: values far past max differ from the exact path"; fi
done

echo "mxpastmax: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
