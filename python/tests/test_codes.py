"""Codes given to the module: what it reads from an array of codes, and what it refuses.
A code with bits past its format's is refused as fpx(1) refuses it (its message, the
element's index), also where the array's integer type is wider than the format's codes
or signed; an array of a floating type holds codes of its own format, read only as
that format's; ml_dtypes arrays, through _mlstandin (numpy types registered as ml_dtypes
registers its own: python/tests/mlstandin.c) and through ml_dtypes itself where it is
installed, decode to the values the formats' definitions give, and cast as fpx(1)
casts their codes."""

import os
import subprocess

import numpy as np
import pytest

import _mlstandin
import fpx

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FPX = os.path.join(ROOT, "fpx")


def cli(*args, stdin=None):
    return subprocess.run([FPX, *args], input=stdin, capture_output=True, text=True)


def cli_message(*args):
    """fpx(1)'s message for a refused argument, without "fpx: argument 1: "."""
    return cli(*args).stderr.strip().split(": ", 2)[2]


@pytest.mark.parametrize("fmt,codes,bad", [("e2m1", [3, 0x1F, 0x10], 1), ("e3m2", [0x3F, 0x40], 1),
                                           ("uint4", [0, 15, 16], 2), ("hif8", [0xFF], None),
                                           ("x87", [[5, 0], [0, 1 << 16]], 1)])
def test_bits_past_the_format_are_refused_as_fpx_refuses_them(fmt, codes, bad):
    size = fpx.format_info(fmt)[2]
    array = np.array(codes, dtype=np.uint64 if size > 8 else f"u{size}")
    if bad is None:
        assert len(fpx.decode(array, fmt, exact=False)) == len(codes)
        return
    code = codes[bad][0] | codes[bad][1] << 64 if size > 8 else codes[bad]
    with pytest.raises(fpx.InputError) as failure:
        fpx.exact(array, fmt)
    assert failure.value.index == bad and str(failure.value) == cli_message("show", fmt, hex(code))
    with pytest.raises(fpx.InputError) as failure:
        fpx.decode(array, fmt, exact=False)
    assert failure.value.index == bad and str(failure.value) == cli_message("cast", fmt, "binary64", hex(code))


def test_integers_past_the_code_size_or_negative_are_refused():
    for codes, fmt, bad, message in (([0x38, 256], "e4m3", 1, "'0x100': bit pattern has more bits than the format"),
                                     (np.array([2, 0x1FF], np.uint16), "e2m1", 1,
                                      "'0x1ff': bit pattern has more bits than the format"),
                                     ([0x3C00, -1], "binary16", 1, "'-1': a code is no negative number"),
                                     (np.array([[1, 0], [-5, 0]]), "binary128", 1, "'-5': a code is no negative number")):
        for call in (lambda: fpx.decode(codes, fmt), lambda: fpx.exact(codes, fmt)):
            with pytest.raises(fpx.InputError) as failure:
                call()
            assert failure.value.index == bad and str(failure.value) == message
    assert fpx.exact(np.array([0x7E], np.int64), "e4m3") == ["448"]  # a wider type that holds the code


def test_an_array_of_floats_holds_codes_of_its_own_format():
    x = np.array([1.5, -0.0, 65504, 2.0**-24, np.inf], np.float16)
    assert np.array_equal(fpx.decode(x, "binary16"), x.astype(np.float64))
    y = np.array([0.1, -3e-310, 1e300])
    for array in (y, y.astype(">f8"), np.stack([y, y], axis=1)[:, 0]):  # swapped, strided
        assert np.array_equal(fpx.decode(array, "binary64"), y)
    assert fpx.exact(np.array([0.1], np.float32), "binary32") == ["0.100000001490116119384765625"]
    for array, fmt in ((x, "bfloat16"), (y, "e4m3"), (np.array([True]), "e4m3"), (np.array(["1"]), "e4m3")):
        with pytest.raises(TypeError):
            fpx.decode(array, fmt)
    assert len(fpx.decode([], "e4m3")) == 0 and fpx.exact([], "e4m3") == []


