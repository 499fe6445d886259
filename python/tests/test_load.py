"""fpx.load_formats(): formats from .fmt text, as fpx(1)'s -F FILE loads a file's. A
custom E3M2 (bias 2, IEEE specials) rounds as its grid, computed here with Fractions
from IEEE 754's formula, says in every directed mode and to nearest; the same values
give the same codes through `fpx -F FILE convert`; a copy of a built-in tapered format
(HiF8) under another name encodes as the built-in; a bad text raises UsageError with the
message `fpx -F` writes, and loads nothing; a name loaded again, or a built-in's, means
the newest format, as with -F given twice. Names here are the test's own (pyload_*),
since a load holds for the whole process; the built-in's name is redefined in a child
process."""

import os
import random
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import fpx

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
FPX = os.path.join(ROOT, "fpx")

E3M2B2 = """# a test format: OCP's E3M2 layout with bias 2 (OCP's is 3) and IEEE 754's inf and NaN
name        pyload_e3m2b2
aliases     pyload_tiny
sign        yes
exponent    3
fraction    2
bias        2
specials    ieee
"""
MODES = ["rne", "rtz", "rup", "rdn"]
INF = 0x1C  # exponent all ones, fraction 0


def grid():
    """Each magnitude code's value, by IEEE 754's formula for 3 exponent bits, bias 2, 2
    fraction bits: m/4 * 2^(1-2) for e = 0, (1 + m/4) * 2^(e-2) for 1 <= e <= 6; plus
    the code of inf standing for 2^5, where a seventh binade would begin."""
    values = []
    for code in range(INF + 1):
        e, m = code >> 2, code & 3
        values.append(Fraction(m, 4) * Fraction(1, 2) if e == 0 else (1 + Fraction(m, 4)) * Fraction(2) ** (e - 2))
    return values


GRID = grid()
MAX = INF - 1


def reference(x, mode):
    """x's code in mode: to nearest with ties to the even code (0x1c, inf, from max plus
    half an ulp on); toward zero capped at max; up and down toward inf past max on their
    side, max on the other (IEEE 754 7.4). A negative x keeps its sign, zero too."""
    neg, a = x < 0, abs(x)
    down = max(c for c in range(MAX + 1) if GRID[c] <= a)
    up = INF if a > GRID[MAX] else min(c for c in range(MAX + 1) if GRID[c] >= a)
    if mode == "rne":
        below, above = a - GRID[down], GRID[down + 1] - a  # down + 1 is at most INF
        code = down if below < above or (below == above and down % 2 == 0) else down + 1
    elif mode == "rtz":
        code = down
    else:
        code = up if (mode == "rup") != neg else down
    return code | (0x20 if neg else 0)


def values():
    """Grid values, midpoints and near-midpoints between neighbours, the overflow edge
    (max 28 + half an ulp, 30), tiny values, and random quotients in range."""
    rng = random.Random(38)
    out = [Fraction(0), Fraction(30), Fraction(31), Fraction(1000), Fraction(1, 16), Fraction(1, 1000)]
    for lo, hi in zip(GRID[:MAX], GRID[1:MAX + 1]):
        mid = (lo + hi) / 2
        out += [lo, mid, mid + Fraction(1, 1 << 20), mid - Fraction(1, 1 << 20)]
    out += [Fraction(rng.randint(-4000, 4000), rng.choice([1, 3, 7, 64, 100, 1000])) for _ in range(400)]
    return out + [-v for v in out if v]


@pytest.fixture(scope="module")
def e3m2b2(tmp_path_factory):
    path = tmp_path_factory.mktemp("fmt") / "e3m2b2.fmt"
    path.write_text(E3M2B2)
    assert fpx.load_formats(E3M2B2, str(path)) == ["pyload_e3m2b2"]
    return str(path)


def cli(*args, stdin=None):
    return subprocess.run([FPX, *args], input=stdin, capture_output=True, text=True)


def cli_hex(fmt_file, fmt, texts, *options):
    out = cli("-F", fmt_file, "convert", "-o", "hex", *options, fmt, stdin="\n".join(texts) + "\n")
    assert out.returncode == 0, out.stderr
    return [int(line, 16) for line in out.stdout.split()]


@pytest.mark.parametrize("mode", MODES)
def test_fractions_round_as_the_grid_says(e3m2b2, mode):
    xs = values()
    assert [int(c) for c in fpx.encode(xs, "pyload_e3m2b2", mode=mode)] == [reference(x, mode) for x in xs]


@pytest.mark.parametrize("mode", MODES)
def test_float64_arrays_round_as_the_grid_says(e3m2b2, mode):
    xs = np.array([float(x) for x in values()] + [1e300, -1e-300, 2.0 ** -1074], dtype=np.float64)
    codes = fpx.encode(xs, "pyload_tiny", mode=mode)
    assert codes.dtype == np.uint8
    assert [int(c) for c in codes] == [reference(Fraction(x), mode) for x in xs]


def test_every_code_decodes_to_the_grid(e3m2b2):
    codes = np.arange(64, dtype=np.uint8)
    exact = [Fraction(t) for t in fpx.exact(codes[(codes & 0x1F) < INF], "pyload_e3m2b2")]
    assert exact == [(-1 if c & 0x20 else 1) * GRID[c & 0x1F] for c in range(64) if (c & 0x1F) < INF]
    back = fpx.decode(codes, "pyload_e3m2b2")
    assert np.isinf(back[[INF, INF | 0x20]]).all() and np.isnan(back[[c for c in range(64) if (c & 0x1F) > INF]]).all()


