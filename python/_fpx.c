/*
 * _fpx.c — the C half of Python's fpx module: libfpx (fpx.h) over numpy arrays, each
 * call one fpx_* call on whole arrays with the GIL released (encode()'s texts, a chunk
 * of them a call: _fpxtext.c). fpx/__init__.py is the other half: what a value of each
 * Python type becomes, the options' names, the exceptions. Includes fpx.h alone of
 * libfpx's headers.
 */
#define FPX_IMPORT_ARRAY
#include "_fpx.h"

static PyObject *usage_error, *input_error, *inexact_error; /* fpx.UsageError, ... (set by init) */

/* fpx_error as the Python exception of its status: (message, index). */
PyObject *raise_error(const fpx_error *err)
{
	PyObject *type = err->status == FPX_USAGE ? usage_error : err->status == FPX_INEXACT ? inexact_error : input_error;
	PyObject *args = Py_BuildValue("(sn)", err->message, (Py_ssize_t)err->index);

	if (args) {
		PyErr_SetObject(type, args);
		Py_DECREF(args);
	}
	return NULL;
}

const fpx_format *format_of(const char *name)
{
	const fpx_format *f;
	fpx_error err;

	if (fpx_format_lookup(&f, name, &err) != FPX_OK) {
		raise_error(&err);
		return NULL;
	}
	return f;
}

/* Options from a sequence of (name, value or None) pairs; NULL after an exception. */
fpx_options *options_of(PyObject *pairs)
{
	fpx_options *o = fpx_options_new();
	PyObject *seq = PySequence_Fast(pairs, "options: a sequence of (name, value) pairs");
	fpx_error err;

	if (!seq) {
		fpx_options_free(o);
		return NULL;
	}
	for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
		const char *name, *value = NULL;
		if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "sz", &name, &value))
			goto fail;
		if (fpx_options_set(o, name, value, &err) != FPX_OK) {
			raise_error(&err);
			goto fail;
		}
	}
	Py_DECREF(seq);
	return o;
fail:
	Py_DECREF(seq);
	fpx_options_free(o);
	return NULL;
}

/* The array of n codes of f: uint8/16/32/64, or (n, 2) uint64 (n, 4 where 32 bytes). */
static PyArrayObject *new_codes(const fpx_format *f, npy_intp n)
{
	size_t size = fpx_code_size(f);
	npy_intp dims[2] = { n, (npy_intp)(size / 8) };
	int type = size == 1 ? NPY_UINT8 : size == 2 ? NPY_UINT16 : size == 4 ? NPY_UINT32 : NPY_UINT64;

	return (PyArrayObject *)PyArray_SimpleNew(size > 8 ? 2 : 1, dims, type);
}

/* (codes, flags or None, None or (message, index)) as the Python half takes it. */
PyObject *encoded_result(struct encoded *e)
{
	PyObject *failure = Py_None;

	if (e->status == FPX_USAGE) {
		Py_XDECREF(e->codes);
		Py_XDECREF(e->flags);
		return raise_error(&e->err);
	}
	if (e->status != FPX_OK)
		failure = Py_BuildValue("(sn)", e->err.message, (Py_ssize_t)e->err.index);
	else
		Py_INCREF(failure);
	return Py_BuildValue("(NNN)", (PyObject *)e->codes, e->flags ? (PyObject *)e->flags : Py_NewRef(Py_None), failure);
}

bool open_encoded(struct encoded *e, const fpx_format *f, npy_intp n, int want_flags)
{
	e->codes = new_codes(f, n);
	e->flags = want_flags ? (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_UINT8) : NULL;
	if (!e->codes || (want_flags && !e->flags)) {
		Py_XDECREF(e->codes);
		Py_XDECREF(e->flags);
		return false;
	}
	return true;
}

/* The codes given as an array of f's code size, contiguous; NULL after an exception. */
static PyArrayObject *codes_of(const fpx_format *f, PyObject *codes)
{
	size_t size = fpx_code_size(f);
	int type = size == 1 ? NPY_UINT8 : size == 2 ? NPY_UINT16 : size == 4 ? NPY_UINT32 : NPY_UINT64;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(codes, type, NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);

	if (a && size > 8 && (PyArray_NDIM(a) != 2 || PyArray_DIM(a, 1) != (npy_intp)(size / 8))) {
		PyErr_Format(PyExc_ValueError, "codes of %s: an (n, %d) array of uint64, the low word first",
			     fpx_format_name(f), (int)(size / 8));
		Py_DECREF(a);
		return NULL;
	}
	return a;
}

