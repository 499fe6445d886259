#!/usr/bin/env python3
"""projcases.py -- the checks of fpx's IEEE P3109 projections against project.py.

What it does: writes the convert runs that tests/p3109-project.sh makes fpx do (random
values near the rounding grid's midpoints and on them, around MaxFinite and past it, around
half the smallest subnormal, decimals, n/d, 2^a-2^b, negatives, +-inf, nan, into 40
formats, every rounding mode x saturation, stochastic ones with N in 1, 2, 3, 8, 16), each
with the code project.py expects; then compares what fpx wrote, and fpx's map of every
x*y, x+y, x/y of two binary8 formats, with the reference.

What it never does: take an expected value from fpx; its only source is project.py.

Usage: projcases.py cases DIR [SEED]   DIR/plan (ID KIND FORMAT MODE SAT N R OP a line),
                                       DIR/in/ID, DIR/want/ID
       projcases.py compare DIR        DIR/rc (ID, exit status), DIR/got/ID, DIR/map/ID
"""
import math
import os
import random
import sys
from fractions import Fraction

sys.dont_write_bytecode = True      # no __pycache__ left in the source tree
from project import (Fmt, INF, NAN, OPS, SATS, STOCHASTIC, ORDER6, decode,
                     floor_log2, is_inf, is_nan, pow2, project)

# -- the checks of fpx: values, formats, plan ------------------------------------------

# At least 24 formats over K = 3..16: signed and unsigned, extended and finite, P = 1,
# P = 2, P = K-1 and (unsigned) P = K among them.
FORMATS = '''binary3p1se binary3p2sf binary3p1uf binary3p2ue binary3p3ue binary4p1se binary4p2sf
binary4p3se binary4p4uf binary5p2ue binary5p3sf binary5p5ue binary6p1uf binary6p3se binary6p5sf
binary7p2se binary7p4ue binary7p7uf binary8p1ue binary8p1uf binary8p3se binary8p4se binary8p4sf
binary8p4uf binary8p7se binary8p8ue binary9p5uf binary10p2sf binary11p5ue binary12p7se binary12p7uf
binary13p12sf binary14p1se binary15p15ue binary16p1ue binary16p2se binary16p8ue binary16p11sf
binary16p15se binary16p16uf'''.split()
MAP_FORMATS = ('binary8p3se', 'binary8p4sf')
MAP_OPS = ('x*y', 'x+y', 'x/y')
MAP_SPECS = (('rne', 'finite'), ('rtz', 'none'))
SR_BITS = (1, 2, 3, 8, 16)


def text(v):
    """A datum as fpx reads it exactly: a hex float for a dyadic, n/d otherwise."""
    if is_nan(v):
        return 'nan'
    if is_inf(v):
        return 'inf' if v > 0 else '-inf'
    v = Fraction(v)
    n, d = abs(v.numerator), v.denominator
    if v == 0:
        return '0'
    if d & (d - 1):
        return '%d/%d' % (v.numerator, d)
    t = (n & -n).bit_length() - 1                   # n = m 2^t, m odd
    return '%s0x%xp%+d' % ('-' if v < 0 else '', n >> t, t - (d.bit_length() - 1))


def quantum(f, v):
    """The rounding grid's spacing at |v| (4.7.4's 2^Q)."""
    return pow2(max(floor_log2(abs(v)), 1 - f.B) - f.P + 1)


def edge_values(f):
    """Around MaxFinite and the next binade, and around half the smallest subnormal."""
    M, m = f.Mhi, decode(f, 1)
    u, q, top = quantum(f, M), quantum(f, m), pow2(floor_log2(M) + 1)
    vals = [M, top, 3 * top / 2, top * pow2(40), M + u / 3]
    for k in range(1, 5):                           # Mhi + k ulp/2 and just around it
        vals += [M + k * u / 2, M + k * u / 2 - u * pow2(-40), M + k * u / 2 + u * pow2(-3)]
    vals += [m, m / 2, m / 2 - q * pow2(-40), m / 2 + q * pow2(-40), m / 2 - q * pow2(-71),
             m / 4, 3 * m / 4, m - q * pow2(-30), m + q / 2, m * pow2(-60), q / 3]
    return vals


def decimal_near(v, rng):
    """A decimal string of 1 to 6 digits near |v|, read exactly with Fraction."""
    e10 = math.floor(floor_log2(abs(v)) * 0.30103) + rng.choice((-1, 0, 0, 1))
    digits = str(rng.randrange(1, 10 ** rng.randrange(1, 7)))
    return '%s.%se%d' % (digits[0], digits[1:] or '0', e10)


