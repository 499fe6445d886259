#!/usr/bin/env python3
"""project.py -- IEEE P3109 section 4.7 (projection) and 4.10 (arithmetic) in exact Python.

What it does: an independent reading of the P3109 report (Version 4.0) as digested in
tests/p3109/DIGEST.md: the formats Binary{K}p{P}{s|u}{e|f} (section 3.1), omega-decode
(4.7.2), omega-RoundToPrecision in every rounding mode with ToOdd and Stochastic A, B, C
(4.7.4), omega-Saturate rule by rule in the report's order (4.7.5), omega-Encode (4.7.6),
omega-Project (4.7.3) and omega-Add/Subtract/Multiply/Divide (4.10.3-4.10.5), with
integers and fractions.Fraction, never a float. tests/p3109-project.sh uses it to check fpx.

What it never does: read or call fpx's C code, or take an expected value from fpx's output.

Usage: project.py selftest -- decode, encode and project every code of the official
tables (tests/p3109/K*.tsv) and DIGEST.md section 3's worked examples. As a module:
Fmt(name), decode, round_to_precision, saturate, encode, project, op_add, ... and
tests/p3109/projcases.py makes and compares the checks of fpx with them.
"""
import math
import os
import re
import sys
from fractions import Fraction

if hasattr(sys, 'set_int_max_str_digits'):
    sys.set_int_max_str_digits(0)  # P = 1 formats of 16 bits reach 2^32765: long n/d texts

NAN = 'NaN'          # the single NaN of the closed extended reals (no payload, no sign)
INF = math.inf       # +inf and -inf compare with Fractions as the extended reals do
MODES = ('rne', 'rna', 'rtz', 'rup', 'rdn', 'rto', 'sra', 'srb', 'src')
STOCHASTIC = ('sra', 'srb', 'src')
SATS = ('none', 'finite', 'propagate')


def pow2(e):
    """2^e exactly, for any integer e."""
    return Fraction(1 << e) if e >= 0 else Fraction(1, 1 << -e)


def floor_log2(q):
    """floor(log2(q)) for a rational q > 0 (a Fraction or an int), exactly."""
    return floor_log2_nd(q.numerator, q.denominator)


def floor_log2_nd(n, d):
    """floor(log2(n/d)) for integers n, d > 0."""
    e = n.bit_length() - d.bit_length()
    if (n << -e if e < 0 else n) < (d << e if e > 0 else d):
        e -= 1
    return e


def is_nan(x):
    return isinstance(x, str)


def is_inf(x):
    return isinstance(x, float) and math.isinf(x)


class Fmt:
    """A P3109 format Binary{K, P, Sigma, Delta} (section 3.1) and its extremes (4.14)."""

    def __init__(self, name):
        m = re.fullmatch(r'binary(\d+)p(\d+)([su])([ef])', name.lower())
        if not m:
            raise ValueError('not a P3109 format name: ' + name)
        self.name = name
        self.K, self.P = int(m.group(1)), int(m.group(2))
        self.signed, self.extended = m.group(3) == 's', m.group(4) == 'e'
        K, P = self.K, self.P
        if K < 3 or P < 1 or P > K or (self.signed and P == K):
            raise ValueError('no such P3109 format: ' + name)
        self.B = 1 << (K - P - 1) if self.signed else 1 << (K - P)
        self.nan_code = 1 << (K - 1) if self.signed else (1 << K) - 1
        self.digits = (K + 3) // 4
        if self.signed:
            self.max_code = (1 << (K - 1)) - (2 if self.extended else 1)
            self.min_code = self.max_code + (1 << (K - 1))
        else:
            self.max_code = (1 << K) - (3 if self.extended else 2)
            self.min_code = 0
        self.Mhi, self.Mlo = decode(self, self.max_code), decode(self, self.min_code)

    def hex(self, code):
        """A code as fpx's hex field writes it: 0x and ceil(K/4) lowercase digits."""
        return '0x%0*x' % (self.digits, code)


# -- section 4.7.2: omega-Decode ---------------------------------------------------------