static npy_intp code_count(const fpx_format *f, PyArrayObject *a)
{
	return fpx_code_size(f) > 8 ? PyArray_DIM(a, 0) : PyArray_SIZE(a);
}

/* encode_array(format, kind, array, options, flags): kind "i64" or "u64" (integers), or
 * the name of the format whose codes the array holds (binary64 for float64, an
 * ml_dtypes format, x87: (n, 2) uint64 where its codes take more than 8 bytes). */
static PyObject *encode_array(PyObject *self, PyObject *args)
{
	const char *name, *kind;
	PyObject *array, *pairs;
	int want_flags;
	const fpx_format *f, *from = NULL;
	PyArrayObject *x;
	fpx_options *o;
	struct encoded e = { 0 };
	npy_intp n;
	const void *data;

	(void)self;
	if (!PyArg_ParseTuple(args, "ssOOp", &name, &kind, &array, &pairs, &want_flags) || !(f = format_of(name)))
		return NULL;
	if (strcmp(kind, "i64") && strcmp(kind, "u64") && !(from = format_of(kind)))
		return NULL;
	if (!(x = from ? codes_of(from, array) : (PyArrayObject *)PyArray_FROM_OF(array, NPY_ARRAY_IN_ARRAY)))
		return NULL;
	n = from ? code_count(from, x) : PyArray_SIZE(x);
	if (!(o = options_of(pairs)) || !open_encoded(&e, f, n, want_flags)) {
		fpx_options_free(o);
		Py_DECREF(x);
		return NULL;
	}
	data = PyArray_DATA(x);
	Py_BEGIN_ALLOW_THREADS
	void *out = PyArray_DATA(e.codes);
	uint8_t *flags = e.flags ? PyArray_DATA(e.flags) : NULL;
	if (from)
		e.status = fpx_cast(out, flags, f, o, from, data, (size_t)n, &e.err);
	else
		e.status = kind[0] == 'i' ? fpx_encode_int64(out, flags, f, o, data, (size_t)n, &e.err)
					  : fpx_encode_uint64(out, flags, f, o, data, (size_t)n, &e.err);
	Py_END_ALLOW_THREADS
	fpx_options_free(o);
	Py_DECREF(x);
	return encoded_result(&e);
}

/* decode(format, codes, exact) -> float64 array */
static PyObject *decode(PyObject *self, PyObject *args)
{
	const char *name;
	PyObject *codes;
	int exact;
	const fpx_format *f;
	PyArrayObject *a, *x;
	fpx_status status;
	fpx_error err;
	npy_intp n;

	(void)self;
	if (!PyArg_ParseTuple(args, "sOp", &name, &codes, &exact) || !(f = format_of(name)) || !(a = codes_of(f, codes)))
		return NULL;
	n = code_count(f, a);
	if (!(x = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_FLOAT64))) {
		Py_DECREF(a);
		return NULL;
	}
	Py_BEGIN_ALLOW_THREADS
	status = fpx_decode_double(PyArray_DATA(x), f, PyArray_DATA(a), (size_t)n, exact, &err);
	Py_END_ALLOW_THREADS
	Py_DECREF(a);
	if (status != FPX_OK) {
		Py_DECREF(x);
		return raise_error(&err);
	}
	return (PyObject *)x;
}

static int append_text(void *arg, size_t i, const char *text, size_t len)
{
	PyObject *s = PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "strict");

	(void)i;
	if (!s)
		return 1;
	PyList_SET_ITEM((PyObject *)arg, (Py_ssize_t)i, s);
	return 0;
}

