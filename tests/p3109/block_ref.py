#!/usr/bin/env python3
"""block_ref.py — `fpx block` against an independent reading of IEEE P3109 (interim report
4.0): the projection of §4.7 (ωRoundToPrecision, ωSaturate, ωEncode, ωDecode) and the
block operations of §5 (ωBlockDecode, ωBlockProject, ConvertToBlock[MaxAbsFinite],
ConvertFromBlock, BlockReduceAdd/Multiply, BlockDotProduct), written here from the
report's formulas (tests/p3109/DIGEST.md §2, §3, §5) with Python's fractions, never from
fpx's code or output.

The cases: every saturation (SatNone, SatFinite, SatPropagate) and the deterministic
modes, ToOdd included (the stochastic ones are tests/p3109-project.sh's), negative values
and infinities into unsigned and finite formats included. Random, seeded: the same cases
every run.

Usage: python3 tests/p3109/block_ref.py path/to/fpx   (prints FAIL lines, then "PASSED FAILED")
"""
import random
import re
import subprocess
import sys
from fractions import Fraction as Q

NAN = "nan"  # the one NaN of the closed extended reals
INF = float("inf")


def is_nan(x):
    return isinstance(x, str)


def is_inf(x):
    return not is_nan(x) and x in (INF, -INF)


def sgn(x):
    return (x > 0) - (x < 0)


def floor_log2(x):
    """floor(log2 x) of a positive Fraction, exactly."""
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Q(2) ** e > x:
        e -= 1
    return e


# ---- formats (§3.1, §4.14) ------------------------------------------------------------------


class Format:
    """A P3109 format Binary{K}p{P}{s|u}{e|f}, or an external IEEE one (§4.8, §4.14: binary16
    P 11 B 15, bfloat16 P 8 B 127, Signed, Extended), by name."""

    def __init__(self, name):
        self.name = name
        m = re.fullmatch(r"binary(\d+)p(\d+)([su])([ef])", name)
        if m:
            self.ieee = False
            self.K, self.P = int(m[1]), int(m[2])
            self.signed, self.extended = m[3] == "s", m[4] == "e"
            self.B = 2 ** (self.K - self.P - 1) if self.signed else 2 ** (self.K - self.P)
            K = self.K
            if self.signed:
                self.maxcode = 2 ** (K - 1) - 2 if self.extended else 2 ** (K - 1) - 1
            else:
                self.maxcode = 2 ** K - 3 if self.extended else 2 ** K - 2
        else:
            self.ieee = True
            self.K, self.P = {"binary16": (16, 11), "bfloat16": (16, 8)}[name]
            self.signed = self.extended = True
            self.B = 2 ** (self.K - self.P - 1) - 1
            self.maxcode = (2 ** (self.K - self.P) - 1) * 2 ** (self.P - 1) - 1
        self.Mhi = self.decode(self.maxcode)
        self.Mlo = -self.Mhi if self.signed else Q(0)
        self.digits = (self.K + 3) // 4

    def hex(self, code):
        return None if code is None else "0x%0*x" % (self.digits, code)

    def magnitude(self, x):
        """§4.7.2 for a magnitude code: (0 + T 2^(1-P)) 2^(1-B) or (1 + T 2^(1-P)) 2^(Eb-B)."""
        T, Eb = x % 2 ** (self.P - 1), x // 2 ** (self.P - 1)
        if Eb == 0:
            return Q(T, 2 ** (self.P - 1)) * Q(2) ** (1 - self.B)
        return (1 + Q(T, 2 ** (self.P - 1))) * Q(2) ** (Eb - self.B)

    def decode(self, x):
        """ωDecode (§4.7.2, in its order); an IEEE code as IEEE 754 reads it."""
        K = self.K
        if self.ieee:
            mag, neg = x % 2 ** (K - 1), x >= 2 ** (K - 1)
            inf = (2 ** (K - self.P) - 1) * 2 ** (self.P - 1)
            v = NAN if mag > inf else INF if mag == inf else self.magnitude(mag)
            return v if is_nan(v) or not neg else -v
        if self.signed and x == 2 ** (K - 1):
            return NAN
        if not self.signed and x == 2 ** K - 1:
            return NAN
        if self.signed and self.extended and x == 2 ** (K - 1) - 1:
            return INF
        if self.signed and self.extended and x == 2 ** K - 1:
            return -INF
        if not self.signed and self.extended and x == 2 ** K - 2:
            return INF
        if self.signed and 2 ** (K - 1) < x < 2 ** K:
            return -self.decode(x - 2 ** (K - 1))
        return self.magnitude(x)

    def encode(self, X):
        """ωEncode (§4.7.6): the code of a datum; None for an IEEE format's NaN (any quiet one)."""
        K = self.K
        if is_nan(X):
            return None if self.ieee else 2 ** (K - 1) if self.signed else 2 ** K - 1
        if X == INF:
            return (2 ** (K - self.P) - 1) * 2 ** (self.P - 1) if self.ieee else \
                2 ** (K - 1) - 1 if self.signed else 2 ** K - 2
        if X < 0:
            return self.encode(-X) + 2 ** (K - 1)
        if X == 0:
            return 0
        E = max(floor_log2(X), 1 - self.B)
        S = X * Q(2) ** (-E) * 2 ** (self.P - 1)
        assert S.denominator == 1, (self.name, X)
        T = int(S) % 2 ** (self.P - 1)
        return T if S < 2 ** (self.P - 1) else T + (E + self.B) * 2 ** (self.P - 1)


