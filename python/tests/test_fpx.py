"""The Python module against fpx(1) and against numpy: the module's codes are the CLI's
for every built-in format in several modes and saturations; float arrays round as
numpy's own casts; codes decode and read back; bad input raises, never crashes; and
repeated work leaves the resident size where it was."""

import fractions
import json
import os
import subprocess

import numpy as np
import pytest

import fpx

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FPX = os.path.join(ROOT, "fpx")


def cli(*args, stdin=None):
    return subprocess.run([FPX, *args], input=stdin, capture_output=True, text=True).stdout


FORMATS = [json.loads(line)["name"] for line in cli("formats", "--json").splitlines()]

# Values of every kind: the benchmark's workload (bench/gen) and the edges of formats.
EDGES = ["0", "-0", "1", "-1", "448", "464", "480", "-464+2^-17", "65504", "65520", "1e-8", "-1e-45",
         "3.4028235677973366e38", "1.7976931348623157e308", "5e-324", "0x1.8p3", "1/3", "-2/3", "0.1",
         "1e400", "-1e400", "inf", "-inf", "nan", "2^-149", "2^-150", "2^-1074", "255.5", "-128.5",
         "1.00000000000000000001", "0.099999999999999999999", "6.103515625e-05", "-0.000030517578125"]


def workload():
    gen = subprocess.run([os.path.join(ROOT, "bench", "gen"), "300"], capture_output=True, text=True).stdout
    return [line for line in gen.splitlines() if line] + EDGES


VALUES = workload()


def cli_codes(fmt, values, *options):
    rows = cli("convert", "-o", "hex,flags", *options, fmt, stdin="\n".join(values) + "\n").splitlines()
    return [row.split("\t") for row in rows]


def as_ints(codes):
    codes = np.asarray(codes)
    if codes.ndim == 2:  # 64-bit words, the low one first
        return [sum(int(w) << 64 * i for i, w in enumerate(row)) for row in codes]
    return [int(c) for c in codes]


FLAG_NAMES = {"inexact": fpx.INEXACT, "tie": fpx.TIE, "overflow": fpx.OVERFLOW, "underflow": fpx.UNDERFLOW,
              "saturated": fpx.SATURATED, "invalid": fpx.INVALID, "divbyzero": fpx.DIVBYZERO}


def flag_bits(text):
    return 0 if text in ("-", "") else sum(FLAG_NAMES[name] for name in text.split("|"))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("mode,saturation", [("rne", "none"), ("rtz", "none"), ("rup", "finite"),
                                             ("rna", "propagate")])
def test_codes_are_the_clis(fmt, mode, saturation):
    want = cli_codes(fmt, VALUES, "--round", mode, "--saturation", saturation)
    codes, flags = fpx.encode(VALUES, fmt, mode=mode, saturation=saturation, flags=True, errors="flag")
    got = as_ints(codes)
    assert len(want) == len(VALUES)
    for value, (hex_text, flag_text), code, flag in zip(VALUES, want, got, flags):
        if hex_text == "error":
            assert flag & fpx.FAILED, value
            continue
        assert code == int(hex_text, 16), (fmt, value)
        assert flag == flag_bits(flag_text), (fmt, value)


@pytest.mark.parametrize("policy", ["ml_dtypes", "onnx"])
def test_policies_are_the_clis(policy):
    for fmt in ("e4m3", "e5m2", "float8_e4m3fnuz", "bfloat16"):
        want = [int(h, 16) for h, _ in cli_codes(fmt, VALUES, "--policy", policy) if h != "error"]
        codes, flags = fpx.encode(VALUES, fmt, policy=policy, flags=True, errors="flag")
        assert [c for c, f in zip(as_ints(codes), flags) if not f & fpx.FAILED] == want


