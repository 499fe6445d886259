#!/usr/bin/env python3
"""pylib.py -- `make bench`'s rows for the Python module fpx (bench/run.sh runs it last,
from the tree's root, where the module imports): fpx.encode against numpy's own cast
and against the strongest pipe through fpx(1) a Python program can build, each timing
right after its baseline's, ROUNDS rounds, the median of the per-round ratios (seconds
are medians too); then the module's codes against the CLI's on the bench workload in
every built-in format, rne and rtz, saturating or not. It never writes outside the
temporary folder it is given, and exits 1 if any code differs.
Usage: pylib.py [LINES] [ROUNDS] [TMPDIR]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import fpx

FPX = "./fpx"
ARRAY = 10**7  # float64 elements, the size
CATEGORIES = ["short", "b16ties", "bf16ties", "b32ties", "fp8ties", "edges", "mix"]
ARRAY_LINES = 10**6  # at most this many strings given as numpy arrays of 'S' and 'U'
EXACT_LINES = 100000  # at most this many workload lines for the exactness check
CAST_VALUES = 20000  # float64 values cast in every format, mode and saturation
# lines the CLI rejects in every format (or in those without a NaN, or an inf), added to the workload's
BAD_LINES = ["1x", "1e", "0x", ".", "2^", "nan", "-nan", "0/0", "1/0", "-inf"]
HEX = np.full(256, 255, dtype=np.uint8)  # hex digit -> value, 255 elsewhere
for _i, _c in enumerate(b"0123456789abcdef"):
    HEX[_c] = HEX[ord(chr(_c).upper())] = _i
failures = []  # what differed, printed again at the end


def seconds(fn):
    """(seconds fn() took, its result)"""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def paired(rounds, base, run, inverse=False):
    """base() then run(), back to back, rounds times: (median seconds of base, of run,
    median of the per-round ratios run/base, or base/run if inverse, run's last result)."""
    b, r, q = [], [], []
    for _ in range(rounds):
        tb, _ = seconds(base)
        tr, result = seconds(run)
        b.append(tb)
        r.append(tr)
        q.append(tb / tr if inverse else tr / tb)
    return statistics.median(b), statistics.median(r), statistics.median(q), result


def gen(lines, category=None):
    """bench/gen's lines (the workload, or one category) as a list of str"""
    args = ["bench/gen", str(lines)] + ([category] if category else [])
    return subprocess.run(args, capture_output=True, check=True).stdout.decode().splitlines()


# -- Parsing fpx(1)'s hex field with numpy alone ---------------------------------------

def hex_words(digits):
    """Rows of hex digit values (uint8, most significant first, at most 16) as uint64."""
    words = np.zeros(len(digits), dtype=np.uint64)
    for k in range(digits.shape[1]):
        words = (words << np.uint64(4)) | digits[:, k].astype(np.uint64)
    return words


def parse_hex(out, bits):
    """fpx(1)'s `-o hex` lines as (codes, error mask): uint64 codes, (n, 2) low word
    first past 64 bits; a line `error` is masked, its code 0."""
    buf = np.frombuffer(out, dtype=np.uint8)
    ends = np.flatnonzero(buf == 10)
    starts = np.concatenate(([0], ends[:-1] + 1))
    error = buf[starts] == ord("e")
    width = (bits + 3) // 4
    good = starts[~error]
    if not np.all(ends[~error] - good == width + 2):
        raise ValueError("fpx -o hex: a line of an unexpected width")
    digits = HEX[buf[good[:, None] + 2 + np.arange(width)]]
    if np.any(digits == 255):
        raise ValueError("fpx -o hex: not a hex digit")
    if width <= 16:
        codes = np.zeros(len(starts), dtype=np.uint64)
        codes[~error] = hex_words(digits)
    else:
        codes = np.zeros((len(starts), 2), dtype=np.uint64)
        codes[~error, 0] = hex_words(digits[:, width - 16:])
        codes[~error, 1] = hex_words(digits[:, : width - 16])
    return codes, error


def pipe_e4m3(strs):
    """The strongest pipe: the strs joined, `fpx convert -o hex e4m3`, and its lines
    (all `0xHH`) read as one (n, 5) block of bytes into uint8 codes."""
    out = subprocess.run([FPX, "convert", "-o", "hex", "e4m3"], input=("\n".join(strs) + "\n").encode(),
                         capture_output=True, check=True).stdout
    rows = np.frombuffer(out, dtype=np.uint8).reshape(len(strs), 5)
    return (HEX[rows[:, 2]] << 4) | HEX[rows[:, 3]]


# -- a. float64 arrays against numpy's astype(float16) --------------------------------

def spread_doubles(n, seed):
    """|x| = u 2^k, u in [1, 2), k in -30..20 (a fifth binary16's subnormals, a tenth
    flushed to zero, a tenth overflowing it), signs at random, and binary16's edges; no
    NaN, whose payloads numpy keeps and fpx does not."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(1, 2, n) * np.exp2(rng.integers(-30, 21, n)) * rng.choice([-1.0, 1.0], n)
    edges = [0.0, -0.0, np.inf, -np.inf, 65504.0, 65519.99, 65520.0, 2.0**-24, 2.0**-25, -(2.0**-25) * 1.5, 6.1e-5]
    x[: len(edges)] = edges
    return x


def array_rows(name, x, rounds):
    """The rows of one array: each format's encode after numpy's astype(float16); the
    binary16 codes checked against numpy's."""
    for _ in range(2):  # warm-up: the pages of both results
        x.astype(np.float16), fpx.encode(x, "binary16")
    for fmt, target in (("binary16", "<= 1.0"), ("bfloat16", "<= 1.2"), ("e4m3", "<= 1.2")):
        tb, tr, q, codes = paired(rounds, lambda: x.astype(np.float16), lambda f=fmt: fpx.encode(x, f))
        _, tr1, q1, _ = paired(rounds, lambda: x.astype(np.float16), lambda f=fmt: fpx.encode(x, f, threads=1))
        print(f"| {name:<11} | fpx.encode(x, {fmt!r:<10}) | {tr:8.3f} | {tr1:8.3f} | {tb:8.3f} | {q:6.2f} | {q1:6.2f} | {target} |")
        if fmt == "binary16":
            differ = np.count_nonzero(codes != x.astype(np.float16).view(np.uint16))
    return differ


def bench_arrays(rounds):
    arrays = (("normal(0,1)", np.random.default_rng(38).standard_normal(ARRAY)), ("spread", spread_doubles(ARRAY, 38)))
    print(f"\nfpx.encode of {ARRAY} random float64 (normal(0,1); spread: |x| in 2^-30..2^21, binary16's subnormals,"
          " zeros and overflow);\nratio = median over the rounds of (time / numpy's x.astype(np.float16) run just before it):\n")
    print("| x | what | seconds (median) | threads=1 | numpy astype(float16) | ratio | threads=1 | target |")
    print("|---|---|---|---|---|---|---|---|")
    with np.errstate(over="ignore"):
        differ = [array_rows(name, x, rounds) for name, x in arrays]
    print(f"\nbinary16 codes = numpy's astype(np.float16).view(np.uint16): {differ[0]} and {differ[1]} differences of {ARRAY}")
    if any(differ):
        failures.append(f"binary16 codes of float64: {differ} differ from numpy's")
    return np.concatenate((arrays[0][1][: CAST_VALUES // 2], arrays[1][1][: CAST_VALUES // 2]))


# -- b. decimal strings against a pipe through fpx(1) ---------------------------------

def string_row(name, rounds, strs, values):
    """One row: the pipe on strs, then fpx.encode(values, 'e4m3'), rows/s and ratio."""
    tb, tr, q, codes = paired(rounds, lambda: pipe_e4m3(strs), lambda: fpx.encode(values, "e4m3"), inverse=True)
    _, tr1, q1, codes1 = paired(rounds, lambda: pipe_e4m3(strs), lambda: fpx.encode(values, "e4m3", threads=1),
                                inverse=True)
    same = np.array_equal(codes, pipe_e4m3(strs)) and np.array_equal(codes1, codes)
    if not same:
        failures.append(f"e4m3 codes of {name}: encode's differ from the pipe's")
    n = len(strs)
    print(f"| {name:<24} | {n / tb / 1e6:6.2f} | {n / tr / 1e6:6.2f} | {q:6.2f} | {n / tr1 / 1e6:6.2f} | {q1:6.2f} |"
          f" {'yes' if same else 'NO'} |")


def bench_strings(lines, rounds):
    print(f"\nfpx.encode(strs, 'e4m3') of {lines} decimal strings a category (bench/gen {lines} CATEGORY) against the pipe"
          " '\\n'.join(strs) | fpx convert -o hex e4m3,\nits output read with numpy (one (n, 5) block of bytes);"
          " ratio = median over the rounds of (pipe's time / encode's run just after it):\n")
    print("| input | pipe Mrows/s | encode Mrows/s | ratio | threads=1 Mrows/s | ratio | codes = pipe's |")
    print("|---|---|---|---|---|---|---|")
    for c in CATEGORIES:
        strs = gen(lines, c)
        string_row(f"{c} (list of str)", rounds, strs, strs)
    print("| target | | | >= 5 | | | yes |")
    strs = strs[:ARRAY_LINES]
    print(f"\nthe first {len(strs)} of mix given as numpy arrays of strings:\n")
    print("| input | pipe Mrows/s | encode Mrows/s | ratio | threads=1 Mrows/s | ratio | codes = pipe's |")
    print("|---|---|---|---|---|---|---|")
    string_row("mix (array of 'S')", rounds, strs, np.array(strs, dtype="S"))
    string_row("mix (array of 'U')", rounds, strs, np.array(strs, dtype="U"))


# -- c. exactness: every format, rne and rtz, saturating or not ------------------------

CASES = [(m, s) for m in ("rne", "rtz") for s in ("none", "finite")]
CASES_DOUBLES = [(m, s) for m in ("rne", "rna", "rtz", "rup", "rdn") for s in ("none", "finite")]  # the kernel's modes


def cli_options(mode, saturation):
    return ["--round", mode, "--saturation", saturation]


def code_text(code):
    """A code (a uint64, or its words low first) in hex"""
    return hex(sum(int(w) << 64 * k for k, w in enumerate(np.atleast_1d(code))))


def compare(what, fmt, bits, out, codes, flags, inputs):
    """Counts where the module's codes (and FAILED flags) differ from the CLI's output;
    keeps the first few differences."""
    want, error = parse_hex(out, bits)
    failed = (flags & fpx.FAILED) != 0
    got = np.asarray(codes, dtype=np.uint64)
    differ = (want != got) if got.ndim == 1 else np.any(want != got, axis=1)
    differ = (differ & ~error) | (error != failed)
    for i in np.flatnonzero(differ)[: max(0, 5 - len(failures))]:
        failures.append(f"{what} {fmt}: {inputs[i]!r}: CLI {'error' if error[i] else code_text(want[i])}, module"
                        f" {'FAILED' if failed[i] else code_text(got[i])}")
    return int(np.count_nonzero(differ)), int(np.count_nonzero(error))


def against_cli(args, stdin_path, encode):
    """The CLI's stdout on the file stdin_path, while encode() runs in this process (it
    lets go of the GIL; the two run side by side), and encode()'s result."""
    with open(stdin_path, "rb") as stdin, tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([FPX] + args, stdin=stdin, stdout=out, stderr=subprocess.DEVNULL)
        result = encode()
        proc.wait()
        out.seek(0)
        return out.read(), result


def exact_strings(strs, path):
    """The module against `fpx convert -o hex` on the workload's lines: (cases,
    elements, differences, CLI errors)."""
    cases = elements = differ = errors = 0
    for f in fpx.formats():
        fmt, bits = f["name"], int(f["bits"])
        for mode, saturation in CASES:
            out, (codes, flags) = against_cli(
                ["convert", "-o", "hex"] + cli_options(mode, saturation) + [fmt], path,
                lambda: fpx.encode(strs, fmt, mode=mode, saturation=saturation, flags=True, errors="flag"))
            d, e = compare(f"convert {mode} {saturation}", fmt, bits, out, codes, flags, strs)
            cases, elements, differ, errors = cases + 1, elements + len(strs), differ + d, errors + e
    return cases, elements, differ, errors


def hex_patterns(x):
    """binary64 codes of x as `0x` and 16 hex digits a line, made with numpy alone."""
    bits = x.view(np.uint64)
    nibbles = (bits[:, None] >> (np.uint64(4) * np.arange(15, -1, -1, dtype=np.uint64))) & np.uint64(15)
    rows = np.empty((len(x), 19), dtype=np.uint8)
    rows[:, 0], rows[:, 1], rows[:, 18] = ord("0"), ord("x"), ord("\n")
    rows[:, 2:18] = np.frombuffer(b"0123456789abcdef", dtype=np.uint8)[nibbles.astype(np.intp)]
    return rows.tobytes()


def exact_doubles(x, path):
    """The module's float64 arrays against `fpx cast binary64 FMT` on the same codes: with
    flags (an element at a time) and the codes alone (the kernel's chunks, castfast.h)."""
    with open(path, "wb") as f:
        f.write(hex_patterns(x))
    cases = differ = errors = 0
    for f in fpx.formats():
        fmt, bits = f["name"], int(f["bits"])
        for mode, saturation in CASES_DOUBLES:
            out, (codes, flags) = against_cli(
                ["cast", "-o", "hex"] + cli_options(mode, saturation) + ["binary64", fmt], path,
                lambda: fpx.encode(x, fmt, mode=mode, saturation=saturation, flags=True, errors="flag"))
            d, e = compare(f"cast {mode} {saturation}", fmt, bits, out, codes, flags, x)
            alone = fpx.encode(x, fmt, mode=mode, saturation=saturation, errors="flag")
            d += compare(f"cast {mode} {saturation} (codes alone)", fmt, bits, out, alone, flags, x)[0]
            cases, differ, errors = cases + 1, differ + d, errors + e
    return cases, differ, errors


def bench_exact(lines, tmp, x):
    """The module's codes against the CLI's: the workload's first lines (bench/run.sh's
    $T/w, or the same lines from bench/gen), and the float64 values x."""
    lines = min(lines, EXACT_LINES)
    workload = os.path.join(tmp, "w")
    strs = open(workload).read().splitlines()[:lines] if os.path.exists(workload) else gen(lines)
    strs += BAD_LINES
    path = os.path.join(tmp, "pylib.w")
    with open(path, "w") as f:
        f.write("\n".join(strs) + "\n")
    t, (cases, elements, differ, errors) = seconds(lambda: exact_strings(strs, path))
    print(f"\nexactness, the codes of fpx.encode(strs, FMT, mode, saturation, flags=True, errors='flag') against fpx"
          f" convert -o hex --round M --saturation S FMT\non the workload's first {len(strs) - len(BAD_LINES)} lines and"
          f" {len(BAD_LINES)} bad ones: {cases // 4} formats x 2 modes (rne, rtz) x 2 saturations (none, finite),\n"
          f"{elements} elements compared ({errors} CLI errors, each to be a FAILED element), {differ} differences"
          f" (target 0; {t:.1f} s)")
    if differ:
        failures.append(f"workload strings: {differ} differ from fpx convert")
    specials = np.array([np.nan, -np.nan, np.uint64(0x7FF0000000000001).view(np.float64), 5e-324, -1.7976931348623157e308])
    y = np.concatenate((x, specials))
    t, (cases, differ, errors) = seconds(lambda: exact_doubles(y, os.path.join(tmp, "pylib.cast")))
    print(f"float64 arrays, fpx.encode(x, FMT, ...) with flags and the codes alone against fpx cast binary64 FMT on"
          f" the same codes: {len(y)} values\n(the first {CAST_VALUES // 2} of each array above, NaNs) x {cases} cases"
          f" (5 modes x 2 saturations; {errors} CLI errors), {differ} differences (target 0; {t:.1f} s)")
    if differ:
        failures.append(f"float64 arrays: {differ} differ from fpx cast")


def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory() as own:
        tmp = sys.argv[3] if len(sys.argv) > 3 else own
        print(f"\nthe Python module (fpx {fpx.__version__}, numpy {np.__version__}), {rounds} rounds:")
        t0 = time.perf_counter()
        x = bench_arrays(rounds)
        t1 = time.perf_counter()
        bench_strings(lines, rounds)
        t2 = time.perf_counter()
        bench_exact(lines, tmp, x)
        t3 = time.perf_counter()
    print(f"\n(the module's rows took {t1 - t0:.0f} s for the arrays, {t2 - t1:.0f} s for the strings, {t3 - t2:.0f} s for"
          " exactness)")
    for f in failures:
        print("DIFFERENCE:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
