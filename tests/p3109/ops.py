#!/usr/bin/env python3
"""ops.py — writes tests/p3109/ops.txt, the cases of tests/p3109-ops.sh: fpx map's
extrema, clamp, comparisons by name, totalorder, predicates, class and next codes,
expected by an implementation of their rules written here from the texts alone,
independent of fpx's code (Python's standard library only):

- IEEE P3109 interim report 4.0 (github.com/P3109/Public, "IEEE P3109 WG Interim
  Report.pdf"): decoding §4.7.2, the extrema §4.11.1-§4.11.3 and clamp §4.11.4 as
  their rule rows, first match wins, the comparisons §4.12, TotalOrder §4.12.1, the
  predicates §4.13, Class Table 2 §4.13.1, NextGreaterThan/NextLessThan §4.16 on codes;
- IEEE 754-2019 for binary16, OCP E4M3 and E4M3FNUZ: minimum/maximum and their Number
  and Magnitude forms §9.6 (-0 below +0), totalOrder §5.10, the predicates and class
  §5.7.2, nextUp/nextDown §5.3.1, NaN propagation §6.2 (the first NaN operand, made
  quiet; a signaling one flags invalid); where IEEE has no such operation (clamp, the
  Finite variants) the P3109 rows, with -0 below +0 where a row picks the smaller.
  fpx's documented choices for formats IEEE 754 does not describe: a format without
  infinity has NaN past its largest value (nextUp of E4M3's 448), a NaN with no sign
  (E4M3FNUZ's 0x80) is the lowest in totalorder and not sign-minus; the operations
  raise no flag of their own.

Each line of ops.txt: FORMAT, OPTIONS, EXPR, CODES, RESULTS, tab-separated. CODES is
`*` (every code of the format, map's own order) or the codes whose every combination
(x slowest) is a case; RESULTS one per case, the result's code, `!flags` after it when
flags are raised, or a class's name.
Usage: python3 tests/p3109/ops.py > tests/p3109/ops.txt
"""
from fractions import Fraction
import itertools

# ---- values: ('nan', neg, signaling, payload) | ('inf', neg) | ('num', Fraction, neg) --

def NAN(neg=False, sig=False, payload=0):
    return ('nan', neg, sig, payload)

def INF(neg):
    return ('inf', neg)

def NUM(q, neg=None):
    return ('num', Fraction(q), q < 0 if neg is None else neg)

def isnan(v): return v[0] == 'nan'
def isinf(v, neg=None): return v[0] == 'inf' and (neg is None or v[1] == neg)
def ispinf(v): return isinf(v, False)
def isninf(v): return isinf(v, True)
def real(v):
    """The extended real of a number or infinity, for < and <=."""
    if v[0] == 'inf':
        return float('-inf') if v[1] else float('inf')
    return v[1]

# ---- formats ---------------------------------------------------------------------------

class P3109:
    """Binary{K}p{P}{s|u}{e|f} by §3.1 and §4.7.2."""
    p3109 = True

    def __init__(self, k, p, signed, extended):
        self.k, self.p, self.signed, self.extended = k, p, signed, extended
        self.bias = 2 ** (k - p - 1) if signed else 2 ** (k - p)
        self.name = 'binary%dp%d%s%s' % (k, p, 's' if signed else 'u', 'e' if extended else 'f')
        self.codes = range(2 ** k)

    def decode(self, x):
        k, p, b = self.k, self.p, self.bias
        if self.signed and x == 2 ** (k - 1): return NAN()
        if not self.signed and x == 2 ** k - 1: return NAN()
        if self.signed and self.extended and x == 2 ** (k - 1) - 1: return INF(False)
        if self.signed and self.extended and x == 2 ** k - 1: return INF(True)
        if not self.signed and self.extended and x == 2 ** k - 2: return INF(False)
        if self.signed and 2 ** (k - 1) < x < 2 ** k:
            v = self.decode(x - 2 ** (k - 1))
            return INF(True) if v[0] == 'inf' else NUM(-v[1])
        t = x % 2 ** (p - 1)
        e = x // 2 ** (p - 1)
        if e == 0:
            return NUM((0 + Fraction(t, 2 ** (p - 1))) * Fraction(2) ** (1 - b))
        return NUM((1 + Fraction(t, 2 ** (p - 1))) * Fraction(2) ** (e - b))

    def min_normal(self):
        return Fraction(2) ** (1 - self.bias)


