#!/usr/bin/env python3
"""ieee-ops.py — writes tests/ieee-ops.txt, the expected results of fpx map's IEEE 754
operations by name (roundToIntegral, remainder, the comparisons of §5.11, scaleB, logB,
minNum ..., totalOrderMag, isSignaling, isCanonical), computed here without fpx:

- values are Python floats read from the codes with struct (binary16 'e', binary32
  'f', binary64 'd'), exact rationals with fractions where a rounding is decided;
- roundToIntegral (§5.3.1) from fractions' floor and the modes' definitions, round to
  odd as SoftFloat's (toward zero, then the odd neighbour if inexact);
- remainder from math.remainder (C's remainder(), IEEE 754 §5.3.1: exact, a zero
  result with x's sign; ValueError for rem(inf, y) and rem(x, 0): invalid);
- scaleB from math.ldexp (exact in binary64 for these operands) rounded once into the
  format by struct.pack (round to nearest even; OverflowError: +-inf, overflow);
- logB from math.frexp (the exponent of the normalized value, subnormals too);
- the comparisons from Python's <, <=, ==, NaN unordered, written as IEEE 754's Tables
  5.1-5.3 define each name; the rest from the 2008 and 2019 texts, as said below.
A NaN result is the first NaN operand made quiet (fpx(1), IEEE 754 §6.2), or the
default NaN (the quiet bit alone) for an invalid operation on numbers; a signaling NaN
operand flags invalid; underflow is tininess after rounding (fpx map's default).
A line, tab-separated: FORMAT (- for none), OPTIONS (- for none), EXPR, each
variable's codes in hex as TestFloat writes them (the lists apart by ' / '; the rows
are every combination, x slowest), and each row's result as TestFloat writes it, with
`!FF` after it when flags are raised (bit 0 inexact, 1 underflow, 2 overflow, 3
divbyzero, 4 invalid).
Usage: python3 tests/ieee-ops.py > tests/ieee-ops.txt
"""
import itertools
import math
import struct
import sys
from fractions import Fraction

INEXACT, UNDERFLOW, OVERFLOW, DIVBYZERO, INVALID = 1, 2, 4, 8, 16