def decode(f, x):
    """The datum of code x in format f: a Fraction, INF, -INF or NAN (4.7.2, in order)."""
    K, P = f.K, f.P
    if f.signed and x == 1 << (K - 1):
        return NAN
    if not f.signed and x == (1 << K) - 1:
        return NAN
    if f.signed and f.extended and x == (1 << (K - 1)) - 1:
        return INF
    if f.signed and f.extended and x == (1 << K) - 1:
        return -INF
    if not f.signed and f.extended and x == (1 << K) - 2:
        return INF
    if f.signed and (1 << (K - 1)) < x < (1 << K):
        return -decode(f, x - (1 << (K - 1)))
    T, Ebiased = x % (1 << (P - 1)), x // (1 << (P - 1))
    if Ebiased == 0:
        return (0 + T * pow2(1 - P)) * pow2(1 - f.B)
    return (1 + T * pow2(1 - P)) * pow2(Ebiased - f.B)


# -- section 4.7.6: omega-Encode ---------------------------------------------------------

def encode(f, X):
    """The code of datum X of format f (4.7.6); ValueError when X is not in D_f."""
    K, P = f.K, f.P
    if is_nan(X):
        return f.nan_code
    if is_inf(X) and X > 0 and f.extended:
        return (1 << (K - 1)) - 1 if f.signed else (1 << K) - 2
    if (X < 0 if is_inf(X) else X.numerator < 0) and f.signed:
        return encode(f, -X) + (1 << (K - 1))
    if is_inf(X) or X.numerator < 0:
        raise ValueError('%s is not a datum of %s' % (X, f.name))
    n, d = X.numerator, X.denominator
    if n == 0:
        return 0
    E = max(floor_log2_nd(n, d), 1 - f.B)
    sh = P - 1 - E                                  # S = X 2^-E 2^(P-1)
    S, r = divmod(n << sh, d) if sh >= 0 else divmod(n, d << -sh)
    T = S % (1 << (P - 1))
    code = T if S < (1 << (P - 1)) else T + (E + f.B) * (1 << (P - 1))
    if r or code > f.max_code:
        raise ValueError('%s is not a datum of %s' % (X, f.name))
    return code


# -- section 4.7.4: omega-RoundToPrecision -----------------------------------------------

def rnite(n, d):
    """RNITE(n/d): n/d rounded to the nearest integer, ties to even (4.7.4)."""
    q, r = divmod(n, d)
    if 2 * r < d or (2 * r == d and q % 2 == 0):
        return q
    return q + 1


def round_away(mode, fl, rem, den, positive, code_is_even, N, R):
    """RoundAway(mode) of 4.7.4, with nu = rem/den exactly and fl = floor(S~)."""
    if mode == 'rtz':
        return False
    if mode == 'rup':
        return rem > 0 and positive
    if mode == 'rdn':
        return rem > 0 and not positive
    if mode == 'rna':
        return 2 * rem >= den
    if mode == 'rne':
        return 2 * rem > den or (2 * rem == den and not code_is_even)
    if mode == 'rto':
        return rem > 0 and code_is_even
    if mode == 'sra':                              # floor(nu 2^N) + R >= 2^N
        return (rem << N) // den + R >= 1 << N
    if mode == 'srb':                              # floor(nu 2^(N+1)) + 2R + 1 >= 2^(N+1)
        return (rem << (N + 1)) // den + 2 * R + 1 >= 1 << (N + 1)
    if mode == 'src':                              # RNITE(nu 2^N) + R >= 2^N
        return rnite(rem << N, den) + R >= 1 << N
    raise ValueError('no rounding mode ' + mode)


def round_to_precision(P, B, mode, X, N=None, R=None):
    """omega-RoundToPrecision_{P,B,mode}(X) of 4.7.4: unbounded above, the grid's
    quantum bounded below by 2^(2-P-B); the sign re-applied; no -0."""
    if is_nan(X) or is_inf(X) or X == 0:
        return X
    n, d = abs(X.numerator), X.denominator          # |X| = n/d
    Q = max(floor_log2_nd(n, d), 1 - B) - P + 1
    num, den = (n, d << Q) if Q >= 0 else (n << -Q, d)
    fl, rem = divmod(num, den)                      # floor(S~), nu = rem/den
    if P > 1:
        even = fl % 2 == 0
    else:
        even = fl == 0 or (Q + B) % 2 == 0
    positive = X.numerator > 0
    S = fl + 1 if round_away(mode, fl, rem, den, positive, even, N, R) else fl
    S = S if positive else -S                       # Z = sgn(X) S 2^Q
    return Fraction(S << Q) if Q >= 0 else Fraction(S, 1 << -Q)