def around_code(f, rng, c):
    """Values near the finite code c's value v: v, the midpoint above, points just
    around the midpoint, a random dyadic and a random non-dyadic point between."""
    v = decode(f, c)
    u = quantum(f, v)
    k = rng.choice((1, 2, 3, 20, 53, 64, 90))
    b = rng.choice((3, 5, 7, 10, 1000001))
    return [v, v + u / 2, v + u / 2 - u * pow2(-k), v + u / 2 + u * pow2(-k),
            v + u * Fraction(rng.randrange(1, 1 << 12), 1 << 12), v + u * Fraction(rng.randrange(1, b), b)]


def finite_code(f, rng):
    """A random code of a positive finite value."""
    return rng.randrange(1, f.max_code + 1)


def signed_pair(v, rng):
    v = -v if rng.random() < 0.4 else v
    return (text(v), v)


def format_values(f, rng, count=20):
    """The deterministic modes' inputs for f: (text, datum) pairs."""
    vals = [('inf', INF), ('-inf', -INF), ('nan', NAN), ('0', Fraction(0))]
    for v in edge_values(f):
        vals += [(text(v), v), (text(-v), -v)]
    for _ in range(count):
        for v in around_code(f, rng, finite_code(f, rng)):
            vals.append(signed_pair(v, rng))
    for _ in range(12):
        s = decimal_near(decode(f, finite_code(f, rng)), rng)
        s = '-' + s if rng.random() < 0.4 else s
        vals.append((s, Fraction(s)))
    for s in ('1e%d' % (floor_log2(f.Mhi) * 0.30103 + 3), '-7.5e%d' % (floor_log2(f.Mhi) * 0.30103 + 2)):
        vals.append((s, Fraction(s)))
    a = floor_log2(decode(f, finite_code(f, rng)))  # an expression: 2^a - 2^(a - 60)
    vals.append(('2^%d-2^%d' % (a, a - 60), pow2(a) - pow2(a - 60)))
    return vals


def stochastic_values(f, rng, N, R, pool):
    """Inputs for one (N, R): fractions nu of a quantum at, around and half-way past the
    threshold 2^N - R, and some of the deterministic modes' inputs."""
    vals, T = [], (1 << N) - R
    for _ in range(6):
        v = decode(f, finite_code(f, rng))
        u = quantum(f, v)
        for k in (T - 1, T, T + 1):
            for d in (0, Fraction(1, 2), Fraction(-1, 2), pow2(-30), -pow2(-30)):
                nu = (k + d) * pow2(-N)
                if 0 < nu < 1 and rng.random() < 0.5:
                    vals.append(signed_pair(v + u * nu, rng))
    return vals + rng.sample(pool, min(20, len(pool)))


def sr_choices(rng):
    """18 (N, R) pairs in random order, two for each of a format's 9 stochastic mode x
    saturation pairs: every N of SR_BITS with R = 0, R = 2^N - 1 and a random R, and
    three more with a random R."""
    pairs = [(N, R) for N in SR_BITS for R in (0, (1 << N) - 1, None)]
    pairs += [(rng.choice(SR_BITS), None) for _ in range(3)]
    rng.shuffle(pairs)
    return [(N, rng.randrange(1 << N) if R is None else R) for N, R in pairs]


def write_lines(path, lines):
    with open(path, 'w') as out:
        out.writelines(line + '\n' for line in lines)


def write_cases(dirname, seed=35):
    """DIR/plan (one fpx run a line: ID KIND FORMAT MODE SAT N R OP), DIR/in/ID and
    DIR/want/ID for the convert runs; the map runs' expectations are computed by compare."""
    rng = random.Random(seed)
    for sub in ('in', 'want', 'got', 'map', 'err'):
        os.makedirs(os.path.join(dirname, sub), exist_ok=True)
    plan = []
    for name in FORMATS:
        f = Fmt(name)
        pool = format_values(f, rng)
        runs = [(m, s, None, None, pool) for m in ORDER6 for s in SATS]
        srs = iter(sr_choices(rng))
        for m in STOCHASTIC:
            for s in SATS:
                for N, R in (next(srs), next(srs)):
                    runs.append((m, s, N, R, stochastic_values(f, rng, N, R, pool)))
        for mode, sat, N, R, vals in runs:
            rid = '%04d' % len(plan)
            plan.append('\t'.join((rid, 'convert', name, mode, sat, str(N or '-'), '-' if R is None else str(R), '-')))
            write_lines(os.path.join(dirname, 'in', rid), [t for t, _ in vals])
            write_lines(os.path.join(dirname, 'want', rid), [f.hex(project(f, mode, sat, v, N, R)) for _, v in vals])
    for name in MAP_FORMATS:
        for op in MAP_OPS:
            for mode, sat in MAP_SPECS:
                plan.append('\t'.join(('%04d' % len(plan), 'map', name, mode, sat, '-', '-', op)))
    write_lines(os.path.join(dirname, 'plan'), plan)


# -- comparing fpx's output with the reference -----------------------------------------

