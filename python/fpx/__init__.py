"""fpx: exact conversions into floating-point formats, over numpy arrays.

The Python face of libfpx, the library fpx(1) is built on: every value is read exactly
(numpy floats and Python floats as their binary values, ints, Fractions, Decimals and
strs as fpx(1) reads text) and rounded once into the format, as fpx(1) would; the
readout of a value is the dict of `fpx show --json`.

    >>> import numpy as np, fpx
    >>> codes, flags = fpx.encode(np.array([0.1, 448.0, 1000.0]), 'e4m3', saturation='finite', flags=True)
    >>> fpx.show('bfloat16', 'pi')['hex']
    '0x4049'

Options are fpx(1)'s, by their long names (mode is --round): mode='rne' (rna, rtz, rup,
rdn, rto, sra, srb, src), saturation='none' (finite, propagate), saturate=True,
policy='fpx' (ml_dtypes, onnx, ...), via=FORMAT, arch='ieee', wrap=True, sr_bits=N,
sr_random=R, max_precision=BITS, and encode's threads=N. Errors raise fpx.UsageError (a
bad format, option or field), fpx.InputError (.index: the first element that could not
be converted) or fpx.InexactError (decode: a value float64 does not hold), each with
fpx(1)'s message.
"""

import decimal
import fractions
import json
import math
import numbers
import sys

import numpy as np

from . import _fpx

__all__ = ["encode", "decode", "exact", "field", "show", "format_info", "formats", "table", "map", "convert", "Error", "UsageError", "InputError",
           "InexactError", "INEXACT", "TIE", "OVERFLOW", "UNDERFLOW", "SATURATED", "INVALID", "DIVBYZERO",
           "FAILED", "__version__", "load_formats"]

__version__ = _fpx.version

# The flags of each element, as fpx(1)'s flags field (encode(..., flags=True)).
INEXACT, TIE, OVERFLOW, UNDERFLOW, SATURATED, INVALID, DIVBYZERO, FAILED = 1, 2, 4, 8, 16, 32, 64, 128


class Error(ValueError):
    """fpx(1)'s message for what went wrong (args: message, index)."""

    @property
    def message(self):
        return self.args[0]

    @property
    def index(self):
        return self.args[1] if len(self.args) > 1 else 0

    def __str__(self):
        return self.args[0]


class UsageError(Error):
    """A format, option or field fpx does not know: fpx(1)'s exit status 2."""


class InputError(Error):
    """An element that could not be converted; .index says which (the first)."""


class InexactError(Error):
    """decode(): a value float64 does not hold exactly."""


_fpx.set_errors(UsageError, InputError, InexactError)

_OPTION_NAMES = {"mode": "round", "sr_bits": "sr-bits", "sr_random": "sr-random", "max_precision": "max-precision"}
_FLAG_OPTIONS = ("saturate", "wrap")


def _options(mode, saturation, options):
    """The (name, value) pairs libfpx takes, from the keyword arguments."""
    pairs = []
    if mode is not None:
        pairs.append(("round", str(mode)))
    if saturation is not None:
        pairs.append(("saturation", str(saturation)))
    for key, value in options.items():
        name = _OPTION_NAMES.get(key, key.replace("_", "-"))
        if key in _FLAG_OPTIONS:
            if value:
                pairs.append((name, None))
        elif value is not None:
            pairs.append((name, str(value)))
    return pairs


def format_info(fmt):
    """(name, bits, bytes per code) of a format fpx knows by that name."""
    return _fpx.lookup(fmt)


def load_formats(text, origin=None):
    """Loads the formats a .fmt text describes (what fpx(1)'s -F FILE reads; origin names
    it in messages, e.g. load_formats(open(path).read(), path)) and returns their names,
    in its order. From then on every call in the process knows them by those names and
    aliases, before the built-in ones, as fpx(1) knows a -F file's. A bad text raises
    UsageError with fpx(1)'s message, and loads nothing."""
    return _fpx.load_formats(text, origin)


def _text_of(v):
    """An exact text for one value of a Python type, as fpx(1) reads it."""
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, numbers.Integral):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        f = float(v)  # exact: float16 and float32 widen without rounding
        if math.isnan(f):
            return "-nan" if math.copysign(1.0, f) < 0 else "nan"
        return f.hex()
    if isinstance(v, fractions.Fraction):
        return f"{v.numerator}/{v.denominator}"
    if isinstance(v, decimal.Decimal):
        if v.is_nan():
            return ("-" if v.is_signed() else "") + ("snan" if v.is_snan() else "nan")
        return str(v)
    raise TypeError(f"fpx cannot read a value of type {type(v).__name__}")