# -- section 4.7.5: omega-Saturate, first match wins -------------------------------------

def saturate(f, sat, mode, X):
    """omega-Saturate_{Mlo,Mhi}(sat, mode, X, Sigma, Delta) of 4.7.5, rule by rule."""
    Mlo, Mhi, S, E = f.Mlo, f.Mhi, f.signed, f.extended
    if is_nan(X):
        return NAN
    if Mlo <= X <= Mhi:
        return X
    if sat == 'finite':
        if X == INF:
            return Mhi
        if X == -INF:
            return Mlo
        return Mlo if X < Mlo else Mhi
    if sat == 'propagate':
        if X == INF:
            return INF if E else Mhi
        if X == -INF:
            return -INF if S and E else Mlo
        return Mlo if X < Mlo else Mhi
    assert sat == 'none', sat
    if X == INF:
        return INF if E else Mhi
    if X == -INF:
        if S and E:
            return -INF
        return NAN if not S else Mlo
    if mode == 'rto' and not S and E and X > Mhi:
        return Mhi
    if mode in ('rtz', 'rdn') and X > Mhi:
        return Mhi
    if mode in ('rtz', 'rup') and X < Mlo:
        return Mlo
    if X < Mlo:
        return -INF if S and E else (NAN if not S else Mlo)
    return INF if E else Mhi                        # X > Mhi


# -- section 4.7.3: omega-Project ---------------------------------------------------------

def project(f, mode, sat, X, N=None, R=None):
    """The code of omega-Project_{f,(mode,sat)}(X): round, saturate, encode (4.7.3)."""
    if is_nan(X):
        return f.nan_code
    if mode in STOCHASTIC and not (N >= 1 and 0 <= R < 1 << N):
        raise ValueError('stochastic rounding needs N >= 1 and 0 <= R < 2^N')
    Z = round_to_precision(f.P, f.B, mode, X, N, R)
    return encode(f, saturate(f, sat, mode, Z))


# -- section 4.10.3-4.10.5: exact arithmetic on the closed extended reals --------------

def sgn(x):
    return 1 if x > 0 else -1 if x < 0 else 0


def op_add(x, y):
    """omega-Add (4.10.3): (+inf, -inf) either way NaN; else any infinity wins."""
    if is_nan(x) or is_nan(y):
        return NAN
    if is_inf(x) or is_inf(y):
        if is_inf(x) and is_inf(y) and x != y:
            return NAN
        return x if is_inf(x) else y
    return x + y


def op_sub(x, y):
    """omega-Subtract (4.10.3), in the report's order."""
    if is_nan(x) or is_nan(y):
        return NAN
    if is_inf(x) or is_inf(y):
        if is_inf(x) and x == y:
            return NAN
        return -y if is_inf(y) else x     # (*, +inf) -inf, (+inf, *) +inf, ...
    return x - y


def op_mul(x, y):
    """omega-Multiply (4.10.4): inf times 0 NaN; inf times Y signed by both."""
    if is_nan(x) or is_nan(y):
        return NAN
    if is_inf(x) or is_inf(y):
        if x == 0 or y == 0:
            return NAN
        return INF if sgn(x) * sgn(y) > 0 else -INF
    return x * y


def op_div(x, y):
    """omega-Divide (4.10.5): (inf, inf) NaN, (*, 0) NaN, (inf, Y) inf, (*, inf) 0."""
    if is_nan(x) or is_nan(y):
        return NAN
    if is_inf(x) and is_inf(y):
        return NAN
    if y == 0:
        return NAN
    if is_inf(x):
        return INF if sgn(x) * sgn(y) > 0 else -INF
    if is_inf(y):
        return Fraction(0)
    return Fraction(x) / y


OPS = {'x+y': op_add, 'x-y': op_sub, 'x*y': op_mul, 'x/y': op_div}


# -- self-test: the official tables and DIGEST.md section 3's worked examples ----------

DIR = os.path.dirname(os.path.abspath(__file__))
ORDER6 = ('rne', 'rna', 'rtz', 'rup', 'rdn', 'rto')