class IEEELike:
    """binary16 (IEEE 754), e4m3 (OCP: no inf, NaN S.1111.111), e4m3fnuz (bias 8, NaN
    0x80 alone, no -0, no inf)."""
    p3109 = False

    def __init__(self, name, ebits, mbits, specials):
        self.name, self.e, self.m, self.specials = name, ebits, mbits, specials
        self.bias = 2 ** (ebits - 1) - 1 + (specials == 'fnuz')
        self.k = 1 + ebits + mbits
        self.codes = range(2 ** self.k)
        self.nan_signed = specials != 'fnuz'

    def decode(self, x):
        sign = x >> (self.e + self.m)
        ex = (x >> self.m) % 2 ** self.e
        fr = x % 2 ** self.m
        if self.specials == 'fnuz' and x == 2 ** (self.k - 1):
            return NAN()
        if self.specials == 'ieee' and ex == 2 ** self.e - 1:
            if fr == 0:
                return INF(sign == 1)
            quiet = fr >> (self.m - 1)
            return NAN(sign == 1, not quiet, fr % 2 ** (self.m - 1))
        if self.specials == 'fn' and ex == 2 ** self.e - 1 and fr == 2 ** self.m - 1:
            return NAN(sign == 1)
        if ex == 0:
            q = Fraction(fr, 2 ** self.m) * Fraction(2) ** (1 - self.bias)
        else:
            q = (1 + Fraction(fr, 2 ** self.m)) * Fraction(2) ** (ex - self.bias)
        return NUM(-q if sign else q, sign == 1)

    def min_normal(self):
        return Fraction(2) ** (1 - self.bias)

    def is_signaling(self, x):
        v = self.decode(x)
        return isnan(v) and v[2]


def encode(f, v):
    """The code of an exact value of f (the results here are all values of f); a zero
    of the sign asked where f has one, else its only zero."""
    if not hasattr(f, 'table'):
        f.table = {}
        for c in reversed(f.codes):  # the lowest code of a value wins
            w = f.decode(c)
            if not isnan(w):
                f.table[w] = c
    if v in f.table:
        return f.table[v]
    if v[0] == 'num' and v[1] == 0:
        return f.table[NUM(0, not v[2])]
    raise ValueError('%r is no value of %s' % (v, f.name))


def nan_code(f, operands):
    """A NaN result: the first NaN operand made quiet (IEEE 754 §6.2.3), or the format's NaN."""
    if f.p3109:
        return 2 ** (f.k - 1) if f.signed else 2 ** f.k - 1
    for v in operands:
        if isnan(v):
            if f.specials == 'ieee':
                return (v[1] << (f.k - 1)) | ((2 ** f.e - 1) << f.m) | (1 << (f.m - 1)) | v[3]
            if f.specials == 'fn':
                return (v[1] << (f.k - 1)) | (2 ** (f.k - 1) - 1)
            return 2 ** (f.k - 1)
    return {'ieee': 0x7e00 if f.k == 16 else None, 'fn': 2 ** (f.k - 1) - 1, 'fnuz': 2 ** (f.k - 1)}[f.specials]

# ---- P3109 §4.11 as printed: rows of (condition, result), first match wins ---------------

def lt(x, y, ieee):
    """X < Y; in an IEEE format -0 < +0 (§9.6)."""
    if real(x) != real(y):
        return real(x) < real(y)
    return ieee and x[0] == 'num' and x[1] == 0 and x[2] and not y[2]

def w_minimum(X, Y, ieee):
    rows = [
        (lambda: isnan(X), 'NaN'), (lambda: isnan(Y), 'NaN'),
        (lambda: ispinf(X) and ispinf(Y), X), (lambda: isninf(X) and isninf(Y), X),
        (lambda: ispinf(X) and isninf(Y), Y), (lambda: isninf(X) and ispinf(Y), X),
        (lambda: ispinf(X), Y), (lambda: ispinf(Y), X),
        (lambda: isninf(X), X), (lambda: isninf(Y), Y),
    ]
    for cond, r in rows:
        if cond():
            return r
    return X if lt(X, Y, ieee) else Y

