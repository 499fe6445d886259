#!/bin/sh
# mxfar.sh — `fpx mx -o hex` on the elements its one pass codes without their exact
# value: lines past 38 digits held by their first 19 (and placed among binary64's values
# only where the scale asks), 20 to 38 digits coded by binary64 arithmetic, digits far
# below a scale's subnormals (q below −60) coded as zero by their bound alone. Blocks of
# 32 made by python3's fractions (never fpx): binary32's and binary64's edges written out
# in full and perturbed far out, values on and beside the midpoints of e4m3, e5m2 and
# e2m1 at the block's scale (long and 20 to 38 digits), values a hair either side of
# half the smallest subnormal at the scale, written with q below −60; blocks with a
# near-max value and blocks without. Every code, every scale and every worst error
# against the OCP rule worked out with fractions.
# Usage: sh tests/mxfar.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

cat > "$T/gen.py" <<'EOF'
import random, sys
from fractions import Fraction as F
rng = random.Random(int(sys.argv[1]))
emax = {'e4m3': 8, 'e5m2': 15, 'e2m1': 2}[sys.argv[2]]
def floor_log2(x):
    e = x.numerator.bit_length() - x.denominator.bit_length()
    return e if F(2) ** e <= x else e - 1
def written(x, digits, neg, positional):  # x > 0 to `digits` significant digits, truncated
    k = floor_log2(x) * 3 // 10 - digits - 2  # 10^k well below x's last digit
    while True:
        n = x / F(10) ** k
        n = n.numerator // n.denominator
        if len(str(n)) <= digits:
            break
        k += 1
    s = str(n)
    if positional and k < 0 and len(s) + k > -60:
        t = s[:len(s) + k] + '.' + s[len(s) + k:] if len(s) + k > 0 else '0.' + '0' * -(len(s) + k) + s
    elif positional and 0 <= k < 60:
        t = s + '0' * k
    else:
        t = '%se%d' % (s, k)
    return ('-' if neg else '') + t
def exact(x, neg):  # a dyadic x written out in full
    k = x.denominator.bit_length() - 1
    return written(x, len(str(x.numerator * 5 ** k)), neg, True)
def nudged(x, rel):  # x·(1 ± 10^-rel)
    return x * (1 + rng.choice((-1, 1)) * F(1, 10 ** rel))
grid = {'e4m3': (3, -6), 'e5m2': (2, -14), 'e2m1': (1, 0)}[sys.argv[2]]
def midpoint(X):  # a midpoint of the element grid, times the scale X
    fb, emin = grid
    e = rng.randint(emin, emax)
    m = rng.randrange(1 << fb, 1 << (fb + 1)) if e > emin or rng.random() < 0.5 else rng.randrange(0, 1 << fb)
    return F(2 * m + 1, 2 ** (fb + 1)) * F(2) ** e * X
edges = [F(2) ** 128 - F(2) ** 104, F(2) ** 128 - F(2) ** 103, F(2) ** -126, F(2) ** -149, F(2) ** -1074,
         F(2) ** -1075, F(2) ** -1022 - F(2) ** -1074, F(2) ** 1024 - F(2) ** 971, F(2) ** 1024 - F(2) ** 970,
         (F(2) ** 128 - F(2) ** 104) / 3, F(2) ** 127]