/* field(format, codes, field) -> list of str: each code's text as that field says it */
static PyObject *field(PyObject *self, PyObject *args)
{
	const char *name, *which;
	PyObject *codes, *list;
	const fpx_format *f;
	PyArrayObject *a;
	fpx_error err;
	npy_intp n;

	(void)self;
	if (!PyArg_ParseTuple(args, "sOs", &name, &codes, &which) || !(f = format_of(name)) || !(a = codes_of(f, codes)))
		return NULL;
	n = code_count(f, a);
	if (!(list = PyList_New(n))) {
		Py_DECREF(a);
		return NULL;
	}
	if (fpx_decode_text(f, PyArray_DATA(a), (size_t)n, which, append_text, list, &err) != FPX_OK) {
		Py_DECREF(a);
		Py_DECREF(list);
		return raise_error(&err);
	}
	Py_DECREF(a);
	if (PyErr_Occurred()) {
		Py_DECREF(list);
		return NULL;
	}
	return list;
}

/* show_json(format, value, options) -> str */
static PyObject *show_json(PyObject *self, PyObject *args)
{
	const char *name, *value;
	PyObject *pairs, *out;
	const fpx_format *f;
	fpx_options *o;
	fpx_status status;
	fpx_error err;
	char *json;

	(void)self;
	if (!PyArg_ParseTuple(args, "ssO", &name, &value, &pairs) || !(f = format_of(name)) || !(o = options_of(pairs)))
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	status = fpx_show_json(&json, f, o, value, &err);
	Py_END_ALLOW_THREADS
	fpx_options_free(o);
	if (status != FPX_OK)
		return raise_error(&err);
	out = PyUnicode_FromString(json);
	fpx_free(json);
	return out;
}

/* The strs of a sequence as C strings (held by *tuple until it is let go); NULL after an
 * exception. */
static const char **strings_of(PyObject *seq, PyObject **tuple, Py_ssize_t *n)
{
	const char **text;

	if (!(*tuple = PySequence_Tuple(seq)))
		return NULL;
	*n = PyTuple_GET_SIZE(*tuple);
	if (!(text = PyMem_Malloc((size_t)(*n ? *n : 1) * sizeof *text))) {
		Py_DECREF(*tuple);
		PyErr_NoMemory();
		return NULL;
	}
	for (Py_ssize_t i = 0; i < *n; i++)
		if (!(text[i] = PyUnicode_AsUTF8(PyTuple_GET_ITEM(*tuple, i)))) {
			PyMem_Free(text);
			Py_DECREF(*tuple);
			return NULL;
		}
	return text;
}

/* rows_json(command, args, options, row_options) -> (json text, None or (message, index)) */
static PyObject *rows_json(PyObject *self, PyObject *args)
{
	const char *command, **arg = NULL, **row = NULL;
	PyObject *arg_seq, *pairs, *row_seq, *arg_tuple = NULL, *row_tuple = NULL, *out = NULL, *failure = Py_None;
	Py_ssize_t nargs, nrows;
	fpx_options *o = NULL;
	fpx_status status;
	fpx_error err;
	char *json;

	(void)self;
	if (!PyArg_ParseTuple(args, "sOOO", &command, &arg_seq, &pairs, &row_seq) ||
	    !(arg = strings_of(arg_seq, &arg_tuple, &nargs)) || !(row = strings_of(row_seq, &row_tuple, &nrows)) ||
	    !(o = options_of(pairs)))
		goto done;
	Py_BEGIN_ALLOW_THREADS
	status = fpx_rows_json(&json, command, arg, (int)nargs, o, row, (int)nrows, &err);
	Py_END_ALLOW_THREADS
	if (status == FPX_USAGE) {
		raise_error(&err);
		goto done;
	}
	if (status != FPX_OK)
		failure = Py_BuildValue("(sn)", err.message, (Py_ssize_t)err.index);
	else
		Py_INCREF(failure);
	out = Py_BuildValue("(sN)", json, failure);
	fpx_free(json);
done:
	fpx_options_free(o);
	PyMem_Free(arg);
	PyMem_Free(row);
	Py_XDECREF(arg_tuple);
	Py_XDECREF(row_tuple);
	return out;
}

/* formats_json() -> str */
static PyObject *formats_json(PyObject *self, PyObject *args)
{
	fpx_error err;
	PyObject *out;
	char *json;

	(void)self;
	(void)args;
	if (fpx_formats_json(&json, &err) != FPX_OK)
		return raise_error(&err);
	out = PyUnicode_FromString(json);
	fpx_free(json);
	return out;
}

/* load_formats(text, origin or None) -> the names of the formats it describes, in its
 * order (fpx_format_load(); at most one a line) */
