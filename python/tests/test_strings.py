"""encode() of texts in every container it reads them from: lists and tuples of str and
bytes, numpy object arrays, and numpy 'S' and 'U' arrays (read in C, record by record,
as numpy reads each element: without its trailing NULs). Each against fpx(1)'s
`convert -o hex,flags` on the same lines, its rows read from stdin; the failing ones
flagged, InputError naming the first; the chunks _fpxtext.c hands the library (every
size, their edges) answering as one call would."""

import os
import subprocess
import threading

import numpy as np
import pytest

import fpx
from fpx import _fpx

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FPX = os.path.join(ROOT, "fpx")
FLAG_NAMES = {"inexact": fpx.INEXACT, "tie": fpx.TIE, "overflow": fpx.OVERFLOW, "underflow": fpx.UNDERFLOW,
              "saturated": fpx.SATURATED, "invalid": fpx.INVALID, "divbyzero": fpx.DIVBYZERO}


def cli(*args, stdin=None):
    return subprocess.run([FPX, *args], input=stdin, capture_output=True)


def workload(lines):
    gen = subprocess.run([os.path.join(ROOT, "bench", "gen"), str(lines)], capture_output=True, text=True).stdout
    return [line for line in gen.splitlines() if line]


# Texts fpx(1) reads and texts it does not: non-ASCII ones (it reads none), a NUL inside,
# spaces around, long decimals (read by their ends), and no text at all.
ODD = ["1", "-0", "0x1.8p3", "1/3", "nan", "-inf", "1e400", "448", "464", "−1", "π", "∞", "-∞", "1\x002",
       "\x00", " 1", "1 ", "1x", "", "0." + "3" * 150, "1" * 70 + ".5", "é1"]
VALUES = workload(400) + ODD


def expected(fmt, values, *options):
    """(code or None, flags) of each value as `fpx convert -o hex,flags` says it, the
    values its stdin lines (a blank line is a blank row, so the empty text is asked for
    as an argument, where fpx(1) reads it as an error)."""
    lines = [v for v in values if v]
    out = cli("convert", "-o", "hex,flags", *options, fmt, stdin=("\n".join(lines) + "\n").encode()).stdout
    rows = iter(out.decode().splitlines() if lines else [])
    empty = cli("convert", "-o", "hex,flags", *options, fmt, "").stdout.decode().split("\t")[0]
    assert empty == "error"
    want = []
    for v in values:
        hex_text, flag_text = next(rows).split("\t") if v else ("error", "")
        if hex_text == "error":
            want.append((None, fpx.FAILED))
            continue
        flags = 0 if flag_text == "-" else sum(FLAG_NAMES[n] for n in flag_text.split("|"))
        want.append((int(hex_text, 16), flags))
    assert next(rows, None) is None
    return want


def as_ints(codes):
    codes = np.asarray(codes)
    if codes.ndim == 2:  # 64-bit words, the low one first
        return [sum(int(w) << 64 * i for i, w in enumerate(row)) for row in codes]
    return [int(c) for c in codes]


def flat(answer, shape):
    """encode()'s codes and flags of an array of that shape, checked to have it, in C order."""
    codes, flags = answer
    assert codes.shape == flags.shape == (shape or (1,))
    return codes.reshape(-1), flags.reshape(-1)


def assert_answers(want, answer):
    codes, flags = answer
    got = list(zip(as_ints(codes), [int(f) for f in flags]))
    assert len(got) == len(want)
    for i, ((code, flag), (want_code, want_flag)) in enumerate(zip(got, want)):
        if want_code is None:
            assert flag & fpx.FAILED, i
        else:
            assert (code, flag) == (want_code, want_flag), i


def containers(values):
    """The same texts in each container encode() reads them from."""
    return {"list": list(values), "tuple": tuple(values), "bytes": [v.encode() for v in values],
            "object": np.array(values, dtype=object), "U": np.array(values), "S": np.array([v.encode() for v in values])}


@pytest.mark.parametrize("fmt", ["e4m3", "bfloat16", "binary32", "binary128", "posit16", "e2m1"])
def test_every_container_is_the_clis(fmt):
    want = expected(fmt, VALUES)
    for name, values in containers(VALUES).items():
        assert_answers(want, fpx.encode(values, fmt, flags=True, errors="flag"))


@pytest.mark.parametrize("mode,saturation", [("rtz", "finite"), ("rup", "propagate"), ("rna", "none")])
def test_arrays_in_other_modes_are_the_clis(mode, saturation):
    want = expected("e5m2", VALUES, "--round", mode, "--saturation", saturation)
    for name in ("U", "S", "object"):
        values = containers(VALUES)[name]
        assert_answers(want, fpx.encode(values, "e5m2", mode=mode, saturation=saturation, flags=True, errors="flag"))


def first_failure(values, fmt):
    with pytest.raises(fpx.InputError) as failure:
        fpx.encode(values, fmt)
    return failure.value.index, failure.value.message


def test_input_error_names_the_first_failing_element():
    good = workload(9000)[:9000]
    assert all(code is not None for code, _ in expected("e4m3", good))
    for bad_at, bad in ((0, "1x"), (4095, "π"), (4096, "−1"), (4097, "1\x002"), (8999, "")):
        values = good[:bad_at] + [bad] + good[bad_at + 1:]
        values[-1] = "2x" if bad_at < 8999 else values[-1]  # and a later one
        message = (cli("convert", "e4m3", stdin=(bad + "\n").encode()) if bad else cli("convert", "e4m3", "")).stderr.decode()
        for name, container in containers(values).items():
            index, text = first_failure(container, "e4m3")
            assert index == bad_at, (name, bad_at)
            assert text in message, (name, text, message)