def random_doubles(n, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n) * np.exp2(rng.integers(-30, 30, n))
    x[: n // 8] = rng.integers(0, 2**63, n // 8, dtype=np.uint64).view(np.float64)  # every bit pattern
    return x


def test_float64_arrays_round_as_numpy_casts():
    x = random_doubles(200000, 1)
    with np.errstate(over="ignore", invalid="ignore"):
        for fmt, dtype, bits in (("binary16", np.float16, np.uint16), ("binary32", np.float32, np.uint32)):
            want = x.astype(dtype).view(bits)
            got = fpx.encode(x, fmt)
            nan = np.isnan(x)
            assert np.array_equal(got[~nan], want[~nan])
            assert np.all(np.isnan(got[nan].view(dtype)))


def near_ties(fmt, n=600):
    """float64 values at and around the midpoints of fmt's neighbouring values (inputs
    only: the expected codes are the CLI's, from their hex-float texts)."""
    bits = fpx.format_info(fmt)[1]
    rng = np.random.default_rng(bits)
    codes = np.arange(2**bits) if bits <= 10 else rng.integers(0, 2**min(bits, 63), n, dtype=np.uint64)
    if fpx.format_info(fmt)[2] > 8:
        return np.array([], np.float64)
    with np.errstate(all="ignore"):
        v = np.unique(fpx.decode(codes.astype(np.uint64), fmt, exact=False))
        v = v[np.isfinite(v)]
        mid = (v[:-1] + v[1:]) / 2
        x = np.concatenate([mid, np.nextafter(mid, np.inf), np.nextafter(mid, -np.inf), -mid, v * 3])
    return x[np.isfinite(x)][:4 * n]


@pytest.mark.parametrize("fmt", FORMATS)
def test_float64_ties_are_the_clis(fmt):
    # every mode, the kernel's (castfast.h: rne, rna, rtz, rup, rdn) and rto, which it
    # declines; with flags (one element at a time) and without (64 at a time)
    x = near_ties(fmt)
    for mode in ("rne", "rna", "rtz", "rup", "rdn", "rto"):
        want = cli_codes(fmt, [v.hex() for v in x], "--round", mode)
        codes, flags = fpx.encode(x, fmt, mode=mode, flags=True, errors="flag")
        alone = as_ints(fpx.encode(x, fmt, mode=mode, errors="flag"))
        for v, (hex_text, flag_text), code, flag, code_alone in zip(x, want, as_ints(codes), flags, alone):
            assert hex_text != "error" or flag & fpx.FAILED, (fmt, v.hex())
            assert hex_text == "error" or (code, flag) == (int(hex_text, 16), flag_bits(flag_text)), (fmt, mode, v.hex())
            assert hex_text == "error" or code_alone == code, (fmt, mode, v.hex())


def hex_lines(x):
    return "".join(f"0x{int(b):016x}\n" for b in x.view(np.uint64))


def spread_doubles(n, seed):
    """|x| = u·2^k for k in −160..140 (every format's zero side, subnormals, normals and
    past max), either sign, and every bit pattern (NaNs, infs, subnormal doubles)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(1, 2, n) * np.exp2(rng.integers(-160, 141, n)) * rng.choice([-1.0, 1.0], n)
    x[: n // 16] = rng.integers(0, 2**64, n // 16, dtype=np.uint64).view(np.float64)
    x[n // 16: n // 16 + 4] = [0.0, -0.0, np.inf, -np.inf]
    return x


@pytest.mark.parametrize("fmt", FORMATS)
def test_float64_arrays_are_the_clis_cast(fmt):
    # the kernel 64 at a time (castfast.h), with flags and without; without, what it
    # declines at the edges of the format (past max, below the normals) by
    # cast_fast_edge(): each against `fpx cast -o hex,flags binary64 FMT`
    x = spread_doubles(3000, 64)
    for mode, saturation in (("rne", "none"), ("rna", "finite"), ("rtz", "none"), ("rup", "none"), ("rdn", "finite")):
        rows = cli("cast", "-o", "hex,flags", "--round", mode, "--saturation", saturation, "binary64", fmt,
                   stdin=hex_lines(x)).splitlines()
        alone = as_ints(fpx.encode(x, fmt, mode=mode, saturation=saturation, errors="flag"))
        codes, flags = fpx.encode(x, fmt, mode=mode, saturation=saturation, flags=True, errors="flag")
        assert len(rows) == len(x)
        for v, row, code_alone, code, flag in zip(x, rows, alone, as_ints(codes), flags):
            hex_text, flag_text = row.split("\t")
            if hex_text == "error":
                assert flag & fpx.FAILED, (fmt, v.hex())
                continue
            want = (int(hex_text, 16), flag_bits(flag_text))
            assert (code_alone, code, flag) == (want[0], *want), (fmt, mode, saturation, v.hex(), row)


def test_float32_and_float16_arrays_are_their_exact_values():
    with np.errstate(over="ignore"):
        x32 = random_doubles(50000, 2).astype(np.float32)
        x16 = x32.astype(np.float16)
    finite = np.isfinite(x16)
    assert np.array_equal(fpx.encode(x32, "binary64")[np.isfinite(x32)], x32[np.isfinite(x32)].astype(np.float64).view(np.uint64))
    assert np.array_equal(fpx.encode(x16, "binary32")[finite], x16[finite].astype(np.float32).view(np.uint32))


def test_every_binary16_code_decodes_as_numpy_widens_it():
    codes = np.arange(65536, dtype=np.uint16)
    values = codes.view(np.float16).astype(np.float64)
    got = fpx.decode(codes, "binary16")
    nan = np.isnan(values)
    assert np.array_equal(got[~nan], values[~nan]) and np.all(np.isnan(got[nan]))
    back = fpx.encode(got[~nan], "binary16")
    assert np.array_equal(back, codes[~nan])


@pytest.mark.parametrize("fmt", ["e4m3", "e5m2", "e2m1", "e3m2", "bfloat16", "hif8", "posit8", "float8_e4m3fnuz"])
def test_codes_read_back_from_their_exact_values(fmt):
    name, bits, size = fpx.format_info(fmt)
    codes = np.arange(min(2**bits, 65536), dtype=np.uint8 if size == 1 else np.uint16)
    exact = fpx.exact(codes, fmt)
    assert exact == cli("table", "-o", "exact", fmt).split()
    finite = [i for i, e in enumerate(exact) if e not in ("nan", "inf", "-inf", "NaR")]
    again = fpx.encode([exact[i] for i in finite], fmt)
    # a code and its twin of the same value (+0 and -0 where equal) read back to one of them
    assert all(exact[int(a)] == exact[i] for a, i in zip(again, finite))


def test_python_numbers_are_exact():
    third = fractions.Fraction(1, 3)
    assert list(fpx.encode([third, "1/3"], "binary64")) == [0x3FD5555555555555] * 2
    assert fpx.encode([2**64 + 1], "binary64")[0] == 0x43F0000000000000
    assert fpx.encode([0.1], "binary64")[0] == np.array([0.1]).view(np.uint64)[0]
    import decimal
    assert fpx.encode([decimal.Decimal("0.1")], "binary32")[0] == np.array([0.1], np.float32).view(np.uint32)[0]


def test_show_is_the_clis_json():
    assert fpx.show("bfloat16", "pi") == json.loads(cli("show", "--json", "bfloat16", "pi"))
    assert fpx.show("e4m3", "464", saturation="finite") == json.loads(cli("show", "--json", "-s", "e4m3", "464"))


def test_bad_input_raises():
    with pytest.raises(fpx.UsageError, match="unknown format 'nope'"):
        fpx.encode([1.0], "nope")
    with pytest.raises(fpx.UsageError, match="unknown rounding mode"):
        fpx.encode([1.0], "e4m3", mode="nearest")
    with pytest.raises(fpx.UsageError):
        fpx.encode([1.0], "e4m3", fields="hex")
    with pytest.raises(fpx.InputError) as failure:
        fpx.encode(["1", "2", "1x"], "e4m3")
    assert failure.value.index == 2 and "unexpected character 'x' (column 2)" in str(failure.value)
    with pytest.raises(fpx.InexactError):
        fpx.decode(np.array([[1, 0x3FFF000000000000]], dtype=np.uint64), "binary128")
    with pytest.raises(ValueError):
        fpx.decode(np.array([1, 2], dtype=np.uint64), "binary128")
    with pytest.raises(TypeError):
        fpx.encode([object()], "e4m3")
    with pytest.raises(fpx.UsageError):
        fpx.field([1], "e4m3", "error")
    codes, flags = fpx.encode(["1", "\x00", "2"], "e4m3", flags=True, errors="flag")
    assert list(codes) == [0x38, 0x7F, 0x40] and list(flags) == [0, fpx.FAILED, 0]


def resident_kib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_repeated_work_does_not_grow():
    x = random_doubles(100000, 3)
    texts = [str(v) for v in x[:20000]]
    for _ in range(3):  # warm up
        fpx.encode(x, "e4m3", flags=True)
        fpx.encode(texts, "bfloat16")
        fpx.decode(fpx.encode(x, "binary16"), "binary16", exact=False)
    before = resident_kib()
    for _ in range(20):
        fpx.encode(x, "e4m3", flags=True)
        fpx.encode(texts, "bfloat16")
        fpx.decode(fpx.encode(x, "binary16"), "binary16", exact=False)
        fpx.show("e4m3", "0.3")
    assert resident_kib() - before < 4096


def cli_rows(*args):
    return [json.loads(line) for line in cli(*args).splitlines()]


def columns_are_rows(columns, rows):
    names = list(columns)
    assert all(len(columns[n]) == len(rows) for n in names)
    for i, row in enumerate(rows):
        for name in names:
            want = row.get(name, "")
            got = columns[name][i]
            assert (list(got) if isinstance(want, list) else got) == want, (name, i)


def test_formats_are_the_clis():
    assert fpx.formats() == cli_rows("formats", "--json")


@pytest.mark.parametrize("fmt", ["e2m1", "hif8", "e4m3", "posit8", "int4"])
def test_table_is_the_clis(fmt):
    columns_are_rows(fpx.table(fmt, fields="hex,exact,shortest,class"),
                     cli_rows("table", "--json", "-o", "hex,exact,shortest,class", fmt))


def test_map_is_the_clis():
    columns_are_rows(fpx.map("x*y", in_="e2m1,e2m1", to="e4m3", mode="rtz"),
                     cli_rows("map", "--json", "--in", "e2m1,e2m1", "--to", "e4m3", "-r", "rtz", "x*y"))
    columns_are_rows(fpx.map("sqrt(x)", "bfloat16", random=200, seed=7, fields="x,hex,flags"),
                     cli_rows("map", "--json", "--random", "200", "--seed", "7", "-o", "x,hex,flags", "bfloat16",
                              "sqrt(x)"))


def test_convert_is_the_clis():
    values = VALUES[:200]
    columns_are_rows(fpx.convert(values, "e5m2", fields="input,hex,exact,error,flags", saturation="finite",
                                 errors="flag"),
                     cli_rows("convert", "--json", "-o", "input,hex,exact,error,flags", "--saturation", "finite",
                              "e5m2", *values))
    with pytest.raises(fpx.UsageError):
        fpx.map("x", "e4m3", jobs=2)


@pytest.mark.parametrize("mode", ["sra", "srb", "src"])
def test_stochastic_modes_are_the_clis(mode):
    # the options given in either order: round before its sr-bits and sr-random
    for fmt in ("e4m3", "bfloat16", "binary8p3se"):
        want = cli_codes(fmt, VALUES, "-r", mode, "--sr-bits", "5", "--sr-random", "19")
        codes, flags = fpx.encode(VALUES, fmt, mode=mode, sr_bits=5, sr_random=19, flags=True, errors="flag")
        for value, (hex_text, flag_text), code, flag in zip(VALUES, want, as_ints(codes), flags):
            assert hex_text != "error" or flag & fpx.FAILED, value
            assert hex_text == "error" or (code, flag) == (int(hex_text, 16), flag_bits(flag_text)), (fmt, value)
    with pytest.raises(fpx.UsageError, match="--sr-random"):
        fpx.encode([1.5], "e4m3", mode=mode, sr_bits=5)


@pytest.mark.parametrize("threads", [2, 3, 0])
def test_threads_give_one_threads_answers(threads):
    n = 3 * 2**15 + 7  # slices of at least 2^14 elements: three of them
    x = random_doubles(n, 5)
    texts = [VALUES[i % len(VALUES)] for i in range(n)]
    for values, fmt in ((x, "e4m3"), (x, "bfloat16"), (texts, "e5m2"), (np.arange(-n, n, 2), "e3m2")):
        one = fpx.encode(values, fmt, flags=True, errors="flag", threads=1)
        many = fpx.encode(values, fmt, flags=True, errors="flag", threads=threads)
        assert np.array_equal(one[0], many[0]) and np.array_equal(one[1], many[1])
    texts[n - 5], texts[2 * 2**15], texts[n // 2] = "x", "y", "z"  # the first failure is in a later slice
    with pytest.raises(fpx.InputError) as failure:
        fpx.encode(texts, "e4m3", threads=threads)
    assert failure.value.index == n // 2 and failure.value.message.startswith("'z'")
    with pytest.raises(fpx.UsageError, match="threads"):
        fpx.encode(x[:3], "e4m3", threads=65)
    for refused in (lambda: fpx.show("e4m3", "1.5", threads=threads), lambda: fpx.table("e2m1", threads=threads),
                    lambda: fpx.convert(["1.5"], "e4m3", threads=threads)):
        with pytest.raises(fpx.UsageError, match="a readout and rows run on one"):
            refused()