def _finish(result, flags, errors, shape=None):
    """encode()'s answer, codes and flags given the shape of the array it was given."""
    codes, flag_array, failure = result
    if failure is not None and errors == "raise":
        raise InputError(*failure)
    if shape is not None:
        codes = codes.reshape(shape + codes.shape[1:])
        flag_array = flag_array.reshape(shape) if flag_array is not None else None
    return (codes, flag_array) if flags else codes


def encode(values, fmt, mode=None, saturation=None, flags=False, errors="raise", **options):
    """The codes of fmt the values round to, as a numpy array of the narrowest unsigned
    type that holds them ((n, 2) uint64 for 128-bit formats, low word first), of the
    shape of values where that is a numpy array (one more axis for 128-bit codes).

    values: a numpy array of floats (their exact values; float16/32/64, and longdouble
    where it is x87's or binary128), of integers, of
    an ml_dtypes type (its codes, cast as `fpx cast FORMAT fmt`), of str (dtype 'U',
    'S' as UTF-8, or object; each element as numpy reads it); or a sequence of int,
    float, Fraction, Decimal, str, bytes. flags=True: also a uint8 array of each
    element's flags (INEXACT, ...). errors='flag': an element that cannot be converted
    is fmt's NaN with FAILED among its flags, instead of raising InputError.
    threads=0 (the default): an array of at least 2^15 elements is shared among as many
    threads as the process may run on; threads=N, at most N; the codes are the same.
    """
    options.setdefault("threads", 0)
    pairs = _options(mode, saturation, options)
    if errors not in ("raise", "flag"):
        raise UsageError("errors is 'raise' or 'flag'", 0)
    array = values if isinstance(values, np.ndarray) else None
    if array is None and not isinstance(values, (list, tuple)):
        try:
            array = np.asarray(values)
        except Exception:
            array = None
    shape = array.shape if isinstance(values, np.ndarray) and array.ndim > 0 else None
    own = _own_codes(array) if array is not None else None
    if own is not None:  # numpy's floats, ml_dtypes arrays: their codes, cast from their format
        source, codes = own
        codes = codes.reshape((-1,) + codes.shape[array.ndim:])
        return _finish(_fpx.encode_array(fmt, source, codes, pairs, flags), flags, errors, shape)
    if array is not None and array.dtype.kind in "fiub" and array.dtype != object:
        array = np.ascontiguousarray(array).reshape(-1)
        if array.dtype.kind == "u":
            result = _fpx.encode_array(fmt, "u64", array.astype(np.uint64), pairs, flags)
        elif array.dtype.kind in "ib":
            result = _fpx.encode_array(fmt, "i64", array.astype(np.int64), pairs, flags)
        else:
            raise TypeError(f"fpx cannot read a numpy array of {array.dtype}")
        return _finish(result, flags, errors, shape)
    chunk = _text_chunk(pairs)
    if array is not None and array.dtype.kind in "SU":  # the records in C, as numpy reads them
        array = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("="))
        return _finish(_fpx.encode_records(fmt, array, pairs, flags, chunk), flags, errors, shape)
    if array is not None and array.dtype == object:
        values = array = np.ascontiguousarray(array).reshape(-1)
    if isinstance(values, (list, tuple, np.ndarray)):
        try:  # strs and bytes alone go to the library as they are
            return _finish(_fpx.encode_text(fmt, values, pairs, flags, chunk), flags, errors, shape)
        except TypeError:
            pass
    texts = [_text_of(v.decode() if isinstance(v, bytes) else v) for v in list(values)]
    return _finish(_fpx.encode_text(fmt, texts, pairs, flags, chunk), flags, errors, shape)


# Texts go to the library at least _TEXT_CHUNK at a time (_fpxtext.c), so that what the
# glue reads is still in the cache when the library reads it; where the library is to
# share them among threads, twice what it shares among all of them (fpx_batch_size()),
# each chunk a start of its threads. On two threads, 10^6 short strs took 1-5% less time
# in chunks of 2^16 than of 2^15 (alternating runs), and 93 ms all at once: the glue's
# arrays for all of them are pages touched anew.
_TEXT_CHUNK = 4096