lines = []
for b in range(int(sys.argv[3])):
    kind = rng.random()
    if kind < 0.4:  # a near-max value sets the scale at 2^127
        top = edges[7] if rng.random() < 0.5 else nudged(edges[7], rng.randint(17, 40))
    else:
        top = F(2) ** rng.randint(-110, 140) * F(rng.randint(1, 1 << 20), 1 << 20)
    X = F(2) ** max(-127, min(127, floor_log2(top) - emax))
    block = [written(top, rng.randint(17, 45), rng.random() < 0.3, rng.random() < 0.5)]
    for i in range(31):
        neg = rng.random() < 0.4
        r = rng.random()
        if r < 0.25:  # an edge, exact in full, or perturbed far out
            x = rng.choice([x for x in edges if x <= top] or edges[3:6])
            block.append(exact(x, neg) if rng.random() < 0.4 else written(nudged(x, rng.randint(20, 60)), rng.randint(20, 60), neg, rng.random() < 0.6))
        elif r < 0.55:  # on or beside a midpoint at the scale, 20 to 60 digits
            x = midpoint(X)
            x = x if rng.random() < 0.2 else nudged(x, rng.randint(16, 45))
            block.append(written(x, rng.randint(20, 60), neg, rng.random() < 0.5))
        elif r < 0.75:  # a hair either side of half the smallest subnormal, q below -60
            x = F(1, 2 ** (grid[0] - grid[1] + 1)) * X
            x = nudged(x, rng.randint(3, 30)) if rng.random() < 0.8 else x * rng.choice((F(15, 16), F(17, 16), 16, F(1, 16)))
            low = 63 + floor_log2(x) * 3 // 10  # digits enough for q below -60
            if low <= 32:  # a short line of digits (at most 38 bytes): the one pass's digits
                block.append(written(x, rng.randint(max(low, 1), 32), neg, False))
            else:
                block.append(written(x, rng.randint(20, 70), neg, rng.random() < 0.5))
        elif r < 0.85:  # tiny, far below
            block.append(written(F(2) ** rng.randint(-1100, -140) * rng.randint(1, 99), rng.randint(1, 45), neg, rng.random() < 0.3))
        elif r < 0.92:
            block.append(rng.choice(['0', '-0', '0e-400', '0.000e5']))
        else:  # the block's top again, or just below it
            block.append(block[0] if rng.random() < 0.5 else written(top * F(15, 16), rng.randint(17, 45), neg, False))
    rng.shuffle(block)
    lines += block
print('\n'.join(lines))
EOF

cat > "$T/check.py" <<'EOF'
import sys
from fractions import Fraction as F
fmt = sys.argv[3]
fb, emin, emax, maxv = {'e4m3': (3, -6, 8, F(448)), 'e5m2': (2, -14, 15, F(57344)), 'e2m1': (1, 0, 2, F(6))}[fmt]
bias = 1 - emin
def floor_log2(x):
    e = x.numerator.bit_length() - x.denominator.bit_length()
    return e if F(2) ** e <= x else e - 1
def rounded(a):  # |y| rne, saturating, on the grid
    step = F(2) ** (max(floor_log2(a), emin) - fb) if a else F(1)
    k = a / step
    n = k.numerator // k.denominator
    if k - n > F(1, 2) or (k - n == F(1, 2) and n % 2):
        n += 1
    return min(n * step, maxv)
def code(y):
    q = rounded(abs(y))
    sign = (0x8 if fmt == 'e2m1' else 0x80) if y < 0 else 0
    if q < F(2) ** emin:
        return sign | int(q / F(2) ** (emin - fb))
    e = floor_log2(q)
    return sign | (e + bias) << fb | int(q / F(2) ** (e - fb)) - (1 << fb)
vals = [(F(l), l.startswith('-')) for l in open(sys.argv[1]).read().split()]
rows = open(sys.argv[2]).read().split('\n')
digits = 1 if fmt == 'e2m1' else 2
bad = 0
at = 0
for b in range(0, len(vals), 32):
    block = vals[b:b + 32]
    top = max(abs(v) for v, _ in block)
    e = max(-127, min(127, floor_log2(top) - emax)) if top else -127
    X = F(2) ** e
    want = ['scale\t0x%02x' % (e + 127)]
    worst = 0
    for v, neg in block:
        c = code(v / X) | ((0x80 if digits == 2 else 0x8) if neg and v == 0 else 0)
        want.append('0x%0*x' % (digits, c))
        q = rounded(abs(v / X)) * X
        worst = max(worst, abs(q - abs(v)))
    got = rows[at:at + 34]
    at += 35  # and a blank line
    for k, w in enumerate(want):
        if not got[k].startswith(w):
            bad += 1
            print('block %d line %d: want %s, got %s (input %s)' % (b // 32, k, w, got[k], block[k - 1][0] if k else ''))
    if not got[33].startswith('worst error\t') or F(got[33].split('\t')[1]) != worst:
        bad += 1
        print('block %d: want worst %s, got %s' % (b // 32, worst, got[33]))
sys.exit(1 if bad else 0)
EOF

for f in e4m3 e5m2 e2m1; do
	for seed in 1 2 3; do
		python3 "$T/gen.py" $seed $f 150 > "$T/in" || { echo "mxfar: python3 is needed"; exit 1; }
		"$FPX" mx -o hex $f < "$T/in" > "$T/out" 2>&1
		if python3 "$T/check.py" "$T/in" "$T/out" $f > "$T/why"; then ok; else bad "mx -o hex $f (seed $seed): against fractions: $(head -n 3 "$T/why")"; fi
	done
done

echo "mxfar: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