# ---- projection (§4.7.3 - §4.7.5) -------------------------------------------------------------


def round_to_precision(X, f, mode):
    """ωRoundToPrecision_{P,B,µ} (§4.7.4)."""
    if is_nan(X) or is_inf(X) or X == 0:
        return X
    P, B = f.P, f.B
    Qe = max(floor_log2(abs(X)), 1 - B) - P + 1
    St = abs(X) * Q(2) ** (-Qe)
    fl = St.numerator // St.denominator
    nu = St - fl
    if P > 1:
        code_is_even = fl % 2 == 0
    else:
        code_is_even = fl == 0 or (Qe + B) % 2 == 0
    away = {
        "rtz": False,
        "rup": nu > 0 and X > 0,
        "rdn": nu > 0 and X < 0,
        "rna": nu >= Q(1, 2),
        "rne": nu > Q(1, 2) or (nu == Q(1, 2) and not code_is_even),
        "rto": nu > 0 and code_is_even,
    }[mode]
    S = fl + 1 if away else fl
    return sgn(X) * S * Q(2) ** Qe


def saturate(sat, mode, X, f):
    """ωSaturate_{Mlo,Mhi} (§4.7.5), first match wins."""
    lo, hi, signed, ext = f.Mlo, f.Mhi, f.signed, f.extended
    if is_nan(X):
        return NAN
    if not is_inf(X) and lo <= X <= hi:
        return X
    if sat == "finite":
        return hi if X == INF else lo if X == -INF else lo if X < lo else hi
    if sat == "propagate":
        if X == INF:
            return INF if ext else hi
        if X == -INF:
            return -INF if signed and ext else lo
        return lo if X < lo else hi
    if X == INF:
        return INF if ext else hi
    if X == -INF:
        return -INF if signed and ext else NAN if not signed else lo
    if mode == "rto" and not signed and ext and X > hi:
        return hi
    if mode in ("rtz", "rdn") and X > hi:
        return hi
    if mode in ("rtz", "rup") and X < lo:
        return lo
    if X < lo:
        return -INF if signed and ext else NAN if not signed else lo
    return INF if ext else hi


MODES = ["rne", "rna", "rtz", "rup", "rdn", "rto"]


def project(X, f, mode, sat):
    """ωProject_{f,ρ} (§4.7.3): the code."""
    if is_nan(X):
        return f.encode(NAN)
    return f.encode(saturate(sat, mode, round_to_precision(X, f, mode), f))


# ---- the ω functions and blocks (§4.10, §4.11, §5) ------------------------------------------


def w_multiply(x, y):
    if is_nan(x) or is_nan(y) or (is_inf(x) and y == 0) or (x == 0 and is_inf(y)):
        return NAN
    if is_inf(x) or is_inf(y):
        return INF if sgn(x) * sgn(y) > 0 else -INF
    return x * y


def w_add(x, y):
    if is_nan(x) or is_nan(y) or (is_inf(x) and is_inf(y) and x != y):
        return NAN
    if is_inf(x):
        return x
    if is_inf(y):
        return y
    return x + y


def w_divide(x, y):
    if is_nan(x) or is_nan(y) or (is_inf(x) and is_inf(y)) or y == 0:
        return NAN
    if is_inf(x):
        return INF if sgn(x) * sgn(y) > 0 else -INF
    if is_inf(y):
        return Q(0)
    return Q(x) / y


def w_maximum_finite(x, y):
    if is_nan(x) and is_nan(y):
        return NAN
    if is_nan(y):
        return x
    if is_nan(x):
        return y
    if is_inf(x) and is_inf(y):
        return y if x < y else x
    if is_inf(x):
        return y
    if is_inf(y):
        return x
    return y if x < y else x


def reduce(fn, xs):
    acc = fn(xs[0], xs[1])
    for x in xs[2:]:
        acc = fn(acc, x)
    return acc


def block_decode(S, xs):
    return [w_multiply(S, x) for x in xs]


