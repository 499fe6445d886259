/*
 * _fpxtext.c — encode()'s texts for fpx_encode_text(), a chunk of elements a call, so
 * that what the glue touches is still in the cache when the library reads it: the strs
 * (or bytes) of a list, a tuple or an object array, each held by a reference of its own
 * while the GIL is released; and the records of a numpy 'S' or 'U' array, read in place
 * ('S') or narrowed to bytes ('U') with the GIL released. A text that is not ASCII goes
 * through Python's UTF-8 codec with the GIL held, so that it reads, and fails, as
 * fpx/__init__.py's str of it would. Never changes the texts it is given.
 */
#include "_fpx.h"

#include <time.h>

/* One call's encoding, chunk elements at a time: text and lens (and the items held,
 * held) have room for one chunk, `room`, and are used again for each, so that a call
 * on many elements touches no more new memory than a chunk's (a page touched the first
 * time costs more than its conversion on some machines). */
struct batch {
	const fpx_format *f;
	fpx_options *o;
	struct encoded e;
	const char **text;
	size_t *lens, n, chunk, room, size;
	PyObject **held;
};

/* Room in text, lens and held for chunks of b->chunk elements; false after
 * MemoryError. */
static bool batch_room(struct batch *b)
{
	size_t m = b->chunk ? b->chunk : 1;
	const char **text;
	size_t *lens;
	PyObject **held;

	if (m <= b->room)
		return true;
	if ((text = PyMem_Realloc(b->text, m * sizeof *text)))
		b->text = text;
	if ((lens = PyMem_Realloc(b->lens, m * sizeof *lens)))
		b->lens = lens;
	if ((held = PyMem_Realloc(b->held, m * sizeof *held)))
		b->held = held;
	if (!text || !lens || !held)
		return PyErr_NoMemory() != NULL;
	b->room = m;
	return true;
}

/* A batch of n elements in chunks of chunk (0: all at once). False after an exception. */
static bool batch_open(struct batch *b, const char *name, PyObject *pairs, size_t n, int want_flags, size_t chunk)
{
	*b = (struct batch){ .n = n, .chunk = chunk && chunk < n ? chunk : n };
	if (!(b->f = format_of(name)) || !(b->o = options_of(pairs)) || !batch_room(b))
		return false;
	b->size = fpx_code_size(b->f);
	return open_encoded(&b->e, b->f, (npy_intp)n, want_flags);
}

/* The answer (codes, flags, failure) where ok, else NULL with the exception raised. */
static PyObject *batch_close(struct batch *b, bool ok)
{
	fpx_options_free(b->o);
	PyMem_Free(b->text);
	PyMem_Free(b->lens);
	PyMem_Free(b->held);
	if (ok)
		return encoded_result(&b->e);
	Py_XDECREF(b->e.codes);
	Py_XDECREF(b->e.flags);
	return NULL;
}

/* Elements [at, at + m) from text[0..m): the library's call on them, its first failure
 * the batch's where it has none yet. Runs without the GIL. */
static void batch_run(struct batch *b, size_t at, size_t m)
{
	fpx_error err;
	fpx_status status = fpx_encode_text((char *)PyArray_DATA(b->e.codes) + at * b->size,
					    b->e.flags ? (uint8_t *)PyArray_DATA(b->e.flags) + at : NULL, b->f, b->o,
					    b->text, b->lens, m, &err);

	if (status != FPX_OK && b->e.status == FPX_OK) {
		b->e.status = status;
		b->e.err = err;
		if (status == FPX_INPUT)
			b->e.err.index += at;
	}
}

/* ---- Items: strs or bytes of a list, a tuple, an object array ---- */

/* The items of seq and their count, read anew for each chunk (another thread may change
 * a list while the GIL is released); false after an exception (TypeError: not one). */
static bool items_of(PyObject *seq, PyObject ***items, size_t *n)
{
	PyArrayObject *a = (PyArrayObject *)seq;

	if (PyList_Check(seq) || PyTuple_Check(seq)) {
		*items = PySequence_Fast_ITEMS(seq);
		*n = (size_t)Py_SIZE(seq);
	} else if (PyArray_Check(seq) && PyArray_TYPE(a) == NPY_OBJECT && PyArray_NDIM(a) == 1 &&
		   PyArray_IS_C_CONTIGUOUS(a)) {
		*items = PyArray_DATA(a);
		*n = (size_t)PyArray_SIZE(a);
	} else {
		PyErr_SetString(PyExc_TypeError, "encode_text: a list, a tuple or a 1-d object array");
		return false;
	}
	return true;
}

/* The UTF-8 of a str (its own bytes where it is compact ASCII), or a bytes object's
 * bytes where they decode as UTF-8 (else UnicodeDecodeError, as bytes.decode() says);
 * kept by the object. NULL after an exception, TypeError for any other type. */