def w_maximum(X, Y, ieee):
    rows = [
        (lambda: isnan(X), 'NaN'), (lambda: isnan(Y), 'NaN'),
        (lambda: ispinf(X) and ispinf(Y), X), (lambda: isninf(X) and isninf(Y), X),
        (lambda: ispinf(X) and isninf(Y), X), (lambda: isninf(X) and ispinf(Y), Y),
        (lambda: ispinf(X), X), (lambda: ispinf(Y), Y),
        (lambda: isninf(X), Y), (lambda: isninf(Y), X),
    ]
    for cond, r in rows:
        if cond():
            return r
    return Y if lt(X, Y, ieee) else X

def number_variant(op):
    def w(X, Y, ieee):
        if isnan(X) and isnan(Y): return 'NaN'
        if isnan(Y): return X
        if isnan(X): return Y
        return op(X, Y, ieee)
    return w

def mag(v):
    return float('inf') if v[0] == 'inf' else abs(v[1])

def w_minimum_magnitude(X, Y, ieee):
    if isnan(X) or isnan(Y): return 'NaN'
    if ispinf(X) and ispinf(Y): return X
    if isninf(X) and isninf(Y): return X
    if ispinf(X) and isninf(Y): return Y
    if isninf(X) and ispinf(Y): return X
    if isinf(X): return Y
    if isinf(Y): return X
    if mag(X) < mag(Y): return X
    if mag(X) > mag(Y): return Y
    return X if lt(X, Y, ieee) else Y

def w_maximum_magnitude(X, Y, ieee):
    if isnan(X) or isnan(Y): return 'NaN'
    if ispinf(X): return X
    if ispinf(Y): return Y
    if isninf(X): return X
    if isninf(Y): return Y
    if mag(X) > mag(Y): return X
    if mag(X) < mag(Y): return Y
    return Y if lt(X, Y, ieee) else X

def finite_variant(minimum):
    def w(X, Y, ieee):
        if isnan(X) and isnan(Y): return 'NaN'
        if isnan(X): return Y
        if isnan(Y): return X
        if ispinf(X) and ispinf(Y): return X
        if isninf(X) and isninf(Y): return X
        if ispinf(X) and isninf(Y): return Y if minimum else X
        if isninf(X) and ispinf(Y): return X if minimum else Y
        if isinf(X): return Y
        if isinf(Y): return X
        if minimum:
            return X if lt(X, Y, ieee) else Y
        return Y if lt(X, Y, ieee) else X
    return w

def w_clamp(X, Lo, Hi, ieee):
    le = lambda a, b: real(a) <= real(b)
    rows = [
        (lambda: isnan(X), 'NaN'), (lambda: isnan(Lo), 'NaN'), (lambda: isnan(Hi), 'NaN'),
        (lambda: real(Lo) > real(Hi), 'NaN'),
        (lambda: ispinf(Lo) and ispinf(Hi), Lo), (lambda: isninf(Lo) and isninf(Hi), Lo),
        (lambda: isninf(Hi), 'NaN'), (lambda: ispinf(Lo), 'NaN'),
        (lambda: ispinf(X) and ispinf(Hi), X), (lambda: ispinf(X), Hi),
        (lambda: isninf(X) and isninf(Lo), X), (lambda: isninf(X), Lo),
        (lambda: isninf(Lo) and ispinf(Hi), X),
        (lambda: isninf(Lo) and le(X, Hi), X), (lambda: isninf(Lo) and not le(X, Hi), Hi),
        (lambda: ispinf(Hi) and le(X, Lo), Lo), (lambda: ispinf(Hi) and not le(X, Lo), X),
    ]
    for cond, r in rows:
        if cond():
            return r
    return Lo if le(X, Lo) else Hi if real(X) >= real(Hi) else X