static PyObject *load_formats(PyObject *self, PyObject *args)
{
	const char *text, *origin;
	const fpx_format **loaded;
	size_t room = 1, count = 0;
	fpx_status status;
	fpx_error err;
	PyObject *names = NULL;

	(void)self;
	if (!PyArg_ParseTuple(args, "sz", &text, &origin))
		return NULL;
	for (const char *p = text; (p = strchr(p, '\n')); p++)
		room++;
	if (!(loaded = PyMem_Malloc(room * sizeof *loaded)))
		return PyErr_NoMemory();
	Py_BEGIN_ALLOW_THREADS
	status = fpx_format_load(loaded, room, &count, origin, text, &err);
	Py_END_ALLOW_THREADS
	if (status != FPX_OK)
		raise_error(&err);
	else if ((names = PyList_New((Py_ssize_t)count)))
		for (size_t i = 0; i < count; i++) {
			PyObject *name = PyUnicode_FromString(fpx_format_name(loaded[i]));
			if (!name) {
				Py_CLEAR(names);
				break;
			}
			PyList_SET_ITEM(names, (Py_ssize_t)i, name);
		}
	PyMem_Free(loaded);
	return names;
}

/* lookup(name) -> (name, bits, code size) */
static PyObject *lookup(PyObject *self, PyObject *args)
{
	const char *name;
	const fpx_format *f;

	(void)self;
	if (!PyArg_ParseTuple(args, "s", &name) || !(f = format_of(name)))
		return NULL;
	return Py_BuildValue("(sin)", fpx_format_name(f), fpx_format_bits(f), (Py_ssize_t)fpx_code_size(f));
}

/* batch_size(options) -> the fewest elements a call shares among all its threads */
static PyObject *batch_size(PyObject *self, PyObject *args)
{
	PyObject *pairs;
	fpx_options *o;
	size_t size;

	(void)self;
	if (!PyArg_ParseTuple(args, "O", &pairs) || !(o = options_of(pairs)))
		return NULL;
	size = fpx_batch_size(o);
	fpx_options_free(o);
	return PyLong_FromSize_t(size);
}

/* set_errors(UsageError, InputError, InexactError): the Python half's exceptions */
static PyObject *set_errors(PyObject *self, PyObject *args)
{
	(void)self;
	if (!PyArg_ParseTuple(args, "OOO", &usage_error, &input_error, &inexact_error))
		return NULL;
	Py_INCREF(usage_error);
	Py_INCREF(input_error);
	Py_INCREF(inexact_error);
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{ "lookup", lookup, METH_VARARGS, "lookup(name) -> (name, bits, code size)" },
	{ "batch_size", batch_size, METH_VARARGS, "batch_size(options) -> elements a call shares among all its threads" },
	{ "encode_array", encode_array, METH_VARARGS, "encode_array(format, kind, array, options, flags)" },
	{ "encode_text", text_encode_items, METH_VARARGS, "encode_text(format, items, options, flags, chunk)" },
	{ "encode_records", text_encode_records, METH_VARARGS, "encode_records(format, array, options, flags, chunk)" },
	{ "decode", decode, METH_VARARGS, "decode(format, codes, exact) -> float64 array" },
	{ "field", field, METH_VARARGS, "field(format, codes, field) -> list of str" },
	{ "show_json", show_json, METH_VARARGS, "show_json(format, value, options) -> str" },
	{ "rows_json", rows_json, METH_VARARGS, "rows_json(command, args, options, row_options) -> (str, failure)" },
	{ "formats_json", formats_json, METH_NOARGS, "formats_json() -> str" },
	{ "set_errors", set_errors, METH_VARARGS, "set_errors(UsageError, InputError, InexactError)" },
	{ "load_formats", load_formats, METH_VARARGS, "load_formats(text, origin) -> list of the names it defines" },
	{ NULL, NULL, 0, NULL },
};

static struct PyModuleDef module = { PyModuleDef_HEAD_INIT, "_fpx", "libfpx over numpy arrays", -1, methods,
				     NULL, NULL, NULL, NULL };

PyMODINIT_FUNC PyInit__fpx(void)
{
	PyObject *m;

	import_array();
	if (!(m = PyModule_Create(&module)))
		return NULL;
	PyModule_AddStringConstant(m, "version", fpx_version());
	return m;
}