def _text_chunk(pairs):
    batch = _fpx.batch_size(pairs)
    return _TEXT_CHUNK if batch == 1 else max(_TEXT_CHUNK, 2 * batch)


def _long_double_format():
    """The format of numpy's long double on this machine, where fpx has it: x87's 80 bits
    (x86) or binary128 (64-bit ARM, POWER with IEEE quad), kept little-endian."""
    info, size = np.finfo(np.longdouble), np.dtype(np.longdouble).itemsize
    if sys.byteorder != "little":
        return None
    if info.nmant == 63 and info.nexp == 15 and size >= 10:
        return "x87"
    if info.nmant == 112 and info.nexp == 15 and size == 16:
        return "binary128"
    return None


_LONG_DOUBLE = _long_double_format()


def _long_double_codes(array):
    """A long double array's codes as (..., 2) uint64 words, the low one first: all 16
    bytes of binary128's, the first 10 of x87's (the rest is padding, never read)."""
    width = 16 if _LONG_DOUBLE == "binary128" else 10
    raw = array.reshape(-1).view(np.uint8).reshape(-1, array.dtype.itemsize)
    codes = np.zeros((len(raw), 16), dtype=np.uint8)
    codes[:, :width] = raw[:, :width]
    return codes.view(np.uint64).reshape(array.shape + (2,))


# numpy's floating types, each holding the codes of a format
_NUMPY_FORMATS = {"float16": "binary16", "float32": "binary32", "float64": "binary64"}


def _own_codes(array):
    """(format, codes) of an array whose elements are codes of a format: numpy's floats
    (binary16, 32, 64; long double where it is x87's or binary128) and ml_dtypes types
    (numpy types defined outside numpy, of 1 or 2 bytes, kind 'V' or, for float8_e5m2,
    'f', each named as its format); None for another array. The codes are unsigned
    integers of the array's shape, with one more axis of two words for long double."""
    dtype = array.dtype
    if dtype.isbuiltin == 2:
        source = dtype.type.__name__ if dtype.itemsize in (1, 2) else None
    elif dtype.kind == "f":
        source = _NUMPY_FORMATS.get(dtype.name) or (_LONG_DOUBLE if dtype.type is np.longdouble else None)
        dtype = dtype.newbyteorder("=")
    else:
        return None
    if source is None:
        return None
    array = np.ascontiguousarray(array, dtype=dtype)
    return source, array.view(f"u{dtype.itemsize}") if dtype.itemsize <= 8 else _long_double_codes(array)


def _codes(codes, fmt):
    """The codes of fmt as the library takes them: unsigned integers, or the array of a
    type that holds fmt's codes (float16 for binary16, an ml_dtypes array of its own
    format). A code its integer type holds but fmt's code size does not is InputError,
    as bits past fmt's are in the library; another type is TypeError."""
    array = np.asarray(codes)
    own = _own_codes(array)
    if array.size == 0:
        return array.astype(np.uint64)
    if own is not None:
        if format_info(own[0])[0] != format_info(fmt)[0]:
            raise TypeError(f"an array of {array.dtype.name} holds codes of {own[0]}, not of {fmt}"
                            f" (its bits: .view(np.uint{8 * array.dtype.itemsize}))")
        return own[1]
    if array.dtype.kind not in "ui":
        raise TypeError(f"codes of {fmt} are unsigned integers, not {array.dtype.name}")
    size = format_info(fmt)[2]
    rows = array.reshape(len(array), -1) if size > 8 and array.ndim else array.reshape(-1, 1)
    lost = rows < 0 if array.dtype.kind == "i" else np.zeros(rows.shape, dtype=bool)
    if size < array.dtype.itemsize:
        lost |= rows.astype(np.uint64) >> np.uint64(8 * size) != 0
    if lost.any():
        i = int(np.argmax(lost.any(axis=1)))
        code = int(rows[i][np.argmax(lost[i])])
        if code < 0:
            raise InputError(f"'{code}': a code is no negative number", i)
        raise InputError(f"'{code:#x}': bit pattern has more bits than the format", i)
    return array