EXTREMA = {
    'minimum': w_minimum, 'maximum': w_maximum,
    'minimumnumber': number_variant(w_minimum), 'maximumnumber': number_variant(w_maximum),
    'minimummagnitude': w_minimum_magnitude, 'maximummagnitude': w_maximum_magnitude,
    'minimummagnitudenumber': number_variant(w_minimum_magnitude),
    'maximummagnitudenumber': number_variant(w_maximum_magnitude),
    'minimumfinite': finite_variant(True), 'maximumfinite': finite_variant(False),
}

# ---- §4.12 comparisons and TotalOrder -------------------------------------------------------

COMPARE = {
    'compareless': lambda a, b: a < b, 'comparelessequal': lambda a, b: a <= b,
    'compareequal': lambda a, b: a == b, 'comparegreater': lambda a, b: a > b,
    'comparegreaterequal': lambda a, b: a >= b,
}

def compare(name, X, Y):
    if isnan(X) or isnan(Y):
        return False
    return COMPARE[name](real(X), real(Y))

def total_order(f, x, y):
    X, Y = f.decode(x), f.decode(y)
    if f.p3109:
        if isnan(X): return True
        if isnan(Y): return False
        return compare('comparelessequal', X, Y)
    # IEEE 754 §5.10: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN; a NaN without sign lowest
    def key(v):
        if isnan(v) and not f.nan_signed:
            return (0,)
        if isnan(v):
            inner = (not v[2], v[3])  # +NaN: signaling below quiet, then payload
            return (1, tuple(-i for i in inner)) if v[1] else (3, inner)
        return (2, real(v), 0 if v[0] == 'num' and v[2] else 1)  # -0 below +0
    return key(X) <= key(Y)

# ---- §4.13 predicates and Table 2 -------------------------------------------------------

def predicate(f, name, x):
    v = f.decode(x)
    normal = v[0] == 'num' and v[1] != 0 and abs(v[1]) >= f.min_normal()
    if isnan(v):  # P3109: IsSignMinus(NaN) False; IEEE 754: the sign bit, where NaNs have one
        minus = not f.p3109 and f.nan_signed and v[1]
    else:
        minus = v[1] if isinf(v) else v[2]
    return {
        'iszero': v[0] == 'num' and v[1] == 0,
        'isone': v[0] == 'num' and v[1] == 1,
        'isnan': isnan(v),
        'isinf': isinf(v),
        'isfinite': not isinf(v) and not isnan(v),
        'issignminus': minus,
        'isnormal': normal,
        'issubnormal': v[0] == 'num' and v[1] != 0 and not normal,
    }[name]

def classify(f, x):
    v = f.decode(x)
    minus = predicate(f, 'issignminus', x)
    if f.p3109:
        if isnan(v): return 'ClsNaN'
        if isinf(v): return 'ClsNegativeInfinity' if minus else 'ClsPositiveInfinity'
        if predicate(f, 'iszero', x): return 'ClsZero'
        kind = 'Normal' if predicate(f, 'isnormal', x) else 'Subnormal'
        return ('ClsNegative' if minus else 'ClsPositive') + kind
    if isnan(v): return 'signalingNaN' if v[2] else 'quietNaN'
    sign = 'negative' if minus else 'positive'
    if isinf(v): return sign + 'Infinity'
    if predicate(f, 'iszero', x): return sign + 'Zero'
    return sign + ('Normal' if predicate(f, 'isnormal', x) else 'Subnormal')

# ---- §4.16 and IEEE 754 §5.3.1 ----------------------------------------------------------