# (format, X, saturations, codes in the order rne rna rtz rup rdn rto), from DIGEST.md
# section 3 "Worked" and section 6 (1)-(3).
WORKED = [
    ('binary8p3se', Fraction(53248), ('none',), '7e 7f 7e 7f 7e 7f'),
    ('binary8p3se', Fraction(53248), ('finite', 'propagate'), '7e 7e 7e 7e 7e 7e'),
    ('binary8p3se', INF, ('none', 'propagate'), '7f 7f 7f 7f 7f 7f'),
    ('binary8p3se', INF, ('finite',), '7e 7e 7e 7e 7e 7e'),
    ('binary8p3se', Fraction(9, 8), SATS, '40 41 40 41 40 41'),
    ('binary8p3se', Fraction(17, 16), SATS, '40 40 40 41 40 41'),
    ('binary8p3se', -pow2(-18), SATS, '00 81 00 00 81 81'),
    ('binary8p3se', pow2(-18) - pow2(-40), SATS, '00 00 00 01 00 01'),
    ('binary8p3se', pow2(-18) - pow2(-71), SATS, '00 00 00 01 00 01'),
    ('binary8p4uf', Fraction(10**6), SATS, 'fe fe fe fe fe fe'),
    ('binary8p4uf', INF, SATS, 'fe fe fe fe fe fe'),
    ('binary8p4uf', Fraction(-1), ('none',), 'ff ff 00 00 ff ff'),
    ('binary8p4uf', Fraction(-1), ('finite', 'propagate'), '00 00 00 00 00 00'),
    ('binary8p4uf', -INF, ('none',), 'ff ff ff ff ff ff'),
    ('binary8p4uf', -INF, ('finite', 'propagate'), '00 00 00 00 00 00'),
    ('binary8p4uf', -pow2(-19), ('none',), '00 ff 00 00 ff ff'),
    # section 6 (2): finite formats under SatNone saturate; (3): ToOdd into unsigned
    # extended under SatNone gives MaxFinite for a finite X, +inf stays +inf
    ('binary8p4sf', Fraction(10**6), ('none',), '7f 7f 7f 7f 7f 7f'),
    ('binary8p4sf', -INF, ('none',), 'ff ff ff ff ff ff'),
    ('binary8p4sf', Fraction(-10**6), ('none',), 'ff ff ff ff ff ff'),
    ('binary8p4ue', Fraction(10**6), ('none',), 'fe fe fd fe fd fd'),
    ('binary8p4ue', INF, ('none',), 'fe fe fe fe fe fe'),
    ('binary4p1se', Fraction(3, 2), ('none',), '4 5 4 5 4 5'),
    ('binary4p1se', Fraction(3), ('none',), '6 6 5 6 5 5'),
    ('binary4p1se', Fraction(6), ('none',), '6 7 6 7 6 7'),
    ('binary4p1se', Fraction(3, 16), ('none',), '2 2 1 2 1 1'),
    ('binary4p1se', Fraction(1, 16), ('none',), '0 1 0 1 0 1'),
]

# (format, X, N, mode, the number of R in 0 .. 2^N-1 that round away), DIGEST.md section 3
# "Stochastic modes as thresholds": 35/32 in Binary8p3se (nu = 3/8) and 79/64 (nu = 15/16).
STOCHASTIC_COUNTS = [(x, n, m, c) for x in (Fraction(35, 32), Fraction(-35, 32))
                     for n, counts in ((1, (0, 1, 1)), (2, (1, 2, 2)), (3, (3, 3, 3)), (4, (6, 6, 6)))
                     for m, c in zip(STOCHASTIC, counts)]
STOCHASTIC_COUNTS += [(Fraction(79, 64), n, m, c) for n in (1, 2, 3)
                      for m, c in zip(STOCHASTIC, ((1 << n) - 1, 1 << n, 1 << n))]


def parse_exact(text):
    """fpx's exact field (or inf, -inf, nan) as a datum."""
    return {'inf': INF, '-inf': -INF, 'nan': NAN}.get(text) or Fraction(text)