# -- ml_dtypes arrays ------------------------------------------------------------------

def ieee_like(code, e, m, bias, nan_all_ones_fraction=False, inf=True):
    """The value of an IEEE-like code from its definition (OCP FP8, MX, bfloat16)."""
    sign = -1.0 if code >> (e + m) & 1 else 1.0
    field, fraction = code >> m & ((1 << e) - 1), code & ((1 << m) - 1)
    if field == (1 << e) - 1 and inf:
        return sign * np.inf if fraction == 0 else np.nan
    if nan_all_ones_fraction and field == (1 << e) - 1 and fraction == (1 << m) - 1:
        return np.nan
    if field == 0:
        return sign * fraction * 2.0 ** (1 - bias - m)
    return sign * (1 + fraction / 2**m) * 2.0 ** (field - bias)


# name: (bits, the value of a code by its definition)
DEFINITIONS = {
    "bfloat16": (16, lambda c: ieee_like(c, 8, 7, 127)),
    "float8_e5m2": (8, lambda c: ieee_like(c, 5, 2, 15)),
    "float8_e4m3fn": (8, lambda c: ieee_like(c, 4, 3, 7, nan_all_ones_fraction=True, inf=False)),
    "float4_e2m1fn": (4, lambda c: ieee_like(c, 2, 1, 1, inf=False)),
    "int4": (4, lambda c: float(c - 16 if c >= 8 else c)),
}


def ml_types():
    """(module, name) of each type: the stand-ins', and ml_dtypes' where installed."""
    modules = [_mlstandin]
    try:
        import ml_dtypes
        modules.append(ml_dtypes)
    except ImportError:
        pass
    return [(m, name) for m in modules for name in DEFINITIONS]


def every_code(module, name):
    bits = DEFINITIONS[name][0]
    return np.arange(2**bits, dtype=np.uint16 if bits > 8 else np.uint8).view(getattr(module, name))


def same_values(a, b):
    return np.array_equal(np.isnan(a), np.isnan(b)) and np.array_equal(a[~np.isnan(a)], b[~np.isnan(b)])


@pytest.mark.parametrize("module,name", ml_types(), ids=lambda v: getattr(v, "__name__", v))
def test_ml_dtypes_arrays_decode_to_their_formats_values(module, name):
    array = every_code(module, name)
    codes = array.view(f"u{array.dtype.itemsize}")
    expected = np.array([DEFINITIONS[name][1](int(c)) for c in codes])
    assert same_values(fpx.decode(array, name), expected)
    assert same_values(fpx.decode(array, fpx.format_info(name)[0]), expected)  # fpx's own name for it
    if module is not _mlstandin:
        assert same_values(array.astype(np.float64), expected)  # ml_dtypes' own reading
    assert fpx.exact(array, name) == fpx.exact(codes, name)
    other = "binary32" if name == "bfloat16" else "e4m3" if name != "float8_e4m3fn" else "e5m2"
    with pytest.raises(TypeError):
        fpx.decode(array, other)


@pytest.mark.parametrize("module,name", ml_types(), ids=lambda v: getattr(v, "__name__", v))
def test_ml_dtypes_arrays_cast_as_fpx_casts_their_codes(module, name):
    array = every_code(module, name)
    codes = array.view(f"u{array.dtype.itemsize}")
    for to, mode in (("binary32", "rne"), ("e4m3", "rne"), ("e2m1", "rtz"), ("bfloat16", "rup")):
        got, flags = fpx.encode(array, to, mode=mode, flags=True, errors="flag")
        out = cli("cast", "-o", "hex,flags", "-r", mode, name, to, stdin="".join(f"{int(c):#x}\n" for c in codes)).stdout
        rows = [line.split("\t") for line in out.splitlines()]
        failed = [h == "error" for h, _ in rows]  # a NaN into a format without one
        assert failed == (flags == fpx.FAILED).tolist()
        assert [int(h, 16) for h, _ in rows if h != "error"] == got[~np.array(failed)].tolist()
        names = dict(inexact=fpx.INEXACT, tie=fpx.TIE, overflow=fpx.OVERFLOW, underflow=fpx.UNDERFLOW,
                     saturated=fpx.SATURATED, invalid=fpx.INVALID)
        expected = [sum(names[w] for w in f.split("|") if w in names) for _, f in rows]
        assert [e for e, bad in zip(expected, failed) if not bad] == flags[~np.array(failed)].tolist()