def test_chunks_of_any_size_answer_as_one_call():
    values = VALUES * 3
    want = expected("e4m3", values)
    arrays = [np.array(values), np.array([v.encode() for v in values])]
    for chunk in (0, 1, 7, 64, len(values) - 1, len(values), len(values) + 5):
        codes, flags, failure = _fpx.encode_text("e4m3", values, [], True, chunk)
        assert_answers(want, (codes, flags))
        assert failure[1] == next(i for i, (c, _) in enumerate(want) if c is None)
        for array in arrays:
            codes, flags, again = _fpx.encode_records("e4m3", array, [], True, chunk)
            assert_answers(want, (codes, flags))
            assert again == failure


def test_threads_chunks_and_a_grown_chunk_answer_as_one_call():
    # threads=2: chunks of 2^16 texts (twice fpx_batch_size(), each split in two), the
    # glue's arrays used again for each; the first failure in a later chunk is the
    # call's. threads=1 while another Python thread holds the GIL: the chunks grow to
    # the rest (_fpxtext.c's items_run()), their arrays with them.
    base = workload(3000)
    values = (base * (2 ** 17 // len(base) + 2))[: 2 ** 17 + 5000]
    bad_at = 2 ** 17 + 123
    values[bad_at] = "1x"
    values[-1] = "2x"
    want = fpx.encode(values, "e4m3", threads=1, flags=True, errors="flag")
    assert int(want[1][bad_at]) & fpx.FAILED
    assert_answers(expected("e4m3", values[-9000:]), (want[0][-9000:], want[1][-9000:]))
    for container in (values, np.array(values), np.array([v.encode() for v in values])):
        got = fpx.encode(container, "e4m3", threads=2, flags=True, errors="flag")
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
        with pytest.raises(fpx.InputError) as failure:
            fpx.encode(container, "e4m3", threads=2)
        assert failure.value.index == bad_at
    stop = False

    def busy():
        while not stop:
            sum(range(1000))
    thread = threading.Thread(target=busy)
    thread.start()
    try:
        got = fpx.encode(values, "e4m3", threads=1, flags=True, errors="flag")
    finally:
        stop = True
        thread.join()
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_records_are_read_as_numpy_reads_them():
    # full-width records (no NUL), wider ones, trailing NULs dropped, a NUL inside kept
    cases = [np.array(["12", "34", "-5"]), np.array(["1.5", "2"], dtype="U40"), np.array([b"12", b"34"]),
             np.array([b"1.5", b"2"], dtype="S40"), np.array([b"1\x00", b"1\x002", b"\x001", b""], dtype="S3"),
             np.array(["1\x00", "1\x002", "\x001", ""], dtype="U3"), np.array(["0.375"], dtype=">U5"),
             np.array([[b"1", b"2.5"], [b"-3", b"1e-3"]]), np.array("2.5"), np.array(b"2.5"),
             np.array(["1", "2"], dtype="U1"), np.array([], dtype="U3"), np.array([], dtype="S1")]
    for array in cases:
        items = [v.decode() if isinstance(v, bytes) else str(v) for v in array.reshape(-1).tolist()]
        assert_answers(expected("e4m3", items), flat(fpx.encode(array, "e4m3", flags=True, errors="flag"), array.shape))


def test_views_and_shapes_read_in_c_order_and_kept():
    grid = np.array([["0.5", "1", "1.5"], ["2", "-3", "1x"], ["π", "", "448"]])
    grids = (grid, np.char.encode(grid, "utf-8"), grid.astype(object), grid.astype(">U3"))
    views = (lambda g: g, lambda g: g.T, lambda g: g[:, ::2], lambda g: g[::-1], np.asfortranarray,
             lambda g: g[1:, 1:], lambda g: g[2, ::-1])
    for view in views:
        want = expected("e4m3", view(grid).reshape(-1).tolist())
        for g in grids:
            assert_answers(want, flat(fpx.encode(view(g), "e4m3", flags=True, errors="flag"), view(g).shape))


def test_codec_errors_are_pythons():
    # bytes that are not UTF-8 and strs with a lone surrogate fail as their decode() and
    # encode() do, in every container
    for values in ([b"1", b"\xff1"], np.array([b"1", b"\xff1"]), np.array([b"1", b"\xff1"], dtype=object)):
        with pytest.raises(UnicodeDecodeError):
            fpx.encode(values, "e4m3", errors="flag")
    for values in (["1", "\ud8001"], np.array(["1", "\ud8001"]), np.array(["1", "\ud8001"], dtype=object)):
        with pytest.raises(UnicodeEncodeError):
            fpx.encode(values, "e4m3", errors="flag")


def test_other_items_and_options_as_before():
    assert list(fpx.encode(np.array(["1", 2, b"3"], dtype=object), "e4m3")) == [0x38, 0x40, 0x44]
    with pytest.raises(TypeError):
        fpx.encode(np.array(["1", None], dtype=object), "e4m3")
    assert fpx.encode(np.array([], dtype="U2"), "e4m3").shape == (0,)
    for values in ([], np.array([], dtype="S2"), np.array([], dtype=object)):
        with pytest.raises(fpx.UsageError):
            fpx.encode(values, "e4m3", via="nope")
    assert fpx.encode(np.array(["1.5"]), "e4m3").dtype == np.uint8


def test_a_list_changed_meanwhile_is_never_a_crash():
    values = workload(20000)
    stop = False

    def churn():
        while not stop:
            values.append("1")
            values.pop()
    thread = threading.Thread(target=churn)
    thread.start()
    try:
        for _ in range(20):
            try:
                assert len(fpx.encode(values, "e4m3", errors="flag")) in (len(values), len(values) - 1, len(values) + 1)
            except RuntimeError as error:
                assert "changed size" in str(error)
    finally:
        stop = True
        thread.join()