static const char *item_text(PyObject *item, Py_ssize_t *len)
{
	if (PyUnicode_Check(item)) {
		if (!PyUnicode_IS_COMPACT_ASCII(item))
			return PyUnicode_AsUTF8AndSize(item, len);
		*len = PyUnicode_GET_LENGTH(item);
		return PyUnicode_DATA(item);
	}
	if (PyBytes_Check(item)) {
		const char *s = PyBytes_AS_STRING(item);
		unsigned char high = 0;
		*len = PyBytes_GET_SIZE(item);
		for (Py_ssize_t k = 0; k < *len; k++)
			high |= (unsigned char)s[k];
		if (high >= 0x80) {
			PyObject *str = PyUnicode_DecodeUTF8(s, *len, "strict");
			if (!str)
				return NULL;
			Py_DECREF(str);
		}
		return s;
	}
	PyErr_Format(PyExc_TypeError, "encode_text: a str or bytes, not %.100s", Py_TYPE(item)->tp_name);
	return NULL;
}

static void items_release(PyObject **held, size_t m)
{
	for (size_t i = 0; i < m; i++)
		Py_XDECREF(held[i]);
}

/* Items [at, at + m) of seq, of n at the start, each held (in b->held) and its text in
 * text[0..m); false after an exception (nothing then held). */
static bool items_hold(struct batch *b, PyObject *seq, size_t at, size_t m)
{
	PyObject **held = b->held;
	PyObject **items;
	size_t n;

	if (!items_of(seq, &items, &n))
		return false;
	if (n != b->n) {
		PyErr_SetString(PyExc_RuntimeError, "encode: the sequence changed size during the call");
		return false;
	}
	for (size_t i = 0; i < m; i++) {
		Py_ssize_t len;
		if (!(held[i] = Py_XNewRef(items[at + i])))
			PyErr_SetString(PyExc_TypeError, "encode_text: an object array with an empty element");
		if (!held[i] || !(b->text[i] = item_text(held[i], &len))) {
			items_release(held, i + 1);
			return false;
		}
		b->lens[i] = (size_t)len;
	}
	return true;
}

static double seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Elements [at, at + m) run without the GIL; its return the number of elements the next
 * chunks take: all the rest once taking the GIL back waited on another thread (more than
 * a millisecond, a switch interval's wait), so that a call waits so at most once. */
static size_t items_run(struct batch *b, size_t at, size_t m)
{
	double back;

	Py_BEGIN_ALLOW_THREADS
	batch_run(b, at, m);
	back = seconds_now();
	Py_END_ALLOW_THREADS
	return seconds_now() - back > 1e-3 ? b->n : b->chunk;
}

/* encode_text(format, items, options, flags, chunk): strs or bytes as fpx(1) reads text. */
PyObject *text_encode_items(PyObject *self, PyObject *args)
{
	const char *name;
	PyObject *seq, *pairs, **items;
	int want_flags;
	Py_ssize_t chunk;
	size_t n, at = 0;
	struct batch b;
	bool ok;

	(void)self;
	if (!PyArg_ParseTuple(args, "sOOpn", &name, &seq, &pairs, &want_flags, &chunk) || !items_of(seq, &items, &n))
		return NULL;
	if (!(ok = batch_open(&b, name, pairs, n, want_flags, (size_t)chunk)))
		return batch_close(&b, false);
	while (ok) {
		size_t m = n - at < b.chunk ? n - at : b.chunk;
		if (!(ok = items_hold(&b, seq, at, m)))
			break;
		b.chunk = items_run(&b, at, m);
		items_release(b.held, m);
		if ((at += m) >= n || b.e.status == FPX_USAGE)
			break;
		ok = batch_room(&b);
	}
	return batch_close(&b, ok);
}

/* ---- Records of a numpy 'S' or 'U' array ---- */

/* The loops over a chunk's bytes, vectorized (GCC's -O2 does not, Clang's does). */
#if defined(__GNUC__) && !defined(__clang__)
#define VECTOR_LOOP __attribute__((optimize("tree-vectorize")))
#else
#define VECTOR_LOOP
#endif

/* The OR of n bytes. */
VECTOR_LOOP static unsigned bytes_or(const unsigned char *p, size_t n)
{
	unsigned char high = 0;

	for (size_t k = 0; k < n; k++)
		high |= p[k];
	return high;
}

/* The OR of n UCS4 characters. */
VECTOR_LOOP static Py_UCS4 chars_or(const Py_UCS4 *in, size_t n)
{
	Py_UCS4 high = 0;

	for (size_t k = 0; k < n; k++)
		high |= in[k];
	return high;
}

/* n UCS4 characters, each cut to its low byte; the OR of the characters. */
VECTOR_LOOP static Py_UCS4 narrow(char *out, const Py_UCS4 *in, size_t n)
{
	Py_UCS4 high = 0;

	for (size_t k = 0; k < n; k++) {
		high |= in[k];
		out[k] = (char)in[k];
	}
	return high;
}

/* A record's bytes (w) without its trailing NULs, as numpy reads it: a word at a time. */
static size_t record_len(const char *rec, size_t w)
{
	uint64_t word;

	while (w >= 8 && (memcpy(&word, rec + w - 8, 8), word == 0))
		w -= 8;
	while (w && !rec[w - 1])
		w--;
	return w;
}

/* Records [at, at + m) of x into text[0..m): an 'S' one in place, a 'U' one narrowed
 * into buf (a byte a character, at the same places); whether one of them is not
 * ASCII (its text then records_codec()'s to make). */
static bool records_prepare(struct batch *b, PyArrayObject *x, size_t at, size_t m, char *buf)
{
	size_t w = (size_t)PyArray_ITEMSIZE(x), step = buf ? w / 4 : w;
	const char *data = (const char *)PyArray_DATA(x) + at * w, *from = buf ? buf : data;
	Py_UCS4 high = buf ? narrow(buf, (const Py_UCS4 *)data, m * step) : bytes_or((const unsigned char *)data, m * w);

	for (size_t i = 0; i < m; i++) {
		b->text[i] = from + i * step;
		b->lens[i] = record_len(b->text[i], step);
	}
	return high >= 0x80;
}

/* With the GIL, the records [at, at + m) that are not ASCII: a 'U' one's UTF-8 (its
 * str, held by keep), an 'S' one checked as UTF-8 (bytes.decode()'s exception where it
 * is not). False after the codec's exception. */
static bool records_codec(struct batch *b, PyArrayObject *x, size_t at, size_t m, PyObject *keep)
{
	size_t w = (size_t)PyArray_ITEMSIZE(x);
	bool wide = PyArray_TYPE(x) == NPY_UNICODE;

	for (size_t i = 0; i < m; i++) {
		const char *rec = (const char *)PyArray_DATA(x) + (at + i) * w;
		size_t len = wide ? (record_len(rec, w) + 3) / 4 : b->lens[i];
		PyObject *s;
		Py_ssize_t size;
		if ((wide ? chars_or((const Py_UCS4 *)rec, len) : bytes_or((const unsigned char *)rec, len)) < 0x80)
			continue;
		s = wide ? PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, rec, (Py_ssize_t)len)
			 : PyUnicode_DecodeUTF8(rec, (Py_ssize_t)len, "strict");
		if (!s || (wide && (PyList_Append(keep, s) < 0 || !(b->text[i] = PyUnicode_AsUTF8AndSize(s, &size))))) {
			Py_XDECREF(s);
			return false;
		}
		if (wide)
			b->lens[i] = (size_t)size;
		Py_DECREF(s);
	}
	return true;
}