def p3109_next(f, x, up):
    k, s, e = f.k, f.signed, f.extended
    nan = 2 ** (k - 1) if s else 2 ** k - 1
    inf = 2 ** (k - 1) - 1 if s else 2 ** k - 2
    ninf = 2 ** k - 1
    maxf = (2 ** (k - 1) - (2 if e else 1)) if s else (2 ** k - (3 if e else 2))
    minf = maxf + 2 ** (k - 1) if s else 0
    smallest_negative = 2 ** (k - 1) + 1  # ωEncode(−ωDecode(MinPositiveOf)), MinPositive code 1
    minus = s and x != nan and x >= 2 ** (k - 1)
    if up:
        rows = [(x == nan, None), (e and x == inf, None), (not e and x == maxf, None),
                (e and x == maxf, inf), (s and e and x == ninf, minf),
                (s and x == smallest_negative, 0), (s and minus, x - 1)]
        default = x + 1
    else:
        rows = [(x == nan, None), (not e and x == minf, None), (not s and x == 0, None),
                (s and e and x == ninf, None), (s and e and x == minf, ninf), (e and x == inf, maxf),
                (s and x == 0, smallest_negative), (s and minus, x + 1)]
        default = x - 1
    for cond, r in rows:
        if cond:
            return r
    return default

def ieee_next(f, x, up):
    """nextUp: the least value of f above x (nextDown: the greatest below), NaN (None)
    where there is none; nextUp(+inf) = +inf, nextDown(-inf) = -inf; nextUp(+-0) the
    least positive value, nextUp(-minsub) = -0, nextDown(+minsub) = +0; NaN to NaN."""
    v = f.decode(x)
    if isnan(v):
        return None
    if isinf(v) and v[1] != up:
        return x
    here = real(v)
    if not hasattr(f, 'reals'):
        f.reals = sorted({real(w) for w in map(f.decode, f.codes) if not isnan(w)})
    values = f.reals
    beyond = [r for r in values if (r > here if up else r < here)]
    if not beyond:
        return None
    r = min(beyond) if up else max(beyond)
    if r in (float('inf'), float('-inf')):
        return encode(f, INF(r < 0))
    return encode(f, NUM(r, up if r == 0 else None))

# ---- the cases --------------------------------------------------------------------------

