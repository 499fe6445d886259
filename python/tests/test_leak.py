"""The module does not leak on big arrays: the resident size (/proc/self/statm) after
encoding a 10^7-element float64 array several times, and 10^6 strs several times, is
where it was after a warm-up. Any leak that grows with the input (a result, its flags,
a copy of the input, the table of the strs' pointers) costs at least a byte an element
a call: 10 MB a call for the array, whose bound, 8 MiB over its 10 calls, is less than
one leaked e4m3 result; 1 MB a call for the strs, whose bound, 2 MiB over 5 calls, is
less than half of what one such leak adds up to. Both are far above what the
allocator's arenas move by (0 KiB in the runs this was written with)."""

import gc
import os

import numpy as np

import fpx

ARRAY_BOUND_KIB = 8 * 1024
STRINGS_BOUND_KIB = 2 * 1024
ELEMENTS = 10**7
STRINGS = 10**6


def resident_kib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def growth_kib(work, warmups, repetitions):
    """How far the resident size moves over repetitions of work(), after warm-ups."""
    for _ in range(warmups):
        work()
    gc.collect()
    before = resident_kib()
    for _ in range(repetitions):
        work()
    gc.collect()
    return resident_kib() - before


def test_a_big_array_does_not_leak():
    rng = np.random.default_rng(10)
    x = rng.standard_normal(ELEMENTS) * np.exp2(rng.integers(-30, 20, ELEMENTS))

    def work():
        with np.errstate(over="ignore"):
            want = x[:1000].astype(np.float16).view(np.uint16)
        codes, flags = fpx.encode(x, "binary16", flags=True)
        assert codes.size == flags.size == ELEMENTS and np.array_equal(codes[:1000], want)
        e4m3 = fpx.encode(x, "e4m3", mode="rtz")
        assert e4m3.dtype == np.uint8 and e4m3.size == ELEMENTS

    growth = growth_kib(work, 2, 5)
    assert growth < ARRAY_BOUND_KIB, f"resident size grew by {growth} KiB over 10 encodings of {ELEMENTS} elements"


def test_many_strings_do_not_leak():
    texts = [repr(v) for v in np.random.default_rng(11).standard_normal(STRINGS).tolist()]

    def work():
        codes, flags = fpx.encode(texts, "e4m3", flags=True)
        assert codes.size == flags.size == STRINGS and not np.any(flags & fpx.FAILED)

    growth = growth_kib(work, 2, 5)
    assert growth < STRINGS_BOUND_KIB, f"resident size grew by {growth} KiB over 5 encodings of {STRINGS} strs"