def read_lines(path):
    try:
        with open(path) as f:
            return f.read().splitlines()
    except OSError:
        return []


def run_label(fmt, mode, sat, N, R):
    return '%s -r %s --saturation %s%s' % (fmt, mode, sat, '' if N == '-' else ' N=%s R=%s' % (N, R))


def compare_convert(dirname, rid, label):
    """(checks, failed, first messages) of one convert run: each input's code."""
    ins = read_lines(os.path.join(dirname, 'in', rid))
    want = read_lines(os.path.join(dirname, 'want', rid))
    got = read_lines(os.path.join(dirname, 'got', rid))
    fails = ['%s: input %s: want %s, fpx %s' % (label, i[:60], w, g)
             for i, w, g in zip(ins, want, got) if w != g]
    if len(got) != len(want):
        fails.append('%s: fpx wrote %d lines for %d inputs' % (label, len(got), len(want)))
    return len(want), len(fails), fails[:5]


MAP_RESULTS = {}


def map_results(name, op):
    """omega-Op of every pair of codes of format name, index x 2^K + y: the exact result
    and a hashable key for it (the two runs of an op share them)."""
    if (name, op) not in MAP_RESULTS:
        f, fn = Fmt(name), OPS[op]
        values = [decode(f, c) for c in range(1 << f.K)]
        Z = [fn(x, y) for x in values for y in values]
        keys = [(z.numerator, z.denominator) if isinstance(z, Fraction) else z for z in Z]
        MAP_RESULTS[(name, op)] = Z, keys
    return MAP_RESULTS[(name, op)]


def compare_map(dirname, rid, name, op, mode, sat):
    """(checks, failed, first messages) of one map run: every (x, y) once, its code the
    reference's omega-Op of the decoded operands, projected once."""
    f, (Z, keys), memo = Fmt(name), map_results(name, op), {}
    seen, fails, label = bytearray(len(Z)), [], "%s '%s' -r %s --saturation %s" % (name, op, mode, sat)
    for line in read_lines(os.path.join(dirname, 'map', rid)):
        fields = line.split('\t')
        try:
            i = int(fields[0], 16) << f.K | int(fields[1], 16)
            seen[i] += 1
        except (ValueError, IndexError):
            fails.append('%s: unreadable line %s' % (label, line[:60]))
            continue
        if keys[i] not in memo:
            memo[keys[i]] = f.hex(project(f, mode, sat, Z[i]))
        if fields[2:] != [memo[keys[i]]]:
            fails.append((i, '\t'.join(fields[2:])))
    if seen.count(1) != len(Z):
        fails.append('%s: fpx gave %d of the %d pairs once' % (label, seen.count(1), len(Z)))
    msgs = [m if isinstance(m, str) else '%s: x=%s y=%s (= %s): want %s, fpx %s' % (
        label, f.hex(m[0] >> f.K), f.hex(m[0] % (1 << f.K)), text(Z[m[0]]), memo[keys[m[0]]], m[1])
        for m in fails[:5]]
    return len(Z), len(fails), msgs


def compare(dirname):
    """Compare every run the shell made (DIR/rc lists them with their exit status);
    print the first failures and a summary; return (checks, failed)."""
    status = dict(line.split('\t', 1) for line in read_lines(os.path.join(dirname, 'rc')))
    checks, failed, msgs, skipped = 0, 0, [], 0
    for line in read_lines(os.path.join(dirname, 'plan')):
        rid, kind, name, mode, sat, N, R, op = line.split('\t')
        if rid not in status:
            skipped += 1
            continue
        if kind == 'convert':
            c, n, m = compare_convert(dirname, rid, run_label(name, mode, sat, N, R))
        else:
            c, n, m = compare_map(dirname, rid, name, op, mode, sat)
        if status[rid] != '0':              # and one check more: fpx's exit status
            err = ' '.join(read_lines(os.path.join(dirname, 'err', rid)))[:200]
            n, m = n + 1, m + ['%s: fpx exits %s: %s' % (line.replace('\t', ' '), status[rid], err)]
        checks, failed, msgs = checks + c + 1, failed + n, msgs + m[:1]
    for line in msgs[:12]:
        print('FAIL: ' + line)
    if failed > len(msgs[:12]):
        print('FAIL: ... %d failures in all' % failed)
    print('p3109-project: %d checks against the reference (%d fpx runs, %d skipped), %d failed'
          % (checks, len(status), skipped, failed))
    return checks, failed


def main(argv):
    if len(argv) >= 3 and argv[1] == 'cases':
        write_cases(argv[2], int(argv[3]) if len(argv) > 3 else 35)
        return 0
    if len(argv) >= 3 and argv[1] == 'compare':
        checks, failed = compare(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    print('p3109-project: %d passed, %d failed' % (checks - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