def result(f, to, v, operands, computational):
    if v == 'NaN':
        code = nan_code(to, operands)
    else:
        code = encode(to, v)
    signals = computational and any(isnan(o) and o[2] for o in operands)
    return '0x%0*x%s' % ((to.k + 3) // 4, code, '!invalid' if signals else '')

def boolean(to, b):
    return '0x%0*x' % ((to.k + 3) // 4, encode(to, NUM(1 if b else 0)))

def line(f, options, expr, codes, results):
    axis = '*' if codes is None else ' '.join('0x%0*x' % ((f.k + 3) // 4, c) for c in codes)
    return '\t'.join([f.name, options or '-', expr, axis, ' '.join(results)])

def unary_lines(f, codes):
    out = []
    axis = f.codes if codes is None else codes
    for name in ['iszero', 'isone', 'isnan', 'isinf', 'isfinite', 'issignminus', 'isnormal', 'issubnormal']:
        out.append(line(f, '', '%s(x)' % name, codes, [boolean(f, predicate(f, name, x)) for x in axis]))
    out.append(line(f, '', 'class(x)', codes, [classify(f, x) for x in axis]))
    for name, up in [('nextup', True), ('nextdown', False)]:
        res = []
        for x in axis:
            n = p3109_next(f, x, up) if f.p3109 else ieee_next(f, x, up)
            v = f.decode(x)
            res.append(result(f, f, 'NaN' if n is None else f.decode(n), [v], True))
        out.append(line(f, '', '%s(x)' % name, codes, res))
    return out

def binary_lines(f, codes):
    out = []
    ieee = not f.p3109
    for name, op in EXTREMA.items():
        res = []
        for x, y in itertools.product(codes, codes):
            X, Y = f.decode(x), f.decode(y)
            res.append(result(f, f, op(X, Y, ieee), [X, Y], True))
        out.append(line(f, '', '%s(x,y)' % name, codes, res))
    for name in COMPARE:
        res = []
        for x, y in itertools.product(codes, codes):
            X, Y = f.decode(x), f.decode(y)
            # fpx's flags for map's comparisons (IEEE 754 §5.11, C's operators): invalid
            # for an ordered one with a NaN operand, and for any with a signaling NaN
            flag = (isnan(X) or isnan(Y)) and name != 'compareequal' or \
                any(isnan(v) and v[2] for v in (X, Y))
            res.append(boolean(f, compare(name, X, Y)) + ('!invalid' if flag else ''))
        out.append(line(f, '', '%s(x,y)' % name, codes, res))
    out.append(line(f, '', 'totalorder(x,y)', codes,
                    [boolean(f, total_order(f, x, y)) for x, y in itertools.product(codes, codes)]))
    return out

def clamp_line(f, codes):
    res = []
    for x, lo, hi in itertools.product(codes, codes, codes):
        X, Lo, Hi = f.decode(x), f.decode(lo), f.decode(hi)
        res.append(result(f, f, w_clamp(X, Lo, Hi, not f.p3109), [X, Lo, Hi], True))
    return line(f, '', 'clamp(x,y,z)', codes, res)

def main():
    b8p3se, b8p4sf = P3109(8, 3, True, True), P3109(8, 4, True, False)
    b8p3uf, b4p2sf = P3109(8, 3, False, False), P3109(4, 2, True, False)
    b8p1se, b6p2ue = P3109(8, 1, True, True), P3109(6, 2, False, True)
    b16 = IEEELike('binary16', 5, 10, 'ieee')
    e4m3, fnuz = IEEELike('e4m3', 4, 3, 'fn'), IEEELike('e4m3fnuz', 4, 3, 'fnuz')
    print('# tests/p3109/ops.txt, written by tests/p3109/ops.py (see there); read by tests/p3109-ops.sh')
    for f in [b8p3se, b8p4sf, b8p3uf, b4p2sf, b8p1se, b6p2ue, e4m3, fnuz]:
        for l in unary_lines(f, None):
            print(l)
    b16_codes = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3bff, 0x3c00, 0x3c01,
                 0xbc00, 0x7bfe, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7c01, 0x7d23, 0xfc01, 0x7e00, 0x7e01,
                 0xfe00, 0x7fff, 0xffff]
    for l in unary_lines(b16, b16_codes):
        print(l)
    pairs = {
        b8p3se: [0x00, 0x01, 0x81, 0x03, 0x04, 0x40, 0xc0, 0x41, 0x7e, 0xfe, 0x7f, 0xff, 0x80],
        b8p4sf: [0x00, 0x01, 0x81, 0x40, 0xc0, 0x3f, 0x7f, 0xff, 0x7e, 0x80],
        b8p3uf: [0x00, 0x01, 0x03, 0x04, 0x80, 0x81, 0xfe, 0xfd, 0xff],
        b4p2sf: list(range(16)),
        b8p1se: [0x00, 0x01, 0x81, 0x40, 0xc0, 0x7e, 0xfe, 0x7f, 0xff, 0x80],
        b6p2ue: [0x00, 0x01, 0x07, 0x08, 0x20, 0x21, 0x3c, 0x3d, 0x3e, 0x3f],
        e4m3: [0x00, 0x80, 0x01, 0x81, 0x38, 0xb8, 0x7e, 0xfe, 0x7f, 0xff],
        fnuz: [0x00, 0x01, 0x81, 0x40, 0xc0, 0x7f, 0xff, 0x80],
        b16: [0x0000, 0x8000, 0x0001, 0x8001, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7c01,
              0x7e00, 0xfe00, 0x7e05, 0x7c05, 0xfc01],
    }
    for f, codes in pairs.items():
        for l in binary_lines(f, codes):
            print(l)
    triples = {
        b8p3se: [0x00, 0x81, 0x40, 0xc0, 0x7e, 0x7f, 0xff, 0x80],
        b8p4sf: [0x00, 0x40, 0xc0, 0x7f, 0xff, 0x80],
        b8p3uf: [0x00, 0x01, 0x80, 0xfe, 0xff],
        b4p2sf: list(range(16)),
        b6p2ue: [0x00, 0x01, 0x20, 0x3d, 0x3e, 0x3f],
        e4m3: [0x00, 0x80, 0x38, 0xb8, 0x7e, 0xfe, 0x7f],
        fnuz: [0x00, 0x40, 0xc0, 0x7f, 0xff, 0x80],
        b16: [0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7c01, 0x7e00],
    }
    for f, codes in triples.items():
        print(clamp_line(f, codes))


if __name__ == '__main__':
    main()