/* All chunks of x without the GIL, taking it only for records_codec() (buf: room to
 * narrow a chunk of 'U' records, NULL for 'S'); false after an exception. */
static bool records_run(struct batch *b, PyArrayObject *x, char *buf, PyObject *keep)
{
	size_t at = 0;
	bool ok = true;
	PyThreadState *save = PyEval_SaveThread();

	do {
		size_t m = b->n - at < b->chunk ? b->n - at : b->chunk;
		if (records_prepare(b, x, at, m, buf)) {
			PyEval_RestoreThread(save);
			ok = records_codec(b, x, at, m, keep);
			save = PyEval_SaveThread();
			if (!ok)
				break;
		}
		batch_run(b, at, m);
		at += m;
	} while (at < b->n && b->e.status != FPX_USAGE);
	PyEval_RestoreThread(save);
	return ok;
}

/* encode_records(format, array, options, flags, chunk): an 'S' or 'U' array (any shape,
 * read in C order; native byte order), each record as numpy reads it, without its
 * trailing NULs. */
PyObject *text_encode_records(PyObject *self, PyObject *args)
{
	const char *name;
	PyObject *array, *pairs, *keep = NULL;
	PyArrayObject *x;
	int want_flags;
	Py_ssize_t chunk;
	char *buf = NULL;
	struct batch b;
	bool ok;

	(void)self;
	if (!PyArg_ParseTuple(args, "sOOpn", &name, &array, &pairs, &want_flags, &chunk) ||
	    !(x = (PyArrayObject *)PyArray_FROM_OF(array, NPY_ARRAY_IN_ARRAY)))
		return NULL;
	if ((PyArray_TYPE(x) != NPY_STRING && PyArray_TYPE(x) != NPY_UNICODE) || !PyArray_ISNOTSWAPPED(x)) {
		PyErr_SetString(PyExc_TypeError, "encode_records: an array of dtype 'S' or native 'U'");
		Py_DECREF(x);
		return NULL;
	}
	ok = batch_open(&b, name, pairs, (size_t)PyArray_SIZE(x), want_flags, (size_t)chunk) && (keep = PyList_New(0));
	if (ok && PyArray_TYPE(x) == NPY_UNICODE &&
	    !(buf = PyMem_Malloc(b.chunk * (size_t)(PyArray_ITEMSIZE(x) / 4) + 1)))
		ok = PyErr_NoMemory() != NULL;
	ok = ok && records_run(&b, x, buf, keep);
	PyMem_Free(buf);
	Py_XDECREF(keep);
	Py_DECREF(x);
	return batch_close(&b, ok);
}