def _flat_codes(codes, fmt):
    """_codes() as the C half takes them, n codes or (n, words) of 128-bit ones, and the
    shape of the n."""
    array = _codes(codes, fmt)
    if format_info(fmt)[2] <= 8:
        return array.reshape(-1), array.shape
    return (array.reshape(-1, array.shape[-1]) if array.ndim > 1 else array), array.shape[:-1]


def decode(codes, fmt, exact=True):
    """Each code's value as float64: exactly (InexactError where float64 does not hold
    it), or rounded to nearest even with exact=False. codes: unsigned integers ((n, 2)
    uint64 for 128-bit formats, low word first), or an array that holds fmt's own codes
    (float16 for binary16, an ml_dtypes array of its type); a code with bits past fmt's
    is InputError, as fpx(1) refuses it. The answer has the codes' shape (less the
    128-bit codes' last axis)."""
    flat, shape = _flat_codes(codes, fmt)
    return _fpx.decode(fmt, flat, exact).reshape(shape)


def field(codes, fmt, name):
    """Each code's text as one of fpx(1)'s fields of a code alone says it: 'exact',
    'shortest', 'hex', 'bin', 'class', 'hexfloat', ..."""
    return _fpx.field(fmt, _flat_codes(codes, fmt)[0], name)


def exact(codes, fmt):
    """Each code's exact value as a decimal string."""
    return field(codes, fmt, "exact")


def show(fmt, value, mode=None, saturation=None, **options):
    """The readout of one value (any text fpx(1) reads, or a Python number) in fmt, as
    the dict of `fpx show --json`."""
    text = value if isinstance(value, str) else _text_of(value)
    return json.loads(_fpx.show_json(fmt, text, _options(mode, saturation, options)))


def formats():
    """The formats `fpx formats` lists, each a dict (name, bits, kind, description,
    aliases)."""
    return [json.loads(line) for line in _fpx.formats_json().splitlines()]


_ROW_OPTIONS = {"in_": "in", "range_": "range"}


def _rows(command, args, fields, mode, saturation, options, errors):
    """The rows of `fpx COMMAND --json`, as a dict of numpy arrays named by the CLI's
    fields (an error row's fields empty, its message in 'error')."""
    rounding, rows_options = {}, []
    if fields is not None:
        rows_options.append("--fields=" + (fields if isinstance(fields, str) else ",".join(fields)))
    for key, value in options.items():
        name = _ROW_OPTIONS.get(key, key).replace("_", "-")
        if name in ("policy", "via", "arch", "wrap", "saturate", "sr-bits", "sr-random", "max-precision", "round",
                    "threads"):
            rounding[key] = value
        elif value is True:
            rows_options.append("--" + name)
        elif value is not None and value is not False:
            rows_options.append(f"--{name}={value}")
    text, failure = _fpx.rows_json(command, [str(a) for a in args], _options(mode, saturation, rounding),
                                   rows_options)
    if failure is not None and errors == "raise":
        raise InputError(*failure)
    rows = [json.loads(line) for line in text.splitlines()]
    names = []
    for row in rows:
        names += [k for k in row if k not in names]
    columns = {}
    for name in names:
        values = [row.get(name, "") for row in rows]
        if all(isinstance(v, str) for v in values):
            columns[name] = np.array(values, dtype=str)
        else:
            columns[name] = np.array(values + [None], dtype=object)[:-1]
    return columns


def table(fmt, fields=None, mode=None, saturation=None, errors="raise", **options):
    """Every code of fmt (or range_='A:B'), as `fpx table --json`: a dict of arrays, one
    per field."""
    return _rows("table", [fmt], fields, mode, saturation, options, errors)


def map(expr, fmt=None, fields=None, mode=None, saturation=None, errors="raise", **options):
    """`fpx map --json [FORMAT] EXPR` (in_=, to=, range_=, random=, seed=, finite=,
    testfloat=, ...): a dict of arrays, one per field."""
    return _rows("map", ([fmt] if fmt else []) + [expr], fields, mode, saturation, options, errors)


def convert(values, fmt, fields=None, mode=None, saturation=None, errors="raise", **options):
    """`fpx convert --json FORMAT VALUE...` (each value as encode() reads it): a dict of
    arrays, one per field; with errors='flag', a value that fails is a row with its
    message under 'error'."""
    texts = [_text_of(v) for v in (values.reshape(-1) if isinstance(values, np.ndarray) else values)]
    return _rows("convert", [fmt] + texts, fields, mode, saturation, options, errors)