def block_project(S, Xs, fr, mode, sat):
    out = []
    for X in Xs:
        if is_nan(S) or is_nan(X):
            Z = NAN
        elif S == 0:
            Z = Q(0)
        elif is_inf(S):
            Z = Q(sgn(X) * sgn(S))
        else:
            Z = w_divide(X, S)
        out.append(project(Z, fr, mode, sat))
    return out


def to_block_max_abs_finite(Xs, fs, fr, mode_s, mode, sat):
    M = [INF if is_inf(X) else X if is_nan(X) else abs(X) for X in Xs]
    S = reduce(w_maximum_finite, [NAN] + M)
    s = project(S, fs, mode_s, sat)
    return s, block_project(fs.decode(s), Xs, fr, mode, sat)


# ---- the cases ------------------------------------------------------------------------------


def value_of(text):
    t = text.lower()
    if t == "nan":
        return NAN
    if t in ("inf", "-inf"):
        return INF if t == "inf" else -INF
    if t.startswith(("0x", "-0x")):
        return Q(float.fromhex(t))
    return Q(t)


def random_value(rng):
    r = rng.random()
    if r < 0.06:
        return rng.choice(["nan", "inf", "-inf", "0", "-0"])
    if r < 0.2:  # ties and near-ties of the narrow precisions
        return "%s%d/%d" % (rng.choice(["", "-"]), rng.choice([3, 5, 7, 9, 11, 13, 15, 17, 25, 33, 49]),
                            2 ** rng.randrange(0, 12))
    if r < 0.3:
        return "%s0x1.%xp%d" % (rng.choice(["", "-"]), rng.randrange(16), rng.randrange(-20, 12))
    if r < 0.6:
        return "%se%d" % (rng.choice(["", "-"]) + str(rng.randrange(1, 10 ** rng.randrange(1, 6))), rng.randrange(-9, 4))
    return "%s%d/%d" % (rng.choice(["", "-"]), rng.randrange(1, 4000), 2 ** rng.randrange(0, 24))


