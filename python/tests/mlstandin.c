/*
 * mlstandin.c — the module _mlstandin, for the tests alone: numpy types registered as
 * ml_dtypes registers its own (ml_dtypes/_src/floats.cc and ints.cc: a type defined
 * outside numpy, of kind 'V', or 'f' for float8_e5m2, one or two bytes a code, the
 * scalar type named ml_dtypes.NAME), so that fpx's handling of ml_dtypes arrays is
 * tested where ml_dtypes is not installed. Each element is its code; an element read
 * from Python is that code as an int. No arithmetic, no casts: only what fpx reads.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <string.h>

#if NPY_ABI_VERSION >= 0x02000000
typedef PyArray_DescrProto descr_proto;
#else
typedef PyArray_Descr descr_proto;
#endif

struct standin {
	const char *name; /* ml_dtypes.NAME */
	char kind;
	int size;
	PyArray_ArrFuncs funcs;
	descr_proto descr;
};

static struct standin standins[] = {
	{ .name = "ml_dtypes.bfloat16", .kind = 'V', .size = 2 },
	{ .name = "ml_dtypes.float8_e5m2", .kind = 'f', .size = 1 },
	{ .name = "ml_dtypes.float8_e4m3fn", .kind = 'V', .size = 1 },
	{ .name = "ml_dtypes.float4_e2m1fn", .kind = 'V', .size = 1 },
	{ .name = "ml_dtypes.int4", .kind = 'V', .size = 1 },
};

static unsigned long code_at(const void *p, int size)
{
	uint16_t v;

	if (size == 1)
		return *(const uint8_t *)p;
	memcpy(&v, p, 2);
	return v;
}

static PyObject *getitem(void *data, void *arr)
{
	return PyLong_FromUnsignedLong(code_at(data, PyArray_DESCR((PyArrayObject *)arr)->elsize));
}

static int setitem(PyObject *item, void *data, void *arr)
{
	unsigned long code = PyLong_AsUnsignedLong(item);
	int size = PyArray_DESCR((PyArrayObject *)arr)->elsize;

	if (code == (unsigned long)-1 && PyErr_Occurred())
		return -1;
	if (size == 1) {
		*(uint8_t *)data = (uint8_t)code;
	} else {
		uint16_t v = (uint16_t)code;
		memcpy(data, &v, 2);
	}
	return 0;
}

static void copyswap(void *dst, void *src, int swap, void *arr)
{
	int size = PyArray_DESCR((PyArrayObject *)arr)->elsize;
	unsigned char *d = dst;

	if (src)
		memmove(dst, src, (size_t)size);
	if (swap && size == 2) {
		unsigned char t = d[0];
		d[0] = d[1];
		d[1] = t;
	}
}

static void copyswapn(void *dst, npy_intp dstride, void *src, npy_intp sstride, npy_intp n, int swap, void *arr)
{
	for (npy_intp i = 0; i < n; i++)
		copyswap((char *)dst + i * dstride, src ? (char *)src + i * sstride : NULL, swap, arr);
}

static npy_bool nonzero(void *data, void *arr)
{
	return code_at(data, PyArray_DESCR((PyArrayObject *)arr)->elsize) != 0;
}

static int add_standin(PyObject *module, struct standin *s)
{
	PyType_Slot slots[] = { { Py_tp_doc, (void *)"a stand-in for an ml_dtypes type" }, { 0, NULL } };
	PyType_Spec spec = { s->name, (int)sizeof(PyObject) + 8, 0, Py_TPFLAGS_DEFAULT, slots };
	PyObject *bases = PyTuple_Pack(1, (PyObject *)&PyGenericArrType_Type), *type;

	if (!bases || !(type = PyType_FromSpecWithBases(&spec, bases))) {
		Py_XDECREF(bases);
		return -1;
	}
	Py_DECREF(bases);
	PyArray_InitArrFuncs(&s->funcs);
	s->funcs.getitem = getitem;
	s->funcs.setitem = setitem;
	s->funcs.copyswap = copyswap;
	s->funcs.copyswapn = copyswapn;
	s->funcs.nonzero = nonzero;
	Py_SET_TYPE(&s->descr, &PyArrayDescr_Type);
	Py_SET_REFCNT(&s->descr, 1); /* static, never freed */
	s->descr.typeobj = (PyTypeObject *)type;
	s->descr.kind = s->kind;
	s->descr.type = s->kind == 'f' ? 'G' : 'Q';
	s->descr.byteorder = '=';
	s->descr.flags = NPY_NEEDS_PYAPI | NPY_USE_GETITEM | NPY_USE_SETITEM;
	s->descr.elsize = s->size;
	s->descr.alignment = s->size;
	s->descr.f = &s->funcs;
	s->descr.hash = -1;
	if (PyArray_RegisterDataType(&s->descr) < 0 || PyModule_AddObject(module, strchr(s->name, '.') + 1, type) < 0) {
		Py_DECREF(type);
		return -1;
	}
	return 0;
}

static struct PyModuleDef module_def = { PyModuleDef_HEAD_INIT, .m_name = "_mlstandin",
					 .m_doc = "numpy types registered as ml_dtypes registers its own", .m_size = -1 };

PyMODINIT_FUNC PyInit__mlstandin(void)
{
	PyObject *module;

	import_array();
	if (!(module = PyModule_Create(&module_def)))
		return NULL;
	for (size_t i = 0; i < sizeof standins / sizeof standins[0]; i++)
		if (add_standin(module, &standins[i]) < 0) {
			Py_DECREF(module);
			return NULL;
		}
	return module;
}
