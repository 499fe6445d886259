/*
 * _fpx.h — what the two C files of Python's fpx module share: _fpx.c (the module, its
 * arrays and calls) and _fpxtext.c (encode()'s texts). Declarations only; numpy's C API
 * is imported once, by _fpx.c (FPX_IMPORT_ARRAY); includes fpx.h alone of libfpx's
 * headers.
 */
#ifndef FPX_PYTHON_H
#define FPX_PYTHON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL fpx_ARRAY_API
#ifndef FPX_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>
#include <stdbool.h>

#include "fpx.h"

/* One encoding's arrays and its answer. */
struct encoded {
	PyArrayObject *codes, *flags;
	fpx_status status;
	fpx_error err;
};

PyObject *raise_error(const fpx_error *err);
const fpx_format *format_of(const char *name);
fpx_options *options_of(PyObject *pairs);
bool open_encoded(struct encoded *e, const fpx_format *f, npy_intp n, int want_flags);
PyObject *encoded_result(struct encoded *e);

/* _fpxtext.c: encode_text(format, items, options, flags, chunk) and
 * encode_records(format, array, options, flags, chunk), as _fpx.c's table names them. */
PyObject *text_encode_items(PyObject *self, PyObject *args);
PyObject *text_encode_records(PyObject *self, PyObject *args);

#endif