def fpx(args, stdin):
    p = subprocess.run(args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout.splitlines()


class Checker:
    def __init__(self, exe):
        self.exe, self.passed, self.failed = exe, 0, 0

    def same(self, what, want, got):
        if want == got:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s: want %s, fpx %s" % (what, want, got))

    def row(self, what, fr, code, row):
        """A row of -o hex,exact: the code, or for an IEEE format's NaN any NaN."""
        cells = row.split("\t")
        if code is None:
            self.same(what, "nan", cells[-1])
        else:
            self.same(what, fr.hex(code), cells[-2])


def to_block_cases(c, rng, fs, fr, sat, rounds):
    """ConvertToBlockMaxAbsFinite, and ConvertToBlock with a given scale code."""
    for _ in range(rounds):
        B = rng.choice([1, 2, 3, 4, 8])
        mode, mode_s = rng.choice(MODES), rng.choice(MODES)
        blocks = [[random_value(rng) for _ in range(B)] for _ in range(6)]
        blocks.append(rng.choice([["nan"] * B, ["inf", "-inf"] * B, ["1e-30", "-inf"] * B])[:B])
        common = [c.exe, "block", "-o", "hex,exact", "-r", mode] + ["--saturation", sat]
        texts = [v for b in blocks for v in b]
        sizes = [len(b) for b in blocks]
        # the blocks one after the other: equal sizes, so one run for each
        for b in blocks:
            args = common + ["--block", str(len(b)), "--scale-format", fs.name, "--scale-round", mode_s, fr.name]
            status, rows = fpx(args + ["--"] + b, "")
            s, r = to_block_max_abs_finite([value_of(v) for v in b], fs, fr, mode_s, mode, sat)
            what = "%s %s" % (" ".join(args[1:]), " ".join(b))
            if len(rows) != len(b) + 1:
                c.same(what + ": rows", len(b) + 1, len(rows))
                continue
            c.row(what + ": scale", fs, s, rows[0])
            for i, code in enumerate(r):
                c.row(what + ": element %d" % (i + 1), fr, code, rows[i + 1])
        # a given scale: every kind of code of fs
        code = rng.choice([0, 1, fs.maxcode, fs.encode(NAN)] + ([fs.encode(INF)] if fs.extended else []) +
                          [rng.randrange(2 ** fs.K)])
        args = common + ["--block", str(max(sizes)), "--scale-format", fs.name, "--scale", fs.hex(code), fr.name]
        status, rows = fpx(args, "\n".join(texts) + "\n")
        want = []
        for k in range(0, len(texts), max(sizes)):
            part = texts[k:k + max(sizes)]
            want.append(("scale", code, fs))
            want += [(str(i + 1), x, fr) for i, x in
                     enumerate(block_project(fs.decode(code), [value_of(v) for v in part], fr, mode, sat))]
        if len(rows) != len(want):
            c.same(" ".join(args[1:]) + ": rows", len(want), len(rows))
            continue
        for (lead, x, f), row in zip(want, rows):
            c.row(" ".join(args[1:]) + ": " + lead, f, x, row)


def random_code(rng, f):
    r = rng.random()
    if r < 0.1:
        return f.encode(NAN) if not f.ieee else 0x7e00
    if r < 0.2 and f.extended:
        return f.encode(INF) + rng.choice([0, 2 ** (f.K - 1)] if f.signed else [0])
    if r < 0.3:
        return 0
    return rng.randrange(2 ** f.K)


def code_cases(c, rng, fsx, fx, fsy, fy, fr, sat, rounds):
    """ConvertFromBlock and the three reductions, from blocks of codes."""
    for _ in range(rounds):
        B = rng.choice([1, 2, 3, 5, 8])
        mode = rng.choice(MODES)
        blocks = []
        for _ in range(5):
            sx = rng.choice([random_code(rng, fsx), fsx.encode(Q(1)), fsx.encode(Q(2))])
            sy = rng.choice([random_code(rng, fsy), fsy.encode(Q(1))])
            blocks.append((sx, [random_code(rng, fx) for _ in range(B)], sy, [random_code(rng, fy) for _ in range(B)]))
        common = [c.exe, "block", "-o", "hex,exact", "-r", mode, "--block", str(B)] + ["--saturation", sat]
        ins = "%s,%s,%s,%s" % (fsx.name, fx.name, fsy.name, fy.name)
        for op in ["", "sum", "product", "dot"]:
            args = common + ["--in", ins if op == "dot" else "%s,%s" % (fsx.name, fx.name)]
            args += (["--reduce", op] if op else []) + [fr.name]
            lines, want = [], []
            for sx, xs, sy, ys in blocks:
                lines += [fsx.hex(sx)] + [fx.hex(x) for x in xs]
                X = block_decode(fsx.decode(sx), [fx.decode(x) for x in xs])
                if op == "dot":
                    lines += [fsy.hex(sy)] + [fy.hex(y) for y in ys]
                    Y = block_decode(fsy.decode(sy), [fy.decode(y) for y in ys])
                    want.append(reduce(w_add, [Q(0)] + [w_multiply(a, b) for a, b in zip(X, Y)]))
                elif op == "sum":
                    want.append(reduce(w_add, [Q(0)] + X))
                elif op == "product":
                    want.append(reduce(w_multiply, [Q(1)] + X))
                else:
                    want += X
            status, rows = fpx(args, "\n".join(lines) + "\n")
            what = " ".join(args[1:])
            if len(rows) != len(want):
                c.same(what + ": rows", len(want), len(rows))
                continue
            for i, (w, row) in enumerate(zip(want, rows)):
                c.row("%s: row %d (%s)" % (what, i + 1, w), fr, project(w, fr, mode, sat), row)


def main():
    c = Checker(sys.argv[1])
    rng = random.Random(35)
    for fs, fr in [("binary8p1ue", "binary8p4se"), ("binary8p4se", "binary8p3se"), ("binary8p3se", "binary8p5se"),
                   ("binary8p2ue", "binary4p2se"), ("binary6p1se", "binary8p1se"), ("binary8p8ue", "binary8p7se"),
                   ("binary10p3se", "binary8p3se")]:
        to_block_cases(c, rng, Format(fs), Format(fr), "none", 3)
        to_block_cases(c, rng, Format(fs), Format(fr), "finite", 2)
        to_block_cases(c, rng, Format(fs), Format(fr), "propagate", 1)
    for fs, fr in [("binary8p1uf", "binary8p3sf"), ("binary8p4sf", "binary4p2sf"), ("binary8p1uf", "binary8p4uf")]:
        for sat in ["none", "finite", "propagate"]:
            to_block_cases(c, rng, Format(fs), Format(fr), sat, 2)
    for fsx, fx, fsy, fy, fr in [("binary8p1uf", "binary8p4se", "binary8p1uf", "binary8p4se", "binary8p4se"),
                                 ("binary8p1ue", "binary8p3sf", "binary8p4se", "binary4p2sf", "binary16"),
                                 ("binary8p4se", "binary8p3se", "binary8p1uf", "binary8p5se", "bfloat16"),
                                 ("binary8p1uf", "binary4p2sf", "binary8p1uf", "binary4p2sf", "binary8p3se"),
                                 ("binary8p1uf", "binary8p4se", "binary8p2uf", "binary8p4sf", "binary8p4uf")]:
        for sat in ["none", "finite", "propagate"]:
            code_cases(c, rng, Format(fsx), Format(fx), Format(fsy), Format(fy), Format(fr), sat, 3)
    print(c.passed, c.failed)


if __name__ == "__main__":
    main()
