#!/usr/bin/env python3
"""convert.py — tests/p3109/K*.tsv from the official P3109 value tables.

The IEEE SA P3109 working group publishes, in the GitHub repository P3109/Public,
one table per format: "Value Tables/Hexadecimal/K{K}/P{P}/{signed,unsigned}/
Binary{K}p{P}{s,u}{e,f}.csv", three columns codepoint,value,subnormal, the value a
C99 %a hex float (0x1.cp+1, -0x0.4p+0, 0x0p+0) or Inf, -Inf, NaN. This writes them as
`fpx table -o hex,exact FORMAT` writes a format: the code in hex (0x, ceil(K/4)
digits), a tab, the exact value in decimal (fpx's layout: plain while the leading
digit's power of ten x is in -7 < x < 21, else d.ddde±x; trailing zeros dropped), or
inf, -inf, nan; one file per K, the format's name first on each row.

All of it is exact: integers and fractions, no float. Every table is also checked,
code by code, against the encoding the interim report gives (section 4.7.6, as issue
35 states it: bias 2^(K-P-1) signed, 2^(K-P) unsigned; NaN 2^(K-1) signed, 2^K-1
unsigned; +Inf 2^(K-1)-1 signed, 2^K-2 unsigned, -Inf 2^K-1 signed, in the extended
formats), and against its own subnormal column; any difference stops it.

Usage: python3 tests/p3109/convert.py SOURCE [OUTDIR]
  SOURCE  a clone of P3109/Public: its work tree, or a bare git directory (HEAD read)
  OUTDIR  where K3.tsv ... K8.tsv go (default: this script's folder)
"""
import os
import re
import subprocess
import sys
from fractions import Fraction

KS = range(3, 9)
TABLES = "Value Tables/Hexadecimal"
HEXFLOAT = re.compile(r"^(-?)0x([0-9a-f])(?:\.([0-9a-f]+))?p([-+][0-9]+)$")


