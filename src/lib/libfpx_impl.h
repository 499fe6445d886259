/*
 * libfpx_impl.h — what libfpx.c (formats, options, errors, readouts, rows) shares with
 * libfpxcode.c (arrays of values and codes): the options' struct, a call's messages,
 * the errors filled in. Private: fpx.h is the library's one public header.
 */
#ifndef FPX_LIBFPX_IMPL_H
#define FPX_LIBFPX_IMPL_H

#include "fpx.h"
#include "format.h"
#include "settings.h"
#include "strbuf.h"

#define LIBFPX_MAX_OPTIONS 16

struct fpx_options {
	int count;
	char *given[LIBFPX_MAX_OPTIONS]; /* "--name=value", as fpx(1) reads them */
	struct settings s;               /* what they say */
};

/* A call's messages, taken from the thread's report while it runs. */
struct libfpx_taken {
	struct strbuf messages, *before;
};

/* err filled (where not NULL) with status, index and message; returns status. */
fpx_status libfpx_fail(fpx_error *err, fpx_status status, size_t index, const char *message);
/* The thread's messages taken into t->messages until libfpx_give_back(). */
void libfpx_take_messages(struct libfpx_taken *t);
void libfpx_give_back(struct libfpx_taken *t);
const struct fmt *libfpx_fmt(const fpx_format *f);

#endif