class Format:
    def __init__(self, name, letter, bits, frac, emin):
        self.name, self.letter, self.bits, self.frac, self.emin = name, letter, bits, frac, emin
        self.quiet = 1 << (frac - 1)
        self.sign = 1 << (bits - 1)
        self.exp_mask = ((1 << (bits - 1 - frac)) - 1) << frac

    def value(self, code):
        return struct.unpack('<' + self.letter, code.to_bytes(self.bits // 8, 'little'))[0]

    def code(self, v):
        return int.from_bytes(struct.pack('<' + self.letter, v), 'little')

    def hex(self, code):
        return '%0*X' % (self.bits // 4, code)

    def is_nan(self, code):
        return code & self.exp_mask == self.exp_mask and code & ((1 << self.frac) - 1) != 0

    def is_snan(self, code):
        return self.is_nan(code) and not code & self.quiet

    def rounded(self, exact):
        """exact (a Fraction) rounded to nearest even: code, flags. Far past the range
        either way, +-inf (overflow) or +-0 (underflow); in between, float() rounds
        correctly into binary64 (Python's int/int division) and is exact for the
        narrower formats, which struct.pack then rounds to nearest even."""
        neg = exact < 0
        emax = (1 << (self.bits - 2 - self.frac)) - 1
        if abs(exact) >= Fraction(2) ** (emax + 1):
            return self.code(-math.inf if neg else math.inf), OVERFLOW | INEXACT
        if abs(exact) < Fraction(2) ** (self.emin - self.frac - 2):
            return self.code(-0.0 if neg else 0.0), UNDERFLOW | INEXACT
        d = float(exact)
        assert self.letter == 'd' or Fraction(d) == exact
        try:
            v = self.code(d)
        except OverflowError:
            return self.code(-math.inf if neg else math.inf), OVERFLOW | INEXACT
        got = Fraction(self.value(v))
        flags = 0
        if got != exact:
            flags = INEXACT
            if abs(self.unbounded(exact)) < Fraction(2) ** self.emin:
                flags |= UNDERFLOW  # tiny after rounding (IEEE 754 §7.5), fpx's default
        return v, flags

    def unbounded(self, exact):
        """exact rounded to p bits, nearest even, with an unbounded exponent range."""
        p = self.frac + 1
        e = abs(exact).numerator.bit_length() - abs(exact).denominator.bit_length()
        while Fraction(2) ** e > abs(exact):
            e -= 1
        while Fraction(2) ** (e + 1) <= abs(exact):
            e += 1
        scaled = exact / Fraction(2) ** (e - p + 1)
        return round(scaled) * Fraction(2) ** (e - p + 1)  # round(): ties to even


F16 = Format('binary16', 'e', 16, 10, -14)
F32 = Format('binary32', 'f', 32, 23, -126)
F64 = Format('binary64', 'd', 64, 52, -1022)


def nan_result(f, codes):
    """The first NaN operand made quiet, and invalid if any signals; None without NaN."""
    nans = [c for c in codes if f.is_nan(c)]
    if not nans:
        return None
    return nans[0] | f.quiet, INVALID if any(f.is_snan(c) for c in nans) else 0


GROUPS = {}


def line(fmt, options, expr, operands, result, flags):
    """One row of the group fmt, options, expr: its operands and result."""
    GROUPS.setdefault((fmt, options, expr), []).append((operands, result + ('!%02X' % flags if flags else '')))


def write_groups():
    """A line a group: each variable's codes (x slowest: the rows are every combination),
    then the results in row order."""
    for (fmt, options, expr), rows in GROUPS.items():
        lists = []
        for i in range(len(rows[0][0])):
            seen = []
            for operands, _ in rows:
                if operands[i] not in seen:
                    seen.append(operands[i])
            lists.append(seen)
        assert [list(t) for t in itertools.product(*lists)] == [r[0] for r in rows]
        print('%s\t%s\t%s\t%s\t%s' % (fmt, options, expr, ' / '.join(' '.join(l) for l in lists),
                                       ' '.join(r[1] for r in rows)))


# ---- roundToIntegral (§5.3.1) --------------------------------------------------------------

def to_integral(x, mode):
    """x (a Fraction) to an integer by mode."""
    lo = math.floor(x)
    if lo == x:
        return lo
    frac = x - lo
    if mode == 'rdn':
        return lo
    if mode == 'rup':
        return lo + 1
    if mode == 'rtz':
        return lo if x > 0 else lo + 1
    if mode == 'rto':
        t = lo if x > 0 else lo + 1
        return t if t % 2 else t + (1 if x > 0 else -1)
    if frac != Fraction(1, 2):
        return lo if frac < Fraction(1, 2) else lo + 1
    if mode == 'rna':
        return lo + 1 if x > 0 else lo
    return lo if lo % 2 == 0 else lo + 1  # rne


def round_integral(f, code, mode, exact):
    nan = nan_result(f, [code])
    if nan:
        return nan
    v = f.value(code)
    if math.isinf(v):
        return code, 0
    n = to_integral(Fraction(v), mode)
    r = f.code(math.copysign(float(n), v))  # a zero keeps x's sign
    return r, INEXACT if exact and n != Fraction(v) else 0


def roundtoint_values(f):
    half_ulp_one = 2.0 ** (f.frac - 1)  # 2^(p-2): spacing 1/2 below 2^(p-1)
    vals = [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.5, 3.5, 4.5, 5.5, half_ulp_one * 2 - 0.5,
            half_ulp_one * 2, half_ulp_one * 4 - 1, 2.0 ** f.emin, 2.0 ** (f.emin - f.frac)]
    codes = [f.code(s * v) for v in vals for s in (1.0, -1.0)]
    codes += [f.code(math.inf), f.code(-math.inf), f.exp_mask | f.quiet | 1,
              f.exp_mask | 1, f.sign | f.exp_mask | 2, f.exp_mask - (1 << f.frac) + ((1 << f.frac) - 1)]
    return codes


def roundtoint_lines():
    named = {'tiestoeven': 'rne', 'tiestoaway': 'rna', 'towardzero': 'rtz',
             'towardpositive': 'rup', 'towardnegative': 'rdn'}
    for f in (F16, F32, F64):
        codes = roundtoint_values(f)
        for mode in ('rne', 'rna', 'rtz', 'rup', 'rdn', 'rto'):
            for expr, exact in (('roundtoint(x)', False), ('roundtointexact(x)', True)):
                for c in codes:
                    r, fl = round_integral(f, c, mode, exact)
                    line(f.name, '-r ' + mode, expr, [f.hex(c)], f.hex(r), fl)
        for name, mode in named.items():
            for options in ('-', '-r rup'):  # the name's mode, whatever -r says
                for c in codes:
                    r, fl = round_integral(f, c, mode, False)
                    line(f.name, options, 'roundtointegral%s(x)' % name, [f.hex(c)], f.hex(r), fl)


# ---- remainder (§5.3.1) ----------------------------------------------------------------------

def remainder(f, a, b):
    nan = nan_result(f, [a, b])
    if nan:
        return nan
    try:
        r = math.remainder(f.value(a), f.value(b))
    except ValueError:
        return f.exp_mask | f.quiet, INVALID
    return f.code(r), 0  # exact: representable in f


def rem_lines():
    xs = [0.0, -0.0, 1.0, -1.0, 1.5, 2.0, 3.0, -3.0, 5.0, 7.0, 2.5, -6.5, 10.0, 1e-3]
    ys = [0.0, -0.0, 1.0, 2.0, 3.0, -3.0, 0.75, 4.0, math.inf, -math.inf]
    for f in (F16, F32, F64):
        tiny = f.value(1)
        big = f.value(f.exp_mask - 1)
        xc = [f.code(float(struct.unpack('<' + f.letter, struct.pack('<' + f.letter, v))[0])) for v in xs]
        xc += [1, f.sign | 3, f.exp_mask - 1, f.code(math.inf), f.code(-math.inf), f.exp_mask | f.quiet | 5,
               f.exp_mask | 5]
        yc = [f.code(v) for v in ys] + [1, f.code(tiny * 3), f.code(big), f.exp_mask | f.quiet | 7, f.exp_mask | 7]
        for a in xc:
            for b in yc:
                r, fl = remainder(f, a, b)
                line(f.name, '-', 'rem(x,y)', [f.hex(a), f.hex(b)], f.hex(r), fl)


# ---- comparisons (§5.11) ---------------------------------------------------------------------

def unordered(x, y):
    return math.isnan(x) or math.isnan(y)


COMPARISONS = [  # name, signaling, the predicate as IEEE 754 Tables 5.1-5.3 define it
    ('eq', False, lambda x, y: x == y), ('le', True, lambda x, y: x <= y), ('lt', True, lambda x, y: x < y),
    ('eq_signaling', True, lambda x, y: x == y), ('le_quiet', False, lambda x, y: x <= y),
    ('lt_quiet', False, lambda x, y: x < y),
    ('compareQuietNotEqual', False, lambda x, y: x != y),
    ('compareSignalingGreater', True, lambda x, y: x > y),
    ('compareSignalingNotGreater', True, lambda x, y: not x > y),
    ('compareSignalingLessUnordered', True, lambda x, y: x < y or unordered(x, y)),
    ('compareQuietGreaterEqual', False, lambda x, y: x >= y),
    ('compareQuietUnordered', False, unordered),
    ('compareQuietOrdered', False, lambda x, y: not unordered(x, y)),
    ('compareQuietNotLess', False, lambda x, y: not x < y),
    ('compareSignalingGreaterUnordered', True, lambda x, y: x > y or unordered(x, y)),
    ('x<y', True, lambda x, y: x < y), ('x<=y', True, lambda x, y: x <= y), ('x==y', False, lambda x, y: x == y),
]


def compare_lines():
    f = F32
    codes = [f.code(v) for v in (-math.inf, -1.0, -0.0, 0.0, 1.0, 1.5, math.inf)]
    codes += [0x7F01FDFF, 0x0103BFFF, 0xFEF80400, 0xB8FFFEFF, 0x7FC00000, 0xFFC00001, 0x7FA00000]
    for name, signaling, pred in COMPARISONS:
        expr = name if name.startswith('x') else name + '(x,y)'
        for a in codes:
            for b in codes:
                x, y = f.value(a), f.value(b)
                snan = f.is_snan(a) or f.is_snan(b)
                fl = INVALID if snan or (signaling and unordered(x, y)) else 0
                line(f.name, '-', expr, [f.hex(a), f.hex(b)], '1' if pred(x, y) else '0', fl)


# ---- scaleB and logB (§5.3.3) ----------------------------------------------------------------

def scaleb(f, a, n):
    nan = nan_result(f, [a])
    if nan:
        return nan
    v = f.value(a)
    if math.isinf(v) or v == 0:
        return a, 0
    n = max(-5000, min(5000, n))  # as far past every range of these formats
    return f.rounded(Fraction(v) * Fraction(2) ** n)


def scaleb_lines():
    ns = [0, 1, 3, -1, -3, 10, -10, 127, 128, -126, -149, -150, -151, 1000, -1000, 2**31 - 1, -2**31]
    for f in (F16, F32, F64):
        codes = [f.code(v) for v in (1.0, -1.0, 1.5, 3.0, -0.0, 0.0, math.inf, -math.inf)]
        codes += [1, f.exp_mask - 1, f.sign | (f.exp_mask - 1), 1 << f.frac, f.exp_mask | 1, f.exp_mask | f.quiet]
        for a in codes:
            for n in ns:
                r, fl = scaleb(f, a, n)
                line('-', '--in %s,int32 --to %s' % (f.name, f.name), 'scaleb(x,y)',
                     [f.hex(a), '%08X' % (n & 0xFFFFFFFF)], f.hex(r), fl)


def logb(f, a):
    nan = nan_result(f, [a])
    if nan:
        return nan
    v = f.value(a)
    if math.isinf(v):
        return f.code(math.inf), 0
    if v == 0:
        return f.code(-math.inf), DIVBYZERO
    return f.code(float(math.frexp(v)[1] - 1)), 0


def logb_lines():
    for f in (F16, F32, F64):
        codes = [f.code(v) for v in (1.0, -1.0, 0.5, 0.75, 3.0, -5.0, 1000.0, 0.1, -0.0, 0.0, math.inf, -math.inf)]
        codes += [1, 3, (1 << f.frac) - 1, 1 << f.frac, f.exp_mask - 1, f.exp_mask | 1, f.sign | f.exp_mask | f.quiet]
        for a in codes:
            r, fl = logb(f, a)
            line(f.name, '-', 'logb(x)', [f.hex(a)], f.hex(r), fl)


# ---- minNum ... (IEEE 754-2008 §5.3.1), totalOrderMag (§5.10), isSignaling, isCanonical ----

def min_num(f, a, b, larger, magnitude):
    """minNum/maxNum(Mag) by the 2008 text: a signaling NaN gives a quiet NaN (§6.2), a
    quiet NaN gives the other operand; equal values: -0 below +0 (fpx(1))."""
    if f.is_snan(a) or f.is_snan(b):
        return nan_result(f, [a, b])
    if f.is_nan(a) or f.is_nan(b):
        if f.is_nan(a) and f.is_nan(b):
            return nan_result(f, [a, b])
        return (b if f.is_nan(a) else a), 0
    x, y = f.value(a), f.value(b)
    if magnitude and abs(x) != abs(y):
        return (a if (abs(x) < abs(y)) != larger else b), 0
    if x != y:
        return (a if (x < y) != larger else b), 0
    if x == 0 and math.copysign(1, x) != math.copysign(1, y):
        return f.code(0.0 if larger else -0.0), 0
    return a, 0


def total_order_mag(f, a, b):
    def key(c):
        c &= ~f.sign
        if f.is_nan(c):
            return (1, bool(c & f.quiet), c & (f.quiet - 1))
        return (0, f.value(c), 0)
    return key(a) <= key(b)


def pair_lines():
    f = F32
    codes = [f.code(v) for v in (-math.inf, -2.0, -1.0, -0.0, 0.0, 1.0, 2.0, math.inf)]
    codes += [1, 0x7FC00000, 0x7FC00003, 0xFFC00001, 0x7FA00000, 0x7F800005]
    for name, larger, mag in (('minnum', False, False), ('maxnum', True, False),
                              ('minnummag', False, True), ('maxnummag', True, True)):
        for a in codes:
            for b in codes:
                r, fl = min_num(f, a, b, larger, mag)
                line(f.name, '-', name + '(x,y)', [f.hex(a), f.hex(b)], f.hex(r), fl)
    for a in codes:
        for b in codes:
            line(f.name, '-', 'totalordermag(x,y)', [f.hex(a), f.hex(b)], '1' if total_order_mag(f, a, b) else '0', 0)
    for a in codes:
        line(f.name, '-', 'issignaling(x)', [f.hex(a)], '1' if f.is_snan(a) else '0', 0)
        line(f.name, '-', 'iscanonical(x)', [f.hex(a)], '1', 0)


def x87_canonical_lines():
    """x87 (Intel SDM vol. 1 §8.2.2, Table 8-3): the integer bit J is set exactly when the
    exponent is not 0; the other codes (unnormals, pseudo-denormals, pseudo-infinities,
    pseudo-NaNs) are not canonical."""
    for se, sig in ((0x3FFF, 0x8000000000000000), (0x3FFF, 0), (0x3FFF, 0x4000000000000000), (0, 1),
                    (0, 0x8000000000000000), (0, 0), (0x8000, 0), (0x7FFF, 0x8000000000000000),
                    (0x7FFF, 0), (0x7FFF, 0xC000000000000000), (0x7FFF, 0x4000000000000001),
                    (0xFFFF, 0xA000000000000000), (0x4000, 0x7FFFFFFFFFFFFFFF)):
        canonical = (se & 0x7FFF == 0) == (sig >> 63 == 0)
        line('x87', '-', 'iscanonical(x)', ['%04X%016X' % (se, sig)], '1' if canonical else '0', 0)


print('# written by tests/ieee-ops.py (see there); read by tests/ieee-ops.sh')
roundtoint_lines()
rem_lines()
compare_lines()
scaleb_lines()
logb_lines()
pair_lines()
x87_canonical_lines()
write_groups()