def selftest_tables():
    """Every row of K*.tsv: decode(code) is the table's value, encode(value) the code,
    and projecting the value gives the code back (nu = 0: no mode rounds away; RNE, ToOdd
    with their CodeIsEven, and StochasticB with R = 2^N - 1, the readiest to)."""
    fmts, checks, failed = {}, 0, []
    for k in range(3, 17):
        path = os.path.join(DIR, 'K%d.tsv' % k)
        if not os.path.exists(path):
            continue
        for line in open(path):
            if line.startswith('#') or not line.strip():
                continue
            name, hexcode, exact = line.rstrip('\n').split('\t')
            f = fmts.setdefault(name, Fmt(name))
            code, want = int(hexcode, 16), parse_exact(exact)
            got = decode(f, code)
            ok = got == want if not is_nan(want) else is_nan(got)
            ok = ok and encode(f, want) == code
            ok = ok and all(project(f, m, 'none', want, 3, 7) == code for m in ('rne', 'rto', 'srb'))
            checks += 1
            if not ok:
                failed.append('table %s %s: want %s, decode gives %s' % (name, hexcode, exact, got))
    return checks, failed


def selftest_worked():
    """DIGEST.md section 3's worked examples and stochastic counts, and 4.7.3 NOTE 2."""
    checks, failed = 0, []
    for name, X, sats, codes in WORKED:
        f = Fmt(name)
        for sat in sats:
            got = ' '.join('%0*x' % (len(codes.split()[0]), project(f, m, sat, X)) for m in ORDER6)
            checks += 1
            if got != codes:
                failed.append('worked %s %s %s: want %s, got %s' % (name, X, sat, codes, got))
    f = Fmt('binary8p3se')
    for X, N, mode, count in STOCHASTIC_COUNTS:
        lo = project(f, 'rtz', 'none', X)
        got = sum(project(f, mode, 'none', X, N, R) != lo for R in range(1 << N))
        checks += 1
        if got != count:
            failed.append('stochastic %s N=%d %s: want %d away, got %d' % (X, N, mode, count, got))
    half = pow2(-18)                      # NOTE 2: <= minsub/2 -> 0, (minsub/2, minsub) -> minsub
    for X, want in ((half, 0), (half - pow2(-80), 0), (half + pow2(-80), 1), (pow2(-17) - pow2(-80), 1)):
        checks += 1
        if project(f, 'rne', 'none', X) != want:
            failed.append('4.7.3 NOTE 2: %s should give %d' % (X, want))
    return checks, failed


def selftest_thresholds(count=150):
    """DIGEST.md section 3's second reading of the stochastic modes: over the 2^N values
    of R, A rounds away floor(nu 2^N) times, B floor(nu 2^N + 1/2), C RNITE(nu 2^N);
    and ToOdd gives an odd code whenever it rounds (P > 1, in range)."""
    import random
    rng, f, failed = random.Random(4), Fmt('binary8p3se'), []
    for _ in range(count):
        X = Fraction(rng.randrange(1, 1 << 20), 1 << rng.randrange(18, 40)) * rng.choice((1, -1))
        Q = max(floor_log2(abs(X)), 1 - f.B) - f.P + 1
        nu = abs(X) * pow2(-Q) % 1
        lo = project(f, 'rtz', 'none', X)
        for N in range(1, 6):
            t = nu * (1 << N)
            want = (math.floor(t), math.floor(t + Fraction(1, 2)), rnite(t.numerator, t.denominator))
            got = tuple(sum(project(f, m, 'none', X, N, R) != lo for R in range(1 << N)) for m in STOCHASTIC)
            if got != want:
                failed.append('thresholds %s N=%d: want %s away, got %s' % (X, N, want, got))
        odd = project(f, 'rto', 'none', X)
        if nu and abs(X) < f.Mhi and odd % 2 == 0:
            failed.append('ToOdd %s gives the even code %#x' % (X, odd))
    return count, failed


def selftest():
    """Run the self-tests; print a line for each failure and a summary; (checks, failed)."""
    c1, f1 = selftest_tables()
    c2, f2 = selftest_worked()
    c3, f3 = selftest_thresholds()
    for line in (f1 + f2 + f3)[:10]:
        print('FAIL: reference self-test: ' + line)
    print('p3109-project: reference self-test: %d table codes, %d worked examples, '
          '%d threshold values, %d failed' % (c1, c2, c3, len(f1 + f2 + f3)))
    return c1 + c2 + c3, len(f1 + f2 + f3)


def main(argv):
    if argv[1:] != ['selftest']:
        sys.stderr.write(__doc__)
        return 2
    checks, failed = selftest()
    print('p3109-project: %d passed, %d failed' % (checks - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