@pytest.mark.parametrize("mode", MODES)
def test_codes_are_the_cli_ones_with_F(e3m2b2, mode):
    texts = [f"{x.numerator}/{x.denominator}" for x in values()] + ["inf", "-inf", "1e-30", "0.1"]
    got = [int(c) for c in fpx.encode(texts, "pyload_e3m2b2", mode=mode)]
    assert got == cli_hex(e3m2b2, "pyload_e3m2b2", texts, "--round", mode)


def test_via_and_rows_find_the_loaded_format(e3m2b2):
    texts = ["0.3", "1.1", "-27", "100"]
    via = fpx.convert(texts, "binary32", fields="hex", via="pyload_e3m2b2")["hex"]
    assert [int(h, 16) for h in via] == cli_hex(e3m2b2, "binary32", texts, "--via", "pyload_e3m2b2")
    table = fpx.table("pyload_e3m2b2", fields="exact", range_="0:27")["exact"]
    assert [Fraction(t) for t in table] == GRID[:INF]


def test_a_copy_of_a_built_in_encodes_as_it(tmp_path):
    text = open(os.path.join(ROOT, "formats", "hif8.fmt")).read()
    lines = [line for line in text.splitlines() if not line.startswith("aliases")]
    copy = "\n".join("name pyload_hif8" if line.startswith("name") else line for line in lines) + "\n"
    path = tmp_path / "hif8.fmt"
    path.write_text(copy)
    assert fpx.load_formats(copy) == ["pyload_hif8"]
    texts = [str(v) for v in values()] + ["1e10", "-3e-7", "2^15", "2^-22"]
    mine = [int(c) for c in fpx.encode(texts, "pyload_hif8")]
    assert mine == [int(c) for c in fpx.encode(texts, "hif8")]
    assert mine == cli_hex(str(path), "pyload_hif8", texts)


def test_several_formats_their_names_in_order():
    text = ("name pyload_a\nexponent 2\nfraction 1\n\n# the next\nname pyload_b\nkind posit\nbits 8\nes 0\n"
            "name pyload_c\nkind fixed\nbits 8\nsign yes\nfraction 4\n")
    assert fpx.load_formats(text) == ["pyload_a", "pyload_b", "pyload_c"]
    assert [fpx.format_info(n)[1] for n in ("pyload_a", "pyload_b", "pyload_c")] == [4, 8, 8]


BAD = [
    "name pyload_good\nsign yes\nexponent 3\nfraction 2\nname pyload_bad\nsign yes\nexponent 3\nfraction 2\nbias x\n",
    "sign yes\nexponent 3\n",
    "# nothing\n",
    "name pyload_bad2\nexponent 3\nfraction 2\nwidth 9\n",
    "name two words\n",
]


@pytest.mark.parametrize("text", BAD)
def test_a_bad_text_raises_the_cli_message(tmp_path, text):
    path = tmp_path / "bad.fmt"
    path.write_text(text)
    out = cli("-F", str(path), "formats")
    assert out.returncode == 2 and out.stderr.startswith("fpx: ")
    with pytest.raises(fpx.UsageError) as caught:
        fpx.load_formats(text, str(path))
    assert caught.value.message == out.stderr.strip()[len("fpx: "):]
    with pytest.raises(fpx.UsageError) as default:
        fpx.load_formats(text)
    assert default.value.message == caught.value.message.replace(str(path), "<text>", 1)


def test_a_bad_text_loads_nothing():
    with pytest.raises(fpx.UsageError):
        fpx.load_formats(BAD[0])
    with pytest.raises(fpx.UsageError, match="unknown format 'pyload_good'"):
        fpx.encode([1], "pyload_good")


def test_a_name_loaded_again_is_the_newest(tmp_path):
    first = "name pyload_re\nsign yes\nexponent 3\nfraction 2\nbias 1\n"
    second = first.replace("bias 1", "bias 2")
    (tmp_path / "1.fmt").write_text(first)
    (tmp_path / "2.fmt").write_text(second)
    fpx.load_formats(first)
    fpx.load_formats(second)
    got = [int(c) for c in fpx.encode(["1", "3"], "pyload_re")]
    assert got == [0x08, 0x0E]  # bias 2: 1 = 2^0 is exponent field 2; 3 = 1.5 * 2^1
    out = cli("-F", str(tmp_path / "1.fmt"), "-F", str(tmp_path / "2.fmt"), "convert", "-o", "hex", "pyload_re", "1", "3")
    assert [int(h, 16) for h in out.stdout.split()] == got


def test_a_built_in_name_redefined_as_with_F(tmp_path):
    clash = "name e4m3\nsign yes\nexponent 5\nfraction 2\nspecials ieee\n"
    path = tmp_path / "clash.fmt"
    path.write_text(clash)
    child = ("import sys, fpx\nprint(fpx.load_formats(sys.argv[1]))\n"
             "print(' '.join(hex(int(c)) for c in fpx.encode(['1', '448', '1e5'], 'e4m3')))\n"
             "print(' '.join(hex(int(c)) for c in fpx.encode(['1', '448', '1e5'], 'float8_e4m3fn')))\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, ".."))
    out = subprocess.run([sys.executable, "-c", child, clash], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    names, mine, alias = out.stdout.splitlines()
    assert names == "['e4m3']"
    # an e5m2 layout: 1 = 0x3c, 448 = 1.75 * 2^8 = 0x5f, 1e5 past max 57344 + half an ulp: inf 0x7c
    assert mine == "0x3c 0x5f 0x7c"
    assert alias == "0x38 0x7e 0x7f"  # the built-in E4M3 under its other name: 1, max 448, NaN
    for fmt, want in (("e4m3", mine), ("float8_e4m3fn", alias)):
        cli_out = cli("-F", str(path), "convert", "-o", "hex", fmt, "1", "448", "1e5").stdout.split()
        assert " ".join(hex(int(h, 16)) for h in cli_out) == want