def test_ml_dtypes_codes_past_their_bits_are_refused():
    array = np.array([0x07, 0x17], np.uint8).view(_mlstandin.float4_e2m1fn)
    with pytest.raises(fpx.InputError) as failure:
        fpx.encode(array, "binary32")
    assert failure.value.index == 1 and str(failure.value) == cli_message("cast", "e2m1", "binary32", "0x17")


def test_arrays_keep_their_shape():
    # numpy's own casts keep the shape; so do encode's codes and flags, and decode's values
    x = np.random.default_rng(7).standard_normal((4, 6)) * 1000
    for array in (x, x.T, x[:, ::2], x[None, 1:3, :]):
        codes, flags = fpx.encode(array, "binary16", flags=True)
        half = array.astype(np.float16)
        assert codes.shape == flags.shape == array.shape and np.array_equal(codes, half.view(np.uint16))
        assert np.array_equal(fpx.decode(codes, "binary16"), half.astype(np.float64))
        assert np.array_equal(fpx.decode(half, "binary16"), half.astype(np.float64))
    texts = np.array([["1", "2.5"], ["-448", "0.1"]])
    assert np.array_equal(fpx.encode(texts, "e4m3"), [[0x38, 0x42], [0xFE, 0x1D]])  # OCP E4M3's codes
    wide = fpx.encode(np.array([[1.0], [0.5]]), "binary128")
    assert wide.shape == (2, 1, 2) and wide[0, 0, 1] == 0x3FFF000000000000 and wide[1, 0, 1] == 0x3FFE000000000000
    assert fpx.decode(wide, "binary128").shape == (2, 1) and fpx.exact(wide, "binary128") == ["1", "0.5"]
    assert fpx.encode([1.0, 2.0], "e4m3").shape == (2,) and fpx.encode(1.0, "e4m3").shape == (1,)


@pytest.mark.skipif(fpx._LONG_DOUBLE is None, reason="numpy's long double here is no format fpx has")
def test_long_doubles_are_read_exactly():
    # 64-bit significands (x87's, and within binary128's) times powers of two, some of
    # them halfway between two doubles; the host's own long double casts round once, to
    # nearest even, so their bits are the expected codes
    rng = np.random.default_rng(5)
    n = 4000
    hi, lo = rng.integers(2**31, 2**32, n), rng.integers(0, 2**32, n)
    lo[: n // 4] = (lo[: n // 4] & ~0x7FF) | 0x400  # halfway between two doubles
    ld = np.longdouble
    x = np.ldexp(hi.astype(ld) * ld(2**32) + lo.astype(ld), rng.integers(-1200, 1100, n) - 63)
    x *= rng.choice([-1, 1], n)
    x = np.concatenate([x, np.array([0.0, -0.0, np.inf, -np.inf], dtype=ld)])
    with np.errstate(over="ignore", under="ignore"):
        doubles, floats = x.astype(np.float64), x.astype(np.float32)
    codes, flags = fpx.encode(x, "binary64", flags=True)
    assert np.array_equal(codes, doubles.view(np.uint64))
    assert np.array_equal((flags & fpx.INEXACT) != 0, doubles.astype(ld) != x)
    assert np.array_equal(fpx.encode(x, "binary32"), floats.view(np.uint32))
    assert np.array_equal(fpx.encode(x.reshape(1001, 4)[:, ::2], "binary64"), doubles.reshape(1001, 4)[:, ::2].view(np.uint64))
