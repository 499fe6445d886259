#!/usr/bin/env python3
"""ties.py -- checks that bench/gen's tie categories are what they claim, with exact
rationals (fractions), independently of fpx and of gen's GMP arithmetic: every sampled
line of b16ties, bf16ties, b32ties and fp8ties lies within ten units of its last digit
(one unit of the digit before it) of a midpoint between two adjacent finite codes of
its format, and off it unless the category keeps exact ties (fp8ties). It also counts
the lines a 19-digit prefix cannot decide for binary64 (the prefix and the prefix plus
one unit in its 19th digit round to different binary64 values): the floor of the
exact-path share. It never reads fpx's output.
Usage: ties.py CATEGORY [SAMPLE] < lines; prints one line, exit 1 if a line fails.
"""
import sys
from fractions import Fraction

# p significand bits (the hidden one counted), bias, the largest finite value
FORMATS = {
    "binary16": (11, 15, Fraction(65504)),
    "bfloat16": (8, 127, Fraction((2**8 - 1) * 2**(127 - 7))),
    "binary32": (24, 127, Fraction((2**24 - 1) * 2**(127 - 23))),
    "e4m3": (4, 7, Fraction(448)),
    "e5m2": (3, 15, Fraction(57344)),
}
CATEGORIES = {
    "b16ties": (["binary16"], False),
    "bf16ties": (["bfloat16"], False),
    "b32ties": (["binary32"], False),
    "fp8ties": (["e4m3", "e5m2"], True),
}


def last_unit(line):
    """The value of one unit in the line's last digit."""
    mant, _, exp = line.lower().partition("e")
    frac = mant.partition(".")[2]
    return Fraction(10) ** (int(exp or 0) - len(frac))


def floor_log2(x):
    e = x.numerator.bit_length() - x.denominator.bit_length()
    return e - 1 if Fraction(2) ** e > x else e


def nearest_midpoint(x, fmt):
    """The midpoint of the cell of fmt's grid that holds x > 0, or None past max."""
    p, bias, top = FORMATS[fmt]
    ulp = Fraction(2) ** (max(floor_log2(x), 1 - bias) - p + 1)
    mid = (x // ulp + Fraction(1, 2)) * ulp
    return mid if mid < top else None


def distance_in_units(line, fmts):
    """|x - M| over one unit of the last digit, for the nearest midpoint M of fmts."""
    x, unit = abs(Fraction(line)), last_unit(line)
    best = None
    for fmt in fmts:
        mid = nearest_midpoint(x, fmt)
        if mid is not None and (best is None or abs(x - mid) < best):
            best = abs(x - mid)
    return None if best is None else best / unit


def digits_of(line):
    """The significant digits of the line and the exponent of its last one."""
    mant, _, exp = line.lower().lstrip("+-").partition("e")
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0")
    return digits, int(exp or 0) - len(frac)


def binary64(x):
    try:
        return float(x)  # int / int: correctly rounded in CPython
    except OverflowError:
        return float("inf")


def prefix_undecided(line):
    """True when 19 digits of the line do not decide its binary64 value."""
    digits, exp = digits_of(line)
    if len(digits) <= 19:
        return False
    cut = Fraction(int(digits[:19])) * Fraction(10) ** (exp + len(digits) - 19)
    step = Fraction(10) ** (exp + len(digits) - 19)
    return binary64(cut) != binary64(cut + step)


def main():
    category = sys.argv[1]
    sample = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    lines = [l.strip() for l in sys.stdin if l.strip()]
    step = max(1, len(lines) // sample)
    picked = lines[::step][:sample]
    undecided = sum(prefix_undecided(l) for l in picked)
    if category not in CATEGORIES:
        print(f"{category}: {len(picked)} lines sampled, {undecided} not decided by 19 digits")
        return 0
    fmts, exact_ok = CATEGORIES[category]
    bad, within_one, exact = [], 0, 0
    for line in picked:
        d = distance_in_units(line, fmts)
        if d is None or d >= 10 or (d == 0 and not exact_ok):
            bad.append(line)
        within_one += d is not None and d <= 1
        exact += d == 0
    print(f"{category}: {len(picked)} lines sampled, {len(picked) - len(bad)} within 10 units of their last"
          f" digit of a midpoint of {'/'.join(fmts)} ({within_one} within one, {exact} on it),"
          f" {undecided} not decided by 19 digits" + (f"; FAILED: {bad[:3]}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