class Source:
    """The repository's files: from a work tree, or by git show from a bare git dir."""

    def __init__(self, path):
        self.path = path
        self.bare = not os.path.isdir(os.path.join(path, TABLES)) and os.path.isfile(os.path.join(path, "HEAD"))
        if not self.bare and not os.path.isdir(os.path.join(path, TABLES)):
            sys.exit(f"convert.py: {path} is neither a clone of P3109/Public nor its git directory")
        self.commit = self.git("rev-parse", "HEAD").strip() or "unknown"

    def git(self, *args):
        opt = ["--git-dir", self.path] if self.bare else ["-C", self.path]
        r = subprocess.run(["git", *opt, *args], capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else ""

    def files(self, folder):
        if self.bare:
            return set(self.git("ls-tree", "-r", "--name-only", "HEAD", "--", folder).splitlines())
        found = set()
        for root, _, names in os.walk(os.path.join(self.path, folder)):
            for n in names:
                found.add(os.path.relpath(os.path.join(root, n), self.path).replace(os.sep, "/"))
        return found

    def read(self, name):
        if self.bare:
            r = subprocess.run(["git", "--git-dir", self.path, "show", "HEAD:" + name], capture_output=True)
            if r.returncode:
                sys.exit(f"convert.py: cannot read {name}")
            return r.stdout.decode("ascii")
        with open(os.path.join(self.path, name), encoding="ascii") as fh:
            return fh.read()


def formats(k):
    """Every P3109 format of width k, as the tables name them: P ascending, signed
    (0 < P < K) before unsigned (0 < P <= K), extended before finite."""
    for p in range(1, k + 1):
        for s in ("s", "u"):
            if s == "s" and p == k:
                continue
            for d in ("e", "f"):
                yield p, s, d, f"Binary{k}p{p}{s}{d}"


def table_path(k, p, s, name):
    return f"{TABLES}/K{k}/P{p}/{'signed' if s == 's' else 'unsigned'}/{name}.csv"


def decode(k, p, signed, extended, code):
    """The report's value of code: Fraction, 'inf', '-inf' or 'nan'; and whether it is
    subnormal (exponent field 0, trailing significand not 0)."""
    if signed:
        nan, inf, bias = 1 << (k - 1), (1 << (k - 1)) - 1, 1 << (k - p - 1)
        if code == nan:
            return "nan", False
        neg, mag = code >> (k - 1), code & ((1 << (k - 1)) - 1)
    else:
        nan, inf, bias = (1 << k) - 1, (1 << k) - 2, 1 << (k - p)
        if code == nan:
            return "nan", False
        neg, mag = 0, code
    if extended and mag == inf:
        return ("-inf" if neg else "inf"), False
    t = p - 1  # trailing significand bits
    e, m = mag >> t, mag & ((1 << t) - 1)
    if e == 0:
        v, sub = Fraction(m, 1 << t) * Fraction(2) ** (1 - bias), m != 0
    else:
        v, sub = Fraction((1 << t) + m, 1 << t) * Fraction(2) ** (e - bias), False
    return (-v if neg else v), sub


def parse_value(text):
    """A table's value: Fraction, or 'inf', '-inf', 'nan'."""
    special = {"Inf": "inf", "-Inf": "-inf", "NaN": "nan"}
    if text in special:
        return special[text]
    m = HEXFLOAT.match(text)
    if not m:
        raise ValueError(f"not a hex float: {text!r}")
    sign, lead, frac, exp = m.group(1), m.group(2), m.group(3) or "", int(m.group(4))
    v = Fraction(int(lead + frac, 16)) * Fraction(2) ** (exp - 4 * len(frac))
    return -v if sign else v


def fpx_exact(v):
    """v as fpx's exact field writes it (src/digits/decimal.c: dec_exact, put_digits)."""
    if isinstance(v, str):
        return v
    neg, a = v < 0, abs(v)
    den = a.denominator
    k = den.bit_length() - 1
    assert den == 1 << k, "not a binary fraction"
    d, k10 = a.numerator * 5**k, -k  # a = d * 10^k10
    digits = str(d)
    while len(digits) > 1 and digits[-1] == "0":
        digits, k10 = digits[:-1], k10 + 1
    n = len(digits)
    x = k10 + n - 1  # the power of ten of the leading digit
    out = "-" if neg else ""
    if digits[0] == "0":
        return out + "0"
    if x <= -7 or x >= 21:
        return out + digits[0] + ("." + digits[1:] if n > 1 else "") + f"e{'-' if x < 0 else '+'}{abs(x)}"
    if k10 >= 0:
        return out + digits + "0" * k10
    if x >= 0:
        return out + digits[: x + 1] + "." + digits[x + 1 :]
    return out + "0." + "0" * (-x - 1) + digits


def convert(src, k):
    """The rows for width k, and the count of formats."""
    rows, count, width = [], 0, (k + 3) // 4
    expected = set()
    for p, s, d, name in formats(k):
        path = table_path(k, p, s, name)
        expected.add(path)
        lines = src.read(path).split("\n")
        if lines[-1] == "":
            lines.pop()
        if lines[0] != "codepoint,value,subnormal":
            sys.exit(f"convert.py: {path}: header {lines[0]!r}")
        body = lines[1:]
        if len(body) != 1 << k:
            sys.exit(f"convert.py: {path}: {len(body)} codes, not 2^{k}")
        for i, line in enumerate(body):
            cols = line.split(",")
            if len(cols) != 3 or int(cols[0], 16) != i or cols[2] not in (" ", "*"):
                sys.exit(f"convert.py: {path}: row {i + 1}: {line!r}")
            value = parse_value(cols[1])
            want, sub = decode(k, p, s == "s", d == "e", i)
            if value != want or (cols[2] == "*") != sub:
                sys.exit(f"convert.py: {path}: code {cols[0]}: table {cols[1]}{cols[2]}, report {want} subnormal={sub}")
            rows.append(f"{name}\t0x{i:0{width}x}\t{fpx_exact(value)}")
        count += 1
    present = {f for f in src.files(f"{TABLES}/K{k}") if f.endswith(".csv")}
    if present != expected:
        sys.exit(f"convert.py: K{k}: tables missing {sorted(expected - present)}, unexpected {sorted(present - expected)}")
    return rows, count


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[-1])
    src = Source(sys.argv[1])
    outdir = sys.argv[2] if len(sys.argv) == 3 else os.path.dirname(os.path.abspath(__file__))
    for k in KS:
        rows, count = convert(src, k)
        out = os.path.join(outdir, f"K{k}.tsv")
        with open(out, "w", encoding="ascii", newline="\n") as fh:
            fh.write(f"# P3109/Public {src.commit} {TABLES}/K{k}/P*/*/*.csv, by tests/p3109/convert.py: "
                     f"{count} formats, {len(rows)} codes; FORMAT<tab>hex<tab>exact as fpx table -o hex,exact\n")
            fh.write("\n".join(rows) + "\n")
        print(f"K{k}: {count} formats, {len(rows)} codes -> {out}")


if __name__ == "__main__":
    main()
